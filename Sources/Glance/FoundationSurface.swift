// What widget files reach for next to WidgetKit and SwiftUI on iOS: URLSession,
// os.Logger, @AppStorage and app-group containers. (Core Graphics' geometry is GlanceUI's
// own API: Foundation's `CGFloat`, `CGPoint`, `CGSize` and `CGRect`, and `CGAffineTransform`.)
@_exported import FoundationNetworking
import Glibc
import GlanceSystem
import GlanceUI

// MARK: Logging

/// Apple's `os.Logger`: `Logger(subsystem: "com.example.widget", category: "provider")`.
/// Lines go to the daemon's log with the name of the slot whose provider logged them, as
/// `slot NAME: [category] level: message` (standard error, as `widget: …`, where no
/// daemon runs, as in `render`). Debug lines are written only when `GLANCE_LOG_LEVEL=debug`.
/// As on iOS, an interpolated string or object is written `<private>` unless marked
/// `privacy: .public`; numbers and booleans are written as they are.
public struct Logger: Sendable {
    public let subsystem: String
    public let category: String

    public init(subsystem: String, category: String) {
        self.subsystem = subsystem
        self.category = category
    }

    public init() { self.init(subsystem: "", category: "") }

    public func log(level: OSLogType = .default, _ message: OSLogMessage) { write(level, message) }
    public func log(_ message: OSLogMessage) { write(.default, message) }
    public func trace(_ message: OSLogMessage) { write(.debug, message) }
    public func debug(_ message: OSLogMessage) { write(.debug, message) }
    public func info(_ message: OSLogMessage) { write(.info, message) }
    public func notice(_ message: OSLogMessage) { write(.default, message) }
    public func warning(_ message: OSLogMessage) { write(.error, message, label: "warning") }
    public func error(_ message: OSLogMessage) { write(.error, message) }
    public func critical(_ message: OSLogMessage) { write(.fault, message, label: "critical") }
    public func fault(_ message: OSLogMessage) { write(.fault, message) }

    private static let debugEnabled = getenv("GLANCE_LOG_LEVEL").map { String(cString: $0) == "debug" } ?? false

    private func write(_ level: OSLogType, _ message: OSLogMessage, label: String? = nil) {
        if level == .debug && !Self.debugEnabled { return }
        SlotLog.write((category.isEmpty ? "" : "[\(category)] ") + "\(label ?? level.name): \(message.text)")
    }
}

/// A log line's level (Apple's `OSLogType`).
public struct OSLogType: Equatable, Sendable {
    let name: String
    public static let `default` = OSLogType(name: "notice")
    public static let info = OSLogType(name: "info")
    public static let debug = OSLogType(name: "debug")
    public static let error = OSLogType(name: "error")
    public static let fault = OSLogType(name: "fault")
}

/// Whether a logged value may be shown (Apple's `OSLogPrivacy`).
public struct OSLogPrivacy: Equatable, Sendable {
    let hidden: Bool
    var isPublic = false
    public static let auto = OSLogPrivacy(hidden: false)
    public static let `public` = OSLogPrivacy(hidden: false, isPublic: true)
    public static let `private` = OSLogPrivacy(hidden: true)
    public static let sensitive = OSLogPrivacy(hidden: true)
    public static func `private`(mask: Mask) -> OSLogPrivacy { OSLogPrivacy(hidden: true) }
    public static func auto(mask: Mask) -> OSLogPrivacy { OSLogPrivacy(hidden: false) }
    public static func sensitive(mask: Mask) -> OSLogPrivacy { OSLogPrivacy(hidden: true) }

    public struct Mask: Equatable, Sendable {
        public static let hash = Mask()
        public static let none = Mask()
    }
}

/// How a logged number is written (Apple's `OSLogIntegerFormatting`, `OSLogFloatFormatting`):
/// accepted; numbers are written in decimal.
public struct OSLogIntegerFormatting: Sendable {
    public static let decimal = OSLogIntegerFormatting()
    public static let hex = OSLogIntegerFormatting()
    public static func decimal(explicitPositiveSign: Bool = false, minDigits: Int = 0) -> OSLogIntegerFormatting { .decimal }
}

public struct OSLogFloatFormatting: Sendable {
    let precision: Int?
    public static let fixed = OSLogFloatFormatting(precision: nil)
    public static func fixed(precision: Int) -> OSLogFloatFormatting { OSLogFloatFormatting(precision: precision) }
}

/// A log message with interpolated values and their privacy (Apple's `OSLogMessage`).
public struct OSLogMessage: ExpressibleByStringInterpolation, Sendable {
    let text: String

    public init(stringLiteral value: String) { text = value }
    public init(stringInterpolation: StringInterpolation) { text = stringInterpolation.text }

    public struct StringInterpolation: StringInterpolationProtocol, Sendable {
        var text = ""

        public init(literalCapacity: Int, interpolationCount: Int) {}
        public mutating func appendLiteral(_ literal: String) { text += literal }

        private mutating func append(_ value: String, _ privacy: OSLogPrivacy) { text += privacy.hidden ? "<private>" : value }
        /// Strings and objects: shown only when marked `.public` (iOS's default); numbers and
        /// booleans are shown unless marked private, whichever overload took them.
        private mutating func appendDynamic(_ value: String, _ privacy: OSLogPrivacy, original: Any? = nil) {
            let scalar = original.map { $0 is any BinaryInteger || $0 is any BinaryFloatingPoint || $0 is Bool } ?? false
            text += privacy.hidden || !(privacy.isPublic || scalar) ? "<private>" : value
        }

        public mutating func appendInterpolation(_ value: @autoclosure () -> some CustomStringConvertible, privacy: OSLogPrivacy = .auto) {
            let shown = value()
            appendDynamic(shown.description, privacy, original: shown)
        }
        public mutating func appendInterpolation(_ value: @autoclosure () -> String, privacy: OSLogPrivacy = .auto) {
            appendDynamic(value(), privacy)
        }
        public mutating func appendInterpolation(_ value: @autoclosure () -> some BinaryInteger, format: OSLogIntegerFormatting = .decimal,
                                                 privacy: OSLogPrivacy = .auto) {
            append(String(value()), privacy)
        }
        public mutating func appendInterpolation(_ value: @autoclosure () -> Double, format: OSLogFloatFormatting = .fixed,
                                                 privacy: OSLogPrivacy = .auto) {
            let number = value()
            append(format.precision.map { number.formatted(.number.precision(.fractionLength($0)).grouping(.never).locale(Locale(identifier: "en_US_POSIX"))) }
                       ?? String(number), privacy)
        }
        public mutating func appendInterpolation(_ value: @autoclosure () -> Bool, privacy: OSLogPrivacy = .auto) {
            append(value() ? "true" : "false", privacy)
        }
        public mutating func appendInterpolation(_ value: @autoclosure () -> any Error, privacy: OSLogPrivacy = .auto) {
            appendDynamic(String(describing: value()), privacy)
        }
        public mutating func appendInterpolation<T>(_ value: @autoclosure () -> T?, privacy: OSLogPrivacy = .auto) {
            let shown = value()
            appendDynamic(shown.map { String(describing: $0) } ?? "nil", privacy, original: shown.map { $0 as Any })
        }
        @_disfavoredOverload
        public mutating func appendInterpolation(_ value: @autoclosure () -> Any, privacy: OSLogPrivacy = .auto) {
            let shown = value()
            appendDynamic(String(describing: shown), privacy, original: shown)
        }
    }
}

// MARK: UserDefaults' key-value coding

extension UserDefaults {
    /// Key-value coding's reading of a default (`value(forKey:)`), as `object(forKey:)`.
    public func value(forKey key: String) -> Any? { object(forKey: key) }
    /// Key-value coding's writing of a default (`setValue(_:forKey:)`), as `set(_:forKey:)`.
    public func setValue(_ value: Any?, forKey key: String) { set(value, forKey: key) }
}

// MARK: @AppStorage

/// A value in a `UserDefaults` store (SwiftUI's `@AppStorage`): `@AppStorage("count",
/// store: UserDefaults(suiteName: "group.example")) var count = 0`. Read when the view
/// resolves, so a widget shows what its app (or `glance defaults write`) last stored.
@propertyWrapper
public struct AppStorage<Value>: @unchecked Sendable {
    private let key: String
    private let defaultValue: Value
    private let store: UserDefaults
    private let read: (Any) -> Value?
    private let write: (Value) -> Any?

    private init(key: String, defaultValue: Value, store: UserDefaults?, read: @escaping (Any) -> Value?, write: @escaping (Value) -> Any?) {
        self.key = key
        self.defaultValue = defaultValue
        self.store = store ?? .standard
        self.read = read
        self.write = write
    }

    public var wrappedValue: Value {
        get { store.object(forKey: key).flatMap(read) ?? defaultValue }
        nonmutating set {
            if let stored = write(newValue) { store.set(stored, forKey: key) } else { store.removeObject(forKey: key) }
        }
    }

    public var projectedValue: Binding<Value> { Binding(get: { wrappedValue }, set: { wrappedValue = $0 }) }
}

extension AppStorage {
    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) where Value == Bool {
        self.init(key: key, defaultValue: wrappedValue, store: store, read: { ($0 as? NSNumber)?.boolValue ?? ($0 as? Bool) }, write: { $0 })
    }
    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) where Value == Int {
        self.init(key: key, defaultValue: wrappedValue, store: store, read: { ($0 as? NSNumber)?.intValue ?? ($0 as? Int) }, write: { $0 })
    }
    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) where Value == Double {
        self.init(key: key, defaultValue: wrappedValue, store: store, read: { ($0 as? NSNumber)?.doubleValue ?? ($0 as? Double) }, write: { $0 })
    }
    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) where Value == String {
        self.init(key: key, defaultValue: wrappedValue, store: store, read: { $0 as? String }, write: { $0 })
    }
    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) where Value == URL {
        self.init(key: key, defaultValue: wrappedValue, store: store, read: { ($0 as? String).flatMap(URL.init(string:)) ?? ($0 as? URL) },
                  write: { $0.absoluteString })
    }
    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) where Value == Data {
        self.init(key: key, defaultValue: wrappedValue, store: store, read: { $0 as? Data }, write: { $0 })
    }
    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) where Value == Date {
        self.init(key: key, defaultValue: wrappedValue, store: store, read: { $0 as? Date }, write: { $0 })
    }
    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) where Value: RawRepresentable, Value.RawValue == String {
        self.init(key: key, defaultValue: wrappedValue, store: store, read: { ($0 as? String).flatMap(Value.init(rawValue:)) }, write: { $0.rawValue })
    }
    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) where Value: RawRepresentable, Value.RawValue == Int {
        self.init(key: key, defaultValue: wrappedValue, store: store,
                  read: { (($0 as? NSNumber)?.intValue ?? ($0 as? Int)).flatMap(Value.init(rawValue:)) }, write: { $0.rawValue })
    }
    public init(_ key: String, store: UserDefaults? = nil) where Value == String? {
        self.init(key: key, defaultValue: nil, store: store, read: { $0 as? String }, write: { $0 })
    }
    public init(_ key: String, store: UserDefaults? = nil) where Value == Int? {
        self.init(key: key, defaultValue: nil, store: store, read: { ($0 as? NSNumber)?.intValue ?? ($0 as? Int) }, write: { $0 })
    }
    public init(_ key: String, store: UserDefaults? = nil) where Value == Double? {
        self.init(key: key, defaultValue: nil, store: store, read: { ($0 as? NSNumber)?.doubleValue ?? ($0 as? Double) }, write: { $0 })
    }
    public init(_ key: String, store: UserDefaults? = nil) where Value == Bool? {
        self.init(key: key, defaultValue: nil, store: store, read: { ($0 as? NSNumber)?.boolValue ?? ($0 as? Bool) }, write: { $0 })
    }
    public init(_ key: String, store: UserDefaults? = nil) where Value == Data? {
        self.init(key: key, defaultValue: nil, store: store, read: { $0 as? Data }, write: { $0 })
    }
}

// MARK: Localized strings

extension String {
    /// Foundation's `String(localized:)`. Glance ships no string catalogues (as
    /// `LocalizedStringResource`): the default value, else the key, is the text.
    public init(localized key: String, defaultValue: String? = nil, table: String? = nil, bundle: Bundle? = nil,
                locale: Locale = .current, comment: StaticString? = nil) {
        self = defaultValue ?? key
    }

    /// A resource's text (its key: there are no catalogues).
    public init(localized resource: LocalizedStringResource) {
        self = resource.key
    }
}

// MARK: App group containers

extension FileManager {
    /// An app group's shared folder: `<state_dir>/groups/<identifier>/`, made (mode 0700)
    /// on first use. The state folder is the running daemon's (`state_dir:`), else
    /// `$STATE_DIRECTORY`, `$XDG_STATE_HOME/glance` or `~/.local/state/glance`, so a widget
    /// and its companion program under the same user meet in the same place. `nil` for an
    /// identifier that is not a plain name, or when the folder cannot be made.
    public func containerURL(forSecurityApplicationGroupIdentifier groupIdentifier: String) -> URL? {
        guard !groupIdentifier.isEmpty, !groupIdentifier.contains("/"), groupIdentifier != ".", groupIdentifier != ".." else { return nil }
        let directory = StateDirectory.inUse ?? StateDirectory.resolve(configured: nil)
        let url = URL(fileURLWithPath: directory).appendingPathComponent("groups").appendingPathComponent(groupIdentifier, isDirectory: true)
        do {
            try createDirectory(at: url, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            return nil
        }
        return url
    }
}

// MARK: Formatters in text

// SwiftUI takes a `ReferenceConvertible` or an `NSObject` here; on Linux `Date` is neither,
// so any value a `Formatter` can write is taken.
extension LocalizedStringKey.StringInterpolation {
    /// A value written by a Foundation formatter: `Text("Updated \(date, formatter: Self.timeFormatter)")`.
    public mutating func appendInterpolation<Subject>(_ subject: Subject, formatter: Formatter?) {
        appendInterpolation(formatter?.string(for: subject) ?? String(describing: subject))
    }
}

extension Text {
    /// A value written by a Foundation formatter, as it is when the view is made.
    public init<Subject>(_ subject: Subject, formatter: Formatter) {
        self.init(verbatim: formatter.string(for: subject) ?? String(describing: subject))
    }
}
