import Foundation
import GlanceIntents
import GlanceTestSupport
import GlanceTime
import GlanceWidgetKit
import GlanceWidgets
import Testing

/// What the built-in widgets claim of a stack (issue 29): their entries' `relevance`.
@Suite struct BuiltinRelevanceTests {
    let seoul = try! ZoneRules(identifier: "Asia/Seoul")

    func countdown(target: String, relevantDays: Int) throws -> CountdownIntent {
        let intent = CountdownIntent()
        intent.target = try Date(parameterText: target, context: .init(timeZone: seoul))
        intent.relevant_days = relevantDays
        return intent
    }

    /// D-3 … D-Day grow to 1, each claim ending at the day's midnight; before and after: none.
    @Test func aCountdownClaimsItsDaysAndEachClaimEndsAtMidnight() async throws {
        let intent = try countdown(target: "2027-01-03", relevantDays: 3)
        var claims: [String] = []
        for day in 30...36 {
            let date = CalendarDay(year: 2026, month: 12, day: 1)!.adding(days: day - 1)
            let now = try #require(date.start(in: seoul)).addingTimeInterval(10 * 3600)
            let entry = try #require(await CountdownProvider().timeline(for: intent, in: context(at: now)).entries.first)
            claims.append("\(entry.label) \(entry.relevance.map { "\($0.score)" } ?? "none")")
            if let relevance = entry.relevance {
                #expect(now.addingTimeInterval(relevance.duration) == date.adding(days: 1).start(in: seoul), "\(entry.label)")
            }
        }
        #expect(claims == ["D-4 none", "D-3 0.25", "D-2 0.5", "D-1 0.75", "D-Day 1.0", "D+1 none", "D+2 none"])
        // By default only the day itself; -1 never.
        let day = instant("2027-01-03T08:00:00+09:00")
        #expect(try await CountdownProvider().timeline(for: countdown(target: "2027-01-03", relevantDays: 0), in: context(at: day)).entries[0].relevance?.score == 1)
        #expect(try await CountdownProvider().timeline(for: countdown(target: "2027-01-03", relevantDays: -1), in: context(at: day)).entries[0].relevance == nil)
        #expect(throws: IntentConfigurator.Failure.self) { try countdown(target: "2027-01-03", relevantDays: -2).checkParameters() }
    }

    func weather(now: String, current: Int, hourly: @escaping @Sendable (Int) -> Int, relevantHours: Int = 3) async throws -> WeatherEntry {
        let server = try TestHTTPServer()
        defer { server.stop() }
        server.route("/v1/forecast", .json(OpenMeteoAnswer(code: current, hourlyCode: hourly).json))
        let intent = SelectCityIntent(city: .seoul, baseURL: server.baseURL)
        intent.relevant_hours = relevantHours
        return try #require(await WeatherProvider(timeout: 5).timeline(for: intent, in: weatherContext(at: instant(now))).entries.first)
    }

    /// Rain within the hours ahead claims until the last wet hour ends; dry skies do not.
    @Test func weatherClaimsWhileRainIsDueAndUntilItsLastHourEnds() async throws {
        // Rain at 14:00 and 15:00 (hours 14 and 15 of the answer's first day), dry now.
        let rainy: @Sendable (Int) -> Int = { [14, 15].contains($0) ? 61 : 2 }
        let early = try await weather(now: "2026-12-31T11:00:00+09:00", current: 2, hourly: rainy)
        #expect(early.relevance == nil, "14:00 is not before 11:00 + 3 h")
        let due = try await weather(now: "2026-12-31T11:15:00+09:00", current: 2, hourly: rainy)
        #expect(due.relevance?.score == 0.6)
        #expect(due.relevance.map { due.date.addingTimeInterval($0.duration) } == instant("2026-12-31T15:00:00+09:00"), "only 14:00 is in sight")
        // Raining now, dry from 16:00: the claim ends with the hour in progress.
        let last = try await weather(now: "2026-12-31T15:45:00+09:00", current: 63, hourly: rainy)
        #expect(last.relevance.map { last.date.addingTimeInterval($0.duration) } == instant("2026-12-31T16:00:00+09:00"))
        // The worst weather in sight scores: a storm beats rain.
        let storm = try await weather(now: "2026-12-31T12:30:00+09:00", current: 61, hourly: { $0 == 14 ? 95 : 2 })
        #expect(storm.relevance?.score == 0.9)
        #expect(try await weather(now: "2026-12-31T12:30:00+09:00", current: 61, hourly: rainy, relevantHours: 0).relevance == nil)
        #expect(try await weather(now: "2026-12-31T12:30:00+09:00", current: 3, hourly: { _ in 45 }).relevance == nil, "fog and clouds are dry")
        #expect(WeatherEntry.sample(at: .now, place: "Seoul", isPlaceholder: true).relevance == nil)
    }

    @Test func aStatClaimsWhileItsFreshNumberIsPastAThreshold() async throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        let intent = StatIntent()
        intent.url = server.baseURL + "/stats"
        intent.path = "total"
        intent.relevant_above = 1000
        intent.relevant_below = 10
        let now = instant("2026-12-31T09:00:00+09:00")
        func entry(_ number: Double) async throws -> StatEntry {
            server.route("/stats", .json("{\"total\": \(number)}"))
            return try #require(await StatProvider(timeout: 5).timeline(for: intent, in: context(at: now)).entries.first)
        }
        #expect(try await entry(500).relevance == nil)
        #expect(try await entry(1000).relevance?.score == 1)
        #expect(try await entry(3).relevance?.score == 1)
        // Old numbers claim nothing: a failed fetch's stale entry gives way.
        let fresh = try await entry(2000)
        #expect(fresh.markedStale(from: now.addingTimeInterval(1800)).relevance == nil)
        intent.relevant_below = 1000
        #expect(throws: IntentConfigurator.Failure.self) { try intent.checkParameters() }
    }
}
