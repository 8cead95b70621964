import FoundationEssentials
import FoundationInternationalization
import GlanceTime
import GlanceUI
import GlanceWidgetKit

/// The weekday's large family: today's emoji, name and date over the month's calendar,
/// weeks from the locale's first weekday, today a black disc.
struct WeekdayMonthView: View {
    let entry: WeekdayEntry
    @Environment(\.locale) private var locale
    @Environment(\.timeZone) private var timeZone

    var body: some View {
        let weeks = Self.weeks(of: entry.day, firstWeekday: locale.calendar.firstWeekday)
        VStack(alignment: .leading, spacing: 0) {
            HStack(alignment: .center, spacing: 12) {
                Text(entry.emoji).font(.system(size: 44))
                VStack(alignment: .leading, spacing: 2) {
                    Text(entry.weekdayName).font(.title2).bold().lineLimit(1).minimumScaleFactor(0.5)
                    Text(locale.format(entry.date, Date.FormatStyle().month(.wide).year(), in: timeZone))
                        .font(.subheadline).foregroundStyle(.secondary).lineLimit(1)
                }
                Spacer(minLength: 0)
            }
            Spacer(minLength: 10)
            HStack(spacing: 0) {
                ForEach(0..<7) { column in
                    let weekday = (locale.calendar.firstWeekday - 1 + column) % 7 + 1
                    Text(locale.calendar.veryShortStandaloneWeekdaySymbols[weekday - 1])
                        .font(.caption).bold().foregroundStyle(.secondary)
                        .frame(maxWidth: .infinity)
                }
            }
            .padding(.bottom, 4)
            ForEach(0..<weeks.count) { row in
                HStack(spacing: 0) {
                    ForEach(0..<7) { column in
                        dayCell(weeks[row][column])
                            .frame(maxWidth: .infinity, maxHeight: .infinity)
                    }
                }
            }
        }
        .padding(16)
    }

    @ViewBuilder private func dayCell(_ day: CalendarDay) -> some View {
        if day.month != entry.day.month {
            Color.clear
        } else if day == entry.day {
            ZStack {
                Circle().fill(Color.black).frame(width: 34, height: 34)
                Text(String(day.day)).font(.system(size: 17, weight: .bold)).foregroundStyle(Color.white)
            }
        } else {
            Text(String(day.day)).font(.system(size: 17))
                .foregroundStyle(day < entry.day ? Color.secondary : Color.black)
        }
    }

    /// The weeks (rows of seven days) that hold `day`'s month.
    static func weeks(of day: CalendarDay, firstWeekday: Int) -> [[CalendarDay]] {
        guard let first = CalendarDay(year: day.year, month: day.month, day: 1) else { return [] }
        var start = first.adding(days: -((first.weekday - firstWeekday + 7) % 7))
        var weeks: [[CalendarDay]] = []
        while start.month == day.month || start < first {
            weeks.append((0..<7).map { start.adding(days: $0) })
            start = start.adding(days: 7)
        }
        return weeks
    }
}
