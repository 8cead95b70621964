import Foundation

/// An Xcode `.intentdefinition` file (a property list) read for the classes Xcode generates
/// from it: each custom intent as an `INIntent` subclass (`ConfigurationIntent`), each enum
/// as an enumeration, each custom type as an `INObject` subclass. The wall fills the
/// intent's parameters from a slot's `params:`, as it fills `@Parameter`s of app intents.
public struct IntentDefinition: Equatable, Sendable {
    public struct Intent: Equatable, Sendable {
        /// `Configuration`: the class is `ConfigurationIntent`.
        public var name: String
        public var title: String
        public var parameters: [Parameter]
    }

    public struct Parameter: Equatable, Sendable {
        public var name: String
        public var title: String
        /// The Swift type of one value: `String`, `NSNumber`, `DateComponents`, `URL`, an
        /// enum's or a custom type's name.
        public var type: String
        public var multiple: Bool
        /// An enum's parameter is the enum itself (Xcode: not optional, `.unknown` when unset).
        public var isEnum: Bool
    }

    public struct Enumeration: Equatable, Sendable {
        public var name: String
        /// Case names and display names, `unknown` first as Xcode makes it.
        public var cases: [(name: String, title: String)]

        public static func == (lhs: Self, rhs: Self) -> Bool {
            lhs.name == rhs.name && lhs.cases.map(\.name) == rhs.cases.map(\.name) && lhs.cases.map(\.title) == rhs.cases.map(\.title)
        }
    }

    public struct CustomType: Equatable, Sendable {
        public var name: String
        /// Properties beside `identifier` and `displayString`: name and Swift type.
        public var properties: [(name: String, type: String)]

        public static func == (lhs: Self, rhs: Self) -> Bool {
            lhs.name == rhs.name && lhs.properties.map(\.name) == rhs.properties.map(\.name) && lhs.properties.map(\.type) == rhs.properties.map(\.type)
        }
    }

    public var intents: [Intent]
    public var enumerations: [Enumeration]
    public var types: [CustomType]

    /// What is wrong with a file, naming it and the field.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
        public init(description: String) { self.description = description }
    }

    /// Parameter types of the file mapped to what Xcode's generated Swift declares.
    static let scalarTypes: [String: String] = [
        "String": "String", "Integer": "NSNumber", "Boolean": "NSNumber", "Decimal": "NSNumber", "Number": "NSNumber",
        "DateComponents": "DateComponents", "URL": "URL",
    ]

    /// Reads a definition's bytes; `file` names it in errors.
    public init(data: Data, file: String) throws {
        let root: Any
        do {
            root = try PropertyListSerialization.propertyList(from: data, format: nil)
        } catch {
            throw Failure(description: "\(file): not a property list (\(error))")
        }
        guard let top = root as? [String: Any] else { throw Failure(description: "\(file): the top level is not a dictionary") }
        func list(_ key: String, in dictionary: [String: Any], at place: String) throws -> [[String: Any]] {
            guard let value = dictionary[key] else { return [] }
            guard let items = value as? [[String: Any]] else { throw Failure(description: "\(file): \(place)\(key) is not a list of dictionaries") }
            return items
        }
        func string(_ key: String, in dictionary: [String: Any], at place: String) throws -> String {
            guard let value = dictionary[key] as? String, !value.isEmpty else { throw Failure(description: "\(file): \(place)\(key) is missing") }
            guard value.first.map({ $0.isLetter || $0 == "_" }) == true, value.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else {
                throw Failure(description: "\(file): \(place)\(key) '\(value)' is not a Swift name")
            }
            return value
        }
        enumerations = try list("INEnums", in: top, at: "").enumerated().map { index, item in
            let place = "INEnums[\(index)]."
            let name = try string("INEnumName", in: item, at: place)
            var cases: [(String, String)] = []
            for (number, value) in try list("INEnumValues", in: item, at: place).enumerated() {
                let caseName = try string("INEnumValueName", in: value, at: "\(place)INEnumValues[\(number)].")
                cases.append((caseName, (value["INEnumValueDisplayName"] as? String) ?? caseName))
            }
            if !cases.contains(where: { $0.0 == "unknown" }) { cases.insert(("unknown", "Unknown"), at: 0) }
            return Enumeration(name: name, cases: cases)
        }
        let enumNames = Set(enumerations.map(\.name))
        types = try list("INTypes", in: top, at: "").enumerated().map { index, item in
            let place = "INTypes[\(index)]."
            let name = try string("INTypeName", in: item, at: place)
            var properties: [(String, String)] = []
            for (number, property) in try list("INTypeProperties", in: item, at: place).enumerated() {
                let propertyName = try string("INTypePropertyName", in: property, at: "\(place)INTypeProperties[\(number)].")
                guard !["identifier", "displayString", "pronunciationHint", "alternativeSpeakableMatches"].contains(propertyName) else { continue }
                let type = (property["INTypePropertyType"] as? String).flatMap { Self.scalarTypes[$0] } ?? "String"
                properties.append((propertyName, type))
            }
            return CustomType(name: name, properties: properties)
        }
        let typeNames = Set(types.map(\.name))
        intents = try list("INIntents", in: top, at: "").enumerated().map { index, item in
            let place = "INIntents[\(index)]."
            let name = try string("INIntentName", in: item, at: place)
            let parameters = try list("INIntentParameters", in: item, at: place).enumerated().map { number, parameter in
                let at = "\(place)INIntentParameters[\(number)]."
                let parameterName = try string("INIntentParameterName", in: parameter, at: at)
                let title = (parameter["INIntentParameterDisplayName"] as? String) ?? parameterName
                let multiple = (parameter["INIntentParameterSupportsMultipleValues"] as? Bool) ?? false
                if let enumName = parameter["INIntentParameterEnumType"] as? String {
                    guard enumNames.contains(enumName) else { throw Failure(description: "\(file): \(at)INIntentParameterEnumType names no enum of the file: '\(enumName)'") }
                    return Parameter(name: parameterName, title: title, type: enumName, multiple: multiple, isEnum: true)
                }
                let kind = (parameter["INIntentParameterType"] as? String) ?? "String"
                if kind == "Object" {
                    let object = (parameter["INIntentParameterObjectType"] as? String) ?? ""
                    guard typeNames.contains(object) else { throw Failure(description: "\(file): \(at)INIntentParameterObjectType names no type of the file: '\(object)'") }
                    return Parameter(name: parameterName, title: title, type: object, multiple: multiple, isEnum: false)
                }
                guard let type = Self.scalarTypes[kind] else {
                    throw Failure(description: "\(file): \(at)INIntentParameterType '\(kind)' is not one a wall fills (String, Integer, Boolean, Decimal, DateComponents, URL, an enum or a custom type)")
                }
                return Parameter(name: parameterName, title: title, type: type, multiple: multiple, isEnum: false)
            }
            return Intent(name: name, title: (item["INIntentTitle"] as? String) ?? name, parameters: parameters)
        }
    }

    /// The Swift Xcode would generate, in Glance's terms: `@Parameter` where Xcode writes
    /// `@NSManaged`, an enum as an `AppEnum` (its cases by name; Xcode's `Int` raw values
    /// are not kept), a custom type as an `INObject` subclass.
    public func swiftSource(from file: String) -> String {
        func literal(_ text: String) -> String {
            "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
                .replacingOccurrences(of: "\n", with: "\\n") + "\""
        }
        var out = "// Generated by Glance's IntentDefinitions plugin from \(file.split(separator: "/").last.map(String.init) ?? file). Do not edit.\n"
        out += "import Foundation\nimport Intents\n"
        for enumeration in enumerations {
            out += "\npublic enum \(enumeration.name): String, AppEnum {\n"
            for item in enumeration.cases { out += "    case \(item.name)\n" }
            out += "    public static var typeDisplayRepresentation: TypeDisplayRepresentation { TypeDisplayRepresentation(name: \(literal(enumeration.name))) }\n"
            out += "    public static var caseDisplayRepresentations: [Self: DisplayRepresentation] {\n        ["
            out += enumeration.cases.map { "." + $0.name + ": DisplayRepresentation(title: " + literal($0.title) + ")" }.joined(separator: ", ")
            out += "]\n    }\n}\n"
        }
        for type in types {
            out += "\npublic class \(type.name): INObject, @unchecked Sendable {\n"
            for property in type.properties { out += "    public var \(property.name): \(property.type)?\n" }
            out += "}\n"
        }
        for intent in intents {
            out += "\npublic class \(intent.name)Intent: INIntent, @unchecked Sendable {\n"
            for parameter in intent.parameters {
                let one = parameter.type
                let type = parameter.multiple ? "[\(one)]?" : parameter.isEnum ? one : "\(one)?"
                let initial = parameter.isEnum && !parameter.multiple ? ", default: .unknown" : ""
                out += "    @Parameter(title: \(literal(parameter.title))\(initial)) public var \(parameter.name): \(type)\n"
            }
            out += "}\n"
            out += "\npublic protocol \(intent.name)IntentHandling {}\n"
        }
        return out
    }
}
