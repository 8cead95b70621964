import Foundation
import GlanceGraphics
import GlanceSystem

// The parts of UIKit that widget code uses beside SwiftUI (the census: docs/compat.md):
// pictures, fonts and the screen as values Glance already draws. `import UIKit` is Glance.

/// A picture (UIKit's `UIImage`): a PNG in the images folder, a file, or an icon.
/// `Image(uiImage:)` draws it as `Image(_:)` and `Image(systemName:)` do.
public struct UIImage: Hashable, Sendable {
    enum Source: Hashable, Sendable { case named(String), file(String), symbol(String), empty, decoded(String) }
    let source: Source
    private let decodedSize: CGSize?
    private let bytes: [UInt8]?

    public init() {
        source = .empty
        decodedSize = nil
        bytes = nil
    }

    /// A picture's bytes (one the provider fetched: PNG, JPEG or WebP, stood upright as
    /// its EXIF says): decoded now, `nil` when Glance cannot read them (HEIC, damaged: the
    /// widget's own no-picture path).
    public init?(data: Data) {
        let bytes = [UInt8](data)
        guard let canvas = try? Picture.decode(bytes) else { return nil }
        source = .decoded(ImageMemory.keep(canvas, bytes: bytes))
        decodedSize = CGSize(width: CGFloat(canvas.width), height: CGFloat(canvas.height))
        self.bytes = bytes
    }

    /// The picture's size in points (1 point a pixel on a wall); zero until decoded.
    public var size: CGSize { decodedSize ?? .zero }

    /// The PNG's bytes, for a picture made from data.
    public func pngData() -> Data? { bytes.map { Data($0) } }
    /// `name.png` in the images folder (the config's `images:`).
    public init?(named name: String) { self.init(source: .named(name)) }

    private init(source: Source) {
        self.source = source
        decodedSize = nil
        bytes = nil
    }
    /// A PNG file; `nil` when there is no such file.
    public init?(contentsOfFile path: String) {
        guard FileManager.default.isReadableFile(atPath: path) else { return nil }
        self.init(source: .file(path))
    }
    /// An icon by SF Symbols name, drawn from Material Design Icons.
    public init?(systemName name: String) { self.init(source: .symbol(name)) }

    /// A picture's bytes at `scale` pixels a point (a wall's point is a pixel: 2 draws half the size).
    public init?(data: Data, scale: CGFloat) {
        guard scale != 1 else { self.init(data: data); return }
        guard let canvas = try? Picture.decode([UInt8](data)) else { return nil }
        self.init(cgImage: CGImage(canvas: canvas), scale: scale)
    }

    /// A bitmap (`scale` pixels a point: a wall's point is a pixel).
    public init(cgImage: CGImage, scale: CGFloat = 1, orientation: Orientation = .up) {
        let drawn = cgImage.scaled(scale)
        source = .decoded(drawn.memoryName)
        decodedSize = CGSize(width: CGFloat(drawn.width), height: CGFloat(drawn.height))
        bytes = try? PNG.encode(drawn.canvas)
    }

    /// The picture's bitmap, for one decoded from data or made from a bitmap.
    public var cgImage: CGImage? {
        guard let bytes, let canvas = try? PNG.decode(bytes) else { return nil }
        return CGImage(canvas: canvas)
    }

    public var scale: CGFloat { 1 }

    /// How a picture is turned: a wall draws it as stored.
    public enum Orientation: Int, Sendable {
        case up, down, left, right, upMirrored, downMirrored, leftMirrored, rightMirrored
    }
}

extension Image {
    /// A `UIImage` as a view.
    public init(uiImage image: UIImage) {
        switch image.source {
        case .named(let name): self.init(name)
        case .file(let path): self.init(path)
        case .symbol(let name): self.init(systemName: name)
        case .empty: self.init(systemName: "")
        case .decoded(let key): self.init(key)
        }
    }
}

/// A font (UIKit's `UIFont`) as Glance's `Font` reads it.
public struct UIFont: Hashable, Sendable {
    public typealias Weight = Font.Weight
    public let pointSize: CGFloat
    let weight: Weight
    let familyName: String?

    public init?(name: String, size: CGFloat) {
        pointSize = size
        weight = .regular
        familyName = name
    }

    init(size: CGFloat, weight: Weight, family: String? = nil) {
        pointSize = size
        self.weight = weight
        familyName = family
    }

    public static func systemFont(ofSize size: CGFloat) -> UIFont { UIFont(size: size, weight: .regular) }
    public static func systemFont(ofSize size: CGFloat, weight: Weight) -> UIFont { UIFont(size: size, weight: weight) }
    public static func boldSystemFont(ofSize size: CGFloat) -> UIFont { UIFont(size: size, weight: .bold) }
    public static func monospacedDigitSystemFont(ofSize size: CGFloat, weight: Weight) -> UIFont { UIFont(size: size, weight: weight) }
    /// The monospaced face (every character one width), as `Font.system(…, design: .monospaced)`.
    public static func monospacedSystemFont(ofSize size: CGFloat, weight: Weight) -> UIFont {
        UIFont(size: size, weight: weight, family: Font.system(size: size, design: .monospaced).family)
    }

    /// UIKit's text styles, at the sizes SwiftUI's fonts of the same names have.
    public struct TextStyle: Hashable, Sendable {
        let font: Font
        public static let largeTitle = TextStyle(font: .largeTitle)
        public static let title1 = TextStyle(font: .title)
        public static let title2 = TextStyle(font: .title2)
        public static let title3 = TextStyle(font: .title3)
        public static let headline = TextStyle(font: .headline)
        public static let subheadline = TextStyle(font: .subheadline)
        public static let body = TextStyle(font: .body)
        public static let callout = TextStyle(font: .callout)
        public static let footnote = TextStyle(font: .footnote)
        public static let caption1 = TextStyle(font: .caption)
        public static let caption2 = TextStyle(font: .caption2)
    }

    /// The font of a text style (body 17 pt, as on iOS).
    public static func preferredFont(forTextStyle style: TextStyle) -> UIFont {
        UIFont(size: CGFloat(style.font.pointSize), weight: style.font.weight)
    }
}

extension Font {
    /// A `UIFont` as a SwiftUI font.
    public init(_ font: UIFont) {
        self = Font.system(size: font.pointSize, weight: font.weight)
        if let family = font.familyName { self = Font.custom(family, size: font.pointSize).weight(font.weight) }
    }
}

/// The screen (UIKit's `UIScreen`). A widget reads `UIScreen.main.bounds` for its size; on a
/// wall that is the display's size in points, set by the host before any widget runs.
public final class UIScreen: @unchecked Sendable {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var size = CGSize(width: 800, height: 480)

    /// The display's size; the host sets it from the panel before widgets run.
    package static func setDisplaySize(width: Int, height: Int) {
        lock.lock()
        defer { lock.unlock() }
        size = CGSize(width: CGFloat(width), height: CGFloat(height))
    }

    public static var main: UIScreen { UIScreen() }

    public var bounds: CGRect {
        Self.lock.lock()
        defer { Self.lock.unlock() }
        return CGRect(origin: .zero, size: Self.size)
    }

    public var scale: CGFloat { 1 }
}

/// UIKit's views. WidgetKit draws SwiftUI views only, on iOS as on a wall, so a `UIView` in
/// a widget's code is never drawn; it compiles, and its label's text and font are kept.
open class UIView: @unchecked Sendable {
    public init() {}
    public init(frame: CGRect) {}
    open var backgroundColor: UIColor?
    open var isHidden = false
    open var alpha: CGFloat = 1
    open func sizeToFit() {}
}

open class UILabel: UIView, @unchecked Sendable {
    open var text: String?
    open var font: UIFont?
    open var textColor: UIColor?
    open var numberOfLines = 1
}

/// Pictures decoded from memory (`UIImage(data:)`), kept for the renderer under a name
/// `Image` draws like a file's: the most recent distinct pictures, by content, at most 32
/// of them and 64 MB of pixels (a picture is at most 16 megapixels: PNG's own bound), so
/// that pictures from the internet cannot fill a Pi's memory.
package enum ImageMemory {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var kept: [String: Canvas] = [:]
    nonisolated(unsafe) private static var order: [String] = []
    nonisolated(unsafe) private static var bytesKept = 0
    package static let prefix = "memory:"
    static let capacity = 32
    static let byteCapacity = 64 << 20

    /// Keeps `canvas` and returns its name (the same bytes, the same name).
    static func keep(_ canvas: Canvas, bytes: [UInt8]) -> String {
        var hash: UInt64 = 0xcbf29ce484222325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100000001b3 }
        let key = "\(prefix)\(String(hash, radix: 16))-\(bytes.count)"
        lock.withLock {
            if kept[key] == nil {
                kept[key] = canvas
                order.append(key)
                bytesKept += canvas.width * canvas.height * 4
                // The newest stays even alone over the byte bound: it is the one to draw.
                while order.count > 1 && (order.count > capacity || bytesKept > byteCapacity) {
                    let oldest = order.removeFirst()
                    if let given = kept.removeValue(forKey: oldest) { bytesKept -= given.width * given.height * 4 }
                }
            }
        }
        return key
    }

    /// How many pictures and bytes of pixels are kept (for tests).
    package static var usage: (pictures: Int, bytes: Int) { lock.withLock { (kept.count, bytesKept) } }

    /// The picture kept under `name`; nil once it has been given up for newer ones.
    package static func canvas(named name: String) -> Canvas? { lock.withLock { kept[name] } }
}

/// The app (UIKit's `UIApplication`): a widget on a wall has none around it. `open(_:)`
/// opens nothing (there is no browser or app to switch to) and says so once in the log.
public final class UIApplication: @unchecked Sendable {
    public static let shared = UIApplication()

    public struct OpenExternalURLOptionsKey: Hashable, Sendable, RawRepresentable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let universalLinksOnly = OpenExternalURLOptionsKey(rawValue: "UIApplicationOpenURLOptionUniversalLinksOnly")
    }

    public struct LaunchOptionsKey: Hashable, Sendable, RawRepresentable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let url = LaunchOptionsKey(rawValue: "UIApplicationLaunchOptionsURLKey")
        public static let remoteNotification = LaunchOptionsKey(rawValue: "UIApplicationLaunchOptionsRemoteNotificationKey")
        public static let shortcutItem = LaunchOptionsKey(rawValue: "UIApplicationLaunchOptionsShortcutItemKey")
    }

    /// The app's icon badge: a wall shows no icon.
    public var applicationIconBadgeNumber = 0

    public func open(_ url: URL, options: [OpenExternalURLOptionsKey: Any] = [:], completionHandler: ((Bool) -> Void)? = nil) {
        SlotLog.once("UIApplication.open", "UIApplication.shared.open(\(url.absoluteString)) does nothing on a wall: it has no browser or app to open")
        completionHandler?(false)
    }

    public func canOpenURL(_ url: URL) -> Bool { false }
}

/// Light or dark (UIKit's `UIUserInterfaceStyle`): a wall's is the config's appearance.
public enum UIUserInterfaceStyle: Int, Sendable {
    case unspecified, light, dark
}

/// UIKit's traits: a wall's are fixed.
public struct UITraitCollection: Hashable, Sendable {
    public var userInterfaceStyle: UIUserInterfaceStyle

    public init(userInterfaceStyle: UIUserInterfaceStyle) { self.userInterfaceStyle = userInterfaceStyle }

    public static var current: UITraitCollection { UITraitCollection(userInterfaceStyle: .light) }
}



/// Scales sizes with the reader's text size (UIKit's `UIFontMetrics`): a wall has one
/// text size, so values and fonts stay as given.
public struct UIFontMetrics: Sendable {
    public static let `default` = UIFontMetrics()

    public init() {}
    public init(forTextStyle style: UIFont.TextStyle) {}

    public func scaledValue(for value: CGFloat) -> CGFloat { value }
    public func scaledFont(for font: UIFont) -> UIFont { font }
}

/// A screen of an app (UIKit's `UIViewController`): never shown in a widget.
open class UIViewController {
    public var view: UIView

    public init() { view = UIView() }
}

/// Core Graphics' path, as `UIBezierPath.cgPath` hands it to `Path(_:)`: SwiftUI's path.
public typealias CGPath = Path

extension Path {
    /// A Core Graphics path (`Path(bezierPath.cgPath)`).
    public init(_ path: CGPath) { self = path }
}

/// UIKit's path builder, as widget shapes write it (`Path(UIBezierPath(ovalIn: rect).cgPath)`).
/// Its arcs' `clockwise` is as seen on the screen (y down), as UIKit's.
public final class UIBezierPath: @unchecked Sendable {
    private var path = Path()
    public var lineWidth: CGFloat = 1

    public init() {}
    public init(rect: CGRect) { path.addRect(rect) }
    public init(ovalIn rect: CGRect) { path.addEllipse(in: rect) }
    public init(roundedRect rect: CGRect, cornerRadius: CGFloat) {
        path = Path(roundedRect: rect, cornerRadius: cornerRadius, style: .circular)
    }
    public init(arcCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        addArc(withCenter: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise)
    }

    public func move(to point: CGPoint) { path.move(to: point) }
    public func addLine(to point: CGPoint) { path.addLine(to: point) }
    public func addCurve(to point: CGPoint, controlPoint1: CGPoint, controlPoint2: CGPoint) {
        path.addCurve(to: point, control1: controlPoint1, control2: controlPoint2)
    }
    public func addQuadCurve(to point: CGPoint, controlPoint: CGPoint) { path.addQuadCurve(to: point, control: controlPoint) }
    public func addArc(withCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        // SwiftUI's (and Core Graphics') `clockwise` is the other way round in y-down coordinates.
        path.addArc(center: center, radius: radius, startAngle: .radians(Double(startAngle)), endAngle: .radians(Double(endAngle)),
                    clockwise: !clockwise)
    }
    public func close() { path.closeSubpath() }
    public func append(_ other: UIBezierPath) { path.addPath(other.path) }
    public func removeAllPoints() { path = Path() }

    public var cgPath: CGPath { path }
    public var isEmpty: Bool { path.isEmpty }
    public var bounds: CGRect { path.boundingRect }
}
