import Foundation
import GlanceDisplays
import GlanceFetch
import GlanceGraphics
import GlanceHost
import GlanceTestSupport
import GlanceText
import GlanceTime
import GlanceUI
import GlanceWake
import GlanceWidgetKit
import GlanceWidgets
import Synchronization
import Testing
import GlanceConfiguration

/// Where `SyncFetchWidget` fetches from (the one test that uses it sets it).
let syncFetchURL = Mutex("")

/// A completion-handler provider that GETs on its own thread, as synchronous network code
/// does: "fetched" on success; on failure its last entry, or "never fetched", and a retry.
struct SyncFetchWidget: Widget {
    struct Entry: TimelineEntry {
        let date: Date
        let text: String
    }

    struct Provider: TimelineProvider {
        func placeholder(in context: Context) -> Entry { Entry(date: context.date, text: "placeholder") }
        func getSnapshot(in context: Context, completion: @escaping (Entry) -> Void) { completion(placeholder(in: context)) }
        func getTimeline(in context: Context, completion: @escaping (Timeline<Entry>) -> Void) {
            do {
                _ = try HTTPClient.getOK(HTTPRequest(url: syncFetchURL.withLock { $0 }, timeout: 5))
                completion(Timeline(entries: [Entry(date: context.date, text: "fetched")], policy: .after(context.date.addingTimeInterval(3600))))
            } catch {
                let kept = (context.lastEntry as? Entry) ?? Entry(date: context.date, text: "never fetched")
                completion(Timeline(entries: [kept], policy: .retry(because: "\(error)")))
            }
        }
    }

    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "sync-fetch", provider: Provider()) { Text($0.text) }
            .supportedFamilies([.systemSmall, .systemMedium])
    }
}

/// Time travel (issue 30's `/ui/travel`): the frame at a coming instant and the wakes on
/// the way, computed from the running host without touching it or the network.
@Suite struct TimeTravelTests {
    let seoul = try! ZoneRules(identifier: "Asia/Seoul")
    /// 2026-11-18 20:06:40 in Seoul.
    let start = Date(timeIntervalSince1970: 1_795_000_000)
    let registry = WidgetRegistry(BuiltinWidgets.all + [SyncFetchWidget.self])
    let fonts = try! FontLibrary()

    /// A running host on a simulated clock over a 364x170 bw output, started.
    final class Running {
        let host: WidgetHost
        let clock: SimulatedClock
        let output = FleetHostTests.RecordingOutput()
        var records: [WakeRecord] = []

        init(_ slots: String, start: Date, registry: WidgetRegistry, fonts: FontLibrary, stateDirectory: String? = nil) throws {
            let yaml = """
                timezone: Asia/Seoul
                display: {backend: file, path: unused, size: 364x170}
                slots:
                \(slots)
                """
            clock = SimulatedClock(start: start)
            host = try WidgetHost(config: try ConfigLoader.parse(yaml, file: "wall.yaml"), registry: registry, clock: clock,
                                  presenter: try FramePresenter(output: output, fonts: fonts, scale: 1), center: WidgetCenter(),
                                  entryStore: stateDirectory.map { EntryStore(stateDirectory: $0) })
            host.onWake = { [unowned self] in records.append($0) }
            host.start()
        }

        func text(of slot: String) -> [String] { host.currentFrame().slots.first { $0.name == slot }?.content.textLines ?? [] }
    }

    func midnight(after instant: Date) throws -> Date {
        try #require(CalendarDay(containing: instant, in: seoul).adding(days: 1).start(in: seoul))
    }

    @Test func aCountdownAtTheNextMidnightShowsTheNextDay() throws {
        let running = try Running("  - {name: launch, kind: countdown, family: systemMedium, params: {title: Launch, target: \"2027-01-03\"}}",
                                  start: start, registry: registry, fonts: fonts)
        let midnight = try midnight(after: start)
        let result = try running.host.travel(to: midnight, fonts: fonts, registry: registry)
        #expect(result.at == midnight)
        let before = running.text(of: "launch")
        let after = result.frame.slots.first { $0.name == "launch" }?.content.textLines ?? []
        #expect(!after.isEmpty && after != before, "\(before) → \(after)")
        // 46 days to go on the 18th, 45 on the 19th.
        #expect(before.contains { $0.contains("46") } && after.contains { $0.contains("45") }, "\(before) → \(after)")
        #expect(result.wakes.count == 1 && result.wakes.first.map { $0.record.at == midnight && $0.record.slot == "launch" && $0.record.reason == .reload } == true,
                "\(result.wakes)")
        #expect(result.wakes.first?.record.refresh != RefreshMode.none)
        #expect(result.wakes.allSatisfy { !$0.offline })
        // The pictures: the panel's differs from what the display shows now; both are PNGs.
        let shown = try #require(running.host.shownFramePNG())
        #expect(result.panelPNG != shown)
        let panel = try PNG.decode(result.panelPNG), colour = try PNG.decode(result.colourPNG)
        #expect(panel.width == 364 && panel.height == 170 && colour.width == 364 && colour.height == 170)
    }

    @Test func aFetchingSlotIsNotFetchedAndShowsItsKeptEntry() throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        server.route("/stats", .json(#"{"total": 432}"#))
        server.route("/sync", .json("{}"))
        syncFetchURL.withLock { $0 = server.baseURL + "/sync" }
        let running = try Running("""
              - {name: visitors, kind: stat, family: systemMedium, origin: [0, 0], size: 182x170, params: {url: "\(server.baseURL)/stats", path: total}}
              - {name: sync, kind: sync-fetch, family: systemSmall, origin: [182, 0], size: 182x170}
            """, start: start, registry: registry, fonts: fonts)
        #expect(running.text(of: "visitors").contains { $0.contains("432") }, "\(running.text(of: "visitors"))")
        #expect(running.text(of: "sync") == ["fetched"])
        let asked = server.requests.count
        #expect(asked == 2)
        // The server would now say otherwise: travel must not hear it.
        server.route("/stats", .json(#"{"total": 1}"#))

        let result = try running.host.travel(to: start.addingTimeInterval(2 * 86_400), fonts: fonts, registry: registry)
        #expect(server.requests.count == asked)
        let text = { (slot: String) in result.frame.slots.first { $0.name == slot }?.content.textLines ?? [] }
        #expect(text("visitors").contains { $0.contains("432") }, "\(text("visitors"))")
        #expect(text("sync") == ["fetched"])
        // Each slot's reload was refused, and said so; the retries that follow only because
        // of that are not listed. (The stat's kept entry turns stale on its own timeline.)
        for slot in ["visitors", "sync"] {
            let reloads = result.wakes.filter { $0.record.slot == slot && $0.record.reason == .reload }
            #expect(!reloads.isEmpty && reloads.allSatisfy(\.offline), "\(result.wakes)")
        }
        #expect(result.wakes.allSatisfy { $0.record.reason != .retry && ($0.offline == ($0.record.reason == .reload)) }, "\(result.wakes)")

        // The running host still fetches: the network is refused to travel only.
        running.clock.schedule(.interrupt {}, at: start.addingTimeInterval(3600))
        _ = running.host.run(until: start.addingTimeInterval(3600))
        #expect(server.requests.count > asked)
        #expect(running.text(of: "sync") == ["fetched"])
    }

    /// Travel and the display itself agree: a host that travels three days and a twin that
    /// lives them (a stack turning hourly, quiet hours, midnights) wake alike and end on the
    /// same picture.
    @Test func travelForeseesWhatTheDisplayDoes() throws {
        let slots = """
              - {name: launch, kind: countdown, family: systemMedium, origin: [0, 0], size: 182x170, params: {title: Launch, target: "2027-01-03"}}
              - name: corner
                family: systemMedium
                origin: [182, 0]
                size: 182x170
                rotate: 1h
                stack:
                  - {name: today, kind: weekday}
                  - {name: party, kind: countdown, params: {title: Party, target: "2026-12-24"}}
            sleep: "23:00-07:00"
            """
        let traveller = try Running(slots, start: start, registry: registry, fonts: fonts)
        let twin = try Running(slots, start: start, registry: registry, fonts: fonts)
        let end = start.addingTimeInterval(3 * 86_400 + 1234)
        let result = try traveller.host.travel(to: end, fonts: fonts, registry: registry)
        _ = twin.host.run(until: end)
        let lived = Array(twin.records.dropFirst(traveller.records.count))
        // The way crossed sleeps and turns.
        #expect(lived.contains { $0.sleptSince != nil } && lived.contains { $0.stack?.why == "rotation" } && lived.count > 50)
        #expect(result.wakes.map(\.record) == lived)
        #expect(result.wakes.allSatisfy { !$0.offline })
        #expect(result.panelPNG == twin.host.shownFramePNG())
    }

    /// Refused GETs reach no server and are counted; a GET on another thread meanwhile,
    /// outside the task-local, is made as usual.
    @Test func offlineRefusesOnlyWhereItIsSet() throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        server.route("/a", .json("{}"))
        let request = HTTPRequest(url: server.baseURL + "/a", timeout: 5)
        let fetches = OfflineFetches()
        let elsewhere = Mutex<Int?>(nil)
        HTTPClient.$offline.withValue(fetches) {
            #expect(throws: HTTPFailure.self) { try HTTPClient.get(request) }
            let thread = Thread { elsewhere.withLock { $0 = try? HTTPClient.get(request).status } }
            thread.start()
            while elsewhere.withLock({ $0 }) == nil { usleep(1000) }
        }
        #expect(fetches.refused == 1)
        #expect(elsewhere.withLock { $0 } == 200)
        #expect(server.requests.count == 1)
    }

    @Test func theRunningHostIsUntouched() throws {
        let scratch = try ScratchFolder(prefix: "glance-travel")
        defer { scratch.remove() }
        let server = try TestHTTPServer()
        defer { server.stop() }
        server.route("/stats", .json(#"{"total": 432}"#))
        let running = try Running("""
              - {name: launch, kind: countdown, family: systemMedium, origin: [0, 0], size: 182x170, params: {title: Launch, target: "2027-01-03"}}
              - {name: visitors, kind: stat, family: systemMedium, origin: [182, 0], size: 182x170, params: {url: "\(server.baseURL)/stats", path: total}}
            """, start: start, registry: registry, fonts: fonts, stateDirectory: scratch.path)
        let entries = scratch.path + "/entries"
        let files = { try FileManager.default.contentsOfDirectory(atPath: entries).sorted().map { name in
            (name, try FileManager.default.attributesOfItem(atPath: entries + "/" + name)[.modificationDate] as? Date)
        } }
        let kept = try files()
        // The stat's entry is kept (the countdown's needs no keeping).
        #expect(kept.map(\.0) == ["visitors.json"])
        let records = running.records, refreshes = running.host.refreshCount, next = running.host.nextInstant()
        let png = running.host.shownFramePNG(), plans = running.output.plans, frameText = running.text(of: "launch")

        _ = try running.host.travel(to: start.addingTimeInterval(7 * 86_400), fonts: fonts, registry: registry)

        #expect(running.clock.now() == start)
        #expect(running.records == records && running.host.refreshCount == refreshes && running.host.nextInstant() == next)
        #expect(running.host.shownFramePNG() == png && running.output.plans == plans && running.text(of: "launch") == frameText)
        let after = try files()
        #expect(after.map(\.0) == kept.map(\.0) && after.map(\.1) == kept.map(\.1))
        // And it goes on as it would have: its next wake is the stat's reload, online.
        #expect(running.host.step() == nil)
        #expect(running.records.count == records.count + 1 && running.records.last?.slot == "visitors")
        #expect(server.requests.count == 2)
    }

    /// The travel host's slots end their provider threads with it.
    /// Counted by name (each slot's provider thread is "slot NAME"), so the threads other
    /// tests start meanwhile in this process do not count.
    @Test func travelLeavesNoThreadBehind() throws {
        let running = try Running("""
              - {name: tt-leak-a, kind: countdown, family: systemMedium, origin: [0, 0], size: 182x170, params: {title: A, target: "2027-01-03"}}
              - {name: tt-leak-b, kind: countdown, family: systemMedium, origin: [182, 0], size: 182x170, params: {title: B, target: "2027-01-04"}}
            """, start: start, registry: registry, fonts: fonts)
        func threads() -> Int { ProcessCounts.threads(named: "slot tt-leak-a") + ProcessCounts.threads(named: "slot tt-leak-b") }
        let before = threads()
        // The running host's own slots have theirs (the names are seen at all).
        #expect(before == 2)
        // Each travel asks both countdowns again at midnight, on threads of its own slots.
        for _ in 0..<10 { _ = try running.host.travel(to: start.addingTimeInterval(86_400), fonts: fonts, registry: registry) }
        for _ in 0..<400 where threads() > before { usleep(5_000) }
        print("10 travels: slot threads \(before) -> \(threads())")
        #expect(threads() == before)
    }

    @Test func onlyTheComingWeekIsReachable() throws {
        let running = try Running("  - {name: launch, kind: countdown, family: systemMedium, params: {title: Launch, target: \"2027-01-03\"}}",
                                  start: start, registry: registry, fonts: fonts)
        for (instant, words) in [(start.addingTimeInterval(-60), "is not after now"), (start, "is not after now"),
                                 (start.addingTimeInterval(7 * 86_400 + 1), "is more than 7 days ahead")] {
            do {
                _ = try running.host.travel(to: instant, fonts: fonts, registry: registry)
                Issue.record("travel to \(instant) was not refused")
            } catch {
                #expect(error.description.contains(words), "\(error)")
                #expect(error.description.contains(iso8601String(instant, in: seoul)) && !error.description.contains("\n"))
            }
        }
        #expect(running.records.count == 1)
        // The last instant of the week is reachable.
        _ = try running.host.travel(to: start.addingTimeInterval(7 * 86_400), fonts: fonts, registry: registry)
    }

    /// The demo's layout on an 800x480 panel, its stat fetching for real: a week ahead is
    /// travelled whole (virtual time; only the last frame is drawn; the time it took is
    /// printed, well under a second on a quiet machine).
    @Test func aWeekOfTheDemoLayoutIsQuick() throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        let scratch = try ScratchFolder(prefix: "glance-travel-demo")
        defer { scratch.remove() }
        server.route("/stats", .json(#"{"data": {"total": 1234}}"#))
        let yaml = """
            timezone: Asia/Seoul
            display: {backend: file, path: unused, size: 800x480}
            slots:
              - {name: weather, kind: weather, family: systemLarge, origin: [0, 0], size: 400x480, preview: true}
              - {name: today, kind: weekday, family: systemSmall, origin: [400, 0], size: 200x200}
              - {name: new-year, kind: countdown, family: systemSmall, origin: [600, 0], size: 200x200, params: {title: New Year, target: "2027-01-01"}}
              - {name: visitors, kind: stat, family: systemMedium, origin: [400, 200], size: 400x140, params: {url: "\(server.baseURL)/stats", path: data.total}}
              - {name: activity, kind: heatmap, family: systemMedium, origin: [400, 340], size: 400x140, preview: true}
            """
        let output = try FileOutput(directory: scratch.path, width: 800, height: 480, timeZone: seoul)
        let clock = SimulatedClock(start: start)
        let host = try WidgetHost(config: try ConfigLoader.parse(yaml, file: "demo.yaml"), registry: registry, clock: clock,
                                  presenter: try FramePresenter(output: output, fonts: fonts, scale: 1), center: WidgetCenter())
        host.start()
        let began = Date()
        let result = try host.travel(to: start.addingTimeInterval(7 * 86_400), fonts: fonts, registry: registry)
        let seconds = Date().timeIntervalSince(began)
        // How long it took is printed, not checked (the suite runs beside others: speed is
        // glance bench's); that a week is travelled whole is.
        print("time travel: a week of the demo layout in \(String(format: "%.3f", seconds)) s, \(result.wakes.count) wakes")
        #expect(result.cutShort == nil, "\(result.cutShort ?? "")")
        // The weekday and the countdown change at each of the week's seven midnights.
        for slot in ["today", "new-year"] {
            #expect(result.wakes.filter { $0.record.slot == slot && $0.record.refresh != .none }.count == 7, "\(result.wakes.map(\.record))")
        }
        #expect(try PNG.decode(result.panelPNG).width == 800)
    }
}
