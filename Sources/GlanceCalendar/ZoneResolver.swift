import GlanceTime

/// Where a TZID's offsets come from, in this order:
///
/// 1. The system's tz database, when the TZID is an IANA name (Google, iCloud and
///    Nextcloud write `America/New_York`), even when the file carries a VTIMEZONE for it.
///    Vendors' VTIMEZONE blocks are abbreviated (Google's hold one rule, valid for recent
///    years only), tzdata is what the display's own zone and midnights come from
///    (`ZoneRules`), and Python's icalendar and the calendar apps decide the same way.
/// 2. The file's VTIMEZONE, read by libical when expanding, for names tzdata does not
///    have (Outlook's `Eastern Standard Time`, made-up names).
/// 3. For a "globally unique" TZID (`/freeassociation.sourceforge.net/Europe/Berlin`,
///    which libical and Evolution write) without a VTIMEZONE, the IANA name at its end.
///
/// Anything else is an error that names the TZID: guessing UTC would move every event of
/// that zone by hours without a word. libical's own built-in zones are not used: on
/// Debian they are the same tzdata, converted through a process-wide cache in libical.
enum ZoneResolver {
    static func resolve(_ tzid: String, vtimezones: [String: String], directory: String) -> ZoneSource? {
        let cleaned = String(tzid.drop { $0 == "/" }.reversed().drop { $0 == "/" }.reversed())
        if let rules = try? ZoneRules(identifier: cleaned, directory: directory) { return .system(rules) }
        if let vtimezone = vtimezones[tzid] { return .vtimezone(vtimezone) }
        if tzid.hasPrefix("/") {
            let parts = cleaned.split(separator: "/")
            for first in parts.indices.dropFirst() {
                if let rules = try? ZoneRules(identifier: parts[first...].joined(separator: "/"), directory: directory) { return .system(rules) }
            }
        }
        return nil
    }
}
