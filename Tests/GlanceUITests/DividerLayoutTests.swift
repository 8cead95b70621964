import GlanceRender
import GlanceText
import GlanceUI
import Testing

/// A divider is a rule across its stack: vertical in an HStack, horizontal in a VStack.
@Suite struct DividerLayoutTests: LayoutProbing {
    let renderer: ViewRenderer

    init() throws { renderer = ViewRenderer(fonts: try FontLibrary()) }

    func dividers(_ box: LayoutBox) -> [LayoutBox] {
        if case .divider = box.node { return [box] }
        return box.children.flatMap(dividers)
    }

    @Test func inAnHStackItIsAVerticalRuleAsTallAsTheStack() throws {
        let box = layout(HStack(spacing: 8) { Text("left"); Divider(); Text("right") }.frame(height: 40), width: 200, height: 100)
        let rule = try #require(dividers(box).first)
        #expect(rule.rect.width == 1)
        #expect(rule.rect.height == 40)
    }

    @Test func inAVStackItIsAHorizontalRuleAsWideAsTheStack() throws {
        let box = layout(VStack(spacing: 8) { Text("top"); Divider(); Text("bottom") }.frame(width: 120), width: 200, height: 100)
        let rule = try #require(dividers(box).first)
        #expect(rule.rect.height == 1)
        #expect(rule.rect.width == 120)
    }
}
