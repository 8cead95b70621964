import GlanceUI
/// How much work layout did: sizes computed (not answered from memory). Tests use it to
/// check that layout grows linearly with the tree, without timing anything.
public struct LayoutStatistics: Sendable {
    public var sizesComputed = 0
    /// Texts laid out with FreeType (not answered from memory), each size tried once.
    public var textLayouts = 0
    /// Picture files read (for their size, or to decode them).
    public var pictureFileReads = 0
}
