import FoundationEssentials
import GlanceWidgetKit

/// The weather at one place, as fetched at `date`.
public struct WeatherEntry: TimelineEntry, Codable, Sendable, Equatable {
    /// When the forecast was fetched (the refresh button shows it).
    public let date: Date
    /// The place's name in the display's language ("Seoul", "서울", "37.39°N 126.95°E").
    public let place: String
    public let units: WeatherUnits
    public let current: Conditions
    /// Today's high and low, in the units.
    public let high: Double
    public let low: Double
    /// The next hours, on the hour, soonest first (five or fewer).
    public let hours: [Hour]
    /// The days after today, soonest first (five or fewer).
    public let days: [Day]
    /// Sample content standing in for a forecast not fetched yet: drawn redacted.
    public let isPlaceholder: Bool
    /// In a stack, the entry claims the place while rain, snow or a storm falls now or is
    /// forecast within this many hours (nil or 0: never).
    public var relevantHours: Int?

    public struct Conditions: Codable, Sendable, Equatable {
        public let temperature: Double
        public let apparentTemperature: Double
        public let windSpeed: Double
        public let condition: WeatherCondition
        /// Daylight at the place (the night's sky and colours otherwise).
        public let isDay: Bool

        public init(temperature: Double, apparentTemperature: Double, windSpeed: Double, condition: WeatherCondition, isDay: Bool) {
            self.temperature = temperature
            self.apparentTemperature = apparentTemperature
            self.windSpeed = windSpeed
            self.condition = condition
            self.isDay = isDay
        }
    }

    public struct Hour: Codable, Sendable, Equatable {
        /// The hour's start (UTC; drawn in the display's zone).
        public let date: Date
        public let temperature: Double
        public let condition: WeatherCondition
        public let isDay: Bool

        public init(date: Date, temperature: Double, condition: WeatherCondition, isDay: Bool) {
            self.date = date
            self.temperature = temperature
            self.condition = condition
            self.isDay = isDay
        }
    }

    public struct Day: Codable, Sendable, Equatable {
        /// Noon of the day at the place (its weekday is the day's in any nearby zone).
        public let date: Date
        public let condition: WeatherCondition
        public let high: Double
        public let low: Double

        public init(date: Date, condition: WeatherCondition, high: Double, low: Double) {
            self.date = date
            self.condition = condition
            self.high = high
            self.low = low
        }
    }

    public init(date: Date, place: String, units: WeatherUnits, current: Conditions, high: Double, low: Double,
                hours: [Hour], days: [Day], isPlaceholder: Bool = false) {
        self.date = date
        self.place = place
        self.units = units
        self.current = current
        self.high = high
        self.low = low
        self.hours = hours
        self.days = days
        self.isPlaceholder = isPlaceholder
    }

    /// A storm, heavy rain, snow, rain or drizzle now or within `relevantHours`: the
    /// worst of them scores (storm 0.9, heavy rain 0.8, snow 0.7, rain 0.6, drizzle 0.4)
    /// until the last wet hour forecast ends (the hour in progress, when only now is wet),
    /// so a forecast kept through failed fetches stops claiming its stack when the rain it
    /// foresaw is over. Dry weather and placeholders: none.
    public var relevance: TimelineEntryRelevance? {
        guard let relevantHours, relevantHours > 0, !isPlaceholder else { return nil }
        let horizon = date.addingTimeInterval(Double(relevantHours) * 3600)
        let wetHours = hours.filter { $0.date < horizon && $0.condition.wetness != nil }
        guard let score = ([current.condition] + wetHours.map(\.condition)).compactMap(\.wetness).max() else { return nil }
        let end = wetHours.last.map { $0.date.addingTimeInterval(3600) } ?? hours.first?.date ?? date.addingTimeInterval(3600)
        return TimelineEntryRelevance(score: score, duration: max(1, end.timeIntervalSince(date)))
    }

    /// `21°`: whole degrees, as weather apps round them.
    public static func degrees(_ value: Double) -> String {
        let rounded = Int(value.rounded())
        return "\(rounded == 0 ? 0 : rounded)°"
    }

    /// A mild day with some cloud, for the gallery and the placeholder: no network.
    /// Hours start at the hour after `date`; days after the day `date` falls on.
    public static func sample(at date: Date, place: String, units: WeatherUnits = .metric, isPlaceholder: Bool = false) -> WeatherEntry {
        let hourStart = (date.timeIntervalSince1970 / 3600).rounded(.down) * 3600
        let hourly: [(Double, WeatherCondition)] = [(22, .partlyCloudy), (23, .clear), (24, .clear), (24, .partlyCloudy), (23, .cloudy)]
        let daily: [(WeatherCondition, Double, Double)] = [(.rain, 22, 15), (.cloudy, 19, 12), (.clear, 21, 11), (.partlyCloudy, 23, 13),
                                                          (.clear, 24, 14)]
        func converted(_ celsius: Double) -> Double { units == .metric ? celsius : celsius * 9 / 5 + 32 }
        return WeatherEntry(
            date: date, place: place, units: units,
            current: Conditions(temperature: converted(21), apparentTemperature: converted(20), windSpeed: units == .metric ? 11 : 7,
                                condition: .partlyCloudy, isDay: true),
            high: converted(24), low: converted(14),
            hours: hourly.enumerated().map { index, hour in
                Hour(date: Date(timeIntervalSince1970: hourStart + Double(index + 1) * 3600), temperature: converted(hour.0),
                     condition: hour.1, isDay: true)
            },
            days: daily.enumerated().map { index, day in
                Day(date: date.addingTimeInterval(Double(index + 1) * 86_400), condition: day.0, high: converted(day.1), low: converted(day.2))
            },
            isPlaceholder: isPlaceholder)
    }
}
