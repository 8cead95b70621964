import FoundationEssentials
import GlanceGraphics
import GlanceSystem
import Glibc
import Synchronization

/// Pictures uploaded from the web page, kept in the daemon's state folder:
/// `STATE/photos/ALBUM/NAME`, one folder an album. A photo slot with `uploads: ALBUM`
/// shows them (the folder watched as any other).
///
/// Bounded and checked before anything is kept: an upload of at most 24 MiB that is a
/// JPEG, PNG, WebP, HEIC or AVIF of at most 50 megapixels, decoded whole (at a small size) without
/// failing; an album of at most 200 pictures and 512 MiB. Names are made safe (letters,
/// digits, `.`, `-`, `_`; the extension the content's format has) and never overwrite
/// another picture. Written whole (`AtomicFile`: a temporary file renamed, never through
/// a link), so a power cut or a full disk leaves the album as it was.
package enum PhotoUploads {
    /// `STATE/photos`, once a daemon said where its state folder is.
    private static let root = Mutex<String?>(nil)

    package static let largestUpload = 24 << 20
    package static let largestPicture = 50_000_000
    package static let mostPictures = 200
    package static let mostBytes = 512 << 20

    /// Where albums are kept: `stateDirectory/photos` (nil: none; `glance render` has none).
    package static func use(stateDirectory: String?) {
        root.withLock { $0 = stateDirectory.map { $0 + "/photos" } }
    }

    /// An album's name: 1 to 40 lower-case letters, digits, `-` and `_`.
    package static func isAlbumName(_ name: String) -> Bool {
        (1...40).contains(name.utf8.count) && name.utf8.allSatisfy { ($0 >= 97 && $0 <= 122) || ($0 >= 48 && $0 <= 57) || $0 == 45 || $0 == 95 }
    }

    /// The album's folder, or why there is none.
    package static func folder(_ album: String) -> Result<String, PhotoProblem> {
        guard isAlbumName(album) else { return .failure(PhotoProblem("'\(album.prefix(40))' is not an album name (lower-case letters, digits, - and _)")) }
        guard let root = root.withLock({ $0 }) else {
            return .failure(PhotoProblem("uploads: are kept in a running daemon's state folder; this run has none"))
        }
        return .success(root + "/" + album)
    }

    /// The album's folder, made (mode 0750) if missing; refused when something other than
    /// a folder of this user's is there (a link planted by another user).
    package static func madeFolder(_ album: String) -> Result<String, PhotoProblem> {
        let path: String
        switch folder(album) {
        case .success(let found): path = found
        case .failure(let problem): return .failure(problem)
        }
        do throws(AtomicFile.WriteError) {
            try AtomicFile.makeFolders(path, mode: 0o750)
        } catch {
            return .failure(PhotoProblem(error.description))
        }
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR, info.st_uid == geteuid() else {
            return .failure(PhotoProblem("\(path) is not a folder of this user's; not used"))
        }
        return .success(path)
    }

    /// One kept picture.
    package struct Kept: Sendable, Equatable {
        package let name: String
        package let bytes: Int
        package let modified: Date
    }

    /// The album's pictures by name (none when it has no folder yet).
    package static func list(_ album: String) -> [Kept] {
        guard case .success(let path) = folder(album), let directory = opendir(path) else { return [] }
        defer { closedir(directory) }
        var kept: [Kept] = []
        while let entry = readdir(directory), kept.count < 10 * mostPictures {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard !name.hasPrefix("."), isSafeName(name) else { continue }
            var info = stat()
            guard lstat(path + "/" + name, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
            kept.append(Kept(name: name, bytes: Int(info.st_size), modified: Date(timeIntervalSince1970: Double(info.st_mtim.tv_sec))))
        }
        return kept.sorted { $0.name < $1.name }
    }

    /// Keeps `bytes`, sent as `name`, in `album`: checked, named safely, written whole.
    /// Answers the name it is kept under.
    package static func save(_ bytes: [UInt8], named name: String, in album: String) -> Result<String, PhotoProblem> {
        guard !bytes.isEmpty else { return .failure(PhotoProblem("an empty upload")) }
        guard bytes.count <= largestUpload else { return .failure(PhotoProblem("the picture is larger than \(largestUpload >> 20) MiB; not kept")) }
        let shown = safeName(name, extension: nil)
        guard let format = Picture.format(of: bytes), Picture.Format.decoded.contains(format) else {
            return .failure(PhotoProblem("\(shown): not a picture Glance reads (JPEG, PNG, WebP, HEIC, AVIF); not kept"))
        }
        do throws(Picture.Failure) {
            let size = try Picture.size(of: bytes, name: shown)
            guard size.width * size.height <= largestPicture else {
                return .failure(PhotoProblem("\(shown): a \(size.width)x\(size.height) picture is more than \(largestPicture / 1_000_000) megapixels; not kept"))
            }
            // Decoded whole, small: a picture that cannot be drawn is not kept.
            _ = try Picture.decode(bytes, name: shown, covering: (16, 16))
        } catch {
            return .failure(PhotoProblem("\(error.description); not kept"))
        }
        let folder: String
        switch madeFolder(album) {
        case .success(let made): folder = made
        case .failure(let problem): return .failure(problem)
        }
        let pictures = list(album)
        guard pictures.count < mostPictures else {
            return .failure(PhotoProblem("the album \(album) holds \(mostPictures) pictures already; delete some first"))
        }
        guard pictures.reduce(0, { $0 + $1.bytes }) + bytes.count <= mostBytes else {
            return .failure(PhotoProblem("the album \(album) would hold more than \(mostBytes >> 20) MiB; delete some first"))
        }
        let wanted = safeName(name, extension: format == .jpeg ? "jpg" : format.rawValue.lowercased())
        let taken = Set(pictures.map(\.name))
        var kept = wanted
        var number = 2
        while taken.contains(kept) {
            let dot = wanted.lastIndex(of: ".") ?? wanted.endIndex
            kept = "\(wanted[..<dot])-\(number)\(wanted[dot...])"
            number += 1
        }
        do throws(AtomicFile.WriteError) {
            try AtomicFile.write(bytes, to: folder + "/" + kept, mode: 0o640)
        } catch {
            return .failure(PhotoProblem(error.description))
        }
        return .success(kept)
    }

    /// Deletes the picture `name` from `album`.
    package static func delete(_ name: String, from album: String) -> Result<Void, PhotoProblem> {
        guard isSafeName(name) else { return .failure(PhotoProblem("'\(name.prefix(60))' is not a picture's name here")) }
        let path: String
        switch folder(album) {
        case .success(let found): path = found + "/" + name
        case .failure(let problem): return .failure(problem)
        }
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            return .failure(PhotoProblem("no picture \(name) in the album \(album)"))
        }
        guard unlink(path) == 0 else { return .failure(PhotoProblem("\(path): cannot be deleted (\(SystemErrno(errno).description))")) }
        return .success(())
    }

    /// A name as kept: what is after the last `/` or `\`, other characters than letters,
    /// digits, `.`, `-` and `_` as `-`, no leading dot, at most 80 characters, ending in
    /// `extension` (the content's) when given.
    static func safeName(_ name: String, extension wanted: String?) -> String {
        let base = name.split(whereSeparator: { $0 == "/" || $0 == "\\" }).last.map(String.init) ?? ""
        var stem = base
        if let dot = base.lastIndex(of: "."), dot != base.startIndex { stem = String(base[..<dot]) }
        var safe = String(stem.unicodeScalars.map { scalar -> Character in
            let value = scalar.value
            let allowed = (value >= 97 && value <= 122) || (value >= 65 && value <= 90) || (value >= 48 && value <= 57) || scalar == "-" || scalar == "_" || scalar == "."
            return allowed ? Character(scalar) : "-"
        })
        while safe.hasPrefix(".") || safe.hasPrefix("-") { safe.removeFirst() }
        safe = String(safe.prefix(72))
        if safe.isEmpty { safe = "picture" }
        if let wanted { return safe + "." + wanted }
        return safe
    }

    /// Whether `name` is one `save` could have made.
    static func isSafeName(_ name: String) -> Bool {
        guard !name.isEmpty, name.utf8.count <= 80, !name.hasPrefix("."), let dot = name.lastIndex(of: ".") else { return false }
        guard Picture.Format.extensions.contains(String(name[name.index(after: dot)...])) else { return false }
        return name.utf8.allSatisfy { ($0 >= 97 && $0 <= 122) || ($0 >= 65 && $0 <= 90) || ($0 >= 48 && $0 <= 57) || $0 == 45 || $0 == 95 || $0 == 46 }
    }
}
