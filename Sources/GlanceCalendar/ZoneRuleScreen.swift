import CICal
import Glibc

/// VTIMEZONE rules libical would step through for minutes, found before it is asked.
///
/// A zone from the file (`ZoneSource.vtimezone`) is expanded by libical inside the first
/// `icaltimezone_get_utc_offset_of_utc_time` call: each STANDARD and DAYLIGHT part's RRULE
/// is stepped from the part's DTSTART to the year asked for, keeping every change, in one
/// call no budget can interrupt. A 516-byte zone starting in year 1 with
/// `RRULE:FREQ=SECONDLY` keeps that call going for ever, a megabyte a second. Real zones
/// change once or twice a year (Outlook writes yearly rules from 1601: about 600 steps),
/// so a part is refused when its rule steps more often than daily, or would take more
/// than `maximumSteps` steps to reach `lastYear`.
enum ZoneRuleScreen {
    static let maximumSteps = 20_000
    /// The latest year an expansion is assumed to reach (libical goes a few years past the
    /// time converted).
    static let lastYear = 2200

    /// Why the VTIMEZONE `zone` is refused, with the index (0-based, in file order) of the
    /// STANDARD or DAYLIGHT part at fault; nil when libical can be left to expand it.
    static func problem(_ zone: OpaquePointer) -> (part: Int, reason: String)? {
        var index = 0
        var part = icalcomponent_get_first_component(zone, ICAL_ANY_COMPONENT)
        while let current = part {
            let kind = icalcomponent_isa(current)
            if kind == ICAL_XSTANDARD_COMPONENT || kind == ICAL_XDAYLIGHT_COMPONENT {
                if let reason = problem(ofPart: current) { return (index, reason) }
                index += 1
            }
            part = icalcomponent_get_next_component(zone, ICAL_ANY_COMPONENT)
        }
        return nil
    }

    private static func problem(ofPart part: OpaquePointer) -> String? {
        let startYear = icalcomponent_get_first_property(part, ICAL_DTSTART_PROPERTY).map { Int(icalproperty_get_dtstart($0).year) } ?? lastYear
        var problem: String?
        forEachProperty(of: part, kind: ICAL_RRULE_PROPERTY) { property in
            guard problem == nil, let raw = icalproperty_get_value_as_string_r(property) else { return }
            let text = String(cString: raw)
            free(raw)
            let rule = icalrecurrencetype_from_string(text)
            defer { free(rule.rscale) }
            let perYear: Int
            switch rule.freq {
            case ICAL_YEARLY_RECURRENCE: perYear = 1
            case ICAL_MONTHLY_RECURRENCE: perYear = 12
            case ICAL_WEEKLY_RECURRENCE: perYear = 53
            case ICAL_DAILY_RECURRENCE: perYear = 366
            case ICAL_NO_RECURRENCE: return
            default:
                problem = "the rule RRULE:\(text) changes the offset more often than daily"
                return
            }
            let until = icaltime_is_null_time(rule.until) == 0 ? min(Int(rule.until.year), lastYear) : lastYear
            var steps = max(0, until - startYear + 1) * perYear / max(1, Int(rule.interval))
            if rule.count > 0 { steps = min(steps, Int(rule.count)) }
            if steps > maximumSteps {
                problem = "the rule RRULE:\(text) from \(startYear) takes about \(steps) steps to reach \(lastYear) (at most \(maximumSteps))"
            }
        }
        return problem
    }
}
