import GlanceUI
/// How much work layout did: sizes computed (not answered from memory). Tests use it to
/// check that layout grows linearly with the tree, without timing anything.
public struct LayoutStatistics: Sendable {
    public var sizesComputed = 0
}
