import GlanceSystem
import FoundationEssentials

/// Any JSON value, for reading the daemon's answers (FoundationEssentials has no
/// `JSONSerialization`).
enum JSONValue: Decodable {
    case null, bool(Bool), number(Double), string(String), array([JSONValue]), object([String: JSONValue])

    init(from decoder: any Decoder) throws {
        let single = try? decoder.singleValueContainer()
        if let single, single.decodeNil() { self = .null; return }
        if let value = try? single?.decode(Bool.self) { self = .bool(value); return }
        if let value = try? single?.decode(Double.self) { self = .number(value); return }
        if let value = try? single?.decode(String.self) { self = .string(value); return }
        if let value = try? single?.decode([JSONValue].self) { self = .array(value); return }
        self = .object(try decoder.singleValueContainer().decode([String: JSONValue].self))
    }

    static func parse(_ line: String) -> JSONValue? { try? JSONDecoder().decode(JSONValue.self, from: Data(line.utf8)) }

    subscript(key: String) -> JSONValue? {
        if case .object(let fields) = self { return fields[key] }
        return nil
    }

    var string: String? { if case .string(let value) = self { value } else { nil } }
    var bool: Bool? { if case .bool(let value) = self { value } else { nil } }
    var array: [JSONValue] { if case .array(let values) = self { values } else { [] } }

    /// As JSON text again (keys sorted).
    var text: String {
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
}
