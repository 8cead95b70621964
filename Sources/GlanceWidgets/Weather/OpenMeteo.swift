import FoundationEssentials
import GlanceTime

/// The forecast request to Open-Meteo's `/v1/forecast` (no key needed).
public enum WeatherRequest {
    public static let openMeteo = "https://api.open-meteo.com"

    /// `{base}/v1/forecast?latitude=…&longitude=…&current=…&hourly=…&daily=…`, times in
    /// the place's own zone (`timezone=auto`), six days (today and the five after).
    public static func url(base: String, latitude: Double, longitude: Double, units: WeatherUnits) -> String {
        var base = base
        while base.hasSuffix("/") { base.removeLast() }
        var url = base + "/v1/forecast?latitude=\(latitude)&longitude=\(longitude)"
            + "&current=temperature_2m,weather_code,is_day,apparent_temperature,wind_speed_10m"
            + "&hourly=temperature_2m,weather_code,is_day,precipitation_probability"
            + "&daily=weather_code,temperature_2m_max,temperature_2m_min"
            + "&timezone=auto&forecast_days=6"
        if units == .imperial { url += "&temperature_unit=fahrenheit&wind_speed_unit=mph" }
        return url
    }
}

/// Open-Meteo's forecast answer, the fields the widget reads. Times are the place's
/// wall clock (`2026-12-31T09:00`, days `2026-12-31`), `utc_offset_seconds` from UTC.
struct OpenMeteoForecast: Decodable {
    struct Current: Decodable {
        let temperature_2m: Double
        let weather_code: Int
        let is_day: Int
        let apparent_temperature: Double
        let wind_speed_10m: Double
    }

    struct Hourly: Decodable {
        let time: [String]
        let temperature_2m: [Double?]
        let weather_code: [Int?]
        let is_day: [Int?]
        /// Percent; an answer without it draws the chart without rain.
        let precipitation_probability: [Double?]?
    }

    struct Daily: Decodable {
        let time: [String]
        let weather_code: [Int?]
        let temperature_2m_max: [Double?]
        let temperature_2m_min: [Double?]
    }

    let utc_offset_seconds: Int
    let current: Current
    let hourly: Hourly
    let daily: Daily

    /// What went wrong reading an answer, for the log: one line.
    struct Unreadable: Error, CustomStringConvertible {
        let description: String
    }

    static func decode(_ body: [UInt8]) throws(Unreadable) -> OpenMeteoForecast {
        do {
            return try JSONDecoder().decode(OpenMeteoForecast.self, from: Data(body))
        } catch let error as DecodingError {
            throw Unreadable(description: Self.describe(error))
        } catch {
            throw Unreadable(description: "\(error)")
        }
    }

    /// `missing current.weather_code`, `hourly.time is not the expected type`: a
    /// decoding error without Foundation's paragraph around it.
    private static func describe(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context, _ last: (any CodingKey)? = nil) -> String {
            (context.codingPath + (last.map { [$0] } ?? [])).map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
                .joined(separator: ".").replacing(".[", with: "[")
        }
        switch error {
        case .keyNotFound(let key, let context): return "missing \(path(context, key))"
        case .valueNotFound(_, let context): return "\(path(context)) is null"
        case .typeMismatch(_, let context): return "\(path(context)) is not the expected type"
        case .dataCorrupted(let context): return context.codingPath.isEmpty ? "not JSON" : "\(path(context)) is unreadable"
        @unknown default: return "\(error)"
        }
    }

    /// The entry this answer makes at `now`: the current conditions, today's high and low,
    /// the five hours after now, the day ahead by the hour (the chart's) and the five days
    /// after today.
    func entry(at now: Date, place: String, units: WeatherUnits) throws(Unreadable) -> WeatherEntry {
        let hourCount = hourly.time.count
        guard hourly.temperature_2m.count == hourCount, hourly.weather_code.count == hourCount, hourly.is_day.count == hourCount,
              hourly.precipitation_probability.map({ $0.count == hourCount }) ?? true else {
            throw Unreadable(description: "the hourly lists differ in length")
        }
        let dayCount = daily.time.count
        guard daily.weather_code.count == dayCount, daily.temperature_2m_max.count == dayCount, daily.temperature_2m_min.count == dayCount
        else { throw Unreadable(description: "the daily lists differ in length") }

        var hours: [WeatherEntry.Hour] = []
        var forecastHours: [WeatherEntry.ForecastHour] = []
        for index in 0..<hourCount where hours.count < 5 || forecastHours.count < 25 {
            guard let start = instant(hourly.time[index]) else { throw Unreadable(description: "hourly.time[\(index)] is not a time") }
            // The chart: from the hour in progress, a day's span.
            if start > now.addingTimeInterval(-3600), forecastHours.count < 25, let temperature = hourly.temperature_2m[index] {
                forecastHours.append(WeatherEntry.ForecastHour(date: start, temperature: temperature,
                                                               precipitationChance: hourly.precipitation_probability?[index]))
            }
            guard hours.count < 5, start > now, let temperature = hourly.temperature_2m[index], let code = hourly.weather_code[index] else { continue }
            hours.append(WeatherEntry.Hour(date: start, temperature: temperature, condition: WeatherCondition(wmoCode: code),
                                           isDay: (hourly.is_day[index] ?? 1) != 0))
        }

        // Days as the place counts them: today is the place's date now.
        let today = CalendarDay(daysSinceEpoch: Int(((now.timeIntervalSince1970 + Double(utc_offset_seconds)) / 86_400).rounded(.down)))
        var todayRange: (high: Double, low: Double)?
        var days: [WeatherEntry.Day] = []
        for index in 0..<dayCount {
            guard let day = CalendarDay(isoString: daily.time[index]) else { throw Unreadable(description: "daily.time[\(index)] is not a date") }
            guard let high = daily.temperature_2m_max[index], let low = daily.temperature_2m_min[index] else { continue }
            if day == today {
                todayRange = (high, low)
            } else if day > today, days.count < 5 {
                let noon = Date(timeIntervalSince1970: Double(day.daysSinceEpoch * 86_400 + 12 * 3600 - utc_offset_seconds))
                days.append(WeatherEntry.Day(date: noon, condition: WeatherCondition(wmoCode: daily.weather_code[index] ?? -1),
                                             high: high, low: low))
            }
        }
        guard let todayRange else { throw Unreadable(description: "no daily forecast for today (\(today))") }

        return WeatherEntry(
            date: now, place: place, units: units,
            current: .init(temperature: current.temperature_2m, apparentTemperature: current.apparent_temperature,
                           windSpeed: current.wind_speed_10m, condition: WeatherCondition(wmoCode: current.weather_code),
                           isDay: current.is_day != 0),
            high: todayRange.high, low: todayRange.low, hours: hours, days: days, forecastHours: forecastHours)
    }

    /// `2026-12-31T09:00` on the place's wall clock, as an instant.
    private func instant(_ text: String) -> Date? {
        let parts = text.split(separator: "T")
        guard parts.count == 2, let day = CalendarDay(isoString: String(parts[0])) else { return nil }
        let clock = parts[1].split(separator: ":")
        guard clock.count >= 2, let hour = Int(clock[0]), let minute = Int(clock[1]), (0..<24).contains(hour), (0..<60).contains(minute)
        else { return nil }
        return Date(timeIntervalSince1970: Double(day.daysSinceEpoch * 86_400 + hour * 3600 + minute * 60 - utc_offset_seconds))
    }
}
