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
    /// The next day by the hour, from the hour in progress (25 or fewer: 24 hours'
    /// span), for the large family's chart. Part of the entry, so a failed fetch keeps it.
    public let forecastHours: [ForecastHour]
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

    /// One hour of the chart: the temperature at its start, the chance of rain within it.
    public struct ForecastHour: Codable, Sendable, Equatable {
        /// The hour's start (UTC; drawn in the display's zone).
        public let date: Date
        public let temperature: Double
        /// Percent, 0–100; nil when the forecast does not say.
        public let precipitationChance: Double?

        public init(date: Date, temperature: Double, precipitationChance: Double?) {
            self.date = date
            self.temperature = temperature
            self.precipitationChance = precipitationChance
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
                hours: [Hour], days: [Day], forecastHours: [ForecastHour] = [], isPlaceholder: Bool = false) {
        self.date = date
        self.place = place
        self.units = units
        self.current = current
        self.high = high
        self.low = low
        self.hours = hours
        self.days = days
        self.forecastHours = forecastHours
        self.isPlaceholder = isPlaceholder
    }

    private enum CodingKeys: String, CodingKey {
        case date, place, units, current, high, low, hours, days, forecastHours, isPlaceholder, relevantHours
    }

    /// An entry kept from before the chart (no `forecastHours`) still reads: it draws no chart.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        date = try container.decode(Date.self, forKey: .date)
        place = try container.decode(String.self, forKey: .place)
        units = try container.decode(WeatherUnits.self, forKey: .units)
        current = try container.decode(Conditions.self, forKey: .current)
        high = try container.decode(Double.self, forKey: .high)
        low = try container.decode(Double.self, forKey: .low)
        hours = try container.decode([Hour].self, forKey: .hours)
        days = try container.decode([Day].self, forKey: .days)
        forecastHours = try container.decodeIfPresent([ForecastHour].self, forKey: .forecastHours) ?? []
        isPlaceholder = try container.decode(Bool.self, forKey: .isPlaceholder)
        relevantHours = try container.decodeIfPresent(Int.self, forKey: .relevantHours)
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
            forecastHours: (0...24).map { index in
                // By the hour of the day in UTC: warmest at 06:00 (15:00 in Seoul), coolest
                // before dawn, a shower likely in the evening.
                let start = hourStart + Double(index) * 3600
                let utcHour = Int(start / 3600) % 24
                let celsius: [Double] = [21, 22, 23, 24, 24, 24, 24, 23, 22, 21, 20, 19,
                                         18, 17, 16, 16, 15, 15, 14, 14, 15, 16, 18, 20]
                let chance: [Double] = [0, 0, 0, 0, 0, 0, 0, 10, 20, 30, 60, 70,
                                        50, 30, 10, 10, 0, 0, 0, 0, 0, 0, 0, 0]
                return ForecastHour(date: Date(timeIntervalSince1970: start), temperature: converted(celsius[utcHour]),
                                    precipitationChance: chance[utcHour])
            },
            isPlaceholder: isPlaceholder)
    }
}
