import FoundationEssentials
import GlanceGraphics
import GlanceHardware
import GlanceYAML
import Glibc

/// Finds and reads board files.
public enum BoardCatalog {
    /// Where board files are looked for, in order: `$GLANCE_BOARDS`, `./boards`, the
    /// `boards/` of the checkout the program was built in (for `swift run` from anywhere), then the installed
    /// `/usr/local/share/glance/boards` and `/usr/share/glance/boards`.
    public static var directories: [String] {
        var result: [String] = []
        if let path = getenv("GLANCE_BOARDS").map({ String(cString: $0) }), !path.isEmpty { result.append(path) }
        result.append("boards")
        if let checkout = checkoutBoards() { result.append(checkout) }
        result += ["/usr/local/share/glance/boards", "/usr/share/glance/boards"]
        return result
    }

    /// `boards/` of the source checkout the running program was built in (for `swift
    /// run` from anywhere): the nearest ancestor of the executable that holds both
    /// `Package.swift` and `boards/`.
    static func checkoutBoards() -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard length > 0 else { return nil }
        var directory = URL(fileURLWithPath: String(decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self))
            .deletingLastPathComponent()
        while directory.path != "/" && !directory.path.isEmpty {
            let boards = directory.appendingPathComponent("boards").path
            if FileManager.default.fileExists(atPath: directory.appendingPathComponent("Package.swift").path),
               FileManager.default.fileExists(atPath: boards) {
                return boards
            }
            directory = directory.deletingLastPathComponent()
        }
        return nil
    }

    /// Every board name found (file names without `.yaml`), sorted.
    public static func names() -> [String] {
        var names: Set<String> = []
        for directory in directories {
            guard let files = try? FileManager.default.contentsOfDirectory(atPath: directory) else { continue }
            for file in files where file.hasSuffix(".yaml") { names.insert(String(file.dropLast(5))) }
            if !names.isEmpty { break }
        }
        return names.sorted()
    }

    /// The path of board `name`'s file, if any directory has it.
    public static func path(of name: String) -> String? {
        for directory in directories {
            let path = directory + "/" + name + ".yaml"
            if FileManager.default.fileExists(atPath: path) { return path }
        }
        return nil
    }

    /// Reads board `name`; `reference` is where the config named it (for "no such board").
    public static func load(_ name: String, reference: ConfigLocation? = nil) throws(ConfigError) -> Board {
        // Only a catalogue name: letters, digits, '-', '_' and '.', never a path.
        let isName = !name.isEmpty && !name.hasPrefix(".")
            && name.unicodeScalars.allSatisfy { ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) || "-_.".unicodeScalars.contains($0) }
        guard isName, let path = path(of: name) else {
            let known = names()
            let message = "unknown board '\(name)'; expected one of \(known.isEmpty ? "(no boards/ folder found; set GLANCE_BOARDS)" : known.joined(separator: ", "))"
            throw reference?.error(message) ?? ConfigError(file: "boards", message: message)
        }
        return try parse(try TextFile.read(path), name: name, file: path)
    }

    /// Parses a board file's text.
    public static func parse(_ text: String, name: String, file: String) throws(ConfigError) -> Board {
        let root: YAMLNode
        do {
            guard let node = try YAMLComposer.compose(text) else { throw ConfigError(file: file, message: "the board file is empty") }
            root = node
        } catch let error as ConfigError {
            throw error
        } catch let error as YAMLSyntaxError {
            throw ConfigError(file: file, line: error.mark?.line ?? 0, column: error.mark?.column ?? 0, message: "YAML syntax: \(error.problem)")
        } catch {
            throw ConfigError(file: file, message: "not valid YAML: \(error)")
        }
        var board = Board(name: name)
        board.file = file
        let reader = YAMLReader(file: file, node: root, path: "")
        var sawController = false, sawResolution = false
        // The controller and its colours first: the fields after them are read against them.
        let entries = try reader.mapping(allowed: BoardFields.boardKeys)
        let first = ["controller", "colors"]
        for (key, value) in entries.filter({ first.contains($0.key) }) + entries.filter({ !first.contains($0.key) }) {
            try BoardFields.apply(key, value, to: &board)
            sawController = sawController || key == "controller"
            sawResolution = sawResolution || key == "resolution"
        }
        if !sawController { throw reader.fail("missing 'controller' (one of \(Board.Controller.allCases.map(\.rawValue).joined(separator: ", ")))") }
        if !sawResolution { throw reader.fail("missing 'resolution' (the controller's native pixels, like 122x250)") }
        try BoardFields.check(board, at: reader)
        return board
    }
}

