// Reads a Core Data model (`Model.xcdatamodeld`, as Xcode saves it) and writes the Swift
// Xcode's code generation makes from it, for Glance's CoreData module: a class per entity
// whose code generation is "Class Definition", the properties' extension for "Category/
// Extension", nothing for "Manual/None" (the project has those classes in its sources).
import Foundation

public struct DataModelError: Error, CustomStringConvertible {
    public let file: String
    public let line: Int
    public let reason: String
    public var description: String { "\(file):\(line): \(reason)" }
}

public struct DataModel: Equatable {
    public struct Attribute: Equatable {
        public var name: String
        public var type: String
        public var optional: Bool
        public var scalar: Bool
        public var defaultValue: String?
        public var customClass: String?
    }
    public struct Relationship: Equatable {
        public var name: String
        public var destination: String
        public var toMany: Bool
        public var ordered: Bool
        public var inverse: String?
    }
    public struct Entity: Equatable {
        public var name: String
        public var className: String
        public var parent: String?
        public var generation: String   // "class", "category" or "" (manual)
        public var attributes: [Attribute] = []
        public var relationships: [Relationship] = []
    }
    public var entities: [Entity] = []

    /// A model file is at most this large.
    public static let sizeLimit = 4 << 20

    /// The model's `contents`: a `.xcdatamodeld` folder's current version, a `.xcdatamodel`
    /// folder's file, or the `contents` file itself.
    public static func contentsFile(of path: String) throws -> String {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw DataModelError(file: path, line: 0, reason: "no such file")
        }
        guard isFolder.boolValue else { return path }
        if path.hasSuffix(".xcdatamodel") || path.hasSuffix(".xcdatamodel/") { return (path as NSString).appendingPathComponent("contents") }
        let versions = try FileManager.default.contentsOfDirectory(atPath: path).filter { $0.hasSuffix(".xcdatamodel") }.sorted()
        var current = versions.last
        let marker = (path as NSString).appendingPathComponent(".xccurrentversion")
        if let data = FileManager.default.contents(atPath: marker),
           let plist = try? PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any],
           let name = plist["_XCCurrentVersionName"] as? String, versions.contains(name) {
            current = name
        }
        guard let current else { throw DataModelError(file: path, line: 0, reason: "the model folder holds no .xcdatamodel version") }
        return ((path as NSString).appendingPathComponent(current) as NSString).appendingPathComponent("contents")
    }

    /// Reads the model at `path` (a regular file of at most `sizeLimit` bytes).
    public static func read(path: String) throws -> DataModel {
        let file = try contentsFile(of: path)
        let handle = open(file, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard handle >= 0 else { throw DataModelError(file: file, line: 0, reason: "cannot be opened: \(String(cString: strerror(errno)))") }
        defer { close(handle) }
        var status = stat()
        guard fstat(handle, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { throw DataModelError(file: file, line: 0, reason: "not a regular file") }
        guard status.st_size <= sizeLimit else { throw DataModelError(file: file, line: 0, reason: "larger than \(sizeLimit) bytes") }
        let data = FileHandle(fileDescriptor: handle, closeOnDealloc: false).readDataToEndOfFile()
        guard let text = String(data: data, encoding: .utf8) else { throw DataModelError(file: file, line: 0, reason: "not UTF-8") }
        return try parse(text, file: file)
    }

    /// The model in `text` (the XML Xcode writes: `<entity>` elements holding `<attribute>`
    /// and `<relationship>` elements).
    public static func parse(_ text: String, file: String) throws -> DataModel {
        var model = DataModel()
        var current: Entity?
        let tag = try NSRegularExpression(pattern: #"<(/?)([A-Za-z][\w.-]*)((?:\s+[\w:.-]+\s*=\s*"[^"]*")*)\s*(/?)>"#)
        let attribute = try NSRegularExpression(pattern: #"([\w:.-]+)\s*=\s*"([^"]*)""#)
        let whole = NSRange(text.startIndex..., in: text)
        func line(_ range: NSRange) -> Int {
            text[..<(Range(range, in: text)?.lowerBound ?? text.startIndex)].reduce(1) { $1 == "\n" ? $0 + 1 : $0 }
        }
        for match in tag.matches(in: text, range: whole) {
            let closing = match.range(at: 1).length > 0
            let name = String(text[Range(match.range(at: 2), in: text)!])
            let selfClosing = match.range(at: 4).length > 0
            var values: [String: String] = [:]
            let inside = String(text[Range(match.range(at: 3), in: text)!])
            for pair in attribute.matches(in: inside, range: NSRange(inside.startIndex..., in: inside)) {
                values[String(inside[Range(pair.range(at: 1), in: inside)!])] = unescape(String(inside[Range(pair.range(at: 2), in: inside)!]))
            }
            let at = line(match.range)
            switch (name, closing) {
            case ("entity", false):
                guard let entityName = values["name"], identifier(entityName) else {
                    throw DataModelError(file: file, line: at, reason: "an entity's name is missing or not a Swift name: \(values["name"] ?? "")")
                }
                let className = values["representedClassName"].map { $0.split(separator: ".").last.map(String.init) ?? $0 } ?? entityName
                guard identifier(className) else { throw DataModelError(file: file, line: at, reason: "entity \(entityName): representedClassName \(className) is not a Swift name") }
                current = Entity(name: entityName, className: className, parent: values["parentEntity"], generation: values["codeGenerationType"] ?? "")
                if selfClosing, let done = current { model.entities.append(done); current = nil }
            case ("entity", true):
                if let done = current { model.entities.append(done) }
                current = nil
            case ("attribute", false):
                guard current != nil else { continue }
                guard let attributeName = values["name"], identifier(attributeName) else {
                    throw DataModelError(file: file, line: at, reason: "entity \(current!.name): an attribute's name is missing or not a Swift name")
                }
                let type = values["attributeType"] ?? "Undefined"
                let numeric = ["Integer 16", "Integer 32", "Integer 64", "Double", "Float", "Boolean"].contains(type)
                current!.attributes.append(Attribute(name: attributeName, type: type, optional: values["optional"] == "YES",
                                                     scalar: numeric && values["usesScalarValueType"] != "NO",
                                                     defaultValue: values["defaultValueString"], customClass: values["customClassName"]))
            case ("relationship", false):
                guard current != nil else { continue }
                guard let relationshipName = values["name"], identifier(relationshipName), let destination = values["destinationEntity"] else {
                    throw DataModelError(file: file, line: at, reason: "entity \(current!.name): a relationship needs a Swift name and a destinationEntity")
                }
                current!.relationships.append(Relationship(name: relationshipName, destination: destination,
                                                           toMany: values["toMany"] == "YES", ordered: values["ordered"] == "YES",
                                                           inverse: values["inverseName"]))
            default:
                continue
            }
        }
        return model
    }

    static func unescape(_ text: String) -> String {
        text.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&apos;", with: "'")
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&amp;", with: "&")
    }

    static func identifier(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, first == "_" || CharacterSet.letters.contains(first) else { return false }
        return text.unicodeScalars.allSatisfy { $0 == "_" || CharacterSet.alphanumerics.contains($0) }
    }

    static let keywords: Set<String> = ["class", "default", "func", "import", "in", "init", "let", "var", "protocol", "return", "self", "Self",
                                        "static", "struct", "subscript", "super", "switch", "true", "false", "nil", "where", "while", "for",
                                        "if", "else", "enum", "extension", "operator", "public", "private", "internal", "repeat", "do",
                                        "catch", "throw", "throws", "try", "case", "break", "continue", "guard", "is", "as", "Any", "defer",
                                        "deinit", "fallthrough", "inout", "typealias", "associatedtype", "rethrows", "fileprivate", "open"]

    static func swiftName(_ name: String) -> String { keywords.contains(name) ? "`\(name)`" : name }

    static func literal(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "\n", with: "\\n") + "\""
    }

    /// The Swift type a property has, and the default a scalar reads before it is set.
    static func swiftType(_ attribute: Attribute) -> (type: String, fallback: String?) {
        let scalars = ["Integer 16": "Int16", "Integer 32": "Int32", "Integer 64": "Int64", "Double": "Double", "Float": "Float", "Boolean": "Bool"]
        if attribute.scalar, let scalar = scalars[attribute.type] {
            var fallback = scalar == "Bool" ? "false" : "0"
            if let given = attribute.defaultValue {
                if scalar == "Bool" { fallback = ["YES", "1", "true"].contains(given) ? "true" : "false" }
                else if Double(given) != nil { fallback = given }
            }
            return (scalar, fallback)
        }
        let objects = ["String": "String", "Date": "Date", "UUID": "UUID", "URI": "URL", "Binary": "Data", "Decimal": "NSDecimalNumber",
                       "Integer 16": "NSNumber", "Integer 32": "NSNumber", "Integer 64": "NSNumber", "Double": "NSNumber",
                       "Float": "NSNumber", "Boolean": "NSNumber"]
        if let object = objects[attribute.type] { return (object + "?", nil) }
        if attribute.type == "Transformable", let custom = attribute.customClass, identifier(custom.replacingOccurrences(of: ".", with: "_")) {
            return ("\(custom)?", nil)
        }
        return ("NSObject?", nil)
    }

    /// A default the model gives an attribute, as a Swift literal of its stored type (set on
    /// a new object when it is inserted, as Core Data does): numbers, flags, strings.
    static func defaultLiteral(_ attribute: Attribute) -> String? {
        guard let given = attribute.defaultValue else { return nil }
        switch attribute.type {
        case "Integer 16", "Integer 32", "Integer 64":
            guard let number = Int64(given) else { return nil }
            return "Int64(\(number))"
        case "Double", "Float", "Decimal":
            guard let number = Double(given), number.isFinite else { return nil }
            return attribute.type == "Decimal" ? "NSDecimalNumber(string: \(literal(given)))" : "Double(\(number))"
        case "Boolean":
            return ["YES", "1", "true"].contains(given) ? "true" : "false"
        case "String":
            return literal(given)
        default:
            return nil
        }
    }

    /// The Swift Xcode's code generation writes for this model, on Glance's CoreData.
    public func swift(source: String) -> String {
        var out = "// Generated by Glance's CoreDataModels plugin from \(source.split(separator: "/").last.map(String.init) ?? source); do not edit.\n"
        out += "import CoreData\nimport Foundation\n"
        let byName = Dictionary(entities.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        for entity in entities where entity.generation == "class" || entity.generation == "category" {
            let className = entity.className
            if entity.generation == "class" {
                let parent = entity.parent.flatMap { byName[$0]?.className } ?? "NSManagedObject"
                out += "\npublic class \(className): \(parent) {\n"
                out += "    public override class var _glanceEntityName: String { \(Self.literal(entity.name)) }\n"
                let defaults = entity.attributes.compactMap { attribute -> String? in
                    guard let value = Self.defaultLiteral(attribute) else { return nil }
                    return "\(Self.literal(attribute.name)): \(value)"
                }
                if !defaults.isEmpty {
                    out += "    public override class var _glanceDefaults: [String: Any] { [\(defaults.joined(separator: ", "))] }\n"
                }
                out += "}\n"
            }
            out += "\nextension \(className) {\n"
            out += "    public class func fetchRequest() -> NSFetchRequest<\(className)> { NSFetchRequest<\(className)>(entityName: \(Self.literal(entity.name))) }\n"
            for attribute in entity.attributes {
                let (type, fallback) = Self.swiftType(attribute)
                let key = Self.literal(attribute.name)
                let read = fallback.map { "_glanceValue(\(key), as: \(type).self) ?? \($0)" } ?? "_glanceValue(\(key), as: \(type.dropLast()).self)"
                out += "    public var \(Self.swiftName(attribute.name)): \(type) {\n"
                out += "        get { \(read) }\n        set { setValue(newValue, forKey: \(key)) }\n    }\n"
            }
            for relationship in entity.relationships {
                let key = Self.literal(relationship.name)
                let destination = byName[relationship.destination]?.className ?? relationship.destination
                let name = Self.swiftName(relationship.name)
                // Core Data keeps a relationship's inverse: what is set here is set there.
                let inverse = relationship.inverse.flatMap { inverseName in
                    byName[relationship.destination]?.relationships.first { $0.name == inverseName }
                }
                var inverseArguments = inverse.map { ", inverse: \(Self.literal($0.name)), inverseToMany: \($0.toMany)" } ?? ", inverse: nil, inverseToMany: false"
                if relationship.toMany && relationship.ordered { inverseArguments += ", ordered: true" }
                if relationship.toMany {
                    let set = relationship.ordered ? "NSOrderedSet" : "NSSet"
                    let read = relationship.ordered ? "_glanceOrderedSet(\(key))" : "_glanceSet(\(key))"
                    out += "    public var \(name): \(set)? {\n        get { \(read) }\n"
                    out += "        set { _glanceReplace(\(key), with: newValue.map { Array($0) as [Any] } ?? []\(inverseArguments)) }\n    }\n"
                    let capital = relationship.name.prefix(1).uppercased() + relationship.name.dropFirst()
                    out += "    public func addTo\(capital)(_ value: \(destination)) { _glanceAdd(value, to: \(key)\(inverseArguments)) }\n"
                    out += "    public func removeFrom\(capital)(_ value: \(destination)) { _glanceRemove(value, from: \(key)\(inverseArguments)) }\n"
                    out += "    public func addTo\(capital)(_ values: \(set)) { for case let value as NSManagedObject in values { _glanceAdd(value, to: \(key)\(inverseArguments)) } }\n"
                    out += "    public func removeFrom\(capital)(_ values: \(set)) { for case let value as NSManagedObject in values { _glanceRemove(value, from: \(key)\(inverseArguments)) } }\n"
                } else {
                    out += "    public var \(name): \(destination)? {\n"
                    out += "        get { value(forKey: \(key)) as? \(destination) }\n"
                    out += "        set { _glanceSetRelated(newValue, forKey: \(key)\(inverseArguments)) }\n    }\n"
                }
            }
            out += "}\n"
        }
        return out
    }
}
