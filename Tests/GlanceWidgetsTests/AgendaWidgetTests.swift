import Foundation
import GlanceConfiguration
import GlanceFetch
import GlanceHost
import Glibc
import GlanceIntents
import GlanceTestSupport
import GlanceTime
import GlanceWake
import GlanceWidgetKit
@testable import GlanceWidgets
import Synchronization
import Testing

/// The `agenda` provider over a fixture calendar, from a file and from a real server on
/// 127.0.0.1: its entry dates, conditional GETs, failures kept to one calendar.
@Suite struct AgendaWidgetTests {
    let server: TestHTTPServer
    let scratch: ScratchFolder
    /// A Tuesday morning in Seoul.
    let now = instant("2026-12-01T08:00:00+09:00")

    init() throws {
        server = try TestHTTPServer()
        scratch = try ScratchFolder(prefix: "glance-agenda")
    }

    /// A daily standup (three times), a cancelled lunch, an all-day day off, an early
    /// shift in progress at `now`, and a trip that begins inside a three-day horizon and
    /// ends after it.
    static let calendar = """
        BEGIN:VCALENDAR
        VERSION:2.0
        PRODID:-//Glance//Agenda tests//EN
        BEGIN:VEVENT
        UID:standup@example.com
        DTSTAMP:20261101T000000Z
        SUMMARY:Standup
        LOCATION:Room 4
        DTSTART;TZID=Asia/Seoul:20261201T093000
        DTEND;TZID=Asia/Seoul:20261201T094500
        RRULE:FREQ=DAILY;COUNT=3
        END:VEVENT
        BEGIN:VEVENT
        UID:lunch@example.com
        DTSTAMP:20261101T000000Z
        SUMMARY:Cancelled lunch
        STATUS:CANCELLED
        DTSTART;TZID=Asia/Seoul:20261201T120000
        DTEND;TZID=Asia/Seoul:20261201T130000
        END:VEVENT
        BEGIN:VEVENT
        UID:dayoff@example.com
        DTSTAMP:20261101T000000Z
        SUMMARY:Day off
        DTSTART;VALUE=DATE:20261202
        DTEND;VALUE=DATE:20261203
        END:VEVENT
        BEGIN:VEVENT
        UID:shift@example.com
        DTSTAMP:20261101T000000Z
        SUMMARY:Early shift
        DTSTART:20261130T220000Z
        DTEND:20261201T000000Z
        END:VEVENT
        BEGIN:VEVENT
        UID:trip@example.com
        DTSTAMP:20261101T000000Z
        SUMMARY:Trip
        DTSTART:20261203T200000Z
        DTEND:20261204T010000Z
        END:VEVENT
        END:VCALENDAR

        """.replacingOccurrences(of: "\n", with: "\r\n")

    func intent(_ calendars: [String], days: Int = 3) -> AgendaIntent {
        let intent = AgendaIntent()
        intent.calendars = calendars
        intent.days = days
        intent.refresh = 15
        return intent
    }

    func timeline(_ intent: AgendaIntent, feeds: AgendaFeeds, provider maximumBytes: Int = 16 << 20, last: (any TimelineEntry)? = nil) async -> Timeline<AgendaEntry> {
        var context = context(at: now)
        context.lastEntry = last
        return await AgendaProvider(feeds: feeds, timeout: 5, maximumBytes: maximumBytes).timeline(for: intent, in: context)
    }

    static func ok(_ body: String, etag: String = "\"v1\"") -> TestHTTPServer.Reply {
        .headed(status: 200, headers: [("Content-Type", "text/calendar"), ("ETag", etag), ("Last-Modified", "Tue, 01 Dec 2026 00:00:00 GMT")],
                body: Array(body.utf8))
    }

    // MARK: The timeline

    @Test func entriesComeAtEventBoundariesAndMidnightsAndNowhereElse() async throws {
        let path = try scratch.write(Self.calendar, to: "work.ics")
        let timeline = await timeline(intent(["Work=\(path)"]), feeds: AgendaFeeds())
        #expect(timeline.entries.map(\.date) == [
            "2026-12-01T08:00", // now
            "2026-12-01T09:00", // the early shift ends
            "2026-12-01T09:30", "2026-12-01T09:45", // standup
            "2026-12-02T00:00", // midnight; the day off begins
            "2026-12-02T09:30", "2026-12-02T09:45",
            "2026-12-03T00:00", // midnight; the day off ends
            "2026-12-03T09:30", "2026-12-03T09:45",
            "2026-12-04T00:00", // midnight
            "2026-12-04T05:00", // the trip begins (it ends after the horizon: no entry)
        ].map { instant($0 + ":00+09:00") })
        // A file is read again when it changes (its watch), not every `refresh`: the next
        // read is at midnight, which moves the horizon on.
        #expect(timeline.policy == .after(instant("2026-12-02T00:00:00+09:00")))
        let first = try #require(timeline.entries.first)
        #expect(first.problem == nil && !first.isPlaceholder && first.calendars == ["Work"])
        #expect(first.events.map(\.title) == ["Early shift", "Standup", "Day off", "Standup", "Standup", "Trip"])
    }

    @Test func anEventInProgressIsMarkedAndCancelledOnesAreAbsent() async throws {
        let path = try scratch.write(Self.calendar, to: "work.ics")
        let entries = await timeline(intent(["Work=\(path)"]), feeds: AgendaFeeds()).entries
        let first = try #require(entries.first)
        #expect(first.inProgress.map(\.title) == ["Early shift"])
        #expect(first.next?.title == "Early shift")
        let standup = try #require(entries.first { $0.date == instant("2026-12-01T09:30:00+09:00") })
        #expect(standup.inProgress.map(\.title) == ["Standup"])
        #expect(standup.events.first?.location == "Room 4")
        let dayOff = try #require(entries.first { $0.date == instant("2026-12-02T00:00:00+09:00") })
        #expect(dayOff.inProgress.map(\.title) == ["Day off"] && dayOff.inProgress.first?.isAllDay == true)
        let after = try #require(entries.first { $0.date == instant("2026-12-01T09:45:00+09:00") })
        #expect(after.inProgress.isEmpty && after.next?.title == "Standup")
        #expect(entries.allSatisfy { !$0.events.contains { $0.title == "Cancelled lunch" } })
    }

    // MARK: Fetching

    @Test func aNotModifiedAnswerLeavesTheEventsAndCostsNoParse() async throws {
        let feeds = AgendaFeeds()
        server.route("/cal.ics", Self.ok(Self.calendar))
        let agenda = intent(["Work=\(server.baseURL)/cal.ics"])
        let first = await timeline(agenda, feeds: feeds)
        #expect(feeds.parses == 1)
        server.route("/cal.ics", .headed(status: 304, headers: [("ETag", "\"v1\"")], body: []))
        let second = await timeline(agenda, feeds: feeds)
        #expect(feeds.parses == 1)
        #expect(second.entries == first.entries)
        #expect(second.policy == .after(now.addingTimeInterval(15 * 60)))
        let requests = server.requests(to: "/cal.ics")
        #expect(requests.count == 2)
        #expect(requests[0].headers["if-none-match"] == nil)
        #expect(requests[1].headers["if-none-match"] == "\"v1\"")
        #expect(requests[1].headers["if-modified-since"] == "Tue, 01 Dec 2026 00:00:00 GMT")
    }

    @Test func aFailingURLKeepsTheLastGoodEventsAndSaysWhyWithoutItsPath() async throws {
        let feeds = AgendaFeeds()
        let path = try scratch.write(Self.calendar.replacingOccurrences(of: "Standup", with: "School run"), to: "family.ics")
        let agenda = intent(["Work=\(server.baseURL)/secret-token/cal.ics", "Family=\(path)"])
        server.route("/secret-token/cal.ics", Self.ok(Self.calendar))
        let good = await timeline(agenda, feeds: feeds)
        server.route("/secret-token/cal.ics", .answer(status: 500, contentType: "text/plain", body: Array("down".utf8)))
        let failed = await timeline(agenda, feeds: feeds)
        #expect(failed.entries.map(\.events) == good.entries.map(\.events))
        #expect(failed.entries.first?.events.map(\.calendarIndex).contains(0) == true)
        let problem = try #require(failed.entries.first?.problem)
        #expect(problem.contains("Work") && problem.contains("HTTP 500") && problem.contains("last copy"))
        #expect(!problem.contains("secret-token"))
        #expect(failed.policy.retryReason == problem)
    }

    @Test func everyCalendarFailingWithNothingKeptGivesThePlaceholderAndARetry() async throws {
        server.route("/cal.ics", .answer(status: 404, contentType: "text/plain", body: []))
        let timeline = await timeline(intent(["Work=\(server.baseURL)/cal.ics"]), feeds: AgendaFeeds())
        let entry = try #require(timeline.entries.first)
        #expect(timeline.entries.count == 1 && entry.isPlaceholder)
        #expect(timeline.policy.retryReason?.contains("HTTP 404") == true)
    }

    @Test func aHugeAnswerIsRefusedUnread() async throws {
        server.route("/cal.ics", .huge(count: 5_000_000))
        let timeline = await timeline(intent(["Work=\(server.baseURL)/cal.ics"]), feeds: AgendaFeeds(), provider: 64 << 10)
        #expect(timeline.policy.retryReason?.contains("larger than 64 KiB") == true)
    }

    @Test func aBrokenFileIsNamedWithItsLine() async throws {
        let path = try scratch.write("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\n", to: "cut.ics")
        let timeline = await timeline(intent(["Work=\(path)"]), feeds: AgendaFeeds())
        let reason = try #require(timeline.policy.retryReason)
        #expect(reason.contains("calendar 'Work', line 3") && reason.contains("cut short"))
    }

    // MARK: Bad input (a 50 MB answer, a redirect loop)

    /// Work from the server at a secret path (read once as `good`, then as `bad` scripts),
    /// beside Family from a file: the timelines of the good read and of the bad one.
    func readWorkThenFail(_ bad: () throws -> Void) async throws -> (good: Timeline<AgendaEntry>, failed: Timeline<AgendaEntry>) {
        let feeds = AgendaFeeds()
        let family = try scratch.write(Self.calendar.replacingOccurrences(of: "Standup", with: "School run"), to: "family.ics")
        let agenda = intent(["Work=\(server.baseURL)/secret-token/cal.ics", "Family=\(family)"])
        server.route("/secret-token/cal.ics", Self.ok(Self.calendar))
        let good = await timeline(agenda, feeds: feeds)
        try bad()
        return (good, await timeline(agenda, feeds: feeds))
    }

    /// What every bad read of one calendar leaves: its last good events, Family's as they
    /// were, and one line that names the calendar and says `what` (never the secret path).
    func expectOneCalendarKept(_ good: Timeline<AgendaEntry>, _ failed: Timeline<AgendaEntry>, saying what: String) throws {
        #expect(failed.entries.map(\.events) == good.entries.map(\.events))
        let first = try #require(failed.entries.first)
        #expect(first.events.contains { $0.calendar == "Work" && $0.title == "Standup" })
        #expect(first.events.contains { $0.calendar == "Family" && $0.title == "School run" })
        let problem = try #require(first.problem)
        #expect(problem.hasPrefix("Work ") && problem.contains(what) && problem.contains("last copy"), "\(problem)")
        #expect(!problem.contains("secret-token") && !problem.contains("\n") && !problem.contains("Family"), "\(problem)")
        #expect(failed.policy.retryReason == problem)
    }

    /// 50 MB, with its length declared (refused at the headers) or only found out by
    /// reading (stopped past 16 MiB), is not read and costs no parse.
    @Test(arguments: [TestHTTPServer.Reply.huge(count: 50 << 20), .streamed(count: 50 << 20)])
    func aFiftyMegabyteAnswerKeepsTheLastEventsAndTheOtherCalendar(_ answer: TestHTTPServer.Reply) async throws {
        let (good, failed) = try await readWorkThenFail { server.route("/secret-token/cal.ics", answer) }
        try expectOneCalendarKept(good, failed, saying: "the answer is larger than 16 MiB; not read")
    }

    /// A → B → A …: libcurl stops after five redirects; the line says so in words.
    @Test func aRedirectLoopKeepsTheLastEventsAndSaysItIsALoop() async throws {
        let (good, failed) = try await readWorkThenFail {
            server.route("/secret-token/cal.ics", .headed(status: 302, headers: [("Location", "/secret-token/b.ics")], body: []))
            server.route("/secret-token/b.ics", .headed(status: 302, headers: [("Location", "/secret-token/cal.ics")], body: []))
        }
        try expectOneCalendarKept(good, failed, saying: "the server redirected more than 5 times (a redirect loop?)")
        #expect(server.requests(to: "/secret-token/b.ics").count == 3)
    }

    /// A calendar file replaced by a 50 MB one (sparse: nothing is written) is refused by
    /// its size before a byte is read, named, and its last events kept.
    @Test func aFileReplacedByFiftyMegabytesIsRefusedBySizeWithItsName() async throws {
        let feeds = AgendaFeeds()
        let path = try scratch.write(Self.calendar, to: "work.ics")
        let agenda = intent(["Work=\(path)"])
        let good = await timeline(agenda, feeds: feeds)
        let huge = try scratch.write("", to: "huge.ics")
        #expect(truncate(huge, 50 << 20) == 0)
        #expect(rename(huge, path) == 0)
        let failed = await timeline(agenda, feeds: feeds)
        #expect(feeds.parses == 1)
        #expect(failed.entries.map(\.events) == good.entries.map(\.events))
        let problem = try #require(failed.entries.first?.problem)
        #expect(problem == "Work: \(path): larger than 16 MiB; not read; showing the last copy read")
    }

    /// A running slot's files are watched (a change reloads every agenda), each file once
    /// however many slots read it; URLs are not; the watchers end with the slot.
    @Test func aRunningSlotWatchesItsFilesAndANewReadReplacesTheWatches() async throws {
        let path = try scratch.write(Self.calendar, to: "work.ics")
        let reloads = Mutex(0)
        let watchers = WidgetFileWatchers(kind: AgendaWidget.kind) { reloads.withLock { $0 += 1 } }
        let provider = AgendaProvider(feeds: AgendaFeeds(), timeout: 5) { paths, resources in
            let uses = paths.compactMap { watchers.watch($0) }
            resources.keep(AgendaFileWatches(uses), for: AgendaFileWatches.key)
            return uses.count == paths.count
        }
        server.route("/cal.ics", Self.ok(Self.calendar))
        var slot = context(at: now)
        slot.resources = SlotResources()
        let agenda = intent(["Work=\(path)", "Team=\(server.baseURL)/cal.ics"])
        _ = await provider.timeline(for: agenda, in: slot)
        _ = await provider.timeline(for: agenda, in: slot)
        #expect(watchers.watchedPaths == [path])
        _ = try scratch.write(Self.calendar + " ", to: "work.ics")
        for _ in 0..<400 where reloads.withLock({ $0 }) == 0 { usleep(5_000) }
        #expect(reloads.withLock { $0 } >= 1)
        slot.resources?.keep(nil, for: AgendaFileWatches.key)
        #expect(watchers.watchedPaths.isEmpty)
        // A preview reads without watching.
        var preview = TimelineProviderContext(family: .systemMedium, displaySize: WidgetFamily.systemMedium.defaultSize, isPreview: true,
                                              date: now, timeZone: try ZoneRules(identifier: "Asia/Seoul"), locale: .english)
        preview.resources = SlotResources()
        _ = await provider.timeline(for: agenda, in: preview)
        #expect(watchers.watchedPaths.isEmpty)
    }

    // MARK: Forgetting calendars

    /// A slot configured anew without a calendar, or with another address for it, drops
    /// the copy it kept; the calendars it still reads keep theirs (their next GET is
    /// conditional). A slot that ends drops the rest.
    @Test func aCalendarThatLeavesTheConfigurationIsForgotten() async throws {
        let feeds = AgendaFeeds()
        let provider = AgendaProvider(feeds: feeds, timeout: 5)
        let path = try scratch.write(Self.calendar, to: "family.ics")
        server.route("/work.ics", Self.ok(Self.calendar))
        server.route("/moved.ics", Self.ok(Self.calendar))
        let work = try AgendaCalendar.parse("Work=\(server.baseURL)/work.ics").get()
        let moved = try AgendaCalendar.parse("Work=\(server.baseURL)/moved.ics").get()
        let family = try AgendaCalendar.parse("Family=\(path)").get()
        var slot = context(at: now)
        slot.resources = SlotResources()

        _ = await provider.timeline(for: intent(["Work=\(server.baseURL)/work.ics", "Family=\(path)"]), in: slot)
        #expect(feeds.copy(of: work) != nil && feeds.copy(of: family) != nil && feeds.count == 2)
        _ = await provider.timeline(for: intent(["Family=\(path)"]), in: slot)
        #expect(feeds.copy(of: work) == nil && feeds.copy(of: family) != nil && feeds.count == 1)
        _ = await provider.timeline(for: intent(["Work=\(server.baseURL)/moved.ics", "Family=\(path)"]), in: slot)
        #expect(feeds.copy(of: moved) != nil && feeds.copy(of: work) == nil && feeds.count == 2)
        _ = await provider.timeline(for: intent(["Work=\(server.baseURL)/moved.ics", "Family=\(path)"]), in: slot)
        #expect(server.requests(to: "/moved.ics").last?.headers["if-none-match"] == "\"v1\"")

        slot.resources = nil
        #expect(feeds.count == 0)
    }

    /// Two slots reading one calendar share its copy until the last of them ends; a copy
    /// read outside a slot (a preview) goes at the next slot's read.
    @Test func aSharedCalendarIsKeptUntilTheLastSlotReadingItEnds() async throws {
        let feeds = AgendaFeeds()
        let provider = AgendaProvider(feeds: feeds, timeout: 5)
        let path = try scratch.write(Self.calendar, to: "work.ics")
        let other = try scratch.write(Self.calendar, to: "other.ics")
        let work = try AgendaCalendar.parse("Work=\(path)").get()
        var first = context(at: now), second = context(at: now)
        first.resources = SlotResources()
        second.resources = SlotResources()
        _ = await provider.timeline(for: intent(["Work=\(path)"]), in: first)
        _ = await provider.timeline(for: intent(["Work=\(path)"]), in: second)
        #expect(feeds.count == 1 && feeds.parses == 2)
        first.resources = nil
        #expect(feeds.copy(of: work) != nil)

        _ = await provider.timeline(for: intent(["Other=\(other)"]), in: context(at: now))
        #expect(feeds.count == 2)
        _ = await provider.timeline(for: intent(["Work=\(path)"]), in: second)
        #expect(feeds.count == 1 && feeds.copy(of: work) != nil)
        second.resources = nil
        #expect(feeds.count == 0)
    }

    // MARK: Settings

    @Test func settingsAreCheckedAndSecretsElided() throws {
        func refusal(_ intent: AgendaIntent) -> String? {
            do throws(IntentConfigurator.Failure) {
                try intent.checkParameters()
                return nil
            } catch {
                return error.description
            }
        }
        #expect(refusal(intent(["Family=webcal://p12-caldav.icloud.com/published/2/SECRET", "Work=/home/pi/work.ics"])) == nil)
        #expect(refusal(intent([])) != nil)
        let noName = try #require(refusal(intent(["https://calendar.google.com/calendar/ical/SECRET/basic.ics"])))
        #expect(noName.contains("item 1") && noName.contains("https://calendar.google.com/…") && !noName.contains("SECRET"))
        let ftp = try #require(refusal(intent(["Work=ftp://user:SECRET@example.com/cal.ics"])))
        #expect(ftp.contains("ftp://example.com/…") && !ftp.contains("SECRET"))
        #expect(refusal(intent(["Work=/a.ics"], days: 0)) != nil)
        #expect(refusal(intent(["Work=/a.ics"], days: 32)) != nil)
        let webcal = try AgendaCalendar.parse("Family = webcal://example.com/family.ics").get()
        #expect(webcal == AgendaCalendar(name: "Family", source: .url("https://example.com/family.ics")))
        #expect(AgendaCalendar.elided("https://example.com") == "https://example.com")
    }

    @Test func agendaIsABuiltinWidget() {
        #expect(BuiltinWidgets.all.contains { $0 == AgendaWidget.self })
        #expect(AgendaWidget.kind == "agenda")
    }
}

/// A week of an agenda in virtual time: the host wakes the slot at every event boundary
/// and at every local midnight, and at no other instant. Its calendar is a watched file:
/// the watch, not `refresh:`, says when to read it again (a URL's refresh is
/// `AgendaWidgetTests`').
@Suite struct AgendaWeekTests {
    @Test func aWeekWakesAtBoundariesMidnightsAndReloadsOnly() async throws {
        let scratch = try ScratchFolder(prefix: "glance-agenda-week")
        defer { scratch.remove() }
        // The standup at 09:37–09:52 on five days, so no boundary falls on a reload (at :10).
        let text = AgendaWidgetTests.calendar.replacingOccurrences(of: "T093000", with: "T093700")
            .replacingOccurrences(of: "T094500", with: "T095200").replacingOccurrences(of: "COUNT=3", with: "COUNT=5")
        let path = try scratch.write(text, to: "work.ics")
        let start = instant("2026-12-01T08:10:00+09:00")
        let end = start.addingTimeInterval(7 * 86_400 - 60)
        let config = try ConfigLoader.parse("""
            timezone: Asia/Seoul
            locale: en_US
            slots:
              - {name: agenda, kind: agenda, family: systemLarge, params: {calendars: ["Work=\(path)"], days: 7, refresh: 60}}
            """, file: "agenda.yaml")
        let host = try WidgetHost(config: config, registry: WidgetRegistry(BuiltinWidgets.all), clock: SimulatedClock(start: start),
                                  center: WidgetCenter())
        let recorder = Recorder()
        host.onWake = { recorder.records.append($0) }
        let box = UncheckedSendable(host)
        let reason = await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: box.value.host_run(until: end)) }.start()
        }
        #expect(reason == .reachedEnd)

        func seoul(_ text: String) -> Date { instant(text + ":00+09:00") }
        var expected: Set<Date> = [start]
        expected.formUnion((2...8).map { seoul("2026-12-0\($0)T00:00") })
        for day in 1...5 { expected.formUnion([seoul("2026-12-0\(day)T09:37"), seoul("2026-12-0\(day)T09:52")]) }
        expected.formUnion([seoul("2026-12-01T09:00"), seoul("2026-12-04T05:00"), seoul("2026-12-04T10:00")])
        let wakes = recorder.records.map(\.at)
        #expect(wakes.count == expected.count)
        #expect(Set(wakes) == expected, "extra: \(Set(wakes).subtracting(expected).sorted()), missing: \(expected.subtracting(wakes).sorted())")
        // The boundaries change the picture; a reload of an unchanged calendar does not.
        let changed = Set(recorder.records.filter { $0.refresh != .none }.map(\.at))
        #expect(changed.isSuperset(of: [seoul("2026-12-01T09:37"), seoul("2026-12-01T09:52"), seoul("2026-12-02T00:00")]))
        // No hourly read of a file that did not change (2,468 of 2,503 wakes over 26 days
        // before).
        #expect(!wakes.contains(start.addingTimeInterval(3_600)))
    }
}
