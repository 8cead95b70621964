/// How an intent reads with its parameters in place (Apple's `ParameterSummary`):
///
/// ```swift
/// static var parameterSummary: some ParameterSummary {
///     When(\.$units, .equalTo, .metric) {
///         Summary("Weather in \(\.$city)") { \.$units }
///     } otherwise: {
///         Summary("Weather in \(\.$city), imperial")
///     }
/// }
/// ```
///
/// `glance widgets` prints it, with the parameters' defaults or titles in place.
public protocol ParameterSummary: Sendable {
    associatedtype Intent: AppIntent
}

extension AppIntent {
    public typealias Summary = IntentParameterSummary<Self>
    public typealias When<WhenCondition: ParameterSummary, Otherwise: ParameterSummary> = ParameterSummaryWhenCondition<Self, WhenCondition, Otherwise>
        where WhenCondition.Intent == Self, Otherwise.Intent == Self
}

/// One sentence with parameters in it, and the parameters shown below it
/// (Apple's `IntentParameterSummary`; `Summary` inside an intent).
public struct IntentParameterSummary<Intent: AppIntent>: ParameterSummary, @unchecked Sendable {
    /// The sentence; `nil` for the default summary, which has none.
    public let string: ParameterSummaryString<Intent>?
    /// The parameters listed below the sentence.
    public let additionalParameters: [PartialKeyPath<Intent>]

    /// No sentence: what an intent without `parameterSummary` has.
    public init() {
        string = nil
        additionalParameters = []
    }

    public init(_ string: ParameterSummaryString<Intent>, table: String? = nil) {
        self.string = string
        additionalParameters = []
    }

    public init(
        _ string: ParameterSummaryString<Intent>, table: String? = nil,
        @ParameterKeyPathsBuilder _ additionalParameterKeyPaths: () -> [PartialKeyPath<Intent>]
    ) {
        self.string = string
        additionalParameters = additionalParameterKeyPaths()
    }

    public init(@ParameterKeyPathsBuilder _ parameterKeyPaths: () -> [PartialKeyPath<Intent>]) {
        string = nil
        additionalParameters = parameterKeyPaths()
    }

    /// Collects `\.$units` lines into key paths.
    @resultBuilder
    public enum ParameterKeyPathsBuilder {
        public static func buildExpression<Value>(_ keyPath: KeyPath<Intent, Parameter<Value>>) -> [PartialKeyPath<Intent>] { [keyPath] }
        public static func buildBlock(_ parts: [PartialKeyPath<Intent>]...) -> [PartialKeyPath<Intent>] { parts.flatMap { $0 } }
    }
}

/// A summary sentence: text with parameters interpolated, `"Show \(\.$city)"`
/// (Apple's `ParameterSummaryString`).
public struct ParameterSummaryString<Intent: AppIntent>: ExpressibleByStringInterpolation, @unchecked Sendable {
    enum Piece {
        case text(String)
        case parameter(PartialKeyPath<Intent>)
    }

    let pieces: [Piece]

    public init(stringLiteral value: String) { pieces = [.text(value)] }

    public init(stringInterpolation: StringInterpolation) { pieces = stringInterpolation.pieces }

    public struct StringInterpolation: StringInterpolationProtocol {
        var pieces: [Piece] = []

        public init(literalCapacity: Int, interpolationCount: Int) {}

        public mutating func appendLiteral(_ literal: String) { pieces.append(.text(literal)) }

        public mutating func appendInterpolation<Value>(_ keyPath: KeyPath<Intent, Parameter<Value>>) {
            pieces.append(.parameter(keyPath))
        }
    }
}

/// Builds the summary inside `When`, `otherwise:` and `parameterSummary`
/// (Apple's `ParameterSummaryBuilder`).
@resultBuilder
public enum ParameterSummaryBuilder<Intent: AppIntent> {
    public static func buildExpression<Summary: ParameterSummary>(_ summary: Summary) -> Summary where Summary.Intent == Intent { summary }
    public static func buildBlock<Summary: ParameterSummary>(_ summary: Summary) -> Summary where Summary.Intent == Intent { summary }
}

/// Compares a parameter's value for `When` (Apple's `EquatableComparisonOperator`).
public enum EquatableComparisonOperator: Sendable {
    case equalTo, notEqualTo
}

/// Orders a parameter's value for `When` (Apple's `ComparableComparisonOperator`).
public enum ComparableComparisonOperator: Sendable {
    case lessThan, lessThanOrEqualTo, greaterThan, greaterThanOrEqualTo
}

/// Whether a parameter holds a value, for `When` (Apple's `HasValueComparisonOperator`).
public enum HasValueComparisonOperator: Sendable {
    case hasAnyValue, hasNoValue
}

/// Whether a parameter's value is among some, for `When` (Apple's `OneOfComparisonOperator`).
public enum OneOfComparisonOperator: Sendable {
    case oneOf, noneOf
}

/// One summary or another, by a parameter's value (Apple's `ParameterSummaryWhenCondition`;
/// `When` inside an intent).
public struct ParameterSummaryWhenCondition<Intent: AppIntent, WhenCondition: ParameterSummary, Otherwise: ParameterSummary>:
    ParameterSummary, @unchecked Sendable where WhenCondition.Intent == Intent, Otherwise.Intent == Intent {
    /// Whether the `when` summary applies to an intent; a parameter still unset does not match.
    let holds: (Intent) -> Bool
    public let when: WhenCondition
    public let otherwise: Otherwise

    init(holds: @escaping (Intent) -> Bool, when: WhenCondition, otherwise: Otherwise) {
        self.holds = holds
        self.when = when
        self.otherwise = otherwise
    }

    public init<Value: Equatable>(
        _ keyPath: KeyPath<Intent, Parameter<Value>>, _ comparisonOperator: EquatableComparisonOperator, _ value: Value,
        @ParameterSummaryBuilder<Intent> _ when: () -> WhenCondition, @ParameterSummaryBuilder<Intent> otherwise: () -> Otherwise
    ) {
        self.init(holds: { intent in
            guard let current = intent[keyPath: keyPath].storage.valueIfSet else { return false }
            return (current == value) == (comparisonOperator == .equalTo)
        }, when: when(), otherwise: otherwise())
    }

    public init<Value: Comparable>(
        _ keyPath: KeyPath<Intent, Parameter<Value>>, _ comparisonOperator: ComparableComparisonOperator, _ value: Value,
        @ParameterSummaryBuilder<Intent> _ when: () -> WhenCondition, @ParameterSummaryBuilder<Intent> otherwise: () -> Otherwise
    ) {
        self.init(holds: { intent in
            guard let current = intent[keyPath: keyPath].storage.valueIfSet else { return false }
            switch comparisonOperator {
            case .lessThan: return current < value
            case .lessThanOrEqualTo: return current <= value
            case .greaterThan: return current > value
            case .greaterThanOrEqualTo: return current >= value
            }
        }, when: when(), otherwise: otherwise())
    }

    public init<Value: Equatable>(
        _ keyPath: KeyPath<Intent, Parameter<Value>>, _ comparisonOperator: OneOfComparisonOperator, _ values: [Value],
        @ParameterSummaryBuilder<Intent> _ when: () -> WhenCondition, @ParameterSummaryBuilder<Intent> otherwise: () -> Otherwise
    ) {
        self.init(holds: { intent in
            guard let current = intent[keyPath: keyPath].storage.valueIfSet else { return false }
            return values.contains(current) == (comparisonOperator == .oneOf)
        }, when: when(), otherwise: otherwise())
    }

    public init<Value>(
        _ keyPath: KeyPath<Intent, Parameter<Value>>, _ comparisonOperator: HasValueComparisonOperator,
        @ParameterSummaryBuilder<Intent> _ when: () -> WhenCondition, @ParameterSummaryBuilder<Intent> otherwise: () -> Otherwise
    ) {
        self.init(holds: { intent in
            let parameter = intent[keyPath: keyPath]
            let hasValue = parameter.storage.displayText.map { !$0.isEmpty } ?? false
            return hasValue == (comparisonOperator == .hasAnyValue)
        }, when: when(), otherwise: otherwise())
    }
}

/// Summaries Glance can read out for an intent.
protocol SummaryText {
    func text(for intent: Any) -> String?
}

extension IntentParameterSummary: SummaryText {
    func text(for intent: Any) -> String? {
        guard let intent = intent as? Intent, let string else { return nil }
        return string.pieces.map { piece in
            switch piece {
            case .text(let text):
                return text
            case .parameter(let keyPath):
                guard let parameter = intent[keyPath: keyPath] as? any AnyIntentParameter else { return "" }
                // An unset parameter shows its title, as an empty slot in Shortcuts does.
                return parameter.displayText.flatMap { $0.isEmpty ? nil : $0 } ?? "‹\(parameter.titleText)›"
            }
        }.joined()
    }
}

extension ParameterSummaryWhenCondition: SummaryText {
    func text(for intent: Any) -> String? {
        guard let typed = intent as? Intent else { return nil }
        let chosen: any ParameterSummary = holds(typed) ? when : otherwise
        return (chosen as? any SummaryText)?.text(for: intent)
    }
}
