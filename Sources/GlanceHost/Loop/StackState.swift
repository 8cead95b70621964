import FoundationEssentials
import GlanceTime
import GlanceWidgetKit
import GlanceConfiguration

/// One place on the display that shows one of several slots (`stack:`, WidgetKit's Smart
/// Stack), chosen again at every wake:
/// 1. a member turned to by hand stays for `hold`, while its `when:` allows;
/// 2. members outside their `when:` are passed over;
/// 3. the highest `relevance` score of each member's current entry wins (a score counts
///    from its entry's date for its `duration`, or while the entry is current when the
///    duration is 0);
/// 4. ties (and no scores at all) go to the first written, or take turns every `rotate`
///    (turns counted on the wall clock from midnight, so a 15-minute turn changes at :00,
///    :15, :30 and :45).
/// Each member keeps its own timeline and reload policy; every instant at which the
/// choice could change (a window opens or closes, a score's duration ends, a turn, the end
/// of a hold) is a boundary the host wakes for, never a poll.
final class StackState {
    let name: String
    /// In the order written.
    let members: [SlotState]
    let rotate: TimeInterval?
    let hold: TimeInterval
    /// The member on the display (an index into `members`), nil before the first frame.
    var shown: Int?
    /// Why it shows.
    var why: Choice.Reason?
    /// Turned to by hand: that member until `until`.
    var hand: (member: Int, until: Date)?

    struct Choice: Equatable {
        let member: Int
        let why: Reason

        enum Reason: Equatable, CustomStringConvertible {
            /// Turned to by hand (`next`, `previous`, a pick), held until the date.
            case hand(until: Date)
            /// The highest score among the members whose windows are open.
            case relevance(Float)
            /// Tied with others; its turn.
            case rotation
            /// Tied with others (or no member has a score): the first written.
            case order
            /// No member's window is open: the first written stands in.
            case noWindowOpen

            var description: String {
                switch self {
                case .hand: "hand"
                case .relevance(let score): "relevance \(score)"
                case .rotation: "rotation"
                case .order: "order"
                case .noWindowOpen: "no window open"
                }
            }

            /// The word `glance simulate` and `glance status` give.
            var word: String {
                switch self {
                case .hand: "hand"
                case .relevance: "relevance"
                case .rotation: "rotation"
                case .order: "order"
                case .noWindowOpen: "window"
                }
            }
        }
    }

    init(name: String, members: [SlotState], rotate: TimeInterval?, hold: TimeInterval) {
        self.name = name
        self.members = members
        self.rotate = rotate
        self.hold = hold
    }

    /// Whether `member` may show at `instant` (its window is open; a quarantined member
    /// gives way to any other).
    func isOpen(_ member: SlotState, at instant: Date, in zone: ZoneRules) -> Bool {
        member.config.when?.contains(instant, in: zone) ?? true
    }

    /// The score of `member`'s current entry at `instant`, 0 when it has none or its
    /// duration is over.
    func score(of member: SlotState, at instant: Date) -> Float {
        guard let entry = member.timeline?.entry(at: instant) ?? member.shownEntry,
              let relevance = entry.relevance else { return 0 }
        if relevance.duration > 0, instant >= entry.date.addingTimeInterval(relevance.duration) { return 0 }
        return relevance.score
    }

    /// Which member shows at `instant`, and why.
    func choose(at instant: Date, in zone: ZoneRules) -> Choice {
        if let hand, hand.until > instant, isOpen(members[hand.member], at: instant, in: zone) {
            return Choice(member: hand.member, why: .hand(until: hand.until))
        }
        var open = members.indices.filter { isOpen(members[$0], at: instant, in: zone) }
        // A member kept out (its widget crashed the daemon) shows its card only when no
        // other member could show instead.
        let healthy = open.filter { !members[$0].isQuarantined }
        if !healthy.isEmpty { open = healthy }
        guard !open.isEmpty else { return Choice(member: 0, why: .noWindowOpen) }
        let scores = open.map { score(of: members[$0], at: instant) }
        let best = scores.max() ?? 0
        let tied = zip(open, scores).filter { $0.1 == best }.map(\.0)
        if tied.count == 1 { return Choice(member: tied[0], why: .relevance(best)) }
        if let rotate {
            return Choice(member: tied[turn(at: instant, in: zone, of: rotate) % tied.count], why: .rotation)
        }
        return Choice(member: tied[0], why: best > 0 ? .relevance(best) : .order)
    }

    /// Turns counted from the wall clock's midnight: the n-th `rotate` since then (the
    /// day's last turn is cut short where `rotate` does not divide the day).
    private func turn(at instant: Date, in zone: ZoneRules, of rotate: TimeInterval) -> Int {
        Int((Self.secondsSinceMidnight(instant, in: zone) / rotate).rounded(.down))
    }

    private static func secondsSinceMidnight(_ instant: Date, in zone: ZoneRules) -> TimeInterval {
        let local = instant.timeIntervalSince1970 + Double(zone.secondsFromGMT(for: instant))
        return local - (local / 86_400).rounded(.down) * 86_400
    }

    /// The first instant after `now` at which the choice could change by time alone: a
    /// member's window opens or closes, a score's duration ends, the next turn, a hold
    /// ends. (New entries and timelines are the members' own instants.)
    func nextBoundary(after now: Date, in zone: ZoneRules) -> Date? {
        var candidates: [Date] = []
        if let hand, hand.until > now { candidates.append(hand.until) }
        for member in members {
            if let change = member.config.when?.nextChange(after: now, in: zone) { candidates.append(change) }
            if let entry = member.timeline?.entry(at: now), let relevance = entry.relevance, relevance.duration > 0 {
                let end = entry.date.addingTimeInterval(relevance.duration)
                if end > now { candidates.append(end) }
            }
        }
        if let rotate {
            let since = Self.secondsSinceMidnight(now, in: zone)
            let next = ((since / rotate).rounded(.down) + 1) * rotate
            candidates.append(min(now.addingTimeInterval(next - since), CalendarDay.nextDayStart(after: now, in: zone)))
        }
        return candidates.min()
    }

    /// `next` (+1) or `previous` (-1) among the members open at `now`, from the one shown;
    /// it stays for `hold`. Nil when no other member may show.
    func turn(by step: Int, at now: Date, in zone: ZoneRules) -> SlotState? {
        let open = members.indices.filter { isOpen(members[$0], at: now, in: zone) }
        guard open.count > 1 else { return nil }
        let current = shown.flatMap { open.firstIndex(of: $0) } ?? 0
        let target = open[((current + step) % open.count + open.count) % open.count]
        hand = (target, now.addingTimeInterval(hold))
        return members[target]
    }

    /// "10 min", "90 s", "2 h".
    static func describe(_ seconds: TimeInterval) -> String {
        if seconds >= 3600, seconds.truncatingRemainder(dividingBy: 3600) == 0 { return "\(Int(seconds / 3600)) h" }
        if seconds >= 60, seconds.truncatingRemainder(dividingBy: 60) == 0 { return "\(Int(seconds / 60)) min" }
        return "\(Int(seconds)) s"
    }

    /// Shows `member` (by hand) for `hold`, if its window is open.
    func pick(_ member: Int, at now: Date, in zone: ZoneRules) -> Bool {
        guard members.indices.contains(member), isOpen(members[member], at: now, in: zone) else { return false }
        hand = (member, now.addingTimeInterval(hold))
        return true
    }
}
