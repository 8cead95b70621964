import FoundationEssentials
import FoundationInternationalization
import GlanceTime
import GlanceUI
import GlanceWidgetKit

/// The agenda: the next event (small, accessories), today's events (medium), the coming
/// days grouped by day (large). Times in the display's language and zone; each calendar's
/// marker (● ■ ▲ ◆) before its events, in the calendar's colour on colour panels (and in
/// a colour ink on panels that have them) and black on panels of black and greys, where
/// the shapes alone tell the calendars apart. Text is black on white.
public struct AgendaView: View {
    public let entry: AgendaEntry
    @Environment(\.widgetFamily) private var family
    @Environment(\.timeZone) private var timeZone
    @Environment(\.locale) private var locale
    @Environment(\.widgetRenderingMode) private var renderingMode

    public init(entry: AgendaEntry) { self.entry = entry }

    public var body: some View {
        content.redacted(reason: entry.isPlaceholder ? .placeholder : [])
    }

    @ViewBuilder private var content: some View {
        switch family {
        case .systemMedium:
            medium
        case .systemLarge, .systemExtraLarge:
            large
        case .accessoryRectangular:
            rectangular
        case .accessoryInline:
            inline
        default:
            small
        }
    }

    // MARK: Home-screen families

    private var small: some View {
        VStack(alignment: .leading, spacing: 2) {
            Text(dayTitle(today, style: Date.FormatStyle().weekday(.abbreviated).day()).uppercased()).font(.caption).bold().lineLimit(1)
            Spacer(minLength: 0)
            if let next = entry.next {
                Text(when(next)).font(.caption).bold().lineLimit(1).minimumScaleFactor(0.7)
                HStack(alignment: .firstTextBaseline, spacing: 4) {
                    marker(next)
                    Text(title(next)).font(.headline).lineLimit(2)
                }
                timeRange(next).font(.subheadline).lineLimit(1).minimumScaleFactor(0.7)
                if !next.location.isEmpty {
                    Text(next.location).font(.caption).foregroundStyle(.secondary).lineLimit(1)
                }
            } else {
                Text(words.nothing(days: days)).font(.subheadline).lineLimit(3)
            }
            Spacer(minLength: 0)
            problemLine.font(.caption2)
        }
        .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .leading)
        .padding(14)
        .containerBackground(.white, for: .widget)
    }

    private var medium: some View {
        let todays = events(on: today)
        let shown = Array(todays.prefix(4))
        return VStack(alignment: .leading, spacing: 4) {
            HStack(alignment: .firstTextBaseline) {
                Text(words.today).font(.headline).lineLimit(1)
                Spacer(minLength: 4)
                Text(dayTitle(today, style: Date.FormatStyle().weekday(.abbreviated).month(.abbreviated).day())).font(.caption).lineLimit(1)
            }
            Divider()
            if shown.isEmpty {
                Text(words.nothingToday).font(.subheadline).lineLimit(1)
                if let next = entry.next {
                    HStack(alignment: .firstTextBaseline, spacing: 4) {
                        Text(when(next)).bold()
                        marker(next)
                        Text(title(next)).lineLimit(1)
                    }
                    .font(.subheadline)
                }
            } else {
                ForEach(0..<shown.count, id: \.self) { index in
                    row(shown[index], font: .subheadline)
                }
                if todays.count > shown.count {
                    Text(words.more(todays.count - shown.count)).font(.caption).foregroundStyle(.secondary)
                }
            }
            Spacer(minLength: 0)
            problemLine.font(.caption2)
        }
        .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
        .padding(14)
        .containerBackground(.white, for: .widget)
    }

    private var large: some View {
        let groups = dayGroups(rows: 11)
        return VStack(alignment: .leading, spacing: 4) {
            if groups.isEmpty {
                Text(words.today).font(.headline)
                Divider()
                Text(words.nothing(days: days)).font(.subheadline)
            }
            ForEach(0..<groups.count, id: \.self) { index in
                let group = groups[index]
                VStack(alignment: .leading, spacing: 3) {
                    HStack(alignment: .firstTextBaseline, spacing: 6) {
                        Text(dayName(group.day)).font(.headline).lineLimit(1)
                        Text(dayTitle(group.day, style: Date.FormatStyle().weekday(.abbreviated).month(.abbreviated).day()))
                            .font(.caption).foregroundStyle(.secondary).lineLimit(1)
                    }
                    Divider()
                    ForEach(0..<group.events.count, id: \.self) { row in
                        self.row(group.events[row], font: .subheadline)
                    }
                }
                .padding(.bottom, 4)
            }
            Spacer(minLength: 0)
            problemLine.font(.caption)
        }
        .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
        .padding(16)
        .containerBackground(.white, for: .widget)
    }

    // MARK: Accessory families

    private var rectangular: some View {
        VStack(alignment: .leading, spacing: 0) {
            if let next = entry.next {
                Text(when(next)).font(.caption).bold().lineLimit(1)
                HStack(alignment: .firstTextBaseline, spacing: 3) {
                    marker(next)
                    Text(title(next)).lineLimit(1)
                }
                .font(.headline)
                timeRange(next).font(.caption).lineLimit(1).minimumScaleFactor(0.7)
            } else {
                Text(words.nothing(days: days)).font(.caption).lineLimit(2)
            }
        }
        .frame(maxWidth: .infinity, alignment: .leading)
    }

    @ViewBuilder private var inline: some View {
        if let next = entry.next {
            (next.isAllDay || next.isInProgress ? Text("\(when(next)) \(title(next))") : Text(next.start, style: .time) + Text(" \(title(next))"))
                .lineLimit(1)
                .minimumScaleFactor(0.6)
        } else {
            Text(words.nothing(days: days)).lineLimit(1)
        }
    }

    // MARK: Parts

    /// Time (or "now", "All day"), marker, title and place on one line.
    private func row(_ event: AgendaEvent, font: Font) -> some View {
        HStack(alignment: .firstTextBaseline, spacing: 6) {
            // One size for every time, so the titles line up ("오전 11:00" is the widest).
            startText(event).font(.caption).lineLimit(1).frame(width: 64, alignment: .leading)
            marker(event)
            Text(title(event)).bold().lineLimit(1)
            if !event.location.isEmpty {
                Text(event.location).foregroundStyle(.secondary).lineLimit(1)
            }
            Spacer(minLength: 0)
        }
        .font(font)
    }

    private func startText(_ event: AgendaEvent) -> Text {
        if event.isAllDay { return Text(words.allDay) }
        if event.isInProgress { return Text(words.now).bold() }
        return Text(event.start, style: .time)
    }

    /// "9:00 AM – 10:00 AM", "All day", or "until 10:00 AM".
    private func timeRange(_ event: AgendaEvent) -> Text {
        if event.isAllDay { return Text(words.allDay) }
        if event.isInProgress { return words.until(Text(event.end, style: .time)) }
        return Text(event.start, style: .time) + Text(" – ") + Text(event.end, style: .time)
    }

    /// The calendar's shape, in its colour unless the panel draws everything by
    /// luminance (`.vibrant`), where a light colour such as orange would fade to a pale
    /// grey. Accentable, so a panel with colour inks prints it in the nearest one.
    @ViewBuilder private func marker(_ event: AgendaEvent) -> some View {
        let shape = Text(AgendaEvent.marker(event.calendarIndex))
        if renderingMode == .vibrant {
            shape
        } else {
            shape.foregroundStyle(color(of: event.calendarIndex)).widgetAccentable()
        }
    }

    /// Calendar `index`'s colour: the entry's, else the default palette's.
    private func color(of index: Int) -> Color {
        let given = entry.colors.indices.contains(index) ? Color(configText: entry.colors[index]) : nil
        return given ?? AgendaPalette.color(index)
    }

    /// "NOW", "TODAY", "TOMORROW", "IN 3 DAYS": how far off the event is, in whole days,
    /// which stays true until the next entry (one comes at every midnight).
    private func when(_ event: AgendaEvent) -> String {
        if event.isInProgress { return words.now.uppercased() }
        let day = CalendarDay(containing: event.start, in: timeZone)
        return words.relative(days: day.daysSinceEpoch - today.daysSinceEpoch).uppercased()
    }

    private func title(_ event: AgendaEvent) -> String { event.title.isEmpty ? words.untitled : event.title }

    /// Why a calendar could not be read, in words even over the placeholder's grey bars:
    /// a wall that has never read its calendar says why rather than showing nothing.
    @ViewBuilder private var problemLine: some View {
        if let problem = entry.problem {
            HStack(spacing: 3) {
                Image(systemName: "exclamationmark.triangle")
                Text(problem).lineLimit(entry.isPlaceholder ? 3 : 1).minimumScaleFactor(0.7)
            }
            .unredacted()
        }
    }

    private var today: CalendarDay { CalendarDay(containing: entry.date, in: timeZone) }

    private var days: Int { max(1, Int((entry.horizon.timeIntervalSince(entry.date) / 86_400).rounded())) }

    /// The events that overlap `day` in the display's zone.
    private func events(on day: CalendarDay) -> [AgendaEvent] {
        guard let start = day.start(in: timeZone), let end = day.adding(days: 1).start(in: timeZone) else { return [] }
        return entry.events.filter { $0.start < end && ($0.end > start || ($0.start >= start && $0.start == $0.end)) }
    }

    /// Days from today with events, each with its events, `rows` events in all.
    private func dayGroups(rows: Int) -> [(day: CalendarDay, events: [AgendaEvent])] {
        var groups: [(day: CalendarDay, events: [AgendaEvent])] = []
        var left = rows
        var day = today
        while left > 0, let start = day.start(in: timeZone), start < entry.horizon {
            let events = Array(events(on: day).prefix(left))
            if !events.isEmpty {
                groups.append((day, events))
                left -= events.count
            }
            day = day.adding(days: 1)
        }
        return groups
    }

    private func dayTitle(_ day: CalendarDay, style: Date.FormatStyle) -> String {
        guard let start = day.start(in: timeZone) else { return day.description }
        return locale.format(start.addingTimeInterval(12 * 3_600), style, in: timeZone)
    }

    /// "Today", "Tomorrow", or the weekday.
    private func dayName(_ day: CalendarDay) -> String {
        switch day.daysSinceEpoch - today.daysSinceEpoch {
        case 0: words.today
        case 1: words.tomorrow
        default: dayTitle(day, style: Date.FormatStyle().weekday(.wide))
        }
    }

    private var words: AgendaWords { AgendaWords(languageCode: locale.languageCode) }
}

/// The agenda's few words, in English or Korean.
struct AgendaWords {
    let korean: Bool

    init(languageCode: String) { korean = languageCode == "ko" }

    var now: String { korean ? "지금" : "Now" }
    var allDay: String { korean ? "종일" : "All day" }
    var today: String { korean ? "오늘" : "Today" }
    var tomorrow: String { korean ? "내일" : "Tomorrow" }
    func until(_ time: Text) -> Text { korean ? time + Text("까지") : Text("until ") + time }
    var untitled: String { korean ? "(제목 없음)" : "(no title)" }
    var nothingToday: String { korean ? "오늘 남은 일정 없음" : "Nothing more today" }

    func nothing(days: Int) -> String {
        korean ? "\(days)일 동안 일정 없음" : days == 1 ? "Nothing in the next day" : "Nothing in the next \(days) days"
    }

    func more(_ count: Int) -> String { korean ? "외 \(count)개" : "+\(count) more" }

    func relative(days: Int) -> String {
        switch days {
        case ...0: today
        case 1: tomorrow
        default: korean ? "\(days)일 후" : "in \(days) days"
        }
    }
}
