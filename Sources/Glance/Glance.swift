// The umbrella module: `import Glance` is all a widget package needs, as `import
// WidgetKit` and `import SwiftUI` are on iOS. It brings full Foundation along for code
// ported from iOS (`Calendar.current`, `DateFormatter`); Glance's own modules use only
// FoundationEssentials and FoundationInternationalization (format styles), which keeps
// the `glance` daemon small. Swift Charts' names come along too (`import Charts` works
// on its own, as on iOS).
@_exported import Charts
@_exported import Foundation
@_exported import GlancePredicates
#if Fleet
import GlanceFleet
#endif
import GlanceRunner
@_exported import GlanceIntents
@_exported import GlanceTime
@_exported import GlanceUI
@_exported import GlanceWidgetKit

extension ZoneRules {
    /// The same zone as Foundation's `TimeZone`, for provider code that uses `Calendar`.
    public var foundationTimeZone: TimeZone? { TimeZone(identifier: identifier) }
}

extension Widget {
    /// Makes `@main struct MyWidget: Widget` an executable, as on iOS. It accepts
    /// `render` (as `glance render`, without KIND) and `run` (as `glance run`; with no
    /// config, this widget alone on an 800×480 file display); built-in widgets stay
    /// available by kind.
    public static func main() {
        WidgetCatalog.adopt(Self.self)
        adoptFrontEnds()
        WidgetExecutableCommand.main()
    }
}

extension WidgetBundle {
    /// Makes `@main struct MyWidgets: WidgetBundle` an executable: `render [KIND]` and
    /// `run` for any of its widgets (with no config, all of them on one file display).
    public static func main() {
        WidgetCatalog.adopt(widgetDescriptors)
        adoptFrontEnds()
        WidgetExecutableCommand.main()
    }
}

/// MQTT and TRMNL in `run`, when the widget's package asked for the `Fleet` trait.
private func adoptFrontEnds() {
    #if Fleet
    FleetConfig.install()
    RunCommand.frontEnds = FleetFrontEnds()
    #endif
}

// The macros live in the umbrella, so that only widget packages build their compiler
// plugin; the daemon and its fuzzing builds never do.
/// Xcode's canvas preview of a view: `#Preview { ContentView() }`. Compiles and draws
/// nothing (there is no canvas on a wall); `glance render` is the preview here.
@freestanding(declaration)
public macro Preview(_ name: String? = nil, @ViewBuilder body: @escaping () -> any View) =
    #externalMacro(module: "GlanceMacros", type: "PreviewMacro")

/// A widget's timeline preview: `#Preview(as: .systemSmall) { MyWidget() } timeline: { … }`.
@freestanding(declaration)
public macro Preview<PreviewedWidget: Widget, Entry: TimelineEntry>(
    _ name: String? = nil, as family: WidgetFamily, widget: @escaping () -> PreviewedWidget,
    @PreviewTimelineBuilder<Entry> timeline: @escaping () -> [Entry]
) = #externalMacro(module: "GlanceMacros", type: "PreviewMacro")

/// The same for an intent-configured widget: `#Preview(as: .systemSmall, using: MyIntent.sample) { … }`.
@freestanding(declaration)
public macro Preview<PreviewedWidget: Widget, Intent: WidgetConfigurationIntent, Entry: TimelineEntry>(
    _ name: String? = nil, as family: WidgetFamily, using intent: Intent, widget: @escaping () -> PreviewedWidget,
    @PreviewTimelineBuilder<Entry> timeline: @escaping () -> [Entry]
) = #externalMacro(module: "GlanceMacros", type: "PreviewMacro")

/// A Live Activity's preview: `#Preview("Ride", as: .content, using: RideAttributes()) { RideLiveActivity() } contentStates: { … }`.
/// Compiles and draws nothing (a wall shows no activities).
@freestanding(declaration)
public macro Preview<Attributes: ActivityAttributes, PreviewedWidget: Widget>(
    _ name: String? = nil, as viewKind: ActivityPreviewViewKind, using attributes: Attributes, widget: @escaping () -> PreviewedWidget,
    @PreviewContentStateBuilder<Attributes.ContentState> contentStates: @escaping () -> [Attributes.ContentState]
) = #externalMacro(module: "GlanceMacros", type: "PreviewMacro")

/// A widget's timeline preview from its provider: `#Preview(as: .systemSmall) { MyWidget() } timelineProvider: { Provider() }`.
@freestanding(declaration)
public macro Preview<PreviewedWidget: Widget, Provider: TimelineProvider>(
    _ name: String? = nil, as family: WidgetFamily, widget: @escaping () -> PreviewedWidget, timelineProvider: @escaping () -> Provider
) = #externalMacro(module: "GlanceMacros", type: "PreviewMacro")

/// The same for an intent-configured widget's provider: `#Preview(as: .systemSmall, using: MyIntent()) { … } timelineProvider: { … }`.
@freestanding(declaration)
public macro Preview<PreviewedWidget: Widget, Intent: WidgetConfigurationIntent, Provider: AppIntentTimelineProvider>(
    _ name: String? = nil, as family: WidgetFamily, using intent: Intent, widget: @escaping () -> PreviewedWidget,
    timelineProvider: @escaping () -> Provider
) = #externalMacro(module: "GlanceMacros", type: "PreviewMacro")
