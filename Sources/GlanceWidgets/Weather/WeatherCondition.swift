/// The sky as the WMO weather interpretation codes describe it (the `weather_code`
/// Open-Meteo reports), folded into the conditions a wall display tells apart.
public enum WeatherCondition: String, Codable, Sendable, CaseIterable {
    case clear, mostlyClear, partlyCloudy, cloudy, fog, drizzle, rain, heavyRain, snow, thunderstorm, unknown

    /// The condition a WMO code stands for (WMO 4677, as Open-Meteo documents it):
    /// 0 clear, 1–3 clouds, 45/48 fog, 51–57 drizzle, 61–67 and 80–82 rain, 71–77 and
    /// 85/86 snow, 95–99 thunderstorms.
    public init(wmoCode code: Int) {
        switch code {
        case 0: self = .clear
        case 1: self = .mostlyClear
        case 2: self = .partlyCloudy
        case 3: self = .cloudy
        case 45, 48: self = .fog
        case 51, 53, 55, 56, 57: self = .drizzle
        case 61, 63, 66, 80, 81: self = .rain
        case 65, 67, 82: self = .heavyRain
        case 71, 73, 75, 77, 85, 86: self = .snow
        case 95, 96, 99: self = .thunderstorm
        default: self = .unknown
        }
    }

    /// How much a person wants to know of it before going out (a stack's relevance):
    /// nil for dry skies.
    public var wetness: Float? {
        switch self {
        case .thunderstorm: 0.9
        case .heavyRain: 0.8
        case .snow: 0.7
        case .rain: 0.6
        case .drizzle: 0.4
        case .clear, .mostlyClear, .partlyCloudy, .cloudy, .fog, .unknown: nil
        }
    }

    /// The SF Symbols name, with the moon for a clear or partly clear night.
    public func symbolName(isDay: Bool) -> String {
        switch self {
        case .clear, .mostlyClear: isDay ? "sun.max.fill" : "moon.stars.fill"
        case .partlyCloudy: isDay ? "cloud.sun.fill" : "cloud.moon.fill"
        case .cloudy, .unknown: "cloud.fill"
        case .fog: "cloud.fog.fill"
        case .drizzle: "cloud.drizzle.fill"
        case .rain: "cloud.rain.fill"
        case .heavyRain: "cloud.heavyrain.fill"
        case .snow: "cloud.snow.fill"
        case .thunderstorm: "cloud.bolt.rain.fill"
        }
    }

    /// The condition's name in the display's language: Korean for `ko`, English otherwise.
    public func name(languageCode: String) -> String {
        languageCode == "ko" ? koreanName : englishName
    }

    var englishName: String {
        switch self {
        case .clear: "Clear"
        case .mostlyClear: "Mostly Clear"
        case .partlyCloudy: "Partly Cloudy"
        case .cloudy: "Cloudy"
        case .fog: "Fog"
        case .drizzle: "Drizzle"
        case .rain: "Rain"
        case .heavyRain: "Heavy Rain"
        case .snow: "Snow"
        case .thunderstorm: "Thunderstorms"
        case .unknown: "—"
        }
    }

    var koreanName: String {
        switch self {
        case .clear: "맑음"
        case .mostlyClear: "대체로 맑음"
        case .partlyCloudy: "구름 조금"
        case .cloudy: "흐림"
        case .fog: "안개"
        case .drizzle: "이슬비"
        case .rain: "비"
        case .heavyRain: "폭우"
        case .snow: "눈"
        case .thunderstorm: "뇌우"
        case .unknown: "—"
        }
    }
}
