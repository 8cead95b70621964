import Foundation
import GlanceTime
import Testing
@testable import Charts

/// Shared helpers for the scale tests: zones, instants written as ISO 8601, and the
/// numbers a resolved scale's ticks carry.
enum ScaleFixture {
    static func zone(_ identifier: String) throws -> ZoneRules { try ZoneRules(identifier: identifier) }

    static func instant(_ text: String) throws -> Date { try #require(ISO8601DateFormatter().date(from: text)) }

    static let english = DisplayLocale(identifier: "en_US")
    static let korean = DisplayLocale(identifier: "ko_KR")

    static func numbers(_ scale: ResolvedScale) -> [Double] { numbers(scale.ticks) }

    static func numbers(_ ticks: [ScaleTick]) -> [Double] {
        ticks.compactMap { if case .number(let x) = $0.value { x } else { nil } }
    }

    /// The wall-clock time a tick shows in `zone`, "HH:mm" on its own day.
    static func wallClock(_ tick: ScaleTick, in zone: ZoneRules) -> String {
        guard case .date(let date) = tick.value else { return "not a date" }
        let local = Int(date.timeIntervalSince1970) + zone.secondsFromGMT(for: date)
        let minutes = ((local % 86_400 + 86_400) % 86_400) / 60
        let pad = { (n: Int) in n < 10 ? "0\(n)" : "\(n)" }
        return "\(pad(minutes / 60)):\(pad(minutes % 60))"
    }

    /// The calendar day a tick falls on in `zone`, "2026-11-28".
    static func day(_ tick: ScaleTick, in zone: ZoneRules) -> String {
        guard case .date(let date) = tick.value else { return "not a date" }
        return CalendarDay(containing: date, in: zone).description
    }

    static func linear(_ values: [Double], includesZero: Bool = false, ticks: Int = 5,
                       locale: DisplayLocale = english) -> ResolvedScale {
        ScaleResolver.resolve(values.map { .number($0) }, includesZero: includesZero, domain: nil, desiredTicks: ticks,
                              zone: .utc, locale: locale)
    }

    /// Every tick finite, inside the domain, in increasing order, at 0...1.
    static func isWellFormed(_ scale: ResolvedScale) -> Bool {
        let values = numbers(scale)
        return scale.domain.lowerBound.isFinite && scale.domain.upperBound.isFinite
            && scale.domain.lowerBound < scale.domain.upperBound
            && !values.isEmpty && zip(values, values.dropFirst()).allSatisfy { $0 < $1 }
            && scale.ticks.allSatisfy { $0.fraction.isFinite && (0...1).contains($0.fraction) && !$0.label.isEmpty }
    }
}
