/// A POSIX TZ rule such as `CST5CDT,M3.2.0/0,M11.1.0/1` or `<-04>4<-03>,M9.1.6/24,M4.1.6/24`:
/// a standard offset and, optionally, a daylight offset with the yearly rules for
/// switching. Offsets here are seconds east of UTC (POSIX writes them west).
struct PosixZoneRule: Sendable, Equatable {
    let standardOffset: Int32
    let daylight: Daylight?

    struct Daylight: Sendable, Equatable {
        let offset: Int32
        let start: DateRule
        let end: DateRule
    }

    /// When in a year a switch happens, and at what local time (seconds after local
    /// midnight in the offset then in force; may be negative or past 24 h).
    struct DateRule: Sendable, Equatable {
        enum Day: Sendable, Equatable {
            /// `Jn`: day 1–365, February 29 never counted.
            case julianNoLeap(Int)
            /// `n`: day 0–365, February 29 counted.
            case zeroBased(Int)
            /// `Mm.w.d`: weekday d (0 = Sunday) of week w (5 = last) of month m.
            case monthWeekDay(month: Int, week: Int, weekday: Int)
        }

        let day: Day
        let time: Int
    }

    init?(_ text: String) {
        var scanner = RuleScanner(Array(text.unicodeScalars))
        guard scanner.name(), let standardWest = scanner.offset() else { return nil }
        standardOffset = Int32(-standardWest)
        if scanner.atEnd {
            daylight = nil
            return
        }
        guard scanner.name() else { return nil }
        var daylightOffset = standardOffset + 3600
        if let west = scanner.offset() { daylightOffset = Int32(-west) }
        guard scanner.take(","), let start = scanner.dateRule(), scanner.take(","), let end = scanner.dateRule(), scanner.atEnd else {
            return nil
        }
        daylight = Daylight(offset: daylightOffset, start: start, end: end)
    }

    func offset(at instant: Int64) -> Int32 {
        guard let daylight else { return standardOffset }
        let year = CalendarDay(daysSinceEpoch: Int((Double(instant + Int64(standardOffset)) / 86_400).rounded(.down))).year
        // Check the switches of this year and its neighbours, in order.
        var current = standardOffset
        var best: Int64 = .min
        for candidateYear in (year - 1)...(year + 1) {
            for (switchInstant, newOffset) in switches(in: candidateYear, daylight) where switchInstant <= instant && switchInstant > best {
                best = switchInstant
                current = newOffset
            }
        }
        return current
    }

    func nextTransition(after instant: Int64) -> Int64? {
        guard let daylight else { return nil }
        let year = CalendarDay(daysSinceEpoch: Int((Double(instant) / 86_400).rounded(.down))).year
        var best: Int64?
        for candidateYear in (year - 1)...(year + 2) {
            for (switchInstant, _) in switches(in: candidateYear, daylight) where switchInstant > instant {
                best = min(best ?? switchInstant, switchInstant)
            }
        }
        return best
    }

    /// The two switches of `year` as UTC instants, each with the offset it switches to.
    private func switches(in year: Int, _ daylight: Daylight) -> [(Int64, Int32)] {
        guard let startDay = daylight.start.day(in: year), let endDay = daylight.end.day(in: year) else { return [] }
        // The start is written in standard time, the end in daylight time.
        let start = Int64(startDay.daysSinceEpoch) * 86_400 + Int64(daylight.start.time) - Int64(standardOffset)
        let end = Int64(endDay.daysSinceEpoch) * 86_400 + Int64(daylight.end.time) - Int64(daylight.offset)
        return [(start, daylight.offset), (end, standardOffset)]
    }
}

extension PosixZoneRule.DateRule {
    func day(in year: Int) -> CalendarDay? {
        guard let january1 = CalendarDay(year: year, month: 1, day: 1) else { return nil }
        switch day {
        case .julianNoLeap(let n):
            let leap = CalendarDay(year: year, month: 2, day: 29) != nil
            return january1.adding(days: n - 1 + (leap && n >= 60 ? 1 : 0))
        case .zeroBased(let n):
            return january1.adding(days: n)
        case .monthWeekDay(let month, let week, let weekday):
            guard let first = CalendarDay(year: year, month: month, day: 1) else { return nil }
            let firstMatch = first.adding(days: ((weekday - (first.weekday - 1)) % 7 + 7) % 7)
            var result = firstMatch.adding(days: 7 * (week - 1))
            while result.month != month { result = result.adding(days: -7) }
            return result
        }
    }
}

/// Reads the pieces of a POSIX TZ rule.
private struct RuleScanner {
    let scalars: [Unicode.Scalar]
    var position = 0

    init(_ scalars: [Unicode.Scalar]) { self.scalars = scalars }

    var atEnd: Bool { position >= scalars.count }

    mutating func take(_ character: Unicode.Scalar) -> Bool {
        guard !atEnd, scalars[position] == character else { return false }
        position += 1
        return true
    }

    /// `EST` or `<-03>`.
    mutating func name() -> Bool {
        if take("<") {
            while !atEnd, scalars[position] != ">" { position += 1 }
            return take(">")
        }
        let start = position
        while !atEnd, scalars[position].properties.isAlphabetic { position += 1 }
        return position - start >= 3
    }

    /// `[+-]hh[:mm[:ss]]` in seconds.
    mutating func offset() -> Int? {
        var sign = 1
        if take("-") { sign = -1 } else { _ = take("+") }
        guard let seconds = clockTime() else { return nil }
        return sign * seconds
    }

    mutating func clockTime() -> Int? {
        guard let hours = number() else { return nil }
        var seconds = hours * 3600
        if take(":") {
            guard let minutes = number() else { return nil }
            seconds += minutes * 60
            if take(":") {
                guard let secs = number() else { return nil }
                seconds += secs
            }
        }
        return seconds
    }

    mutating func number() -> Int? {
        let start = position
        var value = 0
        while !atEnd, let digit = scalars[position].properties.numericType != nil ? Int(String(scalars[position])) : nil {
            value = value * 10 + digit
            position += 1
        }
        return position > start ? value : nil
    }

    mutating func dateRule() -> PosixZoneRule.DateRule? {
        let day: PosixZoneRule.DateRule.Day
        if take("M") {
            guard let month = number(), take("."), let week = number(), take("."), let weekday = number(),
                  (1...12).contains(month), (1...5).contains(week), (0...6).contains(weekday) else { return nil }
            day = .monthWeekDay(month: month, week: week, weekday: weekday)
        } else if take("J") {
            guard let n = number(), (1...365).contains(n) else { return nil }
            day = .julianNoLeap(n)
        } else {
            guard let n = number(), (0...365).contains(n) else { return nil }
            day = .zeroBased(n)
        }
        var time = 7200
        if take("/") {
            guard let signed = offset() else { return nil }
            time = signed
        }
        return PosixZoneRule.DateRule(day: day, time: time)
    }
}
