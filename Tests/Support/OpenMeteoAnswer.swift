import GlanceTime

/// An Open-Meteo forecast answer for Seoul's zone (UTC+9): current conditions, `hourCount`
/// hours from midnight on `day`, and a day for each of `dailyCodes` from `day`.
public struct OpenMeteoAnswer: Sendable {
    public var day: String
    public var temperature: Double
    public var code: Int
    public var isDay: Int
    /// By hour from midnight on `day`.
    public var hourlyCode: @Sendable (Int) -> Int
    public var hourlyTemperature: @Sendable (Int) -> Double
    /// Percent, by hour from midnight on `day`.
    public var hourlyPrecipitationChance: @Sendable (Int) -> Int
    public var hourCount: Int
    public var dailyCodes: [Int]
    /// Fields left out, to test answers that lack them.
    public var omitting: Set<String>

    public init(day: String = "2026-12-31", temperature: Double = 3.4, code: Int = 2, isDay: Int = 1,
                hourlyCode: @escaping @Sendable (Int) -> Int = { $0 % 24 < 12 ? 0 : 3 },
                hourlyTemperature: @escaping @Sendable (Int) -> Double = { Double($0 % 24) / 2 },
                hourlyPrecipitationChance: @escaping @Sendable (Int) -> Int = { _ in 0 }, hourCount: Int = 48,
                dailyCodes: [Int] = [2, 61, 3, 0, 71, 95], omitting: Set<String> = []) {
        self.day = day
        self.temperature = temperature
        self.code = code
        self.isDay = isDay
        self.hourlyCode = hourlyCode
        self.hourlyTemperature = hourlyTemperature
        self.hourlyPrecipitationChance = hourlyPrecipitationChance
        self.hourCount = hourCount
        self.dailyCodes = dailyCodes
        self.omitting = omitting
    }

    public var json: String {
        guard let first = CalendarDay(isoString: day) else { return "" }
        let hours = (0..<hourCount).map { index -> String in
            let date = first.adding(days: index / 24)
            return "\"\(date)T\(index % 24 < 10 ? "0" : "")\(index % 24):00\""
        }
        let days = dailyCodes.indices.map { "\"\(first.adding(days: $0))\"" }
        let highs = [5.1, 7.9, 4.0, 2.2, 0.5, 6.0], lows = [-3.2, 0.4, -1.0, -6.8, -8.1, -2.5]
        var current = [
            "\"time\": \"\(day)T09:00\"", "\"interval\": 900", "\"temperature_2m\": \(temperature)", "\"weather_code\": \(code)",
            "\"is_day\": \(isDay)", "\"apparent_temperature\": \(temperature - 2)", "\"wind_speed_10m\": 12.6",
        ]
        current.removeAll { field in omitting.contains { field.hasPrefix("\"\($0)\"") } }
        let chances = omitting.contains("precipitation_probability") ? ""
            : ", \"precipitation_probability\": [\((0..<hourCount).map { "\(hourlyPrecipitationChance($0))" }.joined(separator: ","))]"
        return """
            {"latitude": 37.55, "longitude": 127.0, "utc_offset_seconds": 32400, "timezone": "Asia/Seoul",
             "current": {\(current.joined(separator: ", "))},
             "hourly": {"time": [\(hours.joined(separator: ","))],
                        "temperature_2m": [\((0..<hourCount).map { "\(hourlyTemperature($0))" }.joined(separator: ","))],
                        "weather_code": [\((0..<hourCount).map { "\(hourlyCode($0))" }.joined(separator: ","))],
                        "is_day": [\((0..<hourCount).map { (7..<18).contains($0 % 24) ? "1" : "0" }.joined(separator: ","))]\(chances)},
             "daily": {"time": [\(days.joined(separator: ","))],
                       "weather_code": [\(dailyCodes.map(String.init).joined(separator: ","))],
                       "temperature_2m_max": [\(dailyCodes.indices.map { "\(highs[$0 % 6])" }.joined(separator: ","))],
                       "temperature_2m_min": [\(dailyCodes.indices.map { "\(lows[$0 % 6])" }.joined(separator: ","))]}}
            """
    }
}
