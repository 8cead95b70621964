import Foundation

/// A kind of alignment line (SwiftUI's `AlignmentID`): its value in a view that does not
/// set one explicitly. Declare one to align views on a line of your own:
///
/// ```swift
/// extension VerticalAlignment {
///     enum IconCentre: AlignmentID {
///         static func defaultValue(in d: ViewDimensions) -> CGFloat { d[VerticalAlignment.center] }
///     }
///     static let iconCentre = VerticalAlignment(IconCentre.self)
/// }
/// ```
public protocol AlignmentID {
    /// The line's position in a view of `context`'s size, in points from its leading or
    /// top edge.
    static func defaultValue(in context: ViewDimensions) -> CGFloat
}

/// Which alignment line: the identity of an ``AlignmentID`` type, and its axis.
// Metatypes never change, so sharing one between threads is safe.
public struct AlignmentKey: Hashable, @unchecked Sendable, CustomStringConvertible {
    public enum Axis: Hashable, Sendable { case horizontal, vertical }

    let id: any AlignmentID.Type
    package let axis: Axis

    init(_ id: any AlignmentID.Type, axis: Axis) {
        self.id = id
        self.axis = axis
    }

    public static func == (a: AlignmentKey, b: AlignmentKey) -> Bool {
        ObjectIdentifier(a.id) == ObjectIdentifier(b.id) && a.axis == b.axis
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(id))
        hasher.combine(axis)
    }

    /// The line where a view sets none: the ID's default for the view's size.
    package func defaultValue(width: Double, height: Double) -> Double {
        Double(id.defaultValue(in: ViewDimensions(width: width, height: height, explicit: { _ in nil })))
    }

    public var description: String { "\(id)" }
}

/// A horizontal alignment line (SwiftUI's `HorizontalAlignment`): where views line up in a
/// `VStack`, and the horizontal half of an ``Alignment``.
public struct HorizontalAlignment: Hashable, Sendable {
    public let key: AlignmentKey

    public init(_ id: any AlignmentID.Type) { key = AlignmentKey(id, axis: .horizontal) }

    public static let leading = HorizontalAlignment(LeadingEdge.self)
    public static let center = HorizontalAlignment(HorizontalCentre.self)
    public static let trailing = HorizontalAlignment(TrailingEdge.self)
}

/// A vertical alignment line (SwiftUI's `VerticalAlignment`): where views line up in an
/// `HStack`, and the vertical half of an ``Alignment``.
public struct VerticalAlignment: Hashable, Sendable {
    public let key: AlignmentKey

    public init(_ id: any AlignmentID.Type) { key = AlignmentKey(id, axis: .vertical) }

    public static let top = VerticalAlignment(TopEdge.self)
    public static let center = VerticalAlignment(VerticalCentre.self)
    public static let bottom = VerticalAlignment(BottomEdge.self)
    /// The baseline of the first line of text; the bottom edge of views without text.
    public static let firstTextBaseline = VerticalAlignment(FirstTextBaseline.self)
    /// The baseline of the last line of text; the bottom edge of views without text.
    public static let lastTextBaseline = VerticalAlignment(LastTextBaseline.self)
}

/// SwiftUI's `Alignment`: a horizontal and a vertical line, for placing a view in a larger
/// box (frames, `ZStack`, overlays and backgrounds).
public struct Alignment: Hashable, Sendable {
    public var horizontal: HorizontalAlignment
    public var vertical: VerticalAlignment

    public init(horizontal: HorizontalAlignment, vertical: VerticalAlignment) {
        self.horizontal = horizontal
        self.vertical = vertical
    }

    public static let center = Alignment(horizontal: .center, vertical: .center)
    public static let leading = Alignment(horizontal: .leading, vertical: .center)
    public static let trailing = Alignment(horizontal: .trailing, vertical: .center)
    public static let top = Alignment(horizontal: .center, vertical: .top)
    public static let bottom = Alignment(horizontal: .center, vertical: .bottom)
    public static let topLeading = Alignment(horizontal: .leading, vertical: .top)
    public static let topTrailing = Alignment(horizontal: .trailing, vertical: .top)
    public static let bottomLeading = Alignment(horizontal: .leading, vertical: .bottom)
    public static let bottomTrailing = Alignment(horizontal: .trailing, vertical: .bottom)
    public static let centerFirstTextBaseline = Alignment(horizontal: .center, vertical: .firstTextBaseline)
    public static let leadingFirstTextBaseline = Alignment(horizontal: .leading, vertical: .firstTextBaseline)
    public static let trailingFirstTextBaseline = Alignment(horizontal: .trailing, vertical: .firstTextBaseline)
    public static let centerLastTextBaseline = Alignment(horizontal: .center, vertical: .lastTextBaseline)
    public static let leadingLastTextBaseline = Alignment(horizontal: .leading, vertical: .lastTextBaseline)
    public static let trailingLastTextBaseline = Alignment(horizontal: .trailing, vertical: .lastTextBaseline)
}

/// A view's size and its alignment lines, as `alignmentGuide` closures and
/// ``AlignmentID/defaultValue(in:)`` see them (SwiftUI's `ViewDimensions`). Points.
public struct ViewDimensions {
    public var width: CGFloat { CGFloat(size.width) }
    public var height: CGFloat { CGFloat(size.height) }
    private let size: Size
    private let explicit: (AlignmentKey) -> Double?

    package init(width: Double, height: Double, explicit: @escaping (AlignmentKey) -> Double?) {
        size = Size(width: width, height: height)
        self.explicit = explicit
    }

    /// The line's position: the value the view sets, else the line's default.
    public subscript(guide: HorizontalAlignment) -> CGFloat { CGFloat(self[guide.key]) }
    public subscript(guide: VerticalAlignment) -> CGFloat { CGFloat(self[guide.key]) }

    /// The value the view sets for the line, or `nil` when it sets none.
    public subscript(explicit guide: HorizontalAlignment) -> CGFloat? { explicit(guide.key).map { CGFloat($0) } }
    public subscript(explicit guide: VerticalAlignment) -> CGFloat? { explicit(guide.key).map { CGFloat($0) } }

    package subscript(key: AlignmentKey) -> Double {
        explicit(key) ?? key.defaultValue(width: size.width, height: size.height)
    }
}

enum LeadingEdge: AlignmentID { static func defaultValue(in d: ViewDimensions) -> CGFloat { 0 } }
enum HorizontalCentre: AlignmentID { static func defaultValue(in d: ViewDimensions) -> CGFloat { d.width / 2 } }
enum TrailingEdge: AlignmentID { static func defaultValue(in d: ViewDimensions) -> CGFloat { d.width } }
enum TopEdge: AlignmentID { static func defaultValue(in d: ViewDimensions) -> CGFloat { 0 } }
enum VerticalCentre: AlignmentID { static func defaultValue(in d: ViewDimensions) -> CGFloat { d.height / 2 } }
enum BottomEdge: AlignmentID { static func defaultValue(in d: ViewDimensions) -> CGFloat { d.height } }
enum FirstTextBaseline: AlignmentID { static func defaultValue(in d: ViewDimensions) -> CGFloat { d.height } }
enum LastTextBaseline: AlignmentID { static func defaultValue(in d: ViewDimensions) -> CGFloat { d.height } }
