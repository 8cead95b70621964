import SwiftCompilerPlugin
import SwiftSyntax
import SwiftSyntaxMacros

/// `#Preview { … }` and `#Preview(as: .systemSmall) { Widget() } timeline: { … }`:
/// Xcode's canvas previews. A wall display has no canvas, so the macro expands to
/// nothing; its arguments are still type-checked, so a preview that would not compile on
/// iOS does not compile here either.
public struct PreviewMacro: DeclarationMacro {
    public static func expansion(of node: some FreestandingMacroExpansionSyntax, in context: some MacroExpansionContext) throws -> [DeclSyntax] {
        []
    }
}

@main
struct GlanceMacrosPlugin: CompilerPlugin {
    let providingMacros: [Macro.Type] = [PreviewMacro.self]
}
