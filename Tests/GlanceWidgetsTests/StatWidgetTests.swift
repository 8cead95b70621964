import Foundation
import GlanceFetch
import GlanceHost
import GlanceIntents
import GlanceTestSupport
import GlanceTime
import GlanceWake
import GlanceWidgetKit
import GlanceWidgets
import Testing
import GlanceConfiguration

/// The `stat` provider against a real server on 127.0.0.1 that misbehaves on purpose.
@Suite struct StatWidgetTests {
    let server: TestHTTPServer
    let now = instant("2026-12-31T09:00:00+09:00")

    init() throws { server = try TestHTTPServer() }

    func intent(_ route: String = "/stats", path: String = "data.total", subtitles: [String] = [], format: String = "#,##0.##",
                headers: [String] = []) -> StatIntent {
        let intent = StatIntent()
        intent.url = server.baseURL + route
        intent.path = path
        intent.title = "Energy"
        intent.subtitles = subtitles
        intent.format = format
        intent.headers = headers
        return intent
    }

    func timeline(_ intent: StatIntent, provider: StatProvider = StatProvider(timeout: 5), at date: Date? = nil, locale: String = "en_US",
                  last: (any TimelineEntry)? = nil) async -> Timeline<StatEntry> {
        var context = context(at: date ?? now, locale: locale)
        context.lastEntry = last
        return await provider.timeline(for: intent, in: context)
    }

    static let document = #"{"data": {"total": 12480.456, "today": 312, "week": "2140.5"}, "items": [{"count": 7}]}"#

    // MARK: Good answers

    @Test func aGoodAnswerGivesTheNumberAndSubtitlesAndReloadsInTenMinutes() async throws {
        server.route("/stats", .json(Self.document))
        let timeline = await timeline(intent(subtitles: ["Today=data.today", "Week = data.week", "First=items[0].count"], format: "#,##0.0 kWh"))
        #expect(timeline.policy == .after(now.addingTimeInterval(600)))
        let entry = try #require(timeline.entries.first)
        #expect(timeline.entries.count == 1)
        #expect(entry.date == now && entry.fetchedAt == now && !entry.isStale && !entry.isPlaceholder)
        #expect(entry.title == "Energy")
        #expect(entry.value.text == "12,480.5" && entry.value.unit == "kWh" && entry.value.line == "12,480.5 kWh")
        #expect(entry.value.number == 12480.456)
        #expect(entry.subtitles.map(\.label) == ["Today", "Week", "First"])
        #expect(entry.subtitles.map(\.line) == ["312.0 kWh", "2,140.5 kWh", "7.0 kWh"])
        #expect(server.requests(to: "/stats").count == 1)
    }

    @Test(arguments: [
        ("en_US", "#,##0.0 kWh", "12,480.5 kWh"), ("de_DE", "#,##0.0 kWh", "12.480,5 kWh"),
        ("en_US", "#,##0", "12,480"), ("de_DE", "#,##0", "12.480"), ("en_US", "0.00", "12480.46"), ("de_DE", "0.00", "12480,46"),
        ("en_US", "$#,##0.00", "$12,480.46"), ("en_US", "#,##0.##", "12,480.46"), ("en_US", "0%", "12480%"),
    ])
    func formatFollowsThePatternAndTheDisplaysLocale(locale: String, format: String, line: String) async throws {
        server.route("/stats", .json(Self.document))
        let entry = try #require(await timeline(intent(format: format), locale: locale).entries.first)
        #expect(entry.value.line == line)
    }

    @Test func formatPatterns() throws {
        let en = DisplayLocale(identifier: "en_US")
        #expect(try StatFormat("#,##0.0## t").text(3.5, locale: en) == "3.5")
        #expect(try StatFormat("#,##0.0## t").text(3.14159, locale: en) == "3.142")
        #expect(try StatFormat("0 pts.").unit == "pts.")
        #expect(StatFormat.standard.text(1234.5, locale: en) == "1,234.5")
        #expect(StatFormat.standard.compactText(12_480, locale: en) == "12.5K")
        #expect(StatFormat.standard.compactText(3_400_000, locale: en) == "3.4M")
        #expect(StatFormat.standard.compactText(940, locale: en) == "940")
        for bad in ["kWh", "", "#.#.#", "0.#0", "0 and 0"] {
            #expect(throws: StatFormat.SyntaxError.self) { try StatFormat(bad) }
        }
    }

    @Test func withoutATitleTheLastKeyNamesTheNumber() async throws {
        server.route("/stats", .json(Self.document))
        let stat = intent()
        stat.title = nil
        #expect(try #require(await timeline(stat).entries.first).title == "total")
    }

    // MARK: Failures

    /// What a server can do wrong, and the reason the host logs for it.
    static let failures: [(name: String, reply: TestHTTPServer.Reply, reason: String)] = [
        ("HTTP 500", .json(#"{"error": "boom"}"#, status: 500), "the server answered HTTP 500"),
        ("HTTP 404", .answer(status: 404, contentType: "text/html", body: Array("<h1>no</h1>".utf8)), "the server answered HTTP 404"),
        ("silence", .silence, "no answer within 0.3 s"),
        ("truncated", .truncated(body: Array(#"{"data": {"to"#.utf8), promised: 500), ""),
        ("malformed", .json(#"{"data": {"total": twelve}}"#), "the answer is not JSON (27 bytes, malformed or cut short)"),
        ("cut without a length", .answer(status: 200, contentType: nil, body: Array(#"{"data": {"total": 1"#.utf8)), "not JSON"),
        ("empty", .answer(status: 200, contentType: "application/json", body: []), "the server answered with an empty body"),
        ("blank", .json("  \n"), "the server answered with an empty body"),
        ("50 MB", .huge(count: 50 << 20), "the answer is larger than 4 MiB; not read"),
        ("HTML", .answer(status: 200, contentType: "text/html; charset=utf-8", body: Array("<html></html>".utf8)),
         "the server answered text/html; charset=utf-8, not JSON"),
        ("no such path", .json(#"{"data": {"sum": 3}}"#), "the answer has nothing at data.total"),
        ("not a number", .json(#"{"data": {"total": "many"}}"#), "the answer's data.total is text, not a number"),
        ("null", .json(#"{"data": {"total": null}}"#), "the answer's data.total is null, not a number"),
        ("reset", .reset, ""),
    ]

    @Test(arguments: failures.indices)
    func aFailureBeforeAnyGoodAnswerShowsThePlaceholderAndRetries(index: Int) async throws {
        let (name, reply, reason) = Self.failures[index]
        server.route("/stats", reply)
        let timeline = await timeline(intent(), provider: StatProvider(timeout: 0.3))
        #expect(timeline.entries.count == 1, "\(name)")
        #expect(timeline.entries.first?.isPlaceholder == true, "\(name)")
        #expect(timeline.entries.first?.title == "Energy", "\(name)")
        let logged = try #require(timeline.policy.retryReason, "\(name): \(timeline.policy)")
        #expect(!logged.isEmpty && !logged.contains("\n"), "\(name)")
        if !reason.isEmpty { #expect(logged.contains(reason), "\(name): \(logged)") }
    }

    @Test func aRefusedConnectionShowsThePlaceholderAndRetries() async throws {
        let stat = intent()
        server.stop()
        let timeline = await timeline(stat)
        #expect(timeline.entries.map(\.isPlaceholder) == [true])
        let reason = try #require(timeline.policy.retryReason)
        #expect(reason.lowercased().contains("connect"), "\(reason)")
    }

    /// The last good numbers stay; from `stale_after` past their fetch they carry the mark.
    @Test func aFailureAfterAGoodAnswerShowsItThenMarksItStale() async throws {
        server.route("/stats", .json(Self.document))
        let stat = intent(subtitles: ["Today=data.today"])
        let good = try #require(await timeline(stat).entries.first)
        server.route("/stats", .json("{}", status: 503))

        let fiveMinutesLater = await timeline(stat, at: now.addingTimeInterval(300), last: good)
        #expect(fiveMinutesLater.policy.retryReason == "the server answered HTTP 503")
        #expect(fiveMinutesLater.entries.count == 2)
        #expect(fiveMinutesLater.entries[0] == good)
        #expect(fiveMinutesLater.entries[1].isStale)
        #expect(fiveMinutesLater.entries[1].date == now.addingTimeInterval(30 * 60))
        #expect(fiveMinutesLater.entries[1].value == good.value && fiveMinutesLater.entries[1].fetchedAt == now)

        // Past the age: stale from now on.
        let later = now.addingTimeInterval(47 * 60)
        let hourLater = await timeline(stat, at: later, last: good)
        #expect(hourLater.entries.map(\.date) == [now, later])
        #expect(hourLater.entries.map(\.isStale) == [false, true])

        // stale_after is the config's.
        stat.stale_after = 5
        let shortAge = await timeline(stat, at: now.addingTimeInterval(60), last: good)
        #expect(shortAge.entries.last?.date == now.addingTimeInterval(300))
    }

    /// A last entry from another URL or path, or a placeholder, is not this slot's data.
    @Test func aLastEntryFromAnotherSourceIsNotShown() async throws {
        server.route("/stats", .json(Self.document))
        let good = try #require(await timeline(intent()).entries.first)
        server.route("/other", .json("{}", status: 500))
        server.route("/stats", .json("{}", status: 500))
        #expect(await timeline(intent("/other"), last: good).entries.map(\.isPlaceholder) == [true])
        #expect(await timeline(intent(path: "data.today"), last: good).entries.map(\.isPlaceholder) == [true])
        let placeholder = StatProvider().placeholder(in: context(at: now))
        #expect(await timeline(intent(), last: placeholder).entries.map(\.isPlaceholder) == [true])
    }

    @Test func theEntryRoundTripsThroughJSON() async throws {
        server.route("/stats", .json(Self.document))
        let entry = try #require(await timeline(intent(subtitles: ["Today=data.today"], format: "0.0 kWh")).entries.first)
        let decoded = try JSONDecoder().decode(StatEntry.self, from: JSONEncoder().encode(entry.markedStale(from: now)))
        #expect(decoded == entry.markedStale(from: now))
    }

    // MARK: History

    /// `history: 3`: each good answer adds its reading, the oldest beyond three drop out; a
    /// failed fetch keeps the last good entry and its readings as they were, and the next
    /// good answer goes on from them.
    @Test func historyKeepsTheLastReadingsInOrderThroughAFailure() async throws {
        let stat = intent()
        stat.history = 3
        var last: StatEntry?
        for step in 1...5 {
            server.route("/stats", .json(#"{"data": {"total": \#(step * 10)}}"#))
            last = try #require(await timeline(stat, at: now.addingTimeInterval(Double(step) * 600), last: last).entries.first)
        }
        let good = try #require(last)
        #expect(good.history.map(\.number) == [30, 40, 50])
        #expect(good.history.map(\.date) == [3, 4, 5].map { now.addingTimeInterval(Double($0) * 600) })

        server.route("/stats", .json("{}", status: 503))
        let failed = await timeline(stat, at: now.addingTimeInterval(6 * 600), last: good)
        #expect(failed.policy.retryReason != nil)
        #expect(failed.entries.map(\.history) == [good.history, good.history])

        // The host keeps the last good entry (not the retry's) as the provider's last entry.
        server.route("/stats", .json(#"{"data": {"total": 70}}"#))
        let next = try #require(await timeline(stat, at: now.addingTimeInterval(7 * 600), last: good).entries.first)
        #expect(next.history.map(\.number) == [40, 50, 70])

        // Another source starts again; without `history` nothing is kept.
        server.route("/other", .json(#"{"data": {"total": 8}}"#))
        let elsewhere = intent("/other")
        elsewhere.history = 3
        #expect(try #require(await timeline(elsewhere, last: next).entries.first).history.map(\.number) == [8])
        #expect(try #require(await timeline(intent(), last: next).entries.first).history.isEmpty)
    }

    /// The readings are part of the entry the host keeps across restarts (`EntryStore`
    /// writes it as JSON); an entry kept before `history` existed still reads.
    @Test func historySurvivesTheEntrysJSONAndOldEntriesStillRead() async throws {
        server.route("/stats", .json(Self.document))
        let stat = intent()
        stat.history = 10
        let first = try #require(await timeline(stat).entries.first)
        let second = try #require(await timeline(stat, at: now.addingTimeInterval(600), last: first).entries.first)
        #expect(second.history.count == 2)
        let decoded = try JSONDecoder().decode(StatEntry.self, from: JSONEncoder().encode(second))
        #expect(decoded == second)

        var object = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(second)) as? [String: Any])
        object["history"] = nil
        let old = try JSONDecoder().decode(StatEntry.self, from: JSONSerialization.data(withJSONObject: object))
        #expect(old.history.isEmpty && old.value == second.value)
    }

    // MARK: Headers

    static let secret = "s3cret-\(UInt64.random(in: 0...UInt64.max))"
    static let variable: String = {
        setenv("GLANCE_STAT_TEST_TOKEN", secret, 1)
        return "GLANCE_STAT_TEST_TOKEN"
    }()

    @Test func headersAreSentWithTheirVariablesRead() async throws {
        server.route("/stats", .json(Self.document))
        let stat = intent(headers: ["Authorization: Bearer $\(Self.variable)", "X-Key: ${\(Self.variable)}!", "X-Price: $$5", "X-Odd: $1 $ ${E"])
        try stat.checkParameters()
        #expect(await timeline(stat).entries.first?.isPlaceholder == false)
        let headers = try #require(server.requests(to: "/stats").first?.headers)
        #expect(headers["authorization"] == "Bearer \(Self.secret)")
        #expect(headers["x-key"] == "\(Self.secret)!")
        #expect(headers["x-price"] == "$5")
        #expect(headers["x-odd"] == "$1 $ ${E")
    }

    @Test func noFailureSaysAHeaderValue() async throws {
        let stat = intent(headers: ["Authorization: Bearer $\(Self.variable)", "X-Literal: \(Self.secret)"])
        var reasons: [String] = []
        for reply in Self.failures.map(\.reply) {
            server.route("/stats", reply)
            reasons.append(try #require(await timeline(stat, provider: StatProvider(timeout: 0.3)).policy.retryReason))
        }
        #expect(reasons.count == Self.failures.count)
        for reason in reasons { #expect(!reason.contains(Self.secret), "\(reason)") }
        // A header without a colon is named by its place, not its text.
        stat.headers = ["Authorization Bearer \(Self.secret)"]
        do {
            try stat.checkParameters()
            Issue.record("a header without a colon was taken")
        } catch {
            #expect(!"\(error)".contains(Self.secret))
            #expect("\(error)" == "parameter 'headers': \"item 1\" is not a header written 'Name: value'")
        }
    }

    // MARK: Start-up checks

    @Test func checksRefuseWhatTheConfigCanKnowIsWrong() throws {
        func message(_ change: (StatIntent) -> Void) -> String? {
            let stat = intent()
            change(stat)
            do {
                try stat.checkParameters()
                return nil
            } catch {
                return "\(error)"
            }
        }
        #expect(message { _ in } == nil)
        #expect(message { $0.url = "ftp://example.com/stats" } == "parameter 'url': \"ftp://example.com/stats\" is not an http:// or https:// URL")
        #expect(message { $0.path = "data..total" }
            == "parameter 'path': \"data..total\" is not a JSON path like data.total or items[0].count (column 6: a dot must sit between two keys)")
        #expect(message { $0.path = "items[x]" }?.contains("column 7") == true)
        #expect(message { $0.subtitles = ["Today data.today"] }
            == "parameter 'subtitles': \"Today data.today\" is not a labelled path written Label=path, like Today=data.today")
        #expect(message { $0.subtitles = ["Today=data[0"] }?.contains("column 7: expected ]") == true)
        #expect(message { $0.format = "kWh" } == "parameter 'format': \"kWh\" is not a number pattern like #,##0.0 (with # or 0 for the digits)")
        #expect(message { $0.headers = ["Authorization: Bearer $GLANCE_STAT_SURELY_UNSET"] }
            == "parameter 'headers': \"Authorization: …\" is not a header whose variables are set: $GLANCE_STAT_SURELY_UNSET is not set in the environment")
        #expect(message { $0.stale_after = 0 } == "parameter 'stale_after': \"0\" is not a number of minutes above 0")
        #expect(message { $0.history = 500 } == nil)
        #expect(message { $0.history = 501 } == "parameter 'history': \"501\" is not a number of readings from 0 (none) to 500")
        #expect(message { $0.history = -1 } == "parameter 'history': \"-1\" is not a number of readings from 0 (none) to 500")
    }

    /// A bad `history:` is refused when the config is read, naming the field.
    @Test func aConfigWithTooLongAHistoryIsRefusedAtStartUp() throws {
        for (value, says) in [("9999", "is not a number of readings from 0 (none) to 500"), ("lots", "is not a whole number")] {
            let config = try ConfigLoader.parse("""
                slots:
                  - {kind: stat, family: systemMedium, params: {url: "https://example.com/n", path: data.total, history: \(value)}}
                """, file: "wall.yaml")
            do {
                _ = try WidgetHost(config: config, registry: WidgetRegistry(BuiltinWidgets.all), clock: SimulatedClock(start: now))
                Issue.record("history: \(value) was taken")
            } catch {
                #expect("\(error)".hasPrefix("wall.yaml:2:"), "\(error)")
                #expect("\(error)".contains("slots[0].params.history"), "\(error)")
                #expect("\(error)".contains(says), "\(error)")
            }
        }
    }

    /// The check runs when the config is read: one line naming the file and the slot.
    @Test func aConfigWithAnFTPURLIsRefusedAtStartUp() throws {
        let config = try ConfigLoader.parse("""
            slots:
              - {kind: stat, family: systemSmall, params: {url: "ftp://example.com/n", path: data.total}}
            """, file: "wall.yaml")
        do {
            _ = try WidgetHost(config: config, registry: WidgetRegistry(BuiltinWidgets.all), clock: SimulatedClock(start: now))
            Issue.record("an ftp:// URL was taken")
        } catch {
            #expect("\(error)".hasPrefix("wall.yaml:2:"))
            #expect("\(error)".contains("slots[0].params.url: 'ftp://example.com/n' is not an http:// or https:// URL"), "\(error)")
        }
    }
}
