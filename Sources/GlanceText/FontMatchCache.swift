import CFontconfig
import CGlanceFontconfig
import FoundationEssentials
import GlanceGraphics
import Glibc
import GlanceSystem

/// fontconfig's answers kept in a file, so that a display's start does not load
/// fontconfig at all (reading its XML configuration and every font cache took longer
/// than drawing the first frame): each question (a family, weight and style, with a
/// character or colour wanted) and the file fontconfig chose for it. The file holds a
/// stamp of everything that can change an answer — the fontconfig version, its
/// environment, and the modification times of its configuration folders and of every
/// font folder — and is ignored when the stamp differs (a font installed or removed,
/// the configuration edited).
final class FontMatchCache {
    let path: String
    private let stamp: String
    private var answers: [String: Answer] = [:]
    private var changed = false

    struct Answer: Codable, Equatable {
        /// nil: fontconfig had no file for the question.
        var path: String?
        var index: Int
        var family: String
    }

    private struct Stored: Codable {
        var version: Int
        var stamp: String
        var answers: [String: Answer]
    }

    /// The cache in `directory` (its file `fonts.json`), empty when the file is missing,
    /// unreadable or stale. `fontFolders`: folders whose fonts join the system's.
    init(directory: String, fontFolders: [String]) {
        path = directory + "/fonts.json"
        stamp = Self.stamp(fontFolders: fontFolders)
        // Only the daemon's own regular file (never a FIFO planted there, never another
        // user's answers pointing at fonts of their choosing).
        guard let bytes = try? StateDirectory.readOwnFile(path, limit: 4 << 20),
              let stored = try? JSONDecoder().decode(Stored.self, from: Data(bytes)),
              stored.version == 1, stored.stamp == stamp else { return }
        answers = stored.answers
    }

    /// The kept answer for `key`: `.some(nil)` when fontconfig had none; nil when the
    /// question was never asked.
    /// A kept file that is no longer readable (removed without its folder changing) is
    /// no answer: fontconfig is asked again.
    func answer(_ key: String) -> FontFile?? {
        guard let answer = answers[key] else { return nil }
        guard let path = answer.path else { return .some(nil) }
        guard access(path, R_OK) == 0 else {
            answers[key] = nil
            changed = true
            return nil
        }
        return .some(FontFile(path: path, index: answer.index, family: answer.family))
    }

    func remember(_ key: String, _ file: FontFile?) {
        answers[key] = Answer(path: file?.path, index: file?.index ?? 0, family: file?.family ?? "")
        changed = true
    }

    /// Writes the answers if there are new ones (atomically; a failure is only logged:
    /// the next start asks fontconfig again).
    func save(log: (String) -> Void) {
        guard changed else { return }
        changed = false
        do {
            let data = try JSONEncoder().encode(Stored(version: 1, stamp: stamp, answers: answers))
            let directory = String(path[..<(path.lastIndex(of: "/") ?? path.endIndex)])
            try AtomicFile.makeFolders(directory, mode: 0o700)
            try AtomicFile.write([UInt8](data), to: path, mode: 0o600)
        } catch {
            log("font choices cannot be kept in \(path) (\(error)); make the state folder writable by this user (state_dir: in the config); until then fontconfig is loaded at every start")
        }
    }

    /// What the answers depend on, as a hash.
    static func stamp(fontFolders: [String]) -> String {
        // The version built against, not the library's own: asking it would load
        // fontconfig at every start (a Debian upgrade of it also rewrites /etc/fonts's
        // folders, whose times are in the stamp).
        var text = "fontconfig \(glance_fontconfig_header_version())\n"
        let environment = ["FONTCONFIG_FILE", "FONTCONFIG_PATH", "FONTCONFIG_SYSROOT", "HOME", "XDG_DATA_HOME", "XDG_CONFIG_HOME"]
        for name in environment { text += "\(name)=\(getenv(name).map { String(cString: $0) } ?? "")\n" }
        let home = UserFolders.home, dataHome = UserFolders.dataHome, configHome = UserFolders.configHome
        let configFolders = ["/etc/fonts", "/etc/fonts/conf.d", configHome + "/fontconfig", configHome + "/fontconfig/conf.d"]
        let roots = ["/usr/share/fonts", "/usr/local/share/fonts", dataHome + "/fonts", home + "/.fonts"] + fontFolders
        for folder in configFolders { text += modification(of: folder) }
        for root in roots { walk(root, depth: 0) { text += modification(of: $0) } }
        // FNV-1a, 64 bits: a change anywhere changes the stamp.
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        return String(hash, radix: 16)
    }

    /// "path seconds.nanoseconds" of a folder (or "path -" when it does not exist).
    private static func modification(of path: String) -> String {
        var info = stat()
        guard stat(path, &info) == 0 else { return "\(path) -\n" }
        return "\(path) \(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)\n"
    }

    /// Calls `visit` for `folder` and every folder inside it (symbolic links followed to
    /// eight levels, as font folders are shallow).
    private static func walk(_ folder: String, depth: Int, _ visit: (String) -> Void) {
        guard depth < 8, let directory = opendir(folder) else { return }
        defer { closedir(directory) }
        visit(folder)
        var children: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard name != ".", name != ".." else { continue }
            let kind = entry.pointee.d_type
            if kind == UInt8(DT_DIR) || kind == UInt8(DT_LNK) || kind == UInt8(DT_UNKNOWN) { children.append(folder + "/" + name) }
        }
        for child in children.sorted() {
            var info = stat()
            if stat(child, &info) == 0, info.st_mode & S_IFMT == S_IFDIR { walk(child, depth: depth + 1, visit) }
        }
    }
}
