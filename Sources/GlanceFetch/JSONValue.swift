import GlanceSystem
import FoundationEssentials

/// Any JSON value (FoundationEssentials has no `JSONSerialization`): what the daemon's
/// control socket answers, and what a `stat` widget digs a number out of.
public enum JSONValue: Decodable, Equatable, Sendable {
    case null, bool(Bool), number(Double), string(String), array([JSONValue]), object([String: JSONValue])

    public init(from decoder: any Decoder) throws {
        let single = try decoder.singleValueContainer()
        if single.decodeNil() { self = .null; return }
        if let value = try? single.decode(Bool.self) { self = .bool(value); return }
        if let value = try? single.decode(Double.self) { self = .number(value); return }
        if let value = try? single.decode(String.self) { self = .string(value); return }
        if let value = try? single.decode([JSONValue].self) { self = .array(value); return }
        self = .object(try single.decode([String: JSONValue].self))
    }

    /// The value of a JSON text, or `nil` when it is not JSON.
    public static func parse(_ text: String) -> JSONValue? { parse(Array(text.utf8)) }

    public static func parse(_ bytes: [UInt8]) -> JSONValue? { try? JSONDecoder().decode(JSONValue.self, from: Data(bytes)) }

    public subscript(key: String) -> JSONValue? {
        if case .object(let fields) = self { return fields[key] }
        return nil
    }

    public var string: String? { if case .string(let value) = self { value } else { nil } }
    public var bool: Bool? { if case .bool(let value) = self { value } else { nil } }
    public var array: [JSONValue] { if case .array(let values) = self { values } else { [] } }
    /// A number, or a string that holds one (`"1234.5"`; APIs send both).
    public var number: Double? {
        switch self {
        case .number(let value): value
        case .string(let text): Double(text.trimmedOfSpaces)
        default: nil
        }
    }

    /// As JSON text again (keys sorted).
    public var text: String {
        switch self {
        case .null: return "null"
        case .bool(let value): return value ? "true" : "false"
        case .number(let value): return value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : "\(value)"
        case .string(let value): return jsonString(value)
        case .array(let values): return "[" + values.map(\.text).joined(separator: ", ") + "]"
        case .object(let fields):
            return "{" + fields.sorted { $0.key < $1.key }.map { "\(jsonString($0.key)): \($0.value.text)" }.joined(separator: ", ") + "}"
        }
    }

    /// The value at `path`, or `nil` when the path leads nowhere.
    public subscript(path: JSONPath) -> JSONValue? {
        var value = self
        for step in path.steps {
            switch (step, value) {
            case (.key(let key), .object(let fields)):
                guard let next = fields[key] else { return nil }
                value = next
            case (.index(let index), .array(let values)):
                let position = index < 0 ? values.count + index : index
                guard values.indices.contains(position) else { return nil }
                value = values[position]
            default:
                return nil
            }
        }
        return value
    }
}

/// Where a value sits in a JSON document, written as people write it in configs:
/// `data.total`, `items[0].count`, `results[-1].value` (from the end), `["odd key"].n`.
public struct JSONPath: Equatable, Sendable, CustomStringConvertible {
    public enum Step: Equatable, Sendable {
        case key(String)
        case index(Int)
    }

    public let steps: [Step]
    public let description: String

    /// Why a path could not be read: the message names the column (from 1).
    public struct SyntaxError: Error, CustomStringConvertible {
        public let column: Int
        public let message: String
        public var description: String { "column \(column): \(message)" }
    }

    public init(_ text: String) throws(SyntaxError) {
        description = text
        var steps: [Step] = []
        let characters = Array(text)
        var position = 0
        func fail(_ message: String) -> SyntaxError { SyntaxError(column: position + 1, message: message) }
        if characters.isEmpty { throw SyntaxError(column: 1, message: "the path is empty; write a key like data.total") }
        var expectKey = true
        while position < characters.count {
            let character = characters[position]
            if character == "[" {
                position += 1
                if position < characters.count, characters[position] == "\"" || characters[position] == "'" {
                    let quote = characters[position]
                    position += 1
                    var key = ""
                    while position < characters.count, characters[position] != quote {
                        key.append(characters[position])
                        position += 1
                    }
                    guard position < characters.count else { throw fail("a quoted key is not closed") }
                    position += 1
                    steps.append(.key(key))
                } else {
                    var digits = ""
                    while position < characters.count, characters[position] == "-" || characters[position].isNumber {
                        digits.append(characters[position])
                        position += 1
                    }
                    guard let index = Int(digits) else { throw fail("expected an index like [0] or a quoted key like [\"name\"]") }
                    steps.append(.index(index))
                }
                guard position < characters.count, characters[position] == "]" else { throw fail("expected ]") }
                position += 1
                expectKey = false
            } else if character == "." {
                guard !steps.isEmpty, !expectKey, position + 1 < characters.count else { throw fail("a dot must sit between two keys") }
                position += 1
                expectKey = true
            } else {
                guard expectKey else { throw fail("expected . or [ before '\(character)'") }
                var key = ""
                while position < characters.count, characters[position] != ".", characters[position] != "[" {
                    key.append(characters[position])
                    position += 1
                }
                steps.append(.key(key))
                expectKey = false
            }
        }
        self.steps = steps
    }
}
