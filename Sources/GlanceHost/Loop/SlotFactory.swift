import GlanceDisplays
import FoundationEssentials
import GlanceGraphics
import GlanceIntents
import GlanceTime
import GlanceUI
import GlanceWidgetKit
import GlanceYAML
import GlanceConfiguration

/// Turns a configuration's slots into running widgets: checks each against the registry
/// (unknown kinds, families and parameters are errors that point into the file), places
/// them, and builds the environment every view of theirs is resolved in. `glance render`
/// builds its environment with the same `environment(…)`.
enum SlotFactory {
    static func makeSlots(config: GlanceConfig, registry: WidgetRegistry) throws(ConfigError) -> [SlotState] {
        var resolved: [(SlotConfig, WidgetFamily, WidgetDescriptor)] = []
        for slot in config.slots {
            guard let descriptor = registry[slot.kind] else {
                throw slot.locations.kind.error(
                    "unknown widget kind '\(slot.kind)'; expected one of \(registry.kinds.joined(separator: ", "))"
                )
            }
            guard let family = WidgetFamily(rawValue: slot.family) else {
                throw slot.locations.family.error(
                    "unknown family '\(slot.family)'; expected one of \(WidgetFamily.allCases.map(\.rawValue).joined(separator: ", "))"
                )
            }
            guard descriptor.supportedFamilies.contains(family) else {
                if let stack = slot.stack {
                    // All members share the stack's family: the member is what does not fit.
                    throw slot.locations.kind.error(
                        "'\(slot.kind)' (\(slot.name), a member of \(stack.name)) does not support the stack's family \(family); "
                        + "it supports \(descriptor.supportedFamilies.map(\.rawValue).joined(separator: ", "))")
                }
                throw slot.locations.family.error(
                    "'\(slot.kind)' does not support \(family); it supports \(descriptor.supportedFamilies.map(\.rawValue).joined(separator: ", "))"
                )
            }
            for name in slot.settable where !descriptor.parameters.contains(where: { $0.name == name }) {
                let known = descriptor.parameters.filter { $0.role != nil }.map(\.name)
                throw (slot.locations.settable[name] ?? slot.locations.slot).error(
                    "settable: '\(name)' is not a parameter of \(slot.kind); "
                    + (known.isEmpty ? "\(slot.kind) has no parameter that names a place (every other one is settable as it is)"
                                     : "its parameters that name places are \(known.joined(separator: ", "))"))
            }
            resolved.append((slot, family, descriptor))
        }
        // A member whose window lies wholly in quiet hours would never show.
        if let sleep = config.sleep {
            for slot in config.slots {
                if let when = slot.when, when.isCovered(by: sleep) {
                    throw slot.locations.slot.error("\(slot.name) never shows: its when: (\(when)) lies wholly inside sleep: (\(sleep))")
                }
            }
        }
        let stackNames = Set(config.slots.compactMap { $0.stack?.name })
        for binding in config.keys {
            for action in [binding.action] + (binding.long.map { [$0] } ?? []) {
                if case .reload(let kind) = action, registry[kind] == nil {
                    throw binding.location.error("unknown widget kind '\(kind)'; expected one of \(registry.kinds.joined(separator: ", "))")
                }
                if case .turn(let stack, _) = action, !stackNames.contains(stack) {
                    throw binding.location.error("'\(action)': \(stack) is not a stack; "
                        + (stackNames.isEmpty ? "no slot has stack:" : "the stacks are \(stackNames.sorted().joined(separator: ", "))"))
                }
            }
        }
        // A stack takes one place, shared by its members.
        let places = resolved.filter { ($0.0.stack?.index ?? 0) == 0 }
        let placeRects = try SlotLayout.place(places.map { ($0.0, $0.1) }, display: config.display)
        var rects: [PixelRect] = []
        var place = -1
        for (slot, _, _) in resolved {
            if (slot.stack?.index ?? 0) == 0 { place += 1 }
            rects.append(placeRects[place])
        }
        let decoding = ParameterDecodingContext(timeZone: config.timeZone)
        var slots: [SlotState] = []
        for ((slot, family, descriptor), rect) in zip(resolved, rects) {
            let source: any WidgetTimelineSource
            do {
                source = try descriptor.makeSource(parameters: slot.params, context: decoding)
            } catch {
                throw parameterError(error, slot: slot)
            }
            slots.append(SlotState(config: slot, family: family, rect: rect, source: source, descriptor: descriptor,
                                   contentMargins: contentMargins(for: family, disabled: descriptor.contentMarginsDisabled)))
        }
        return slots
    }

    static func parameterError(_ failure: IntentConfigurator.Failure, slot: SlotConfig) -> ConfigError {
        switch failure {
        case .unknownParameter(let name, let known):
            let expected = known.isEmpty ? "'\(slot.kind)' takes no parameters" : "expected one of \(known.joined(separator: ", "))"
            return (slot.locations.params[name] ?? slot.locations.slot).error("unknown parameter '\(name)' for \(slot.kind); \(expected)")
        case .invalidValue(let name, let value, let expected):
            return (slot.locations.params[name] ?? slot.locations.slot).error("\(quoted(value)) is not \(expected)")
        case .missingParameter(let name, let expected):
            return slot.locations.slot.error("missing parameter '\(name)' for \(slot.kind) (\(expected)); add it under params:")
        case .unknownEntity, .queryFailed:
            return (failure.parameterName.flatMap { slot.locations.params[$0] } ?? slot.locations.slot).error("\(failure)")
        }
    }

    /// What a widget's provider is told about where and when it runs.
    static func providerContext(family: WidgetFamily, pixels: PixelRect, scale: Double, isPreview: Bool, at instant: Date,
                                timeZone: ZoneRules, locale: DisplayLocale) -> TimelineProviderContext {
        TimelineProviderContext(
            family: family,
            displaySize: WidgetSize(width: Double(pixels.width) / scale, height: Double(pixels.height) / scale),
            isPreview: isPreview, date: instant, timeZone: timeZone, locale: locale
        )
    }

    /// WidgetKit's default content margins: 16 points around the system families' content,
    /// none around accessory widgets, none when the widget disables them.
    static func contentMargins(for family: WidgetFamily, disabled: Bool) -> EdgeInsets {
        switch family {
        case _ where disabled: EdgeInsets()
        case .systemSmall, .systemMedium, .systemLarge, .systemExtraLarge: EdgeInsets(16)
        case .accessoryCircular, .accessoryRectangular, .accessoryInline, .accessoryCorner: EdgeInsets()
        }
    }

    /// A widget's view for an entry as the display shows it: resolved in `environment`,
    /// inside its content margins (its container background reaches past them).
    static func content(_ view: AnyView, margins: EdgeInsets, in environment: EnvironmentValues) -> ViewNode {
        var environment = environment
        environment.widgetContentMargins = margins
        let node = resolveNode(view, in: environment)
        return margins.isZero ? node : .padding(margins, node)
    }

    /// The environment a widget's views resolve in: the one place it is built.
    static func environment(family: WidgetFamily, scale: Double, at instant: Date, timeZone: ZoneRules, locale: DisplayLocale,
                            assets: WidgetAssets, renderingMode: InkPrinting.Mode = .fullColor, redacted: Bool = false) -> EnvironmentValues {
        var environment = EnvironmentValues()
        environment.widgetRenderingMode = WidgetRenderingMode(renderingMode)
        environment.showsWidgetContainerBackground = renderingMode == .fullColor
        environment.displayScale = scale
        environment.widgetFamily = family
        environment.now = instant
        environment.timeZone = timeZone
        environment.locale = locale
        environment.imagesDirectory = assets.imagesDirectory
        environment.namedColors = assets.namedColors
        if redacted { environment.redactionReasons = .placeholder }
        return environment
    }
}

/// What `Image("name")` and `Color("Name")` find: a configuration's `images:` folder
/// and `named_colors:`.
public struct WidgetAssets: Sendable {
    public var imagesDirectory: String
    public var namedColors: [String: RGBA]

    public init(imagesDirectory: String = "images", namedColors: [String: RGBA] = [:]) {
        self.imagesDirectory = imagesDirectory
        self.namedColors = namedColors
    }
}

extension GlanceConfig {
    /// The configuration's images folder and named colours.
    public var assets: WidgetAssets { WidgetAssets(imagesDirectory: imagesDirectory, namedColors: namedColors) }
}
