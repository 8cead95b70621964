/// Fills an intent's `@Parameter` properties from name → text pairs (a slot's `params:`).
public enum IntentConfigurator {
    /// A parameter name, and what went wrong with it.
    public enum Failure: Error, Sendable, Equatable {
        case unknownParameter(name: String, known: [String])
        case invalidValue(name: String, value: String, expected: String)
        case missingParameter(name: String, expected: String)
    }

    /// The parameters an intent type declares, by name, in declaration order.
    public static func parameterNames<Intent: AppIntent>(of type: Intent.Type) -> [String] {
        parameters(of: Intent()).map(\.name)
    }

    /// Makes an intent and sets its parameters from `values`.
    ///
    /// Every name must be a declared parameter; every required parameter must be given.
    public static func make<Intent: AppIntent>(
        _ type: Intent.Type,
        values: [(name: String, text: String)],
        context: ParameterDecodingContext
    ) throws(Failure) -> Intent {
        let intent = Intent()
        let declared = parameters(of: intent)
        for (name, text) in values {
            guard let parameter = declared.first(where: { $0.name == name })?.box else {
                throw .unknownParameter(name: name, known: declared.map(\.name))
            }
            do {
                try parameter.assign(text: text, context: context)
            } catch {
                throw .invalidValue(name: name, value: text, expected: error.expected)
            }
        }
        if let missing = declared.first(where: { !$0.box.isSet }) {
            throw .missingParameter(name: missing.name, expected: missing.box.typeName)
        }
        return intent
    }

    /// The intent's type and its parameters' current values, as text: equal for two
    /// intents that would do the same thing.
    public static func identity(of intent: some AppIntent) -> String {
        let values = parameters(of: intent).map { "\($0.name)=\($0.box.valueDescription)" }
        return "\(type(of: intent))(\(values.joined(separator: ", ")))"
    }

    private static func parameters(of intent: some AppIntent) -> [(name: String, box: any AnyIntentParameter)] {
        Mirror(reflecting: intent).children.compactMap { child in
            guard let label = child.label, label.hasPrefix("_"),
                  let box = child.value as? any AnyIntentParameter else { return nil }
            return (String(label.dropFirst()), box)
        }
    }
}
