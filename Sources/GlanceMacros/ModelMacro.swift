// SwiftData's `@Model`, read from the class's source text (no swift-syntax; see main.swift).
//
// The member role adds how each stored property is saved and read back:
//
//     public let _glanceStorage = SwiftData.ModelStorage()
//     public required init(_glanceRow row: SwiftData.ModelRow) throws { self.name = try row.value(for: "name") … }
//     public func _glanceEncode(into row: inout SwiftData.ModelRow) throws { try row.set(self.name, for: "name") … }
//
// and the extension role the conformance to `PersistentModel`. A stored property is a
// `var` or `let` directly in the class's body that is not `static`/`class`/`lazy`, not
// computed (a `{` before any `=`, other than `willSet`/`didSet`), not `@Transient`, and
// not a `let` that already has a value. The property's type is never read: `row.value`
// is generic over what it is assigned to.

enum ModelMacro {
    static func expand(_ use: HostMessage.Attached) -> String {
        switch use.macroRole {
        case "extension":
            guard let type = use.extendedTypeSyntax?.source.trimmingWhitespace, !type.isEmpty else { return "" }
            // The compiler lists the conformances the type does not have yet.
            if let list = use.conformanceListSyntax?.source, !list.contains("PersistentModel") { return "" }
            return "extension \(type): SwiftData.PersistentModel {}"
        case "member":
            let names = storedProperties(of: use.declSyntax.source)
            let reads = names.map { "        self.\($0) = try row.value(for: \"\(unquoted($0))\")" }
            let writes = names.map { "        try row.set(self.\($0), for: \"\(unquoted($0))\")" }
            return """
                public let _glanceStorage = SwiftData.ModelStorage()

                public required init(_glanceRow row: SwiftData.ModelRow) throws {
                \(reads.joined(separator: "\n"))
                }

                public func _glanceEncode(into row: inout SwiftData.ModelRow) throws {
                \(writes.joined(separator: "\n"))
                }
                """
        default:
            return ""
        }
    }

    static func unquoted(_ name: String) -> String { name.filter { $0 != "`" } }

    /// The names of the stored properties declared in the body of the class in `source`.
    static func storedProperties(of source: String) -> [String] {
        let text = Array(blankingCommentsAndStrings(source))
        guard let open = text.firstIndex(of: "{") else { return [] }
        var statements: [String] = []
        var current = ""
        var depth = 0
        var index = open + 1
        while index < text.count {
            let character = text[index]
            switch character {
            case "{", "(", "[":
                depth += 1
                current.append(character)
            case "}", ")", "]":
                if depth == 0 {
                    // The class's closing brace.
                    statements.append(current)
                    return properties(in: statements)
                }
                depth -= 1
                current.append(character)
            case "\n" where depth == 0, ";" where depth == 0:
                statements.append(current)
                current = ""
            default:
                current.append(character)
            }
            index += 1
        }
        statements.append(current)
        return properties(in: statements)
    }

    private static func properties(in statements: [String]) -> [String] {
        var names: [String] = []
        var pendingAttributes = ""
        for raw in statements {
            let statement = (pendingAttributes + " " + raw).trimmingWhitespace
            if statement.isEmpty || statement.hasPrefix("#") { pendingAttributes = ""; continue }
            var rest = Substring(statement)
            var transient = false
            // Attributes: `@Name` with an optional parenthesised argument list.
            while rest.hasPrefix("@") {
                let nameEnd = rest.dropFirst().firstIndex { !($0.isLetter || $0.isNumber || $0 == "_" || $0 == ".") } ?? rest.endIndex
                let name = rest[rest.index(after: rest.startIndex)..<nameEnd]
                if name == "Transient" || name.hasSuffix(".Transient") { transient = true }
                rest = rest[nameEnd...]
                if rest.first == "(" { rest = skipBalanced(rest) }
                rest = rest.drop { $0 == " " || $0 == "\t" }
            }
            if rest.isEmpty {
                // Attributes on a line of their own belong to the next declaration.
                pendingAttributes = statement
                continue
            }
            pendingAttributes = ""
            var words = rest.split(separator: " ", omittingEmptySubsequences: true)
            var skip = transient
            let modifiers: Set<Substring> = ["public", "private", "fileprivate", "internal", "package", "open", "final", "nonisolated",
                                             "override", "dynamic", "weak", "unowned", "required", "convenience", "mutating"]
            while let first = words.first {
                let bare = first.split(separator: "(").first ?? first
                if bare == "static" || bare == "class" || bare == "lazy" {
                    skip = true
                } else if !modifiers.contains(bare) {
                    break
                }
                words.removeFirst()
            }
            guard let keyword = words.first, keyword == "var" || keyword == "let", words.count > 1, !skip else { continue }
            let declaration = words.dropFirst().joined(separator: " ")
            // The name: an identifier, or a backquoted one; a tuple pattern is not a stored model property.
            guard let nameEnd = declaration.firstIndex(where: { !($0.isLetter || $0.isNumber || $0 == "_" || $0 == "`") }) ?? Optional(declaration.endIndex),
                  nameEnd > declaration.startIndex else { continue }
            let name = String(declaration[..<nameEnd])
            let after = declaration[nameEnd...]
            let equals = after.firstIndex(of: "=")
            if let brace = after.firstIndex(of: "{"), equals.map({ brace < $0 }) ?? true {
                let block = after[after.index(after: brace)...].trimmingWhitespace
                // Observers keep the property stored; any other block makes it computed.
                guard block.hasPrefix("willSet") || block.hasPrefix("didSet") else { continue }
            }
            if keyword == "let", equals != nil { continue }
            names.append(name)
            // `var a, b: Int` and `var a = 0, b = 1` declare more than one.
            for part in splitAtTopLevelCommas(String(after)).dropFirst() {
                let trimmed = part.trimmingWhitespace
                guard let end = trimmed.firstIndex(where: { !($0.isLetter || $0.isNumber || $0 == "_" || $0 == "`") }) ?? Optional(trimmed.endIndex),
                      end > trimmed.startIndex else { continue }
                let rest = trimmed[end...].trimmingWhitespace
                // A name is followed by its type, its value or nothing (not `Int>` of a generic type).
                guard rest.isEmpty || rest.hasPrefix(":") || rest.hasPrefix("=") else { continue }
                if keyword == "let", rest.contains("=") { continue }
                names.append(String(trimmed[..<end]))
            }
        }
        return names
    }

    /// `text` split at the commas outside brackets, parentheses, braces and angle brackets.
    static func splitAtTopLevelCommas(_ text: String) -> [String] {
        var parts: [String] = [], current = "", depth = 0
        for character in text {
            switch character {
            case "(", "[", "{", "<": depth += 1
            case ")", "]", "}", ">": depth = max(depth - 1, 0)
            case "," where depth == 0:
                parts.append(current)
                current = ""
                continue
            default: break
            }
            current.append(character)
        }
        parts.append(current)
        return parts
    }

    /// `text` from an opening parenthesis to just past its partner.
    private static func skipBalanced(_ text: Substring) -> Substring {
        var depth = 0
        var index = text.startIndex
        while index < text.endIndex {
            if text[index] == "(" { depth += 1 }
            if text[index] == ")" {
                depth -= 1
                if depth == 0 { return text[text.index(after: index)...] }
            }
            index = text.index(after: index)
        }
        return text[text.endIndex...]
    }

    /// `source` with comments and the insides of string literals turned into spaces (line
    /// breaks kept), so braces and keywords in them are not read as code.
    static func blankingCommentsAndStrings(_ source: String) -> String {
        let characters = Array(source)
        var output: [Character] = []
        output.reserveCapacity(characters.count)
        var index = 0
        func at(_ offset: Int) -> Character? { index + offset < characters.count ? characters[index + offset] : nil }
        while index < characters.count {
            let character = characters[index]
            if character == "/", at(1) == "/" {
                while index < characters.count, characters[index] != "\n" { output.append(" "); index += 1 }
            } else if character == "/", at(1) == "*" {
                var depth = 0
                repeat {
                    if characters[index] == "/", at(1) == "*" { depth += 1; output += [" ", " "]; index += 2; continue }
                    if characters[index] == "*", at(1) == "/" { depth -= 1; output += [" ", " "]; index += 2; continue }
                    output.append(characters[index] == "\n" ? "\n" : " ")
                    index += 1
                } while index < characters.count && depth > 0
            } else if character == "\"" {
                let triple = at(1) == "\"" && at(2) == "\""
                let quote = triple ? 3 : 1
                output += Array(repeating: "\"", count: quote)
                index += quote
                while index < characters.count {
                    if characters[index] == "\\" {
                        output += [" ", " "]
                        index += 2
                        continue
                    }
                    if characters[index] == "\"", !triple || (at(1) == "\"" && at(2) == "\"") {
                        output += Array(repeating: "\"", count: quote)
                        index += quote
                        break
                    }
                    output.append(characters[index] == "\n" ? "\n" : " ")
                    index += 1
                }
            } else {
                output.append(character)
                index += 1
            }
        }
        return String(output)
    }
}

extension StringProtocol {
    var trimmingWhitespace: String {
        let scalars = unicodeScalars.drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        var result = String(String.UnicodeScalarView(scalars))
        while let last = result.last, last == " " || last == "\t" || last == "\n" || last == "\r" { result.removeLast() }
        return result
    }
}
