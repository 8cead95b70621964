import FoundationEssentials
import GlanceGraphics
import GlanceSystem
import Glibc
import GlanceTime

/// The shared store (`UserDefaults(suiteName:)`): one property list per suite, in the
/// file Foundation's `UserDefaults` uses on Linux — `$XDG_CONFIG_HOME/SUITE.plist`, else
/// `~/.config/SUITE.plist` — so every Swift program of the daemon's user shares it, and
/// `glance defaults` edits it through the daemon.
public struct SharedDefaults {
    /// A value as `defaults write` types it.
    public enum Value: Equatable, Sendable, Codable {
        case string(String)
        case integer(Int)
        case real(Double)
        case boolean(Bool)
        case date(Date)
        case data([UInt8])
        case array([Value])
        case dictionary([String: Value])

        public init(from decoder: any Decoder) throws {
            if var list = try? decoder.unkeyedContainer() {
                var values: [Value] = []
                while !list.isAtEnd { values.append(try list.decode(Value.self)) }
                self = .array(values)
                return
            }
            if let keyed = try? decoder.container(keyedBy: AnyKey.self) {
                var values: [String: Value] = [:]
                for key in keyed.allKeys { values[key.stringValue] = try keyed.decode(Value.self, forKey: key) }
                self = .dictionary(values)
                return
            }
            let single = try decoder.singleValueContainer()
            if let value = try? single.decode(Bool.self) { self = .boolean(value) }
            else if let value = try? single.decode(Int.self) { self = .integer(value) }
            else if let value = try? single.decode(Double.self) { self = .real(value) }
            else if let value = try? single.decode(Date.self) { self = .date(value) }
            else if let value = try? single.decode(Data.self) { self = .data(Array(value)) }
            else { self = .string(try single.decode(String.self)) }
        }

        public func encode(to encoder: any Encoder) throws {
            switch self {
            case .array(let values):
                var list = encoder.unkeyedContainer()
                for value in values { try list.encode(value) }
            case .dictionary(let values):
                var keyed = encoder.container(keyedBy: AnyKey.self)
                for (key, value) in values { try keyed.encode(value, forKey: AnyKey(stringValue: key)) }
            default:
                var single = encoder.singleValueContainer()
                switch self {
                case .string(let value): try single.encode(value)
                case .integer(let value): try single.encode(value)
                case .real(let value): try single.encode(value)
                case .boolean(let value): try single.encode(value)
                case .date(let value): try single.encode(value)
                case .data(let value): try single.encode(Data(value))
                case .array, .dictionary: break
                }
            }
        }

        /// As JSON (dates in ISO 8601, data in base64).
        public var json: String {
            switch self {
            case .string(let value): jsonString(value)
            case .integer(let value): String(value)
            case .real(let value): value.isFinite ? "\(value)" : "null"
            case .boolean(let value): value ? "true" : "false"
            case .date(let value): jsonString(iso8601UTC(value))
            case .data(let value): jsonString(Data(value).base64EncodedString())
            case .array(let values): "[" + values.map(\.json).joined(separator: ", ") + "]"
            case .dictionary(let values):
                "{" + values.sorted { $0.key < $1.key }.map { "\(jsonString($0.key)): \($0.value.json)" }.joined(separator: ", ") + "}"
            }
        }

    }

    /// A type named by `defaults write`'s flag, and the text read as it.
    public enum ValueType: String, CaseIterable, Sendable {
        case string, int, float, bool, date, data

        public func value(from text: String) -> Value? {
            switch self {
            case .string: return .string(text)
            case .int: return Int(text.trimmedOfSpaces).map(Value.integer)
            case .float: return Double(text.trimmedOfSpaces).flatMap { $0.isFinite ? .real($0) : nil }
            case .bool:
                switch text.lowercased() {
                case "true", "yes", "1": return .boolean(true)
                case "false", "no", "0": return .boolean(false)
                default: return nil
                }
            case .date: return parseISO8601Instant(text.trimmedOfSpaces).map(Value.date)
            case .data: return Data(base64Encoded: text.trimmedOfSpaces).map { .data(Array($0)) }
            }
        }

        public var expected: String {
            switch self {
            case .string: "text"
            case .int: "a whole number"
            case .float: "a number"
            case .bool: "true or false"
            case .date: "a date like 2027-01-03T09:00:00+09:00"
            case .data: "base64 (of JSON, for a Codable value)"
            }
        }
    }

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// The folder the suites' files are in.
    public let directory: String

    public init(directory: String) { self.directory = directory }

    /// Foundation's folder for this process's user.
    public static func foundationDirectory() -> String {
        UserFolders.configHome
    }

    /// A suite name is a file name: no `/`, no `..`, not empty, not hidden.
    public static func check(suite: String) throws(Failure) {
        guard !suite.isEmpty, suite.utf8.count <= 200, !suite.contains("/"), !suite.contains(".."), !suite.hasPrefix("."),
              !suite.unicodeScalars.contains(where: { $0.value < 0x20 }) else {
            throw Failure(description: "suite name \(jsonString(suite)) is not allowed: it names a file, so no '/', no '..', not empty and not starting with '.'")
        }
    }

    public func path(of suite: String) -> String { directory + "/" + suite + ".plist" }

    /// Every key of `suite` (empty when it has no file yet).
    public func read(suite: String) throws(Failure) -> [String: Value] {
        try Self.check(suite: suite)
        // What this process's Foundation holds goes to the file first.
        FoundationPreferences.flush()
        let path = path(of: suite)
        let found: [UInt8]?
        do throws(StateDirectory.Untrusted) {
            found = try StateDirectory.readOwnFile(path)
        } catch {
            throw Failure(description: error.description)
        }
        guard let bytes = found else { return [:] }
        do {
            return try PropertyListDecoder().decode([String: Value].self, from: Data(bytes))
        } catch {
            throw Failure(description: "\(path) is not a property list of keys and values (\(error)); fix it or remove it")
        }
    }

    /// Sets `key` of `suite` (or removes it, `value` nil), writing the file whole.
    public func write(suite: String, key: String, value: Value?) throws(Failure) {
        guard !key.isEmpty else { throw Failure(description: "a key cannot be empty") }
        // A property list is XML, which cannot hold these: a file written with one is a
        // file no other tool (nor Foundation) reads.
        guard !key.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F || $0.value == 0xFFFE || $0.value == 0xFFFF }) else {
            throw Failure(description: "a key cannot hold control characters (\(key.terminalSafe))")
        }
        if let value, !Self.fitsXML(value) {
            throw Failure(description: "the value holds a control character a property list cannot (only tab, line feed and carriage return can be kept)")
        }
        var values = try read(suite: suite)
        values[key] = value
        let encoder = PropertyListEncoder()
        encoder.outputFormat = .xml
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
            // Private to the user, as Foundation writes it: suites hold tokens too.
            try AtomicFile.write(Array(try encoder.encode(values)), to: path(of: suite), mode: 0o600)
        } catch {
            throw Failure(description: "\(error)")
        }
        // This process's Foundation reads the file again.
        FoundationPreferences.flush()
    }
}

extension SharedDefaults {
    /// Whether XML 1.0 can hold every text in `value` (no C0 control but tab, line feed
    /// and carriage return; no U+FFFE or U+FFFF).
    static func fitsXML(_ value: Value) -> Bool {
        func fits(_ text: String) -> Bool {
            !text.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\t" && $0 != "\n" && $0 != "\r") || $0.value == 0xFFFE || $0.value == 0xFFFF }
        }
        switch value {
        case .string(let text): return fits(text)
        case .array(let items): return items.allSatisfy(fitsXML)
        case .dictionary(let items): return items.allSatisfy { fits($0.key) && fitsXML($0.value) }
        case .integer, .real, .boolean, .date, .data: return true
        }
    }
}

/// A coding key for any string.
struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

private func iso8601UTC(_ date: Date) -> String { iso8601String(date, in: .utc) }
