import GlanceGraphics

/// An icon by SF Symbols name (SwiftUI's `Image(systemName:)`), drawn from Material
/// Design Icons (Debian's `fonts-materialdesignicons-webfont`). It takes the size and
/// colour of the text around it (`.font`, `.foregroundStyle`); `.resizable()` makes it
/// fill its frame. A name Glance does not know draws a visible box.
public struct Image: View, PrimitiveView {
    public func _glanceNode(in environment: EnvironmentValues) -> _ResolvedView { _ResolvedView(makeNode(in: environment)) }
    let systemName: String?
    let name: String?
    var isResizable = false

    public init(systemName: String) {
        self.systemName = systemName
        name = nil
    }

    /// A picture: `name.png` in the images folder (the config's `images:`, default
    /// `images/`), or a path ending in `.png`, `.jpg`, `.jpeg` or `.webp` (decoded at the
    /// size it is drawn, upright as its EXIF says). Drawn dithered on few-colour panels;
    /// an unreadable file is an empty frame and a logged error.
    public init(_ name: String) {
        systemName = nil
        self.name = name
    }

    /// Whether `name` names a file or a kept picture itself, not an image in the folder.
    static func isPath(_ name: String) -> Bool {
        if name.hasPrefix(ImageMemory.prefix) || name.hasPrefix(PictureStore.prefix) { return true }
        guard let dot = name.lastIndex(of: "."), !name[dot...].contains("/") else { return false }
        return Picture.Format.extensions.contains(name[name.index(after: dot)...].lowercased())
    }

    public func resizable() -> Image {
        var copy = self
        copy.isResizable = true
        return copy
    }


    package func makeNode(in environment: EnvironmentValues) -> ViewNode {
        if let name {
            let path = Self.isPath(name) ? name : "\(environment.imagesDirectory)/\(name).png"
            return .image(path: path, resizable: isResizable)
        }
        let systemName = environment.symbolVariants == .none ? systemName ?? "" : environment.symbolVariants.applied(to: systemName ?? "")
        return .symbol(SymbolNode(systemName: systemName, glyphNames: SymbolNames.candidates(for: systemName),
                                  pointSize: environment.font.pointSize * environment.imageScale, color: environment.foregroundColor,
                                  resizable: isResizable))
    }
}

public enum ContentMode: Sendable {
    case fit, fill
}

/// SF Symbols names mapped to Material Design Icons glyph names.
///
/// A name is looked up whole, then without its `.fill`, `.circle` and `.square` parts:
/// the base icon's `-circle` and `-box` forms stand for those, its outline form for the
/// unfilled symbol (`heart` → `heart-outline`, `heart.fill` → `heart`). Names Glance does
/// not map are tried as they are with dots as dashes (`bell.badge` → `bell-badge`).
public enum SymbolNames {
    /// The font Glance draws symbols from.
    public static let fontFamily = "Material Design Icons"

    static let table: [String: String] = [
        "airplane": "airplane", "alarm": "alarm", "antenna.radiowaves.left.and.right": "access-point", "applewatch": "watch",
        "aqi.high": "blur", "aqi.low": "blur", "aqi.medium": "blur", "arrow.2.circlepath": "refresh",
        "arrow.circlepath": "refresh", "arrow.clockwise": "refresh", "arrow.counterclockwise": "refresh",
        "arrow.down": "arrow-down", "arrow.down.circle": "arrow-down-bold-circle", "arrow.down.right": "trending-down",
        "arrow.left": "arrow-left", "arrow.right": "arrow-right", "arrow.triangle.2.circlepath": "refresh",
        "arrow.up": "arrow-up", "arrow.up.arrow.down": "swap-vertical", "arrow.up.circle": "arrow-up-bold-circle",
        "arrowshape.down": "arrow-down-bold", "arrowshape.left": "arrow-left-bold", "arrowshape.right": "arrow-right-bold",
        "arrowshape.up": "arrow-up-bold",
        "arrow.up.right": "trending-up", "backward": "rewind", "bag": "shopping", "battery.0": "battery-outline",
        "battery.100": "battery", "battery.100.bolt": "battery-charging", "battery.25": "battery-20",
        "battery.50": "battery-50", "battery.75": "battery-70", "bed.double": "hotel", "bell": "bell", "bicycle": "bike",
        "birthday.cake": "cake-variant", "bitcoinsign": "currency-btc", "bolt": "flash", "bolt.circle": "flash",
        "bolt.horizontal": "flash", "book": "book-open", "book.closed": "book", "bookmark": "bookmark", "box.truck": "truck",
        "bubble.left": "message", "building": "domain", "building.2": "domain", "bus": "bus", "calendar": "calendar",
        "calendar.badge.clock": "calendar-clock", "calendar.badge.plus": "calendar-plus", "camera": "camera", "car": "car",
        "cart": "cart", "chart.bar": "chart-bar", "chart.line.uptrend.xyaxis": "chart-line", "chart.pie": "chart-pie",
        "chart.xyaxis.line": "chart-line", "checklist": "playlist-check", "checkmark": "check",
        "checkmark.circle": "checkbox-marked-circle", "checkmark.square": "checkbox-marked", "chevron.down": "chevron-down",
        "chevron.left": "chevron-left", "chevron.right": "chevron-right", "chevron.up": "chevron-up",
        "circle": "checkbox-blank-circle", "clock": "clock", "cloud": "weather-cloudy", "cloud.bolt": "weather-lightning",
        "cloud.bolt.rain": "weather-lightning", "cloud.drizzle": "weather-rainy", "cloud.fog": "weather-fog",
        "cloud.hail": "weather-hail", "cloud.heavyrain": "weather-pouring", "cloud.moon": "weather-night",
        "cloud.rain": "weather-rainy", "cloud.snow": "weather-snowy", "cloud.sun": "weather-partlycloudy",
        "creditcard": "credit-card", "cross": "hospital", "crown": "crown", "cup.and.saucer": "coffee",
        "desktopcomputer": "desktop-mac", "divide": "division", "doc": "file", "doc.text": "file-document",
        "dollarsign": "currency-usd", "drop": "water", "dumbbell": "dumbbell", "envelope": "email", "equal": "equal",
        "eurosign": "currency-eur", "exclamationmark": "exclamation", "exclamationmark.circle": "alert-circle",
        "exclamationmark.triangle": "alert", "eye": "eye", "figure.outdoor.cycle": "bike", "figure.run": "run",
        "figure.walk": "walk", "flag": "flag", "flame": "fire", "folder": "folder", "fork.knife": "silverware",
        "forward": "fast-forward", "gamecontroller": "gamepad-variant", "gear": "settings", "gearshape": "settings",
        "gift": "gift", "globe": "earth", "graduationcap": "school", "heart": "heart", "heart.text.square": "heart-pulse",
        "hourglass": "timer-sand", "house": "home", "humidity": "water-percent", "hurricane": "weather-windy-variant",
        "info": "information", "info.circle": "information", "iphone": "cellphone", "key": "key", "laptopcomputer": "laptop",
        "leaf": "leaf", "lightbulb": "lightbulb", "link": "link", "list.bullet": "format-list-bulleted",
        "location": "navigation", "lock": "lock", "lock.open": "lock-open", "lungs": "heart-pulse",
        "magnifyingglass": "magnify", "map": "map", "mappin": "map-marker", "mappin.and.ellipse": "map-marker-radius",
        "message": "message", "mic": "microphone", "minus": "minus", "minus.circle": "minus-circle", "moon": "weather-night",
        "moon.stars": "weather-night", "mug": "cup", "multiply": "close", "music.note": "music-note", "newspaper": "newspaper",
        "paperclip": "paperclip", "party.popper": "gift", "pause": "pause", "pencil": "pencil", "person": "account",
        "person.2": "account-multiple", "person.3": "account-multiple", "person.crop.circle": "account-circle",
        "phone": "phone", "photo": "image", "pills": "pill", "pin": "pin", "play": "play", "plus": "plus",
        "plus.circle": "plus-circle", "power": "power", "powerplug": "power-socket", "questionmark": "help",
        "questionmark.circle": "help-circle", "shippingbox": "package-variant", "slider.horizontal.3": "tune",
        "smoke": "weather-fog", "snowflake": "weather-snowy", "sparkles": "auto-fix", "speaker.slash": "volume-off",
        "speaker.wave.2": "volume-high", "sportscourt": "soccer", "square": "checkbox-blank",
        "square.and.pencil": "pencil-box", "star": "star", "stethoscope": "stethoscope", "stop": "stop", "stopwatch": "timer",
        "sun.haze": "weather-fog", "sun.max": "weather-sunny", "sun.min": "weather-sunny", "sunrise": "weather-sunset-up",
        "sunset": "weather-sunset-down", "tag": "tag", "target": "target", "thermometer": "thermometer",
        "thermometer.medium": "thermometer", "thermometer.snowflake": "thermometer", "thermometer.sun": "thermometer",
        "timer": "timer", "tornado": "weather-windy-variant", "tram": "train", "trash": "delete", "trophy": "trophy",
        "tv": "television", "umbrella": "umbrella", "video": "video", "wifi": "wifi", "wind": "weather-windy",
        "wonsign": "cash", "xmark": "close", "xmark.circle": "close-circle", "yensign": "cash"
    ]

    /// The Material Design Icons glyphs that could stand for an SF Symbols name, best
    /// first; the renderer draws the first one the font has.
    public static func candidates(for systemName: String) -> [String] {
        var found: [String] = []
        func add(_ names: String...) { for name in names where !found.contains(name) { found.append(name) } }
        var base = systemName
        let filled = base.hasSuffix(".fill")
        // An unfilled symbol is drawn as the icon's outline where the font has one.
        // (Not batteries: there an outline is an empty battery.)
        if let exact = table[systemName] { filled || exact.hasPrefix("battery") ? add(exact) : add(exact + "-outline", exact) }
        if filled { base.removeLast(5) }
        if let mapped = table[base] { filled ? add(mapped) : add(mapped + "-outline", mapped) }
        var shape: String?
        if base.hasSuffix(".circle") {
            shape = "circle"
            base.removeLast(7)
        } else if base.hasSuffix(".square") {
            shape = "box"
            base.removeLast(7)
        }
        let icon = table[base] ?? String(base.map { $0 == "." ? "-" : $0 })
        if let shape { filled ? add("\(icon)-\(shape)", "\(icon)-\(shape)-outline") : add("\(icon)-\(shape)-outline", "\(icon)-\(shape)") }
        filled ? add(icon, icon + "-outline") : add(icon + "-outline", icon)
        return found
    }

    /// The first candidate for an SF Symbols name (the font decides which exist).
    public static func materialDesignName(for systemName: String) -> String? { candidates(for: systemName).first }
}

extension Image {
    /// How large icons are beside text (SwiftUI's `Image.Scale`).
    public enum Scale: Sendable {
        case small, medium, large

        var factor: Double {
            switch self {
            case .small: 0.8
            case .medium: 1
            case .large: 1.25
            }
        }
    }

    /// How an image takes colour (SwiftUI's `Image.TemplateRenderingMode`).
    public enum TemplateRenderingMode: Sendable {
        case template, original
    }

    /// Accepted: icons are one colour on paper, pictures are drawn as they are.
    public func renderingMode(_ mode: TemplateRenderingMode?) -> Image { self }
}
