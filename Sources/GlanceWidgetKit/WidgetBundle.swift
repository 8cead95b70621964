/// Several widgets shipped as one executable (WidgetKit's `WidgetBundle`):
///
/// ```swift
/// @main
/// struct MyWidgets: WidgetBundle {
///     var body: some Widget {
///         WeatherWidget()
///         if #available(iOS 17.0, *) { CounterWidget() }
///     }
/// }
/// ```
///
/// Its executable renders and runs any of its widgets by kind (`render KIND`), the
/// first one when no kind is named.
public protocol WidgetBundle {
    associatedtype Body: Widget
    init()
    @WidgetBundleBuilder var body: Body { get }
}

/// The widgets of a bundle's `body`, in order (what `@WidgetBundleBuilder` makes). As a
/// widget of its own it stands for all of them.
public struct BundledWidgets: Widget {
    public let descriptors: [WidgetDescriptor]

    public init() { descriptors = [] }

    init(_ descriptors: [WidgetDescriptor]) { self.descriptors = descriptors }

    public var body: BundleConfiguration { BundleConfiguration(descriptors: descriptors) }
}

/// A bundle's widgets as one configuration.
public struct BundleConfiguration: WidgetConfiguration {
    public let descriptors: [WidgetDescriptor]

    /// The first widget's, for code that expects one; a bundle's own use `descriptors`.
    public var descriptor: WidgetDescriptor {
        guard let first = descriptors.first else {
            preconditionFailure("a WidgetBundle's body holds no widget")
        }
        return first
    }
}

/// Builds a bundle's list of widgets (WidgetKit's `WidgetBundleBuilder`): widgets one
/// after another, `if`, `if #available`, `if … else`.
@resultBuilder
public enum WidgetBundleBuilder {
    /// A control (Control Center, the Lock Screen's buttons): a wall has neither, so the
    /// bundle leaves it out.
    public static func buildExpression<C: ControlWidget>(_ control: C) -> BundledWidgets { BundledWidgets() }

    public static func buildExpression<W: Widget>(_ widget: W) -> BundledWidgets {
        if let bundled = widget as? BundledWidgets { return bundled }
        return BundledWidgets(widget.body.descriptors)
    }

    public static func buildBlock(_ components: BundledWidgets...) -> BundledWidgets {
        BundledWidgets(components.flatMap(\.descriptors))
    }

    public static func buildOptional(_ component: BundledWidgets?) -> BundledWidgets { component ?? BundledWidgets() }
    public static func buildEither(first component: BundledWidgets) -> BundledWidgets { component }
    public static func buildEither(second component: BundledWidgets) -> BundledWidgets { component }
    public static func buildLimitedAvailability(_ component: BundledWidgets) -> BundledWidgets { component }
    public static func buildArray(_ components: [BundledWidgets]) -> BundledWidgets { BundledWidgets(components.flatMap(\.descriptors)) }
}

extension WidgetConfiguration {
    /// Every widget this configuration stands for: itself, or a bundle's widgets.
    public var descriptors: [WidgetDescriptor] {
        if let bundle = self as? BundleConfiguration { return bundle.descriptors }
        // A Live Activity or a control: compiles, and a wall leaves it out.
        if self is LeftOutOnAWall { return [] }
        return [descriptor]
    }
}

extension WidgetBundle {
    /// The descriptors of the bundle's widgets, in order.
    public static var widgetDescriptors: [WidgetDescriptor] { Self().body.body.descriptors }
}
