import Foundation

/// ISO 8601 text for an instant, with the zone's offset (`2026-12-31T09:00:00+09:00`);
/// a zero offset is written `+00:00`, not `Z`, as the command-line contract asks.
public func iso8601String(_ instant: Date, in timeZone: TimeZone) -> String {
    let formatter = ISO8601DateFormatter()
    formatter.timeZone = timeZone
    formatter.formatOptions = [.withInternetDateTime]
    let text = formatter.string(from: instant)
    return text.hasSuffix("Z") ? String(text.dropLast()) + "+00:00" : text
}
