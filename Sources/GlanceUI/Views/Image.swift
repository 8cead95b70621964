/// An icon by SF Symbols name (SwiftUI's `Image(systemName:)`), drawn from Material
/// Design Icons (Debian's `fonts-materialdesignicons-webfont`). It takes the size and
/// colour of the text around it (`.font`, `.foregroundStyle`); `.resizable()` makes it
/// fill its frame. A name Glance does not know draws a visible box.
public struct Image: View, PrimitiveView {
    let systemName: String?
    let name: String?
    var isResizable = false

    public init(systemName: String) {
        self.systemName = systemName
        name = nil
    }

    /// A picture: `name.png` in the images folder (the config's `images:`, default
    /// `images/`), or a path ending in `.png`. Drawn dithered on few-colour panels; an
    /// unreadable file is an empty frame and a logged error.
    public init(_ name: String) {
        systemName = nil
        self.name = name
    }

    public func resizable() -> Image {
        var copy = self
        copy.isResizable = true
        return copy
    }


    public func makeNode(in environment: EnvironmentValues) -> ViewNode {
        if let name {
            let path = name.hasSuffix(".png") ? name : "\(environment.imagesDirectory)/\(name).png"
            return .image(path: path, resizable: isResizable)
        }
        let systemName = systemName ?? ""
        return .symbol(SymbolNode(systemName: systemName, glyphName: SymbolNames.materialDesignName(for: systemName),
                                  pointSize: environment.font.pointSize * environment.imageScale, color: environment.foregroundColor,
                                  resizable: isResizable))
    }
}

public enum ContentMode: Sendable {
    case fit, fill
}

/// SF Symbols names mapped to Material Design Icons glyph names.
public enum SymbolNames {
    /// The font Glance draws symbols from.
    public static let fontFamily = "Material Design Icons"

    static let table: [String: String] = [
        // Weather
        "sun.max": "weather-sunny", "sun.min": "weather-sunny", "sun.max.fill": "weather-sunny",
        "cloud": "weather-cloudy", "cloud.fill": "weather-cloudy", "smoke": "weather-fog",
        "cloud.sun": "weather-partlycloudy", "cloud.sun.fill": "weather-partlycloudy",
        "cloud.rain": "weather-rainy", "cloud.rain.fill": "weather-rainy", "cloud.drizzle": "weather-rainy",
        "cloud.heavyrain": "weather-pouring", "cloud.heavyrain.fill": "weather-pouring",
        "cloud.snow": "weather-snowy", "cloud.snow.fill": "weather-snowy", "snowflake": "weather-snowy",
        "cloud.bolt": "weather-lightning", "cloud.bolt.fill": "weather-lightning", "bolt": "flash",
        "cloud.hail": "weather-hail", "cloud.fog": "weather-fog", "wind": "weather-windy",
        "moon": "weather-night", "moon.fill": "weather-night", "moon.stars": "weather-night",
        "sunrise": "weather-sunset-up", "sunset": "weather-sunset-down",
        "thermometer": "thermometer", "thermometer.medium": "thermometer", "drop": "water", "drop.fill": "water",
        "umbrella": "umbrella", "umbrella.fill": "umbrella",
        // Calendar and time
        "calendar": "calendar", "calendar.circle": "calendar", "calendar.badge.clock": "calendar-clock",
        "clock": "clock", "clock.fill": "clock", "alarm": "alarm", "timer": "timer", "hourglass": "timer",
        // Actions and arrows
        "arrow.clockwise": "refresh", "arrow.counterclockwise": "refresh", "arrow.triangle.2.circlepath": "refresh",
        "arrow.up": "arrow-up", "arrow.down": "arrow-down", "arrow.left": "arrow-left", "arrow.right": "arrow-right",
        "chevron.up": "chevron-up", "chevron.down": "chevron-down", "chevron.left": "chevron-left", "chevron.right": "chevron-right",
        "arrow.up.right": "trending-up", "arrow.down.right": "trending-down", "chart.xyaxis.line": "chart-line",
        "checkmark": "check", "xmark": "close", "plus": "plus", "minus": "minus",
        // Things
        "star": "star", "star.fill": "star", "heart": "heart", "heart.fill": "heart", "house": "home", "house.fill": "home",
        "bell": "bell", "bell.fill": "bell", "battery.100": "battery", "wifi": "wifi", "person": "account",
        "person.fill": "account", "gearshape": "settings", "gear": "settings", "mappin": "map-marker",
        "gift": "gift", "birthday.cake": "cake-variant", "airplane": "airplane", "car": "car", "bus": "bus", "tram": "train",
        "figure.run": "run", "figure.walk": "walk", "book": "book-open", "envelope": "email", "phone": "phone",
        "message": "message", "info.circle": "information", "exclamationmark.triangle": "alert",
    ]

    /// The Material Design Icons glyph for an SF Symbols name, if Glance maps it.
    public static func materialDesignName(for systemName: String) -> String? { table[systemName] }
}
