import Foundation

/// Foundation's `RelativeDateTimeFormatter` (Linux's Foundation lacks it): "2 hours ago",
/// "in 3 days", "yesterday", in the formatter's locale, from the same CLDR data Apple's
/// uses (swift-foundation's `Date.AnchoredRelativeFormatStyle`).
///
/// ```swift
/// let formatter = RelativeDateTimeFormatter()
/// formatter.unitsStyle = .full
/// formatter.localizedString(for: entry.lastUpdate, relativeTo: entry.date)   // "5 minutes ago"
/// ```
open class RelativeDateTimeFormatter: Formatter, @unchecked Sendable {
    /// Numbers ("1 day ago") or names where a language has them ("yesterday").
    public enum DateTimeStyle: Int, Sendable { case numeric = 0, named = 1 }
    /// How units are written: "in 2 hours", "in two hours", "in 2 hr.", "in 2h".
    public enum UnitsStyle: Int, Sendable { case full = 0, spellOut = 1, short = 2, abbreviated = 3 }

    open var dateTimeStyle: DateTimeStyle = .numeric
    open var unitsStyle: UnitsStyle = .full
    open var formattingContext: Context = .unknown
    open var calendar: Calendar! = .current
    open var locale: Locale! = .current

    public override init() { super.init() }
    public required init?(coder: NSCoder) { super.init(coder: coder) }

    /// `date` described from `referenceDate`: "2 hours ago" when it is two hours before.
    open func localizedString(for date: Date, relativeTo referenceDate: Date) -> String {
        var calendar = self.calendar ?? .current
        calendar.locale = locale ?? .current
        let units: Date.RelativeFormatStyle.UnitsStyle = switch unitsStyle {
        case .full: .wide
        case .spellOut: .spellOut
        case .short: .abbreviated
        case .abbreviated: .narrow
        }
        let capitalization: FormatStyleCapitalizationContext = switch formattingContext {
        case .beginningOfSentence: .beginningOfSentence
        case .middleOfSentence: .middleOfSentence
        case .standalone: .standalone
        case .listItem: .listItem
        default: .unknown
        }
        // The anchored style describes its anchor as seen from the date it formats.
        let style = Date.AnchoredRelativeFormatStyle(anchor: date, presentation: dateTimeStyle == .named ? .named : .numeric,
                                                     unitsStyle: units, locale: locale ?? .current, calendar: calendar,
                                                     capitalizationContext: capitalization)
        return style.format(referenceDate)
    }

    /// An interval from now: `localizedString(fromTimeInterval: -3600)` is "1 hour ago".
    open func localizedString(fromTimeInterval timeInterval: TimeInterval) -> String {
        let now = Date()
        return localizedString(for: now.addingTimeInterval(timeInterval), relativeTo: now)
    }

    /// Date components from now: `DateComponents(day: -1)` is "1 day ago".
    open func localizedString(from dateComponents: DateComponents) -> String {
        let now = Date()
        let date = (calendar ?? .current).date(byAdding: dateComponents, to: now) ?? now
        return localizedString(for: date, relativeTo: now)
    }

    /// A `Date` described from now; nil for anything else.
    open override func string(for object: Any?) -> String? {
        guard let date = object as? Date else { return nil }
        return localizedString(for: date, relativeTo: Date())
    }
}
