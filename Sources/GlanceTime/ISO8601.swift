import FoundationEssentials

/// ISO 8601 text for an instant, with the zone's offset (`2026-12-31T09:00:00+09:00`);
/// a zero offset is written `+00:00`, not `Z`, as the command-line contract asks.
/// Fractions of a second are dropped.
///
/// Written by hand: it needs only the zone's offset, and it is on the path of every line
/// `glance simulate` prints.
public func iso8601String(_ instant: Date, in timeZone: ZoneRules) -> String {
    let offset = timeZone.secondsFromGMT(for: instant)
    let local = Int((instant.timeIntervalSince1970).rounded(.down)) + offset
    let day = CalendarDay(daysSinceEpoch: Int((Double(local) / 86_400).rounded(.down)))
    let secondOfDay = local - day.daysSinceEpoch * 86_400
    let sign = offset < 0 ? "-" : "+"
    let magnitude = abs(offset)
    return "\(day)T\(two(secondOfDay / 3600)):\(two(secondOfDay / 60 % 60)):\(two(secondOfDay % 60))"
        + "\(sign)\(two(magnitude / 3600)):\(two(magnitude / 60 % 60))"
}

private func two(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }

/// Reads `2026-12-31T09:00:00+09:00`, `…Z`, and fractional seconds; `nil` otherwise,
/// also for fields that name no real instant (February 30, 24:00, minute 61), which
/// the underlying parser would roll over into the next day or hour.
public func parseISO8601Instant(_ text: String) -> Date? {
    let scalars = Array(text.utf8)
    guard scalars.count >= 19, CalendarDay(isoString: String(text.prefix(10))) != nil,
          scalars[10] == UInt8(ascii: "T") || scalars[10] == UInt8(ascii: "t"),
          scalars[13] == UInt8(ascii: ":"), scalars[16] == UInt8(ascii: ":") else { return nil }
    func field(_ start: Int) -> Int? {
        guard (48...57).contains(scalars[start]), (48...57).contains(scalars[start + 1]) else { return nil }
        return Int(scalars[start] - 48) * 10 + Int(scalars[start + 1] - 48)
    }
    guard let hour = field(11), hour <= 23, let minute = field(14), minute <= 59, let second = field(17), second <= 60 else { return nil }
    if let date = try? Date(text, strategy: .iso8601) { return date }
    return try? Date(text, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true))
}
