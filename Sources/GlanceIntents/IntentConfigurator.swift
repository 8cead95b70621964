/// Fills an intent's `@Parameter` properties from name → text pairs (a slot's `params:`).
///
/// Configuring is two steps: `make` reads the texts at once (so mistakes in the file are
/// found when it is loaded), and `resolve` looks up what only the app can find (entities
/// by id, an options provider's default) before each fetch, asynchronously.
public enum IntentConfigurator {
    /// A parameter name, and what went wrong with it.
    public enum Failure: Error, Sendable, Equatable, CustomStringConvertible {
        case unknownParameter(name: String, known: [String])
        case invalidValue(name: String, value: String, expected: String)
        case missingParameter(name: String, expected: String)
        /// No entity has the id; `suggested` are ids the entity's query offers.
        case unknownEntity(name: String, id: String, typeName: String, suggested: [String])
        /// The entity's query threw while finding the parameter's value.
        case queryFailed(name: String, message: String)

        /// The parameter the failure is about.
        public var parameterName: String? {
            switch self {
            case .unknownParameter(let name, _), .invalidValue(let name, _, _), .missingParameter(let name, _),
                 .unknownEntity(let name, _, _, _), .queryFailed(let name, _):
                name
            }
        }

        public var description: String {
            switch self {
            case .unknownParameter(let name, let known):
                "unknown parameter '\(name)'" + (known.isEmpty ? "; the widget takes none" : "; expected one of \(known.joined(separator: ", "))")
            case .invalidValue(let name, let value, let expected):
                "parameter '\(name)': \(quotedValue(value)) is not \(expected)"
            case .missingParameter(let name, let expected):
                "missing parameter '\(name)' (\(expected))"
            case .unknownEntity(let name, let id, let typeName, let suggested):
                "parameter '\(name)': no \(typeName) has the id \(quotedValue(id))"
                    + (suggested.isEmpty ? "" : "; known ids: \(suggested.joined(separator: ", "))")
            case .queryFailed(let name, let message):
                "parameter '\(name)': \(message)"
            }
        }
    }

    /// What a widget's listing says about one parameter.
    package struct ParameterInfo: Sendable, Equatable {
        package var name: String
        package var title: String
        /// What a valid value looks like: "a whole number", "one of metric, imperial".
        package var typeName: String
        /// What kind of value it is (a front end's control for it).
        package var kind: ParameterKind
        /// Whether the config may give a list.
        package var isList: Bool
        /// The value as the config writes it, when the parameter has one before configuring.
        package var defaultTexts: [String]?
        /// Whether the config must give it (no default, not optional, not found by a query).
        package var isRequired: Bool
        /// What place its text names (a path, a URL, headers), if any.
        package var role: ParameterRole? = nil
        /// Whether a front end may change it: a parameter naming a place only where the
        /// slot's `settable:` names it (set per slot by the host).
        package var isSettable = true

        /// `texts` as they may be shown (`ParameterRole.masked`).
        package func shown(_ texts: [String]) -> [String] { role.map { role in texts.map(role.masked) } ?? texts }
    }

    /// The parameters an intent type declares, by name, in declaration order.
    package static func parameterNames<Intent: ConfigurableIntent>(of type: Intent.Type) -> [String] {
        parameters(of: Intent()).map(\.name)
    }

    /// The parameters an intent type declares, as `glance widgets` lists them.
    package static func parameterInfo<Intent: ConfigurableIntent>(of type: Intent.Type) -> [ParameterInfo] {
        parameters(of: Intent()).map { name, box in
            ParameterInfo(name: name, title: box.titleText.isEmpty ? name : box.titleText, typeName: box.typeName, kind: box.kind, isList: box.isList,
                          defaultTexts: box.configTexts, isRequired: !box.isSet, role: box.role)
        }
    }

    /// The values a parameter's options provider offers, as the config writes them;
    /// `nil` when it has no provider.
    package static func offeredValues<Intent: ConfigurableIntent>(of type: Intent.Type, parameter name: String) async throws -> [String]? {
        guard let box = parameters(of: Intent()).first(where: { $0.name == name })?.box, let offered = box.offeredTexts else { return nil }
        return try await offered()
    }

    /// Makes an intent and sets its parameters from `values`. A name given more than
    /// once is a list (a YAML sequence, or a repeated `--param`).
    ///
    /// Every name must be a declared parameter; every required parameter must be given.
    package static func make<Intent: ConfigurableIntent>(
        _ type: Intent.Type,
        values: [(name: String, text: String)],
        context: ParameterDecodingContext
    ) throws(Failure) -> Intent {
        let intent = Intent()
        let declared = parameters(of: intent)
        var grouped: [(name: String, texts: [String])] = []
        for (name, text) in values {
            if let index = grouped.firstIndex(where: { $0.name == name }) { grouped[index].texts.append(text) } else { grouped.append((name, [text])) }
        }
        for (name, texts) in grouped {
            guard let parameter = declared.first(where: { $0.name == name })?.box else {
                throw .unknownParameter(name: name, known: declared.map(\.name))
            }
            do {
                try parameter.assign(texts: texts, context: context)
            } catch {
                throw .invalidValue(name: name, value: texts.joined(separator: ", "), expected: error.expected)
            }
        }
        if let missing = declared.first(where: { !$0.box.isSet }) {
            throw .missingParameter(name: missing.name, expected: missing.box.typeName)
        }
        return intent
    }

    /// Finds the values only the app can find: entities by the ids `make` read (through
    /// their `defaultQuery`), `defaultResult()` for entity and options-provider
    /// parameters the config left out. Called before every fetch, on the provider's
    /// executor.
    package static func resolve(_ intent: some ConfigurableIntent) async throws(Failure) {
        for (name, box) in parameters(of: intent) {
            do {
                try await box.resolve()
            } catch {
                switch error {
                case .unknownIdentifiers(let ids, let typeName, let suggested):
                    throw .unknownEntity(name: name, id: ids.joined(separator: ", "), typeName: typeName, suggested: suggested)
                case .missing:
                    throw .missingParameter(name: name, expected: box.typeName)
                case .queryFailed(let message):
                    throw .queryFailed(name: name, message: message)
                }
            }
        }
    }

    /// `make`, then `resolve`: an intent ready for a provider.
    package static func configure<Intent: ConfigurableIntent>(
        _ type: Intent.Type,
        values: [(name: String, text: String)],
        context: ParameterDecodingContext
    ) async throws(Failure) -> Intent {
        let intent = try make(type, values: values, context: context)
        try await resolve(intent)
        return intent
    }

    /// The intent's parameters as the config would write them (for recommendations).
    package static func values(of intent: some ConfigurableIntent) -> [(name: String, text: String)] {
        parameters(of: intent).flatMap { name, box in (box.configTexts ?? []).map { (name, $0) } }
    }

    /// The intent's type and its parameters' current values, as text: equal for two
    /// intents that would do the same thing.
    package static func identity(of intent: some ConfigurableIntent) -> String {
        let values = parameters(of: intent).map { "\($0.name)=\($0.box.valueDescription)" }
        return "\(type(of: intent))(\(values.joined(separator: ", ")))"
    }

    /// The intent's `parameterSummary` read with its values in place (unset parameters
    /// show their titles); `nil` when it declares none.
    package static func summary<Intent: AppIntent>(of intent: Intent) -> String? {
        (Intent.parameterSummary as? any SummaryText)?.text(for: intent)
    }

    private static func parameters(of intent: some ConfigurableIntent) -> [(name: String, box: any AnyIntentParameter)] {
        var found: [(name: String, box: any AnyIntentParameter)] = []
        // A class's own properties come after its superclass's.
        var mirror: Mirror? = Mirror(reflecting: intent)
        var levels: [Mirror] = []
        while let current = mirror {
            levels.insert(current, at: 0)
            mirror = current.superclassMirror
        }
        for level in levels {
            for child in level.children {
                guard let label = child.label, label.hasPrefix("_"),
                      let box = child.value as? any AnyIntentParameter else { continue }
                found.append((String(label.dropFirst()), box))
            }
        }
        return found
    }
}

/// In quotes, with control characters escaped (a value cannot forge the message).
private func quotedValue(_ text: String) -> String { String(reflecting: text) }
