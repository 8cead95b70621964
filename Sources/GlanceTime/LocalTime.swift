import FoundationEssentials

/// Wall-clock boundaries in a zone, for providers that want to wake "at the next hour".
public enum LocalTime {
    /// The first instant after `instant` at which the hour on a wall clock in `timeZone`
    /// changes: normally minute 0 of the next hour; at a jump forward, the jump itself;
    /// a fall-back that repeats the same hour number is not a change.
    public static func nextHourStart(after instant: Date, in timeZone: ZoneRules) -> Date {
        let offsetNow = Double(timeZone.secondsFromGMT(for: instant))
        let candidate = nextBoundary(afterLocal: instant.timeIntervalSince1970 + offsetNow, offset: offsetNow)
        guard let transition = timeZone.nextTransition(after: instant), transition <= candidate else {
            return candidate
        }
        let offsetAfter = Double(timeZone.secondsFromGMT(for: transition))
        let hourBefore = ((transition.timeIntervalSince1970 - 1 + offsetNow) / 3600).rounded(.down)
        let hourAt = ((transition.timeIntervalSince1970 + offsetAfter) / 3600).rounded(.down)
        if hourAt != hourBefore { return transition }
        return nextBoundary(afterLocal: transition.timeIntervalSince1970 + offsetAfter, offset: offsetAfter)
    }

    private static func nextBoundary(afterLocal local: Double, offset: Double) -> Date {
        Date(timeIntervalSince1970: ((local / 3600).rounded(.down) + 1) * 3600 - offset)
    }
}
