import Foundation
import GlanceGraphics
import GlanceText
import GlanceTime

/// Values handed down the view tree (SwiftUI's `EnvironmentValues`).
public struct EnvironmentValues: Sendable {
    /// Pixels per point on the target display.
    public var displayScale: CGFloat = 1
    public var font: Font = .body
    /// `.fontWeight(_:)` / `.bold()` over the font's own weight.
    public var fontWeight: Font.Weight?
    public var italic = false
    /// The colour text and shapes take unless told otherwise (`.foregroundStyle`).
    package var foregroundColor: RGBA = .black
    public var lineLimit: Int?
    /// Text at least this many lines tall (`lineLimit(_:reservesSpace: true)`).
    public var reservedLines = 0
    /// Points between lines of text (`.lineSpacing`).
    public var lineSpacing: CGFloat = 0
    /// Points after every character (`.kerning`, `.tracking`).
    public var tracking: Double = 0
    public var multilineTextAlignment: TextAlignment = .leading
    public var minimumScaleFactor: CGFloat = 1
    /// Where text that does not fit is cut (`.truncationMode`).
    public var truncationMode: Text.TruncationMode = .tail
    /// Letters may sit closer before text is cut (`.allowsTightening`).
    public var allowsTightening = false
    /// The variant symbols inside are drawn in (`.symbolVariant`).
    public var symbolVariants: SymbolVariants = .none
    /// The outline of bordered buttons (`.buttonBorderShape`).
    public var buttonBorderShape: ButtonBorderShape = .automatic
    /// Lines under or through texts (`.underline()`, `.strikethrough()` on a view).
    package var underline: TextLineSetting?
    package var strikethrough: TextLineSetting?
    public var redactionReasons: RedactionReasons = []
    public var colorScheme: ColorScheme = .light
    /// The instant being drawn (`Text(date, style: .relative)` counts from it).
    public var now: Date = .now
    public var timeZone: ZoneRules = .utc
    public var locale: DisplayLocale = .english
    /// Where `Image("name")` looks for `name.png` (the config's `images:` folder).
    public var imagesDirectory = "images"
    /// `Color("Name")` colours (the config's `named_colors:`).
    package var namedColors: [String: RGBA] = [:]
    /// The margins the host puts around a widget's content (WidgetKit's
    /// `widgetContentMargins`): 16 points in the system families, none in accessory
    /// ones, none when the widget says `.contentMarginsDisabled()`.
    public var widgetContentMargins = EdgeInsets()
    /// The case every text inside is set in (`.textCase`).
    public var textCase: Text.Case?
    /// Whether `.containerBackground` is drawn (WidgetKit's
    /// `showsWidgetContainerBackground`, which the display decides).
    package var containerBackgroundShown = true
    /// The accent colour of controls (`.tint`); `nil`: each control's own default.
    package var tint: RGBA?
    public var buttonStyle: PrimitiveButtonStyleConfiguration = .automatic
    /// A widget's own `ButtonStyle`, over `buttonStyle` when set.
    package var customButtonStyle: AnyButtonStyle?
    public var toggleStyle: ToggleStyleConfiguration = .automatic
    package var labelStyle: AnyLabelStyle = .automatic
    var gaugeStyle: GaugeStyleConfiguration.Look = .linearCapacity
    var progressViewStyle: ProgressLook = .linear
    /// Icons beside text are drawn this many times the text's size (`.imageScale`).
    public var imageScale: Double = 1
    /// `.environmentObject(_:)`s, by type. Objects are read while the tree resolves, on
    /// the thread resolving it.
    nonisolated(unsafe) var objects: [ObjectIdentifier: AnyObject] = [:]
    /// Extension point: other modules add their keys through `subscript(key:)`.
    private var storage: [ObjectIdentifier: any Sendable] = [:]

    public init() {}

    public subscript<Key: EnvironmentKey>(key: Key.Type) -> Key.Value {
        get { (storage[ObjectIdentifier(key)] as? Key.Value) ?? Key.defaultValue }
        set { storage[ObjectIdentifier(key)] = newValue }
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
