import GlanceRender
import FoundationEssentials
import GlanceGraphics
import GlanceIntents
import GlanceText
import GlanceTime
import GlanceUI
import GlanceWidgetKit

/// Renders one widget on its own: the entry its timeline gives for an instant (or its
/// gallery snapshot, or its placeholder), at a family's size. `glance render` and user
/// widget executables use it; so do the widget golden tests.
public struct WidgetSnapshotRenderer {
    public enum Content: Sendable {
        case timeline
        case snapshot
        case placeholder
    }

    public struct Request {
        public var kind: String
        public var family: WidgetFamily
        /// Pixels; `nil` = the family's size × `scale`.
        public var size: (width: Int, height: Int)?
        public var scale: Double = 1
        public var parameters: [(name: String, text: String)] = []
        public var instant: Date
        public var timeZone: ZoneRules
        public var locale: DisplayLocale
        public var content: Content = .timeline
        /// Where `Image("name")` and `Color("Name")` look (a config's `images:` and
        /// `named_colors:`).
        public var assets = WidgetAssets()
        /// Emoji in colour or as outlines: `EmojiStyle(for:)` the palette the picture
        /// will be shown in.
        public var emoji: EmojiStyle = .color
        /// The panel the picture will be quantised for, so that it is drawn as that panel's
        /// frame is (in grey where its inks are all greys); nil: in RGBA.
        public var panel: (palette: Palette, dither: DitherMode)?
        /// The rendering mode on that panel (nil: the palette's own,
        /// `InkPrinting.defaultMode(for:)`); without a panel, `.fullColor`.
        public var renderingMode: InkPrinting.Mode?

        /// How colours are chosen for the panel's inks.
        var printing: InkPrinting? {
            panel.flatMap { InkPrinting(palette: $0.palette, mode: renderingMode ?? InkPrinting.defaultMode(for: $0.palette)) }
        }

        public init(kind: String, family: WidgetFamily, instant: Date, timeZone: ZoneRules, locale: DisplayLocale) {
            self.kind = kind
            self.family = family
            self.instant = instant
            self.timeZone = timeZone
            self.locale = locale
        }
    }

    public struct Failure: Error, CustomStringConvertible {
        public let message: String
        public var description: String { message }
    }

    let registry: WidgetRegistry
    let fonts: FontLibrary

    public init(registry: WidgetRegistry, fonts: FontLibrary) {
        self.registry = registry
        self.fonts = fonts
    }

    /// The registered widget `kind`, which must come in `family`.
    func descriptor(of kind: String, in family: WidgetFamily) throws(Failure) -> WidgetDescriptor {
        guard let descriptor = registry[kind] else {
            throw Failure(message: "unknown widget kind '\(kind)'; expected one of \(registry.kinds.joined(separator: ", "))")
        }
        guard descriptor.supportedFamilies.contains(family) else {
            throw Failure(message: "'\(kind)' does not support \(family); it supports "
                + descriptor.supportedFamilies.map(\.rawValue).joined(separator: ", "))
        }
        return descriptor
    }

    /// A parameter that could not be resolved, in the command line's terms.
    static func failure(_ failure: IntentConfigurator.Failure) -> Failure {
        switch failure {
        case .missingParameter(let name, let expected): Failure(message: "missing --param \(name)=… (\(expected))")
        default: Failure(message: "\(failure)")
        }
    }

    /// A rendered widget, and whether its provider got what it needed.
    public struct Rendering {
        /// The picture (in RGBA, or in grey for a grey-ink `panel`; before any palette).
        public var canvas: Canvas
        /// Why the provider could not get its data (the reason of its
        /// `.retry(because:)`, the words the daemon logs): the picture is what it gave
        /// for the meantime, often its placeholder. `nil` when it answered normally.
        public var providerFailure: String?
        /// Every text the widget's views say, in drawing order (what a reader of the
        /// picture should find in it).
        public var texts: [String] = []
    }

    /// The rendered widget (RGBA, before any palette).
    public func render(_ request: Request, providerTimeout: Double = 30) throws(Failure) -> Canvas {
        try rendering(request, providerTimeout: providerTimeout).canvas
    }

    /// The rendered widget, and the provider's failure if it had one.
    public func rendering(_ request: Request, providerTimeout: Double = 30) throws(Failure) -> Rendering {
        let descriptor = try descriptor(of: request.kind, in: request.family)
        let source: any WidgetTimelineSource
        do {
            source = try descriptor.makeSource(parameters: request.parameters, context: ParameterDecodingContext(timeZone: request.timeZone))
        } catch .missingParameter where request.content == .placeholder {
            // The placeholder is what shows before the widget is configured.
            source = descriptor.makePlaceholderSource()
        } catch {
            switch error {
            case .unknownParameter(let name, let known):
                throw Failure(message: "unknown parameter '\(name)' for \(request.kind)"
                    + (known.isEmpty ? "; it takes none" : "; expected one of \(known.joined(separator: ", "))"))
            case .invalidValue(let name, let value, let expected):
                throw Failure(message: "--param \(name)=\(value): expected \(expected)")
            case .missingParameter(let name, let expected):
                throw Failure(message: "missing --param \(name)=… (\(expected))")
            case .unknownEntity, .queryFailed:
                throw Failure(message: "\(error)")
            }
        }
        let width = request.size?.width ?? Int((request.family.defaultSize.width * request.scale).rounded())
        let height = request.size?.height ?? Int((request.family.defaultSize.height * request.scale).rounded())
        let context = SlotFactory.providerContext(family: request.family, pixels: PixelRect(x: 0, y: 0, width: width, height: height),
                                                  scale: request.scale, isPreview: request.content != .timeline, at: request.instant,
                                                  timeZone: request.timeZone, locale: request.locale)
        let entry: AnyTimelineEntry
        var providerFailure: String?
        switch request.content {
        case .placeholder:
            entry = source.placeholder(in: context)
        case .snapshot:
            do {
                entry = try source.snapshot(in: context, timeout: providerTimeout)
            } catch {
                switch error {
                case .timedOut: throw Failure(message: "the '\(request.kind)' provider gave no snapshot within \(providerTimeout) s")
                case .configuration(let failure): throw Self.failure(failure)
                }
            }
        case .timeline:
            let timeline: AnyTimeline
            do {
                timeline = try source.timeline(in: context, timeout: providerTimeout)
            } catch {
                switch error {
                case .timedOut: throw Failure(message: "the '\(request.kind)' provider gave no timeline within \(providerTimeout) s")
                case .configuration(let failure): throw Self.failure(failure)
                }
            }
            if let reason = timeline.policy.retryReason {
                providerFailure = reason.isEmpty ? "its provider's fetch failed" : reason
            }
            let loaded = LoadedTimeline(timeline, loadedAt: request.instant)
            // Before the first entry, the first entry (the widget has nothing earlier).
            guard let chosen = loaded.entry(at: request.instant) ?? loaded.entries.first else {
                throw Failure(message: "the '\(request.kind)' provider's timeline has no entries; try --snapshot or --placeholder")
            }
            entry = chosen
        }
        let environment = SlotFactory.environment(family: request.family, scale: request.scale, at: request.instant,
                                                  timeZone: request.timeZone, locale: request.locale, assets: request.assets,
                                                  renderingMode: request.printing?.mode ?? .fullColor, redacted: request.content == .placeholder)
        let margins = SlotFactory.contentMargins(for: request.family, disabled: descriptor.contentMarginsDisabled)
        let node = SlotFactory.content(source.content(for: entry), margins: margins, in: environment)
        var canvas: Canvas
        do {
            if let panel = request.panel {
                canvas = try Canvas(width: width, height: height, panel: panel.palette, dither: panel.dither)
            } else {
                canvas = try Canvas(width: width, height: height)
            }
        } catch {
            throw Failure(message: "\(error)")
        }
        let texts = ViewRenderer(fonts: fonts, scale: request.scale, emoji: request.emoji, printing: request.printing)
            .renderReadingTexts(node, into: &canvas, in: Rect(x: 0, y: 0, width: Double(width) / request.scale, height: Double(height) / request.scale))
        return Rendering(canvas: canvas, providerFailure: providerFailure, texts: texts)
    }
}
