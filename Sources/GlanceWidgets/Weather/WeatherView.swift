import FoundationEssentials
import FoundationInternationalization
import GlanceUI
import GlanceWidgetKit

/// The weather: the place, the temperature large, the sky as a symbol, and as much of
/// the forecast as the family has room for (the large family: the next days, and the
/// day ahead as a chart), on a sky that follows the weather and the time of day.
public struct WeatherView: View {
    public let entry: WeatherEntry
    @Environment(\.widgetFamily) private var family
    @Environment(\.locale) private var locale
    @Environment(\.redactionReasons) private var redactionReasons

    public init(entry: WeatherEntry) { self.entry = entry }

    public var body: some View {
        content
            .redacted(reason: entry.isPlaceholder ? .placeholder : [])
    }

    @ViewBuilder private var content: some View {
        switch family {
        case .accessoryInline:
            HStack(spacing: 4) {
                sky(symbol)
                Text("\(WeatherEntry.degrees(entry.current.temperature)) \(entry.place)")
            }
            .lineLimit(1)
        case .accessoryCircular:
            VStack(spacing: 0) {
                sky(symbol).font(.title2)
                Text(WeatherEntry.degrees(entry.current.temperature)).font(.system(size: 20, weight: .bold))
            }
        case .accessoryRectangular:
            VStack(alignment: .leading, spacing: 0) {
                Text(entry.place).font(.headline).lineLimit(1)
                HStack(spacing: 4) {
                    sky(symbol)
                    Text("\(WeatherEntry.degrees(entry.current.temperature)) \(conditionName)").lineLimit(1).minimumScaleFactor(0.7)
                }
                .font(.body)
                Text(highLow).font(.caption).lineLimit(1)
            }
            .frame(maxWidth: .infinity, alignment: .leading)
        case .systemMedium:
            HStack(spacing: 14) {
                currentColumn.frame(width: 118, alignment: .leading)
                Divider()
                VStack(spacing: 0) {
                    HStack {
                        Spacer(minLength: 0)
                        refreshButton
                    }
                    Spacer(minLength: 4)
                    hourlyRow
                    Spacer(minLength: 0)
                }
            }
            .foregroundStyle(palette.foreground)
            .containerBackground(for: .widget) { palette.gradient }
        case .systemLarge, .systemExtraLarge:
            VStack(spacing: 0) {
                largeHeader
                if entry.forecastHours.isEmpty || isRedacted {
                    // A forecast kept from before the chart, or none yet: the next hours.
                    Spacer(minLength: 8)
                    hourlyRow
                    Spacer(minLength: 8)
                    Divider()
                    Spacer(minLength: 6)
                    dailyRows
                } else {
                    Spacer(minLength: 6)
                    Divider()
                    Spacer(minLength: 4)
                    dailyRows
                    Spacer(minLength: 8)
                    WeatherForecastChart(hours: entry.forecastHours, foreground: palette.foreground)
                        .frame(height: 122)
                }
                Spacer(minLength: 6)
                HStack(alignment: .center) {
                    Text(feelsLikeAndWind).font(.caption).fontWeight(.semibold).lineLimit(1).minimumScaleFactor(0.8)
                    Spacer(minLength: 4)
                    refreshButton
                }
            }
            .foregroundStyle(palette.foreground)
            .containerBackground(for: .widget) { palette.gradient }
        default:
            currentColumn
                .frame(maxWidth: .infinity, alignment: .leading)
                .foregroundStyle(palette.foreground)
                .containerBackground(for: .widget) { palette.gradient }
        }
    }

    // MARK: Parts

    /// Place, temperature, sky and today's range, top to bottom (small, and medium's left).
    private var currentColumn: some View {
        VStack(alignment: .leading, spacing: 0) {
            Text(entry.place).font(.headline).lineLimit(1).minimumScaleFactor(0.7)
            Text(WeatherEntry.degrees(entry.current.temperature))
                .font(.system(size: 46, weight: .medium))
                .lineLimit(1)
                .minimumScaleFactor(0.6)
            Spacer(minLength: 0)
            sky(symbol, tint: symbolColor).font(.title3)
            Text(conditionName).font(.caption).bold().lineLimit(1).minimumScaleFactor(0.8).padding(.top, 2)
            Text(highLow).font(.caption).fontWeight(.semibold).lineLimit(1).minimumScaleFactor(0.8)
        }
    }

    /// Place and temperature on the left, sky and range on the right.
    private var largeHeader: some View {
        HStack(alignment: .top) {
            VStack(alignment: .leading, spacing: 0) {
                Text(entry.place).font(.headline).lineLimit(1).minimumScaleFactor(0.7)
                Text(WeatherEntry.degrees(entry.current.temperature))
                    .font(.system(size: 46, weight: .medium))
                    .lineLimit(1)
            }
            Spacer(minLength: 8)
            VStack(alignment: .trailing, spacing: 2) {
                sky(symbol, tint: symbolColor).font(.title2)
                Text(conditionName).font(.caption).bold().lineLimit(1)
                Text(highLow).font(.caption).fontWeight(.semibold).lineLimit(1)
            }
        }
    }

    /// The next five hours: the hour, its sky, its temperature.
    private var hourlyRow: some View {
        HStack(spacing: 4) {
            ForEach(0..<entry.hours.count, id: \.self) { index in
                let hour = entry.hours[index]
                VStack(spacing: 5) {
                    Text(hour.date, format: .dateTime.hour())
                        .font(.caption2).bold()
                        .lineLimit(1)
                        .minimumScaleFactor(0.7)
                    sky(hour.condition.symbolName(isDay: hour.isDay)).font(.title3)
                    Text(WeatherEntry.degrees(hour.temperature)).font(.subheadline).bold().lineLimit(1)
                }
                .frame(maxWidth: .infinity)
            }
        }
    }

    /// The next five days: weekday, sky, low, a bar for the range within the week's, high.
    private var dailyRows: some View {
        let weekLow = entry.days.map(\.low).min() ?? 0
        let weekHigh = entry.days.map(\.high).max() ?? 1
        return VStack(spacing: 0) {
            ForEach(0..<entry.days.count, id: \.self) { index in
                let day = entry.days[index]
                if index > 0 { Spacer(minLength: 0) }
                HStack(spacing: 8) {
                    Text(day.date, format: .dateTime.weekday(.abbreviated))
                        .font(.subheadline).bold()
                        .lineLimit(1)
                        .frame(width: 44, alignment: .leading)
                    sky(day.condition.symbolName(isDay: true))
                        .font(.title3)
                        .frame(width: 26)
                    Text(WeatherEntry.degrees(day.low)).font(.subheadline).fontWeight(.semibold).frame(width: 34, alignment: .trailing)
                    RangeBar(low: day.low, high: day.high, lowest: weekLow, highest: weekHigh, track: palette.track)
                        .frame(height: 5)
                    Text(WeatherEntry.degrees(day.high)).font(.subheadline).bold().frame(width: 34, alignment: .leading)
                }
            }
        }
    }

    /// When the forecast was fetched; pressing it fetches again.
    private var refreshButton: some View {
        Button(intent: RefreshWeatherIntent()) {
            HStack(spacing: 3) {
                Image(systemName: "arrow.clockwise")
                Text(entry.date, style: .time)
            }
            .font(.caption2)
            .fontWeight(.semibold)
            .lineLimit(1)
        }
        .buttonStyle(.plain)
    }

    /// A sky symbol; a faint cloud while the forecast is not known (the placeholder
    /// shows no weather it has not fetched).
    @ViewBuilder private func sky(_ name: String, tint: Color? = nil) -> some View {
        if isRedacted {
            Image(systemName: "cloud.fill").foregroundStyle(.tertiary)
        } else if let tint {
            Image(systemName: name).foregroundStyle(tint)
        } else {
            Image(systemName: name)
        }
    }

    // MARK: Words and colours

    private var isRedacted: Bool { entry.isPlaceholder || redactionReasons.contains(.placeholder) }

    private var symbol: String { entry.current.condition.symbolName(isDay: entry.current.isDay) }

    private var conditionName: String { entry.current.condition.name(languageCode: locale.languageCode) }

    private var highLow: String {
        "H:\(WeatherEntry.degrees(entry.high)) L:\(WeatherEntry.degrees(entry.low))"
    }

    private var feelsLikeAndWind: String {
        let wind = Int(entry.current.windSpeed.rounded())
        return locale.languageCode == "ko"
            ? "체감 \(WeatherEntry.degrees(entry.current.apparentTemperature)) · 바람 \(wind) \(entry.units.windSpeedUnit)"
            : "Feels like \(WeatherEntry.degrees(entry.current.apparentTemperature)) · Wind \(wind) \(entry.units.windSpeedUnit)"
    }

    private var palette: WeatherPalette { WeatherPalette(condition: entry.current.condition, isDay: entry.current.isDay) }

    /// The sun in yellow on a clear day; every other symbol in the text's colour.
    private var symbolColor: Color {
        symbol == "sun.max.fill" && palette.foreground == .white ? Color(red: 1, green: 0.84, blue: 0.04) : palette.foreground
    }
}

/// A day's range as a bar on the week's scale, over a dimmer track.
struct RangeBar: View {
    let low: Double
    let high: Double
    let lowest: Double
    let highest: Double
    let track: Color

    var body: some View {
        GeometryReader { proxy in
            let span = max(highest - lowest, 1)
            let width = proxy.size.width
            let start = width * (low - lowest) / span
            let length = max(proxy.size.height, width * (high - low) / span)
            ZStack(alignment: .leading) {
                Capsule().fill(track)
                Capsule().frame(width: length).offset(x: min(start, width - length))
            }
        }
    }
}

/// The sky behind the weather: a gradient by condition and time of day, lighter at the
/// top. By day it is pale with dark text, which a 1-bit panel shows as a light dot
/// pattern under crisp black text; at night and in storms it is dark (under a third
/// white once dithered) with white text.
struct WeatherPalette {
    let top: Color
    let bottom: Color
    let foreground: Color
    /// Behind a range bar: darker than the sky, so the bar in the text's colour stands out.
    let track: Color

    init(condition: WeatherCondition, isDay: Bool) {
        let colors: (UInt32, UInt32)
        switch (condition, isDay) {
        case (.clear, true), (.mostlyClear, true): colors = (0xD6E9FB, 0xAFD1F3)
        case (.partlyCloudy, true): colors = (0xDCE7F2, 0xB8CDE2)
        case (.clear, false), (.mostlyClear, false), (.partlyCloudy, false): colors = (0x1B2A4F, 0x0A1630)
        case (.cloudy, true), (.unknown, true): colors = (0xE2E5E9, 0xC5CBD2)
        case (.cloudy, false), (.unknown, false): colors = (0x343C48, 0x1F242C)
        case (.fog, true): colors = (0xE6E7E8, 0xCDD0D3)
        case (.fog, false): colors = (0x41474F, 0x2A2F36)
        case (.drizzle, true), (.rain, true), (.heavyRain, true): colors = (0xD3DCE5, 0xAEBCCB)
        case (.drizzle, false), (.rain, false), (.heavyRain, false): colors = (0x26323E, 0x121A23)
        case (.snow, true): colors = (0xE6EDF4, 0xC9D6E3)
        case (.snow, false): colors = (0x2C3A4D, 0x1B2533)
        case (.thunderstorm, _): colors = (0x3A3452, 0x201C30)
        }
        top = Color(hex: colors.0)
        bottom = Color(hex: colors.1)
        let pale = isDay && condition != .thunderstorm
        foreground = pale ? Color(hex: 0x0E2238) : .white
        track = Color.black.opacity(pale ? 0.12 : 0.3)
    }

    var gradient: LinearGradient {
        LinearGradient(colors: [top, bottom], startPoint: .top, endPoint: .bottom)
    }
}

extension Color {
    init(hex: UInt32) {
        self.init(red: Double((hex >> 16) & 0xFF) / 255, green: Double((hex >> 8) & 0xFF) / 255, blue: Double(hex & 0xFF) / 255)
    }
}
