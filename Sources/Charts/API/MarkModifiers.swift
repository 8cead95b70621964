import Foundation
import GlanceGraphics
import GlanceUI

/// Chart content under a modifier: every mark of the content changed by `apply`.
public struct _ModifiedChartContent<Content: ChartContent>: ChartContent {
    public typealias Body = Never
    let content: Content
    let apply: (inout ResolvedMark, EnvironmentValues) -> Void

    public func _chartMarks(in environment: EnvironmentValues) -> _ResolvedChartContent {
        _ResolvedChartContent(content._chartMarks(in: environment).marks.map { mark in
            var mark = mark
            apply(&mark, environment)
            return mark
        })
    }
}

extension ChartContent {
    func modifyingMarks(_ apply: @escaping (inout ResolvedMark, EnvironmentValues) -> Void) -> _ModifiedChartContent<Self> {
        _ModifiedChartContent(content: self, apply: apply)
    }

    // MARK: Styles

    /// The marks drawn in `style` (a colour, a gradient).
    public func foregroundStyle<S: ShapeStyle>(_ style: S) -> some ChartContent {
        modifyingMarks { mark, environment in
            switch style.fill(in: environment) {
            case .color(let color): mark.color = color; mark.style = nil
            default: mark.color = nil; mark.style = ChartStyle(style: style)
            }
        }
    }

    /// The marks coloured by series: one colour per value, and a legend entry.
    public func foregroundStyle<D: Plottable>(by value: PlottableValue<D>) -> some ChartContent {
        modifyingMarks { mark, _ in
            mark.series = value.value.seriesKey
            mark.seriesLabel = value.label
            if case .number(let number) = value.value { mark.seriesNumber = number }
        }
    }

    public func opacity(_ value: Double) -> some ChartContent {
        modifyingMarks { mark, _ in mark.opacity *= value }
    }

    public func cornerRadius(_ radius: CGFloat, style: RoundedCornerStyle = .circular) -> some ChartContent {
        modifyingMarks { mark, _ in mark.cornerRadius = radius }
    }

    /// Bars and rectangles cut to `shape`: a capsule or circle rounds them fully, a
    /// rounded rectangle by its radius; other shapes leave them square.
    public func clipShape(_ shape: some Shape, style: FillStyle = FillStyle()) -> some ChartContent {
        let radius: CGFloat? = switch shape._builtinKind?.kind {
        case .capsule?, .circle?: .greatestFiniteMagnitude
        case .roundedRectangle(let cornerRadius)?: CGFloat(cornerRadius)
        default: nil
        }
        return modifyingMarks { mark, _ in if let radius { mark.cornerRadius = radius } }
    }

    public func lineStyle(_ style: StrokeStyle) -> some ChartContent {
        modifyingMarks { mark, _ in mark.lineStyle = style }
    }

    public func interpolationMethod(_ method: InterpolationMethod) -> some ChartContent {
        modifyingMarks { mark, _ in mark.interpolation = method }
    }

    public func zIndex(_ value: Double) -> some ChartContent {
        modifyingMarks { mark, _ in mark.zIndex = value }
    }

    // MARK: Symbols

    public func symbol<S: ChartSymbolShape>(_ symbol: S) -> some ChartContent {
        modifyingMarks { mark, _ in mark.symbol = symbol as? BasicChartSymbolShape ?? .circle }
    }

    /// A symbol of your own view: recorded as a circle until the renderer draws views as
    /// symbols.
    public func symbol<V: View>(@ViewBuilder symbol: () -> V) -> some ChartContent {
        modifyingMarks { mark, _ in mark.symbol = .circle }
    }

    /// The marks' symbols by series: one shape per value.
    public func symbol<D: Plottable>(by value: PlottableValue<D>) -> some ChartContent {
        modifyingMarks { mark, _ in mark.symbolKey = value.value.seriesKey; mark.symbolLabel = value.label }
    }

    /// The symbol's area in square points, as in Swift Charts.
    public func symbolSize(_ size: CGFloat) -> some ChartContent {
        modifyingMarks { mark, _ in
            let side = size.squareRoot()
            mark.symbolSize = CGSize(width: side, height: side)
        }
    }

    public func symbolSize(_ size: CGSize) -> some ChartContent {
        modifyingMarks { mark, _ in mark.symbolSize = size }
    }

    /// The marks' symbol sizes by series value (a bubble chart).
    public func symbolSize<D: Plottable>(by value: PlottableValue<D>) -> some ChartContent {
        modifyingMarks { mark, _ in mark.symbolSizeValue = value.value; mark.symbolSizeLabel = value.label }
    }

    /// The marks' line styles (dashes) by series value.
    public func lineStyle<D: Plottable>(by value: PlottableValue<D>) -> some ChartContent {
        modifyingMarks { mark, _ in mark.lineStyleKey = value.value.seriesKey; mark.lineStyleLabel = value.label }
    }

    /// The marks moved by points.
    public func offset(x: CGFloat = 0, y: CGFloat = 0) -> some ChartContent {
        modifyingMarks { mark, _ in mark.offset.width += x; mark.offset.height += y }
    }

    public func offset(_ size: CGSize) -> some ChartContent { offset(x: size.width, y: size.height) }

    /// Accepted for source compatibility; a panel draws no blur or shadow.
    public func blur(radius: CGFloat) -> some ChartContent { self }
    public func shadow(color: Color = Color(.sRGBLinear, white: 0, opacity: 0.33), radius: CGFloat, x: CGFloat = 0, y: CGFloat = 0) -> some ChartContent { self }

    /// Gradients and styles over the whole plot area rather than each mark's bounds.
    public func alignsMarkStylesWithPlotArea(_ aligns: Bool = true) -> some ChartContent {
        modifyingMarks { mark, _ in mark.alignsStylesWithPlotArea = aligns }
    }

    // MARK: Position

    /// Bars side by side within their band, one slot per value (grouped bars).
    public func position<P: Plottable>(by value: PlottableValue<P>, axis: Axis? = nil, span: MarkDimension = .automatic) -> some ChartContent {
        modifyingMarks { mark, _ in mark.positionKey = value.value.seriesKey; mark.positionLabel = value.label }
    }

    // MARK: Annotations

    public func annotation<C: View>(position: AnnotationPosition = .automatic, alignment: Alignment = .center, spacing: CGFloat? = nil,
                                    @ViewBuilder content: () -> C) -> some ChartContent {
        let view = AnyView(content())
        return annotating(position, alignment, spacing, .automatic) { _ in view }
    }

    public func annotation<C: View>(position: AnnotationPosition = .automatic, alignment: Alignment = .center, spacing: CGFloat? = nil,
                                    @ViewBuilder content: @escaping (AnnotationContext) -> C) -> some ChartContent {
        annotating(position, alignment, spacing, .automatic) { AnyView(content($0)) }
    }

    public func annotation<C: View>(position: AnnotationPosition = .automatic, alignment: Alignment = .center, spacing: CGFloat? = nil,
                                    overflowResolution: AnnotationOverflowResolution, @ViewBuilder content: () -> C) -> some ChartContent {
        let view = AnyView(content())
        return annotating(position, alignment, spacing, overflowResolution) { _ in view }
    }

    public func annotation<C: View>(position: AnnotationPosition = .automatic, alignment: Alignment = .center, spacing: CGFloat? = nil,
                                    overflowResolution: AnnotationOverflowResolution,
                                    @ViewBuilder content: @escaping (AnnotationContext) -> C) -> some ChartContent {
        annotating(position, alignment, spacing, overflowResolution) { AnyView(content($0)) }
    }

    private func annotating(_ position: AnnotationPosition, _ alignment: Alignment, _ spacing: CGFloat?, _ overflow: AnnotationOverflowResolution,
                            _ content: @escaping (AnnotationContext) -> AnyView) -> _ModifiedChartContent<Self> {
        let annotation = MarkAnnotation(position: position, alignment: alignment, spacing: spacing, overflowResolution: overflow, content: content)
        return modifyingMarks { mark, _ in mark.annotations.append(annotation) }
    }

    // MARK: Accessibility (no-ops on paper)

    /// Accepted for source compatibility; a panel has no accessibility tree.
    public func accessibilityLabel(_ label: Text) -> some ChartContent { self }
    public func accessibilityLabel(_ labelKey: LocalizedStringKey) -> some ChartContent { self }
    @_disfavoredOverload
    public func accessibilityLabel<S: StringProtocol>(_ label: S) -> some ChartContent { self }
    public func accessibilityValue(_ value: Text) -> some ChartContent { self }
    public func accessibilityValue(_ valueKey: LocalizedStringKey) -> some ChartContent { self }
    @_disfavoredOverload
    public func accessibilityValue<S: StringProtocol>(_ value: S) -> some ChartContent { self }
    public func accessibilityHidden(_ hidden: Bool) -> some ChartContent { self }
    public func accessibilityIdentifier(_ identifier: String) -> some ChartContent { self }
}
