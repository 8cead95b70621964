import Foundation
import GlanceGraphics
import GlanceText
import GlanceTime

/// Values handed down the view tree (SwiftUI's `EnvironmentValues`).
public struct EnvironmentValues: Sendable {
    /// The values, in one box shared by every copy until a copy changes one: a view tree
    /// hands its environment to every modifier and child, and most pass it on unchanged
    /// (one reference counted, not every string, dictionary and style in it).
    private final class Box: @unchecked Sendable {
        // Changed only through a uniquely held box (`makeUnique`), as a value is.
        var fields: Fields
        init(_ fields: Fields) { self.fields = fields }
    }

    private struct Fields {
        var displayScale: CGFloat = 1
        var font: Font = .body
        var fontWeight: Font.Weight?
        var italic: Bool = false
        var foregroundColor: RGBA = .black
        var lineLimit: Int?
        var reservedLines: Int = 0
        var lineSpacing: CGFloat = 0
        var tracking: Double = 0
        var multilineTextAlignment: TextAlignment = .leading
        var minimumScaleFactor: CGFloat = 1
        var truncationMode: Text.TruncationMode = .tail
        var allowsTightening: Bool = false
        var symbolVariants: SymbolVariants = .none
        var buttonBorderShape: ButtonBorderShape = .automatic
        var underline: TextLineSetting?
        var strikethrough: TextLineSetting?
        var redactionReasons: RedactionReasons = []
        var colorScheme: ColorScheme = .light
        var now: Date = .now
        var timeZone: ZoneRules = .utc
        var locale: DisplayLocale = .english
        var imagesDirectory: String = "images"
        var namedColors: [String: RGBA] = [:]
        var widgetContentMargins: EdgeInsets = EdgeInsets()
        var textCase: Text.Case?
        var containerBackgroundShown: Bool = true
        var tint: RGBA?
        var buttonStyle: PrimitiveButtonStyleConfiguration = .automatic
        var customButtonStyle: AnyButtonStyle?
        var toggleStyle: ToggleStyleConfiguration = .automatic
        var labelStyle: AnyLabelStyle = .automatic
        var gaugeStyle: GaugeStyleConfiguration.Look = .linearCapacity
        var progressViewStyle: ProgressLook = .linear
        var imageScale: Double = 1
        var objects: [ObjectIdentifier: AnyObject] = [:]
        var storage: [ObjectIdentifier: any Sendable] = [:]
    }

    private var box = Box(Fields())

    /// Gives this copy a box of its own before a change.
    private mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&box) { box = Box(box.fields) }
    }

    /// Pixels per point on the target display.
    public var displayScale: CGFloat {
        get { box.fields.displayScale }
        _modify {
            makeUnique()
            yield &box.fields.displayScale
        }
    }
    public var font: Font {
        get { box.fields.font }
        _modify {
            makeUnique()
            yield &box.fields.font
        }
    }
    /// `.fontWeight(_:)` / `.bold()` over the font's own weight.
    public var fontWeight: Font.Weight? {
        get { box.fields.fontWeight }
        _modify {
            makeUnique()
            yield &box.fields.fontWeight
        }
    }
    public var italic: Bool {
        get { box.fields.italic }
        _modify {
            makeUnique()
            yield &box.fields.italic
        }
    }
    /// The colour text and shapes take unless told otherwise (`.foregroundStyle`).
    package var foregroundColor: RGBA {
        get { box.fields.foregroundColor }
        _modify {
            makeUnique()
            yield &box.fields.foregroundColor
        }
    }
    public var lineLimit: Int? {
        get { box.fields.lineLimit }
        _modify {
            makeUnique()
            yield &box.fields.lineLimit
        }
    }
    /// Text at least this many lines tall (`lineLimit(_:reservesSpace: true)`).
    public var reservedLines: Int {
        get { box.fields.reservedLines }
        _modify {
            makeUnique()
            yield &box.fields.reservedLines
        }
    }
    /// Points between lines of text (`.lineSpacing`).
    public var lineSpacing: CGFloat {
        get { box.fields.lineSpacing }
        _modify {
            makeUnique()
            yield &box.fields.lineSpacing
        }
    }
    /// Points after every character (`.kerning`, `.tracking`).
    public var tracking: Double {
        get { box.fields.tracking }
        _modify {
            makeUnique()
            yield &box.fields.tracking
        }
    }
    public var multilineTextAlignment: TextAlignment {
        get { box.fields.multilineTextAlignment }
        _modify {
            makeUnique()
            yield &box.fields.multilineTextAlignment
        }
    }
    public var minimumScaleFactor: CGFloat {
        get { box.fields.minimumScaleFactor }
        _modify {
            makeUnique()
            yield &box.fields.minimumScaleFactor
        }
    }
    /// Where text that does not fit is cut (`.truncationMode`).
    public var truncationMode: Text.TruncationMode {
        get { box.fields.truncationMode }
        _modify {
            makeUnique()
            yield &box.fields.truncationMode
        }
    }
    /// Letters may sit closer before text is cut (`.allowsTightening`).
    public var allowsTightening: Bool {
        get { box.fields.allowsTightening }
        _modify {
            makeUnique()
            yield &box.fields.allowsTightening
        }
    }
    /// The variant symbols inside are drawn in (`.symbolVariant`).
    public var symbolVariants: SymbolVariants {
        get { box.fields.symbolVariants }
        _modify {
            makeUnique()
            yield &box.fields.symbolVariants
        }
    }
    /// The outline of bordered buttons (`.buttonBorderShape`).
    public var buttonBorderShape: ButtonBorderShape {
        get { box.fields.buttonBorderShape }
        _modify {
            makeUnique()
            yield &box.fields.buttonBorderShape
        }
    }
    /// Lines under or through texts (`.underline()`, `.strikethrough()` on a view).
    package var underline: TextLineSetting? {
        get { box.fields.underline }
        _modify {
            makeUnique()
            yield &box.fields.underline
        }
    }
    package var strikethrough: TextLineSetting? {
        get { box.fields.strikethrough }
        _modify {
            makeUnique()
            yield &box.fields.strikethrough
        }
    }
    public var redactionReasons: RedactionReasons {
        get { box.fields.redactionReasons }
        _modify {
            makeUnique()
            yield &box.fields.redactionReasons
        }
    }
    public var colorScheme: ColorScheme {
        get { box.fields.colorScheme }
        _modify {
            makeUnique()
            yield &box.fields.colorScheme
        }
    }
    /// The instant being drawn (`Text(date, style: .relative)` counts from it).
    public var now: Date {
        get { box.fields.now }
        _modify {
            makeUnique()
            yield &box.fields.now
        }
    }
    public var timeZone: ZoneRules {
        get { box.fields.timeZone }
        _modify {
            makeUnique()
            yield &box.fields.timeZone
        }
    }
    public var locale: DisplayLocale {
        get { box.fields.locale }
        _modify {
            makeUnique()
            yield &box.fields.locale
        }
    }
    /// Where `Image("name")` looks for `name.png` (the config's `images:` folder).
    public var imagesDirectory: String {
        get { box.fields.imagesDirectory }
        _modify {
            makeUnique()
            yield &box.fields.imagesDirectory
        }
    }
    /// `Color("Name")` colours (the config's `named_colors:`).
    package var namedColors: [String: RGBA] {
        get { box.fields.namedColors }
        _modify {
            makeUnique()
            yield &box.fields.namedColors
        }
    }
    /// The margins the host puts around a widget's content (WidgetKit's
    /// `widgetContentMargins`): 16 points in the system families, none in accessory
    /// ones, none when the widget says `.contentMarginsDisabled()`.
    public var widgetContentMargins: EdgeInsets {
        get { box.fields.widgetContentMargins }
        _modify {
            makeUnique()
            yield &box.fields.widgetContentMargins
        }
    }
    /// The case every text inside is set in (`.textCase`).
    public var textCase: Text.Case? {
        get { box.fields.textCase }
        _modify {
            makeUnique()
            yield &box.fields.textCase
        }
    }
    /// Whether `.containerBackground` is drawn (WidgetKit's
    /// `showsWidgetContainerBackground`, which the display decides).
    package var containerBackgroundShown: Bool {
        get { box.fields.containerBackgroundShown }
        _modify {
            makeUnique()
            yield &box.fields.containerBackgroundShown
        }
    }
    /// The accent colour of controls (`.tint`); `nil`: each control's own default.
    package var tint: RGBA? {
        get { box.fields.tint }
        _modify {
            makeUnique()
            yield &box.fields.tint
        }
    }
    public var buttonStyle: PrimitiveButtonStyleConfiguration {
        get { box.fields.buttonStyle }
        _modify {
            makeUnique()
            yield &box.fields.buttonStyle
        }
    }
    /// A widget's own `ButtonStyle`, over `buttonStyle` when set.
    package var customButtonStyle: AnyButtonStyle? {
        get { box.fields.customButtonStyle }
        _modify {
            makeUnique()
            yield &box.fields.customButtonStyle
        }
    }
    public var toggleStyle: ToggleStyleConfiguration {
        get { box.fields.toggleStyle }
        _modify {
            makeUnique()
            yield &box.fields.toggleStyle
        }
    }
    package var labelStyle: AnyLabelStyle {
        get { box.fields.labelStyle }
        _modify {
            makeUnique()
            yield &box.fields.labelStyle
        }
    }
    var gaugeStyle: GaugeStyleConfiguration.Look {
        get { box.fields.gaugeStyle }
        _modify {
            makeUnique()
            yield &box.fields.gaugeStyle
        }
    }
    var progressViewStyle: ProgressLook {
        get { box.fields.progressViewStyle }
        _modify {
            makeUnique()
            yield &box.fields.progressViewStyle
        }
    }
    /// Icons beside text are drawn this many times the text's size (`.imageScale`).
    public var imageScale: Double {
        get { box.fields.imageScale }
        _modify {
            makeUnique()
            yield &box.fields.imageScale
        }
    }
    /// `.environmentObject(_:)`s, by type. Objects are read while the tree resolves, on
    /// the thread resolving it.
    var objects: [ObjectIdentifier: AnyObject] {
        get { box.fields.objects }
        _modify {
            makeUnique()
            yield &box.fields.objects
        }
    }

    public init() {}

    public subscript<Key: EnvironmentKey>(key: Key.Type) -> Key.Value {
        get { (box.fields.storage[ObjectIdentifier(key)] as? Key.Value) ?? Key.defaultValue }
        set {
            makeUnique()
            box.fields.storage[ObjectIdentifier(key)] = newValue
        }
    }
}

/// A key for a value in ``EnvironmentValues``.
public protocol EnvironmentKey {
    associatedtype Value: Sendable
    static var defaultValue: Value { get }
}

/// Why content is drawn as placeholders (SwiftUI's `RedactionReasons`).
public struct RedactionReasons: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let placeholder = RedactionReasons(rawValue: 1)
    public static let privacy = RedactionReasons(rawValue: 2)
}

public enum ColorScheme: Hashable, Sendable {
    case light, dark
}

/// Reads an environment value in a view (SwiftUI's `@Environment(\.key)`).
///
/// Glance evaluates `body` with the environment in force at that point of the tree.
@propertyWrapper
public struct Environment<Value>: @unchecked Sendable {
    let keyPath: KeyPath<EnvironmentValues, Value>

    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) { self.keyPath = keyPath }

    public var wrappedValue: Value { EnvironmentScope.current[keyPath: keyPath] }
}

/// The environment of the `body` being evaluated: task-local (thread-local outside
/// tasks), so renderers on different threads never see each other's values.
package enum EnvironmentScope {
    /// `nil` outside a body (a provider, a widget's own thread).
    @TaskLocal package static var bound: EnvironmentValues?

    static var current: EnvironmentValues { bound ?? EnvironmentValues() }
}
