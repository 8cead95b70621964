import SwiftParser
import SwiftSyntax

/// One use of a name, before it is attributed to a framework.
struct Use: Hashable {
    enum Kind: String, CaseIterable {
        /// `import X`
        case `import`
        /// A type named where a type goes (`Timeline<Entry>`, `-> some View`).
        case type
        /// A type's initialiser: `Text(_:style:)`, `VStack(alignment:){}`.
        case initializer = "init"
        /// A conformance: `struct Provider: TimelineProvider`.
        case conformance
        /// A member reached through a type: `WidgetCenter.shared`, `Font.system(size:)`.
        case staticMember = "static"
        /// A method or modifier called on a value: `.font(_:)`, `.reloadAllTimelines()`.
        case method
        /// A property read on a value: `.bounds`, `.widgetFamily`.
        case property
        /// A member written with a leading dot: `.caption`, `.after(_:)`.
        case implicit
        /// An attribute or property wrapper: `@Environment(\.widgetFamily)`, `@main`.
        case attribute
        /// A macro: `#Preview(as:)`.
        case macro
    }

    var kind: Kind
    /// The name the framework is decided by: a type's, or a member's.
    var name: String
    /// For a static member, the type it was reached through.
    var base: String?
    /// How it was written, without its values: `Text(_:style:)`, `.font(_:)`, `Color.blue`.
    var shape: String
    /// The call a leading-dot member was an argument of (`font(_:)`), or "".
    var context: String = ""
}

/// Every use of a name in one file, read by swift-syntax (no type checking: a name is what
/// the source spells).
final class Extractor: SyntaxVisitor {
    private(set) var uses: [Use] = []
    /// Names the file itself declares (types, functions, properties, cases).
    private(set) var declared: Set<String> = []
    /// What the file adds to another module's type: `Color(hex:)` for an `init(hex:)` in
    /// `extension Color`, `Color.widgetBackground` for a static member there. A use of one is
    /// the repository's own code, not Apple's.
    private(set) var declaredShapes: Set<String> = []
    private var extended: [String] = []

    static func uses(in text: String) -> (uses: [Use], declared: Set<String>, shapes: Set<String>) {
        let tree = Parser.parse(source: text)
        let extractor = Extractor(viewMode: .sourceAccurate)
        extractor.walk(tree)
        return (extractor.uses, extractor.declared, extractor.declaredShapes)
    }

    /// The shapes a call of an initialiser with these parameters can have: any defaulted
    /// parameter left out, and the last one or two closures written as trailing closures.
    static func callShapes(of parameters: FunctionParameterListSyntax) -> Set<String> {
        let all = parameters.map { (label: $0.firstName.text, defaulted: $0.defaultValue != nil,
                                    closure: $0.type.trimmedDescription.contains("->")) }
        guard all.count <= 8 else { return [] }
        var shapes: Set<String> = []
        for mask in 0..<(1 << all.count) {
            // A bit set leaves that parameter out; only defaulted ones may be.
            let kept = all.enumerated().filter { mask & (1 << $0.offset) == 0 }.map(\.element)
            guard all.enumerated().allSatisfy({ mask & (1 << $0.offset) == 0 || $0.element.defaulted }) else { continue }
            for trailing in 0...min(2, kept.count) {
                let tail = kept.suffix(trailing)
                guard tail.allSatisfy(\.closure) else { continue }
                let inside = kept.dropLast(trailing).map { $0.label + ":" }.joined()
                var closures = ""
                for (index, parameter) in tail.enumerated() { closures += index == 0 ? "{}" : parameter.label + ":{}" }
                shapes.insert("(" + inside + ")" + closures)
            }
        }
        return shapes
    }

    static func labels(_ arguments: LabeledExprListSyntax, trailing: ClosureExprSyntax?, more: MultipleTrailingClosureElementListSyntax) -> String {
        var text = "(" + arguments.map { ($0.label?.text ?? "_") + ":" }.joined()
        var closures = ""
        if trailing != nil { closures += "{}" }
        for element in more { closures += element.label.text + ":{}" }
        text += ")"
        return text + closures
    }

    static func isTypeName(_ name: String) -> Bool { name.first.map { $0.isUppercase } ?? false }

    // MARK: Declarations

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        let type = node.extendedType.as(MemberTypeSyntax.self)?.name.text ?? node.extendedType.as(IdentifierTypeSyntax.self)?.name.text ?? ""
        extended.append(type)
        return .visitChildren
    }
    override func visitPost(_ node: ExtensionDeclSyntax) { extended.removeLast() }

    override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
        if let type = extended.last, !type.isEmpty {
            for shape in Self.callShapes(of: node.signature.parameterClause.parameters) { declaredShapes.insert(type + shape) }
        }
        return .visitChildren
    }

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        if let type = extended.last, !type.isEmpty, node.modifiers.contains(where: { ["static", "class"].contains($0.name.text) }) {
            for binding in node.bindings {
                if let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text { declaredShapes.insert(type + "." + name) }
            }
        }
        return .visitChildren
    }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind { declared.insert(node.name.text); return .visitChildren }
    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind { declared.insert(node.name.text); return .visitChildren }
    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind { declared.insert(node.name.text); return .visitChildren }
    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind { declared.insert(node.name.text); return .visitChildren }
    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind { declared.insert(node.name.text); return .visitChildren }
    override func visit(_ node: TypeAliasDeclSyntax) -> SyntaxVisitorContinueKind { declared.insert(node.name.text); return .visitChildren }
    override func visit(_ node: AssociatedTypeDeclSyntax) -> SyntaxVisitorContinueKind { declared.insert(node.name.text); return .visitChildren }
    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        declared.insert(node.name.text)
        if let type = extended.last, !type.isEmpty, node.modifiers.contains(where: { ["static", "class"].contains($0.name.text) }) {
            for shape in Self.callShapes(of: node.signature.parameterClause.parameters) { declaredShapes.insert(type + "." + node.name.text + shape) }
        }
        return .visitChildren
    }
    override func visit(_ node: EnumCaseElementSyntax) -> SyntaxVisitorContinueKind {
        declared.insert(node.name.text)
        if let type = extended.last, !type.isEmpty { declaredShapes.insert(type + "." + node.name.text) }
        return .visitChildren
    }
    override func visit(_ node: GenericParameterSyntax) -> SyntaxVisitorContinueKind { declared.insert(node.name.text); return .visitChildren }
    override func visit(_ node: MacroDeclSyntax) -> SyntaxVisitorContinueKind { declared.insert(node.name.text); return .visitChildren }
    override func visit(_ node: FunctionParameterSyntax) -> SyntaxVisitorContinueKind {
        declared.insert((node.secondName ?? node.firstName).text)
        return .visitChildren
    }
    override func visit(_ node: ClosureShorthandParameterSyntax) -> SyntaxVisitorContinueKind { declared.insert(node.name.text); return .visitChildren }
    override func visit(_ node: ClosureParameterSyntax) -> SyntaxVisitorContinueKind {
        declared.insert((node.secondName ?? node.firstName).text)
        return .visitChildren
    }
    override func visit(_ node: IfConfigClauseSyntax) -> SyntaxVisitorContinueKind {
        // `#if DEBUG`, `#if os(iOS)`: conditions of the build, not names of an API.
        if let elements = node.elements { walk(elements) }
        return .skipChildren
    }

    override func visit(_ node: IdentifierPatternSyntax) -> SyntaxVisitorContinueKind {
        // Properties and locals: `let date`, `var body`.
        declared.insert(node.identifier.text)
        return .visitChildren
    }

    // MARK: Uses

    override func visit(_ node: ImportDeclSyntax) -> SyntaxVisitorContinueKind {
        if let first = node.path.first?.name.text {
            uses.append(Use(kind: .import, name: first, shape: "import " + node.path.map(\.name.text).joined(separator: ".")))
        }
        return .skipChildren
    }

    override func visit(_ node: InheritedTypeSyntax) -> SyntaxVisitorContinueKind {
        if let type = node.type.as(IdentifierTypeSyntax.self) {
            uses.append(Use(kind: .conformance, name: type.name.text, shape: ": " + type.name.text))
            if let arguments = type.genericArgumentClause { walk(arguments) }
            return .skipChildren
        }
        return .visitChildren
    }

    override func visit(_ node: IdentifierTypeSyntax) -> SyntaxVisitorContinueKind {
        let name = node.name.text
        if name != "Self" && name != "Any" { uses.append(Use(kind: .type, name: name, shape: name)) }
        return .visitChildren
    }

    override func visit(_ node: MemberTypeSyntax) -> SyntaxVisitorContinueKind {
        // `Font.Weight`, `WidgetFamily.Set`: the outer type counts, with the nested name.
        if let base = node.baseType.as(IdentifierTypeSyntax.self) {
            uses.append(Use(kind: .staticMember, name: node.name.text, base: base.name.text, shape: base.name.text + "." + node.name.text))
        }
        return .visitChildren
    }

    override func visit(_ node: AttributeSyntax) -> SyntaxVisitorContinueKind {
        guard let type = node.attributeName.as(IdentifierTypeSyntax.self) else { return .visitChildren }
        let name = type.name.text
        var shape = "@" + name
        if case .argumentList(let arguments) = node.arguments {
            if name == "Environment", let path = arguments.first?.expression.as(KeyPathExprSyntax.self) {
                shape += "(\\." + path.components.map { $0.component.trimmedDescription.trimmingPrefix(".") }.joined(separator: ".") + ")"
            } else {
                shape += Self.labels(arguments, trailing: nil, more: [])
            }
            walk(arguments)
        }
        uses.append(Use(kind: .attribute, name: name, shape: shape))
        if let generics = type.genericArgumentClause { walk(generics) }
        return .skipChildren
    }

    override func visit(_ node: MacroExpansionExprSyntax) -> SyntaxVisitorContinueKind {
        uses.append(Use(kind: .macro, name: node.macroName.text,
                        shape: "#" + node.macroName.text + Self.labels(node.arguments, trailing: node.trailingClosure, more: node.additionalTrailingClosures)))
        return .visitChildren
    }

    override func visit(_ node: MacroExpansionDeclSyntax) -> SyntaxVisitorContinueKind {
        uses.append(Use(kind: .macro, name: node.macroName.text,
                        shape: "#" + node.macroName.text + Self.labels(node.arguments, trailing: node.trailingClosure, more: node.additionalTrailingClosures)))
        return .visitChildren
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        let labels = Self.labels(node.arguments, trailing: node.trailingClosure, more: node.additionalTrailingClosures)
        var callee = ExprSyntax(node.calledExpression)
        if let specialised = callee.as(GenericSpecializationExprSyntax.self) {
            walk(specialised.genericArgumentClause)
            callee = specialised.expression
        }
        if let reference = callee.as(DeclReferenceExprSyntax.self) {
            let name = reference.baseName.text
            if Self.isTypeName(name) { uses.append(Use(kind: .initializer, name: name, shape: name + labels)) }
            // A free function (`min`, `os_log`) counts by its name.
            else { uses.append(Use(kind: .method, name: name, shape: name + labels)) }
        } else if let member = callee.as(MemberAccessExprSyntax.self) {
            let name = member.declName.baseName.text
            if let base = member.base {
                if let type = base.as(DeclReferenceExprSyntax.self), Self.isTypeName(type.baseName.text) {
                    if type.baseName.text == "Self" {
                    } else if name == "init" {
                        uses.append(Use(kind: .initializer, name: type.baseName.text, shape: type.baseName.text + labels))
                    } else {
                        uses.append(Use(kind: .staticMember, name: name, base: type.baseName.text, shape: type.baseName.text + "." + name + labels))
                    }
                } else {
                    uses.append(Use(kind: .method, name: name, shape: "." + name + labels))
                    walk(base)
                }
            } else {
                uses.append(Use(kind: .implicit, name: name, shape: "." + name + labels, context: context(of: node)))
            }
        } else {
            walk(callee)
        }
        arguments(of: node)
        return .skipChildren
    }

    private func arguments(of node: FunctionCallExprSyntax) {
        walk(node.arguments)
        if let trailing = node.trailingClosure { walk(trailing) }
        walk(node.additionalTrailingClosures)
    }

    override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
        let name = node.declName.baseName.text
        guard let base = node.base else {
            uses.append(Use(kind: .implicit, name: name, shape: "." + name, context: context(of: node)))
            return .skipChildren
        }
        if let type = base.as(DeclReferenceExprSyntax.self), Self.isTypeName(type.baseName.text) {
            if type.baseName.text != "Self" {
                uses.append(Use(kind: .staticMember, name: name, base: type.baseName.text, shape: type.baseName.text + "." + name))
            }
            return .skipChildren
        }
        if !(name.first?.isNumber ?? false) { uses.append(Use(kind: .property, name: name, shape: "." + name)) }
        return .visitChildren
    }

    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        // A type named alone as a value: `Color`, in `Color.blue` handled above; `Text.self`.
        let name = node.baseName.text
        if Self.isTypeName(name) && name != "Self" { uses.append(Use(kind: .type, name: name, shape: name)) }
        return .skipChildren
    }

    /// The call a leading-dot member is an argument of: `font(_:)` for `.font(.caption)`.
    private func context(of node: some SyntaxProtocol) -> String {
        var current = Syntax(node)
        var label = "_"
        while let parent = current.parent {
            if let argument = parent.as(LabeledExprSyntax.self) { label = argument.label?.text ?? "_" }
            if let call = parent.as(FunctionCallExprSyntax.self), call.calledExpression.id != current.id {
                var name: String
                if let member = call.calledExpression.as(MemberAccessExprSyntax.self) {
                    name = member.declName.baseName.text
                    if let base = member.base?.as(DeclReferenceExprSyntax.self), Self.isTypeName(base.baseName.text) { name = base.baseName.text + "." + name }
                } else if let reference = call.calledExpression.as(DeclReferenceExprSyntax.self) {
                    name = reference.baseName.text
                } else { return "" }
                return name + "(" + label + ":)"
            }
            if parent.is(CodeBlockItemSyntax.self) || parent.is(ClosureExprSyntax.self) { return "" }
            current = parent
        }
        return ""
    }
}

extension String {
    func trimmingPrefix(_ prefix: String) -> String { hasPrefix(prefix) ? String(dropFirst(prefix.count)) : self }
}
