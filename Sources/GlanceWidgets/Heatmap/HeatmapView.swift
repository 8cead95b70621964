import FoundationEssentials
import FoundationInternationalization
import GlanceTime
import GlanceUI
import GlanceWidgetKit

/// The heatmap: a title, the period's total and streak, and the calendar of shaded days
/// (large: about four months; medium: six weeks; small: this week). Without data, a
/// friendly note saying what to configure.
public struct HeatmapView: View {
    public let entry: HeatmapEntry
    @Environment(\.widgetFamily) private var family
    @Environment(\.locale) private var locale

    public init(entry: HeatmapEntry) { self.entry = entry }

    public var body: some View {
        switch entry.status {
        case .ready: content.containerBackground(.white, for: .widget)
        default: HeatmapEmptyView(entry: entry).containerBackground(.white, for: .widget)
        }
    }

    @ViewBuilder private var content: some View {
        let levels = entry.levels()
        let firstWeekday = locale.calendar.firstWeekday
        switch family {
        case .systemLarge, .systemExtraLarge:
            let calendar = HeatmapCalendar(endingWith: entry.today, weeks: HeatmapCalendar.largeWeeks, firstWeekday: firstWeekday)
            VStack(alignment: .leading, spacing: 0) {
                Text(entry.title.uppercased()).font(.headline).lineLimit(1)
                HStack(alignment: .firstTextBaseline, spacing: 6) {
                    Text(HeatmapFormat.number(entry.total(of: calendar.weeks.joined())))
                        .font(.system(size: 44, weight: .bold)).lineLimit(1).minimumScaleFactor(0.5)
                    Text("in \(HeatmapCalendar.largeWeeks) weeks").font(.subheadline).foregroundStyle(.secondary).lineLimit(1)
                }
                Spacer(minLength: 8)
                HeatmapGrid(entry: entry, calendar: calendar, levels: levels, rowLabels: .mondayWednesdayFriday, alignment: .top)
                    .aspectRatio(HeatmapGrid.aspectRatio(weeks: calendar.weeks.count, rowLabels: .mondayWednesdayFriday, pitch: 17),
                                 contentMode: .fit)
                HStack(spacing: 0) {
                    Spacer(minLength: 0)
                    HeatmapLegend()
                }
                .padding(.top, 4)
                Spacer(minLength: 8)
                Divider()
                HStack(alignment: .top, spacing: 0) {
                    if entry.showsStreak {
                        HeatmapStat(value: HeatmapFormat.days(entry.currentStreak), caption: "streak")
                        Spacer(minLength: 8)
                    }
                    HeatmapStat(value: String(activeDays(in: calendar)), caption: "active days")
                    Spacer(minLength: 8)
                    HeatmapStat(value: HeatmapFormat.number(bestDay(in: calendar)), caption: "best day")
                }
                .padding(.top, 10)
            }
            .padding(16)
        case .systemMedium:
            let calendar = HeatmapCalendar(endingWith: entry.today, weeks: HeatmapCalendar.mediumWeeks, firstWeekday: firstWeekday)
            HStack(alignment: .top, spacing: 12) {
                VStack(alignment: .leading, spacing: 2) {
                    Text(entry.title.uppercased()).font(.headline).lineLimit(1)
                    Spacer(minLength: 4)
                    Text(HeatmapFormat.number(entry.total(of: calendar.weeks.joined())))
                        .font(.system(size: 44, weight: .bold)).lineLimit(1).minimumScaleFactor(0.5)
                    Text("in \(HeatmapCalendar.mediumWeeks) weeks").font(.caption).foregroundStyle(.secondary).lineLimit(1)
                    Spacer(minLength: 4)
                    if entry.showsStreak { HeatmapStreakLine(days: entry.currentStreak) }
                }
                .frame(maxWidth: .infinity, alignment: .leading)
                HeatmapGrid(entry: entry, calendar: calendar, levels: levels, rowLabels: .initials)
                    .frame(width: 124)
            }
            .padding(14)
        default:
            let calendar = HeatmapCalendar(endingWith: entry.today, weeks: 1, firstWeekday: firstWeekday)
            VStack(alignment: .leading, spacing: 2) {
                Text(entry.title.uppercased()).font(.caption).bold().lineLimit(1)
                Spacer(minLength: 0)
                HStack(alignment: .firstTextBaseline, spacing: 5) {
                    Text(HeatmapFormat.number(entry.total(of: calendar.weeks.joined())))
                        .font(.system(size: 40, weight: .bold)).lineLimit(1).minimumScaleFactor(0.5)
                    Text("this week").font(.caption).foregroundStyle(.secondary).lineLimit(1)
                }
                if entry.showsStreak { HeatmapStreakLine(days: entry.currentStreak) }
                Spacer(minLength: 6)
                HeatmapWeekRow(entry: entry, week: calendar.weeks[0], levels: levels)
            }
            .frame(maxWidth: .infinity, alignment: .leading)
            .padding(14)
        }
    }

    private func activeDays(in calendar: HeatmapCalendar) -> Int {
        calendar.weeks.joined().filter { $0 <= entry.today && (entry.values[$0] ?? 0) > 0 }.count
    }

    private func bestDay(in calendar: HeatmapCalendar) -> Double {
        calendar.weeks.joined().filter { $0 <= entry.today }.map { entry.values[$0] ?? 0 }.max() ?? 0
    }
}

/// Numbers as the heatmap writes them: whole numbers plain, others with one decimal.
enum HeatmapFormat {
    static func number(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        if rounded == rounded.rounded(), abs(rounded) < 1e15 { return Int(rounded).formatted() }
        return rounded.formatted(.number.precision(.fractionLength(1)))
    }

    static func days(_ count: Int) -> String { count == 1 ? "1 day" : "\(count) days" }
}

/// Five shades from nothing to most. Filled through a gradient of one colour, which the
/// renderer treats as a tone: on a 1-bit panel each shade dithers to its own density
/// (a flat colour would snap to black or white), on colour panels it is the colour.
enum HeatmapShade {
    static let colors: [Color] = [
        .white,
        Color(red: 0.65, green: 0.89, blue: 0.69),
        Color(red: 0.34, green: 0.76, blue: 0.44),
        Color(red: 0.16, green: 0.58, blue: 0.27),
        Color(red: 0.06, green: 0.35, blue: 0.15),
    ]
    /// Black, so that an empty day is a visible square on a 1-bit panel too.
    static let outline = Color.black

    static func fill(_ level: Int) -> LinearGradient {
        let color = colors[max(0, min(colors.count - 1, level))]
        return LinearGradient(colors: [color, color], startPoint: .top, endPoint: .bottom)
    }
}

/// One day's square: its shade inside a 1-point outline; today's square has a heavier
/// outline and a white ring inside it, which shows on the darkest shade too.
struct HeatmapCell: View {
    let level: Int
    let isToday: Bool
    let side: Double
    var outline = HeatmapShade.outline

    var body: some View {
        Rectangle().fill(outline)
            .overlay(
                Rectangle().fill(Color.white)
                    .overlay(Rectangle().fill(HeatmapShade.fill(level)).padding(isToday ? 1 : 0))
                    .padding(isToday ? 2 : 1)
            )
            .frame(width: side, height: side)
    }
}

/// Weeks as columns, weekdays as rows, month names above, some weekday names at the
/// left; squares as large as the space allows.
struct HeatmapGrid: View {
    enum RowLabels { case initials, mondayWednesdayFriday }

    let entry: HeatmapEntry
    let calendar: HeatmapCalendar
    let levels: HeatmapLevels
    let rowLabels: RowLabels
    /// Where the grid sits in the space it is given (its squares are whole points).
    var alignment: Alignment = .topLeading
    @Environment(\.locale) private var locale

    static let labelHeight: Double = 14
    private var labelHeight: Double { Self.labelHeight }

    static func labelWidth(_ rowLabels: RowLabels) -> Double { rowLabels == .initials ? 14 : 28 }

    /// Width ÷ height of the grid with squares `pitch` points apart, for `.aspectRatio`.
    static func aspectRatio(weeks: Int, rowLabels: RowLabels, pitch: Double) -> Double {
        (labelWidth(rowLabels) + Double(weeks) * pitch) / (labelHeight + 7 * pitch)
    }

    var body: some View {
        GeometryReader { proxy in
            let labelWidth = Self.labelWidth(rowLabels)
            let columns = Double(calendar.weeks.count)
            let pitch = min((proxy.size.width - labelWidth) / columns, (proxy.size.height - labelHeight) / 7).rounded(.down)
            let gap = max(2, (pitch / 6).rounded())
            let side = pitch - gap
            VStack(alignment: .leading, spacing: 0) {
                monthRow(pitch: pitch, labelWidth: labelWidth)
                HStack(alignment: .top, spacing: 0) {
                    VStack(alignment: .leading, spacing: 0) {
                        ForEach(0..<7) { row in
                            Text(rowLabel(row)).font(.system(size: 10)).lineLimit(1)
                                .frame(width: labelWidth, height: pitch, alignment: .leading)
                        }
                    }
                    HStack(alignment: .top, spacing: gap) {
                        ForEach(0..<calendar.weeks.count) { column in
                            VStack(spacing: gap) {
                                ForEach(0..<7) { row in
                                    cell(calendar.weeks[column][row], side: side)
                                }
                            }
                        }
                    }
                }
            }
            .frame(width: proxy.size.width, height: proxy.size.height, alignment: alignment)
        }
    }

    @ViewBuilder private func cell(_ day: CalendarDay, side: Double) -> some View {
        if day > entry.today {
            Color.clear.frame(width: side, height: side)
        } else {
            HeatmapCell(level: levels.level(of: entry.values[day]), isToday: day == entry.today, side: side)
        }
    }

    private func monthRow(pitch: Double, labelWidth: Double) -> some View {
        return ZStack(alignment: .topLeading) {
            Color.clear.frame(height: labelHeight)
            ForEach(calendar.monthLabels(), id: \.column) { label in
                Text(locale.calendar.shortStandaloneMonthSymbols[label.month - 1]).font(.system(size: 10)).lineLimit(1).fixedSize()
                    .offset(x: labelWidth + Double(label.column) * pitch)
            }
        }
    }

    private func rowLabel(_ row: Int) -> String {
        let weekday = calendar.weekday(ofRow: row)
        switch rowLabels {
        case .initials: return locale.calendar.veryShortStandaloneWeekdaySymbols[weekday - 1]
        case .mondayWednesdayFriday: return [2, 4, 6].contains(weekday) ? locale.calendar.shortStandaloneWeekdaySymbols[weekday - 1] : ""
        }
    }
}

/// This week's seven squares with their weekday initials under them (small widget).
struct HeatmapWeekRow: View {
    let entry: HeatmapEntry
    let week: [CalendarDay]
    let levels: HeatmapLevels
    @Environment(\.locale) private var locale

    var body: some View {
        HStack(spacing: 4) {
            ForEach(0..<7) { index in
                let day = week[index]
                VStack(spacing: 3) {
                    if day > entry.today {
                        HeatmapCell(level: 0, isToday: false, side: 16, outline: .gray)
                    } else {
                        HeatmapCell(level: levels.level(of: entry.values[day]), isToday: day == entry.today, side: 16)
                    }
                    Text(locale.calendar.veryShortStandaloneWeekdaySymbols[day.weekday - 1])
                        .font(.system(size: 10, weight: day == entry.today ? .bold : .regular))
                        .lineLimit(1)
                }
                .frame(maxWidth: .infinity)
            }
        }
    }
}

/// "5-day streak" after a flame icon (an outline icon, crisp on 1-bit).
struct HeatmapStreakLine: View {
    let days: Int

    var body: some View {
        HStack(spacing: 4) {
            Image(systemName: "flame")
            Text(days > 0 ? "\(days)-day streak" : "no streak yet").lineLimit(1)
        }
        .font(.caption)
    }
}

/// A number over its caption, for the large widget's bottom line.
struct HeatmapStat: View {
    let value: String
    let caption: String

    var body: some View {
        VStack(alignment: .leading, spacing: 0) {
            Text(value).font(.headline).lineLimit(1)
            Text(caption).font(.caption2).foregroundStyle(.secondary).lineLimit(1)
        }
    }
}

/// "Less ▢▢▢▢▢ More".
struct HeatmapLegend: View {
    var body: some View {
        HStack(spacing: 3) {
            Text("Less").font(.caption2).foregroundStyle(.secondary).fixedSize()
            ForEach(0..<(HeatmapLevels.highest + 1)) { level in
                HeatmapCell(level: level, isToday: false, side: 10)
            }
            Text("More").font(.caption2).foregroundStyle(.secondary).fixedSize()
        }
    }
}

/// No data: the heatmap's own "not signed in" state, a calendar icon and what to do.
struct HeatmapEmptyView: View {
    let entry: HeatmapEntry
    @Environment(\.widgetFamily) private var family

    var body: some View {
        let compact = family == .systemSmall
        VStack(spacing: compact ? 6 : 8) {
            if !compact {
                Text(entry.title.uppercased()).font(.headline).lineLimit(1).frame(maxWidth: .infinity, alignment: .leading)
                Spacer(minLength: 0)
            }
            Image(systemName: "calendar").font(.system(size: compact ? 30 : 40))
            Text(headline).font(compact ? .subheadline : .headline).bold().multilineTextAlignment(.center).lineLimit(2)
            // Black, not grey: the one line that says what to do stays whole on 1-bit.
            Text(message).font(.caption).multilineTextAlignment(.center).lineLimit(compact ? 3 : 2)
            Spacer(minLength: 0)
        }
        .frame(maxWidth: .infinity, maxHeight: .infinity)
        .padding(compact ? 12 : 16)
    }

    private var headline: String {
        if case .unavailable = entry.status { return "Can't load activity" }
        return "No activity data"
    }

    private var message: String {
        switch entry.status {
        case .ready, .unconfigured: "Set file: to a CSV of date,value lines"
        case .missingFile(let path): "\(Self.name(path)) isn't there yet"
        case .noRows(let source): "\(Self.name(source)) has no rows yet"
        case .unavailable(let reason): reason
        }
    }

    /// A path's or URL's last part: `activity.csv`.
    static func name(_ source: String) -> String {
        source.split(separator: "/").last.map(String.init) ?? source
    }
}
