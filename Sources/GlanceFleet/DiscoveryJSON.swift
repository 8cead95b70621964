import GlanceSystem

/// A JSON value written with its keys in a fixed (sorted) order, so that a discovery
/// message is the same bytes every time and compares against a golden.
enum DiscoveryJSON: Equatable {
    case string(String)
    case number(Double)
    case bool(Bool)
    case array([DiscoveryJSON])
    case object([String: DiscoveryJSON])

    var text: String {
        switch self {
        case .string(let value): jsonString(value)
        case .number(let value):
            value.rounded() == value && abs(value) < 1e15 ? String(Int64(value)) : String(value)
        case .bool(let value): value ? "true" : "false"
        case .array(let values): "[" + values.map(\.text).joined(separator: ", ") + "]"
        case .object(let fields):
            "{" + fields.keys.sorted().map { "\(jsonString($0)): \(fields[$0]!.text)" }.joined(separator: ", ") + "}"
        }
    }
}

extension DiscoveryJSON: ExpressibleByStringLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral {
    init(stringLiteral value: String) { self = .string(value) }
    init(booleanLiteral value: Bool) { self = .bool(value) }
    init(integerLiteral value: Int) { self = .number(Double(value)) }
    init(arrayLiteral elements: DiscoveryJSON...) { self = .array(elements) }
    init(dictionaryLiteral elements: (String, DiscoveryJSON)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { $1 }))
    }
}
