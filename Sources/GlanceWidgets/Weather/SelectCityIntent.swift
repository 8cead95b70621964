import GlanceFetch
import GlanceIntents

/// The cities the weather widget knows by name; the config writes the raw value
/// (`city: busan`).
public enum City: String, AppEnum {
    case seoul, busan, jeju, daejeon, gwangju

    public static let typeDisplayRepresentation: TypeDisplayRepresentation = "City"
    public static let caseDisplayRepresentations: [City: DisplayRepresentation] = [
        .seoul: "서울", .busan: "부산", .jeju: "제주", .daejeon: "대전", .gwangju: "광주",
    ]

    /// The city centre, in degrees (north, east).
    public var coordinates: (latitude: Double, longitude: Double) {
        switch self {
        case .seoul: (37.5665, 126.9780)
        case .busan: (35.1796, 129.0756)
        case .jeju: (33.4996, 126.5312)
        case .daejeon: (36.3504, 127.3845)
        case .gwangju: (35.1595, 126.8526)
        }
    }

    /// The name in English, for displays that do not speak Korean.
    public var englishName: String {
        switch self {
        case .seoul: "Seoul"
        case .busan: "Busan"
        case .jeju: "Jeju"
        case .daejeon: "Daejeon"
        case .gwangju: "Gwangju"
        }
    }

    /// The name in the display's language: the Korean display name for `ko`.
    public func name(languageCode: String) -> String {
        languageCode == "ko" ? (Self.caseDisplayRepresentations[self]?.title.key ?? englishName) : englishName
    }
}

/// Celsius and km/h, or Fahrenheit and mph.
public enum WeatherUnits: String, AppEnum, Codable {
    case metric, imperial

    public static let typeDisplayRepresentation: TypeDisplayRepresentation = "Units"
    public static let caseDisplayRepresentations: [WeatherUnits: DisplayRepresentation] = [
        .metric: "°C, km/h", .imperial: "°F, mph",
    ]

    public var windSpeedUnit: String { self == .metric ? "km/h" : "mph" }
}

/// The weather widget's settings: `params: {city: busan}`, or a place by coordinates
/// (`latitude: 37.39, longitude: 126.95, name: Anyang`), in `units: imperial` if wished.
public struct SelectCityIntent: WidgetConfigurationIntent, ParameterChecking {
    public static let title: LocalizedStringResource = "Select City"
    public static let description: IntentDescription? = "The city whose weather the widget shows."

    @Parameter(title: "City", default: .seoul)
    public var city: City

    /// With `longitude`, a place anywhere, instead of `city`.
    @Parameter(title: "Latitude")
    public var latitude: Double?

    @Parameter(title: "Longitude")
    public var longitude: Double?

    /// What the widget calls a place given by coordinates (else the coordinates).
    @Parameter(title: "Place name")
    public var name: String?

    @Parameter(title: "Units", default: .metric)
    public var units: WeatherUnits

    /// Where the Open-Meteo forecast API is (tests point it at a local server).
    // Named as the config writes it.
    @Parameter(title: "Server", default: WeatherRequest.openMeteo, role: .location)
    public var base_url: String

    /// In a stack, the weather claims the place while rain, snow or a storm falls or is
    /// forecast within this many hours (0: never).
    @Parameter(title: "Relevant hours ahead", default: 3)
    public var relevant_hours: Int

    public init() {}

    public init(city: City, units: WeatherUnits = .metric, baseURL: String = WeatherRequest.openMeteo) {
        self.city = city
        self.units = units
        self.base_url = baseURL
    }

    public func checkParameters() throws(IntentConfigurator.Failure) {
        if !(0...5).contains(relevant_hours) {
            throw .invalidValue(name: "relevant_hours", value: "\(relevant_hours)", expected: "0 (never) to 5, the hours the forecast shows")
        }
        if !HTTPClient.isSupported(base_url) {
            throw .invalidValue(name: "base_url", value: base_url, expected: "an http:// or https:// URL")
        }
        switch (latitude, longitude) {
        case (nil, nil): break
        case (let latitude?, nil):
            throw .invalidValue(name: "latitude", value: "\(latitude)", expected: "usable without a longitude (give both, or a city)")
        case (nil, let longitude?):
            throw .invalidValue(name: "longitude", value: "\(longitude)", expected: "usable without a latitude (give both, or a city)")
        case (let latitude?, let longitude?):
            if !(-90...90).contains(latitude) {
                throw .invalidValue(name: "latitude", value: "\(latitude)", expected: "a latitude from -90 to 90")
            }
            if !(-180...180).contains(longitude) {
                throw .invalidValue(name: "longitude", value: "\(longitude)", expected: "a longitude from -180 to 180")
            }
        }
    }

    /// The place to ask about, in degrees: the coordinates if given, else the city's.
    public var coordinates: (latitude: Double, longitude: Double) {
        if let latitude, let longitude { return (latitude, longitude) }
        return city.coordinates
    }

    /// What the widget calls the place, in the display's language.
    public func placeName(languageCode: String) -> String {
        if let name, !name.isEmpty { return name }
        if let latitude, let longitude { return Self.coordinateText(latitude: latitude, longitude: longitude) }
        return city.name(languageCode: languageCode)
    }

    /// `37.39°N 126.95°E`.
    static func coordinateText(latitude: Double, longitude: Double) -> String {
        func degrees(_ value: Double) -> String {
            let hundredths = Int((abs(value) * 100).rounded())
            let fraction = hundredths % 100
            return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)°"
        }
        return degrees(latitude) + (latitude < 0 ? "S " : "N ") + degrees(longitude) + (longitude < 0 ? "W" : "E")
    }
}

/// The refresh button's intent: it changes nothing; the host reloads the widget whose
/// button ran it, which fetches the forecast again.
public struct RefreshWeatherIntent: AppIntent {
    public static let title: LocalizedStringResource = "Refresh Weather"

    public init() {}

    public func perform() async throws -> EmptyIntentResult { .result() }
}
