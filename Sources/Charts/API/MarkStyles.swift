import Foundation
import GlanceUI

/// A bar's or rectangle's width or height (Swift Charts' `MarkDimension`): automatic,
/// fixed points, a ratio of the band, or the band inset by points. A literal is fixed points.
public struct MarkDimension: Hashable, Sendable, ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral {
    enum Kind: Hashable, Sendable {
        case automatic
        case fixed(CGFloat)
        case ratio(CGFloat)
        case inset(CGFloat)
    }

    let kind: Kind

    init(kind: Kind) { self.kind = kind }

    public static let automatic = MarkDimension(kind: .automatic)
    public static func fixed(_ value: CGFloat) -> MarkDimension { MarkDimension(kind: .fixed(value)) }
    public static func ratio(_ ratio: CGFloat) -> MarkDimension { MarkDimension(kind: .ratio(ratio)) }
    public static func inset(_ value: CGFloat) -> MarkDimension { MarkDimension(kind: .inset(value)) }

    public init(floatLiteral value: Double) { kind = .fixed(CGFloat(value)) }
    public init(integerLiteral value: Int) { kind = .fixed(CGFloat(value)) }
}

/// How marks at the same position stack (Swift Charts' `MarkStackingMethod`).
public struct MarkStackingMethod: Hashable, Sendable {
    enum Kind: Hashable, Sendable { case standard, normalized, center, unstacked }

    let kind: Kind

    /// On top of one another, from zero.
    public static let standard = MarkStackingMethod(kind: .standard)
    /// Stacked and scaled so each stack fills 0…1.
    public static let normalized = MarkStackingMethod(kind: .normalized)
    /// Stacked about the middle (a streamgraph).
    public static let center = MarkStackingMethod(kind: .center)
    /// Each from zero, overlapping.
    public static let unstacked = MarkStackingMethod(kind: .unstacked)
}

/// How a line or area passes through its points (Swift Charts' `InterpolationMethod`).
public struct InterpolationMethod: Hashable, Sendable {
    enum Kind: Hashable, Sendable {
        case linear, monotone, stepStart, stepCenter, stepEnd
        case catmullRom(alpha: Double)
        case cardinal(tension: Double)
    }

    let kind: Kind

    public static let linear = InterpolationMethod(kind: .linear)
    public static let monotone = InterpolationMethod(kind: .monotone)
    public static let catmullRom = InterpolationMethod(kind: .catmullRom(alpha: 0.5))
    public static let cardinal = InterpolationMethod(kind: .cardinal(tension: 0))
    public static let stepStart = InterpolationMethod(kind: .stepStart)
    public static let stepCenter = InterpolationMethod(kind: .stepCenter)
    public static let stepEnd = InterpolationMethod(kind: .stepEnd)
    public static func catmullRom(alpha: Double) -> InterpolationMethod { InterpolationMethod(kind: .catmullRom(alpha: alpha)) }
    public static func cardinal(tension: Double) -> InterpolationMethod { InterpolationMethod(kind: .cardinal(tension: tension)) }
}

/// A shape a point's symbol can be (Swift Charts' `ChartSymbolShape`).
public protocol ChartSymbolShape: Sendable {
    /// The part of the unit square the symbol looks as big as (Swift Charts' requirement).
    var perceptualUnitRect: CGRect { get }
}

/// Swift Charts' built-in symbols: `.symbol(.circle)`.
public struct BasicChartSymbolShape: ChartSymbolShape, Hashable {
    enum Kind: Hashable, Sendable { case circle, square, triangle, diamond, pentagon, plus, cross, asterisk }

    let kind: Kind
    /// `.strokeBorder(lineWidth:)`: an outline of this width instead of a fill.
    var strokeWidth: CGFloat?

    init(kind: Kind) { self.kind = kind }

    public var perceptualUnitRect: CGRect { CGRect(x: 0, y: 0, width: 1, height: 1) }


    /// The symbol as an outline `lineWidth` points wide.
    public func strokeBorder(lineWidth: CGFloat = 1) -> BasicChartSymbolShape {
        var copy = self
        copy.strokeWidth = lineWidth
        return copy
    }

    /// The order `symbol(by:)` hands symbols to series in, as Swift Charts does.
    static let automaticOrder: [BasicChartSymbolShape] = [.circle, .square, .triangle, .diamond, .pentagon, .plus, .cross, .asterisk]
}

extension ChartSymbolShape where Self == BasicChartSymbolShape {
    public static var circle: BasicChartSymbolShape { BasicChartSymbolShape(kind: .circle) }
    public static var square: BasicChartSymbolShape { BasicChartSymbolShape(kind: .square) }
    public static var triangle: BasicChartSymbolShape { BasicChartSymbolShape(kind: .triangle) }
    public static var diamond: BasicChartSymbolShape { BasicChartSymbolShape(kind: .diamond) }
    public static var pentagon: BasicChartSymbolShape { BasicChartSymbolShape(kind: .pentagon) }
    public static var plus: BasicChartSymbolShape { BasicChartSymbolShape(kind: .plus) }
    public static var cross: BasicChartSymbolShape { BasicChartSymbolShape(kind: .cross) }
    public static var asterisk: BasicChartSymbolShape { BasicChartSymbolShape(kind: .asterisk) }
}

/// Where an annotation, a legend or an axis label goes (Swift Charts' `AnnotationPosition`).
public struct AnnotationPosition: Hashable, Sendable {
    enum Kind: Hashable, Sendable { case automatic, overlay, top, bottom, leading, trailing, topLeading, topTrailing, bottomLeading, bottomTrailing }

    let kind: Kind

    public static let automatic = AnnotationPosition(kind: .automatic)
    public static let overlay = AnnotationPosition(kind: .overlay)
    public static let top = AnnotationPosition(kind: .top)
    public static let bottom = AnnotationPosition(kind: .bottom)
    public static let leading = AnnotationPosition(kind: .leading)
    public static let trailing = AnnotationPosition(kind: .trailing)
    public static let topLeading = AnnotationPosition(kind: .topLeading)
    public static let topTrailing = AnnotationPosition(kind: .topTrailing)
    public static let bottomLeading = AnnotationPosition(kind: .bottomLeading)
    public static let bottomTrailing = AnnotationPosition(kind: .bottomTrailing)
}

/// What an annotation's content may ask about its mark (Swift Charts' `AnnotationContext`).
public struct AnnotationContext: Sendable {
    /// The size of the mark being annotated.
    public let targetSize: CGSize
}

/// How an annotation that would leave the plot is kept in (Swift Charts'
/// `AnnotationOverflowResolution`); recorded, placed by the renderer.
public struct AnnotationOverflowResolution: Hashable, Sendable {
    public struct Strategy: Hashable, Sendable {
        enum Kind: Hashable, Sendable { case automatic, fitChart, fitPlot, padScale, disabled }

        let kind: Kind

        public struct Boundary: Hashable, Sendable {
            let isChart: Bool
            public static let automatic = Boundary(isChart: false)
            public static let plot = Boundary(isChart: false)
            public static let chart = Boundary(isChart: true)
        }

        public static let automatic = Strategy(kind: .automatic)
        public static let fit = Strategy(kind: .fitPlot)
        public static func fit(to boundary: Boundary) -> Strategy { Strategy(kind: boundary.isChart ? .fitChart : .fitPlot) }
        public static let padScale = Strategy(kind: .padScale)
        public static let disabled = Strategy(kind: .disabled)
    }

    let x: Strategy
    let y: Strategy

    public init(x: Strategy = .automatic, y: Strategy = .automatic) {
        self.x = x
        self.y = y
    }

    public static let automatic = AnnotationOverflowResolution()
}

/// Shown, hidden or up to Glance (SwiftUI's `Visibility`, which GlanceUI does not have yet).
public enum Visibility: Hashable, Sendable, CaseIterable {
    case automatic, visible, hidden
}
