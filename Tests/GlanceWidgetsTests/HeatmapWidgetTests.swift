import FoundationEssentials
import FoundationInternationalization
import GlanceFetch
import GlanceIntents
import GlanceSystem
import GlanceTestSupport
import GlanceTime
import GlanceWidgetKit
@testable import GlanceWidgets
import Glibc
import Synchronization
import Testing

private func day(_ text: String) -> CalendarDay { CalendarDay(isoString: text)! }

/// What `body` gives and the CPU time (user and system) the calling thread spent on it.
private func cpuSeconds<T>(_ body: () -> T) -> (T, Double) {
    func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1_000_000_000
    }
    let start = now()
    let result = body()
    return (result, now() - start)
}

@Suite struct HeatmapDataTests {
    @Test func csvWithHeaderCommentsAndWindowsLineEnds() throws {
        let data = try HeatmapData.parse(Array("date,value\r\n# my runs\r\n2026-11-20,3\r\n\r\n2026-11-21, 2.5 \r\n\"2026-11-22\",\"4\"\r\n".utf8))
        #expect(data.values == [day("2026-11-20"): 3, day("2026-11-21"): 2.5, day("2026-11-22"): 4])
        #expect(data.problems.isEmpty)
    }

    /// A log of one line per event: a date alone counts 1, and a date twice adds up.
    @Test func csvDatesAloneCountAndRepeatsAddUp() throws {
        let data = try HeatmapData.parse(Array("2026-11-20\n2026-11-20\n2026-11-21,2\n2026-11-21\n".utf8))
        #expect(data.values == [day("2026-11-20"): 2, day("2026-11-21"): 3])
    }

    @Test func jsonListOfObjects() throws {
        let data = try HeatmapData.parse(Array("""
            [{"date": "2026-11-20", "value": 3}, {"date": "2026-11-21", "value": "7"}, {"date": "2026-11-22"}]
            """.utf8))
        #expect(data.values == [day("2026-11-20"): 3, day("2026-11-21"): 7, day("2026-11-22"): 1])
        #expect(data.problems.isEmpty)
    }

    @Test func jsonObjectOfDates() throws {
        let data = try HeatmapData.parse(Array(#"  {"2026-11-20": 3, "2026-11-21": 0}"#.utf8))
        #expect(data.values == [day("2026-11-20"): 3, day("2026-11-21"): 0])
    }

    @Test func badCSVRowsAreSkippedWithTheirLine() throws {
        let text = """
            date,value
            2026-11-20,3
            xx,4
            2026-02-30,1
            2026-11-21,abc
            2026-11-22,-1

            2026-11-23,5
            """
        let data = try HeatmapData.parse(Array(text.utf8))
        #expect(data.values == [day("2026-11-20"): 3, day("2026-11-23"): 5])
        #expect(data.problems == [
            "line 3: the first column is not a date like 2026-11-20; skipped",
            "line 4: the first column is not a date like 2026-11-20; skipped",
            "line 5: the second column is not a number ≥ 0; skipped",
            "line 6: the second column is not a number ≥ 0; skipped",
        ])
    }

    /// Only the first line may be a header. What a bad row holds is never quoted: a
    /// heatmap pointed at another file (`glance set`, MQTT) must not copy it into the log,
    /// and an escape in it cannot reach a terminal.
    @Test func aWordLaterIsABadRowAndItsContentIsNotQuoted() throws {
        let data = try HeatmapData.parse(Array("2026-11-20,1\ndate,value\n\u{1B}[31m,1\nroot:$6$secret:19000:0:99999:7:::\n".utf8))
        #expect(data.problems == [
            "line 2: the first column is not a date like 2026-11-20; skipped",
            "line 3: the first column is not a date like 2026-11-20; skipped",
            "line 4: the first column is not a date like 2026-11-20; skipped",
        ])
        #expect(!data.problems.joined().contains("secret") && !data.problems.joined().contains("\u{1B}"))
    }

    @Test func badJSONItemsAreSkippedWithTheirPlace() throws {
        let list = try HeatmapData.parse(Array(#"[{"date": "2026-11-20", "value": 1}, {"date": "soon", "value": 2}, 7, {"date": "2026-11-21", "value": true}]"#.utf8))
        #expect(list.values == [day("2026-11-20"): 1])
        #expect(list.problems == [
            "item 2: the date is not a date like 2026-11-20; skipped",
            #"item 3: expected {"date": …, "value": …}, found a number; skipped"#,
            "item 4: the value is not a number ≥ 0; skipped",
        ])
        let object = try HeatmapData.parse(Array(#"{"2026-11-20": 1, "yesterday": 2}"#.utf8))
        #expect(object.problems == ["key 2 (in sorted order): the date is not a date like 2026-11-20; skipped"])
        #expect(throws: HeatmapData.Failure.self) { try HeatmapData.parse(Array("[{\"date\": ".utf8)) }
        #expect(throws: HeatmapData.Failure.self) { try HeatmapData.parseJSON(Array("\"2026-11-20\"".utf8)) }
    }
}

@Suite struct HeatmapLevelTests {
    @Test func fourDistinctValuesTakeOneLevelEach() {
        let levels = HeatmapLevels([1, 2, 3, 4, 0])
        #expect([nil, 0, 1, 2, 3, 4, 100].map(levels.level(of:)) == [0, 0, 1, 2, 3, 4, 4])
    }

    @Test func quartilesOfEightValues() {
        let levels = HeatmapLevels([10, 20, 30, 40, 50, 60, 70, 80])
        #expect([10, 20, 30, 40, 50, 60, 70, 80].map(levels.level(of:)) == [1, 1, 2, 2, 3, 3, 4, 4])
        // Between values: by how many lie at or below.
        #expect(levels.level(of: 25) == 1)
        #expect(levels.level(of: 0.5) == 1)
    }

    /// A yes/no log (every active day 1) is all darkest, not all palest.
    @Test func equalValuesAreTheDarkest() {
        let levels = HeatmapLevels([1, 1, 1, 1])
        #expect(levels.level(of: 1) == 4)
        #expect(HeatmapLevels([]).level(of: 5) == 0)
    }

    @Test func streakAndTotals() {
        let today = day("2026-11-23")
        let values: [CalendarDay: Double] = [day("2026-11-20"): 1, day("2026-11-21"): 2, day("2026-11-22"): 3, day("2026-11-24"): 9]
        let entry = HeatmapEntry(date: .now, title: "Runs", today: today, values: values)
        // Today has nothing yet: the streak counts to yesterday.
        #expect(entry.currentStreak == 3)
        #expect(entry.total(of: (0..<7).map { day("2026-11-18").adding(days: $0) }) == 6)
        let withToday = HeatmapEntry(date: .now, title: "Runs", today: today, values: values.merging([today: 1]) { $1 })
        #expect(withToday.currentStreak == 4)
    }

    @Test func entriesSurviveBeingPersisted() throws {
        let entry = HeatmapEntry(date: instant("2026-11-23T10:00:00+09:00"), title: "Runs", today: day("2026-11-23"),
                                 values: [day("2026-11-20"): 1.5], status: .ready)
        let text = String(decoding: try JSONEncoder().encode(entry), as: UTF8.self)
        #expect(text.contains(#""2026-11-20":1.5"#))
        let back = try JSONDecoder().decode(HeatmapEntry.self, from: Data(text.utf8))
        #expect(back.values == entry.values && back.today == entry.today && back.status == .ready && back.date == entry.date)
        let missing = HeatmapEntry(date: .now, title: "Runs", today: day("2026-11-23"), values: [:], status: .missingFile("/x.csv"))
        #expect(try JSONDecoder().decode(HeatmapEntry.self, from: JSONEncoder().encode(missing)).status == .missingFile("/x.csv"))
    }
}

@Suite struct HeatmapCalendarTests {
    /// Thursday 2026-12-31: German weeks start on Monday, American ones on Sunday.
    @Test(arguments: [("de_DE", "2026-12-28", "Mo"), ("en_US", "2026-12-27", "Sun"), ("ko_KR", "2026-12-27", "일")])
    func weeksStartOnTheLocalesFirstWeekday(locale: String, lastWeekStart: String, firstRowName: String) {
        let displayLocale = DisplayLocale(identifier: locale)
        let calendar = HeatmapCalendar(endingWith: day("2026-12-31"), weeks: 6, firstWeekday: displayLocale.calendar.firstWeekday)
        #expect(calendar.weeks.count == 6)
        #expect(calendar.weeks.allSatisfy { $0.count == 7 })
        #expect(calendar.weeks.last?.first == day(lastWeekStart))
        #expect(calendar.weeks.last?.contains(day("2026-12-31")) == true)
        #expect(calendar.weeks.first?.first == day(lastWeekStart).adding(days: -35))
        // Consecutive days, column after column.
        #expect(zip(calendar.weeks.joined(), calendar.weeks.joined().dropFirst()).allSatisfy { $0.days(until: $1) == 1 })
        #expect(displayLocale.calendar.shortStandaloneWeekdaySymbols[calendar.weekday(ofRow: 0) - 1].hasPrefix(firstRowName))
    }

    @Test func monthNamesWhereMonthsBegin() {
        // Sunday weeks from 2026-11-22 to 2027-01-02: December's 1st is in column 1,
        // January's in column 5; column 0 (November) has no room for its name.
        let calendar = HeatmapCalendar(endingWith: day("2026-12-31"), weeks: 6, firstWeekday: 1)
        #expect(calendar.monthLabels() == [.init(column: 1, month: 12), .init(column: 5, month: 1)])
        let large = HeatmapCalendar(endingWith: day("2026-12-31"), weeks: 18, firstWeekday: 1)
        #expect(large.monthLabels().map(\.month) == [9, 10, 11, 12, 1])
        #expect(large.monthLabels().first?.column == 0)
        
    }
}

/// The provider against real files and a real HTTP server.
@Suite struct HeatmapProviderTests {
    let scratch: ScratchFolder
    var folder: String { scratch.path }

    init() throws { scratch = try ScratchFolder(prefix: "glance-heatmap") }

    final class Lines: @unchecked Sendable {
        let lines = Mutex<[String]>([])
        func append(_ line: String) { lines.withLock { $0.append(line) } }
        var all: [String] { lines.withLock { $0 } }
    }

    /// `context` as a running slot's: with what the slot keeps (a file is watched only then).
    func running(_ context: TimelineProviderContext) -> TimelineProviderContext {
        var context = context
        context.resources = SlotResources()
        return context
    }

    func provider(watched: Lines = Lines(), log: Lines = Lines()) -> HeatmapProvider {
        HeatmapProvider(watch: { path, _ in watched.append(path) }, log: { log.append($0) })
    }

    func write(_ text: String, to name: String) throws -> String { try scratch.write(text, to: name) }

    func removeFolder() { scratch.remove() }

    func intent(file: String? = nil, url: String? = nil) -> HeatmapIntent {
        let intent = HeatmapIntent()
        intent.title = "Runs"
        intent.file = file
        intent.url = url
        return intent
    }

    @Test func noFileIsTheNotSignedInState() async {
        defer { removeFolder() }
        let watched = Lines()
        let timeline = await provider(watched: watched).timeline(for: intent(), in: context(at: instant("2026-11-23T10:00:00+09:00")))
        #expect(timeline.entries.first?.status == .unconfigured)
        #expect(timeline.entries.first?.values.isEmpty == true)
        #expect(timeline.policy == .never)
        #expect(watched.all.isEmpty)
    }

    @Test func aMissingFileIsWatchedAndSaidKindly() async {
        defer { removeFolder() }
        let watched = Lines()
        let path = folder + "/later.csv"
        let timeline = await provider(watched: watched).timeline(for: intent(file: path), in: running(context(at: instant("2026-11-23T10:00:00+09:00"))))
        #expect(timeline.entries.first?.status == .missingFile(path))
        // Watched all the same, so that creating it shows it.
        #expect(watched.all == [path])
    }

    @Test func aFileIsReadWatchedAndItsBadRowsLogged() async throws {
        defer { removeFolder() }
        let path = try write("date,value\n2026-11-20,3\n2026-11-21,xx\n2026-11-23,1\n2025-01-01,9\n", to: "runs.csv")
        let watched = Lines(), log = Lines()
        let timeline = await provider(watched: watched, log: log).timeline(for: intent(file: path), in: running(context(at: instant("2026-11-23T10:00:00+09:00"))))
        let first = try #require(timeline.entries.first)
        #expect(first.status == .ready)
        #expect(first.title == "Runs")
        #expect(first.today == day("2026-11-23"))
        // 2025-01-01 is more than 400 days back: not kept.
        #expect(first.values == [day("2026-11-20"): 3, day("2026-11-23"): 1])
        #expect(watched.all == [path])
        #expect(log.all == ["heatmap: \(path) line 3: the second column is not a number ≥ 0; skipped"])
        // Never reloaded on its own; the grid moves on at each Seoul midnight.
        #expect(timeline.policy == .never)
        #expect(timeline.entries.count == 1 + HeatmapProvider.daysAhead)
        #expect(timeline.entries[1].date == instant("2026-11-24T00:00:00+09:00"))
        #expect(timeline.entries[1].today == day("2026-11-24"))
        #expect(timeline.entries[2].date == instant("2026-11-25T00:00:00+09:00"))
    }

    @Test func manyBadRowsAreCountedAfterTheFirstFew() async throws {
        defer { removeFolder() }
        let path = try write((1...12).map { "bad\($0),1" }.joined(separator: "\n"), to: "bad.csv")
        let log = Lines()
        let timeline = await provider(log: log).timeline(for: intent(file: path), in: context(at: instant("2026-11-23T10:00:00+09:00")))
        #expect(timeline.entries.first?.status == .noRows(path))
        #expect(log.all.count == HeatmapProvider.loggedProblems + 1)
        #expect(log.all.first == "heatmap: \(path) line 1: the first column is not a date like 2026-11-20; skipped")
        #expect(log.all.last == "heatmap: \(path): 7 more bad rows skipped")
    }

    /// A file of bad rows is given up at the bound: twenty kept as messages, the rest
    /// counted, and reading stops at the thousandth (15 MB of them were 297 MB held and
    /// 28 s of CPU; files are read up to 4 MiB, and a 4 MiB file of them took 10 s of
    /// CPU and 108 MB in a debug build before the parse went by bytes).
    @Test func aFileOfBadRowsIsGivenUpAtTheBoundQuickly() throws {
        let text = String(repeating: "x1\n", count: (4 << 20) / 3)
        let bytes = Array(text.utf8)
        let (failure, seconds) = cpuSeconds { () -> HeatmapData.Failure? in
            do throws(HeatmapData.Failure) { _ = try HeatmapData.parse(bytes) } catch { return error }
            return nil
        }
        // Only the last 100000 rows are read; the thousandth of them is bad.
        #expect(failure?.description == "1000 bad rows by line \((4 << 20) / 3 - HeatmapData.maximumRows + 1000); not a file of date,value lines, not read further")
        #expect(failure?.isBound == true)
        print("heatmap parse, 4 MiB of bad rows: \(seconds) s of CPU")
        // This thread's own CPU time (not the wall clock, which other suites stretch): a
        // parse by characters again (10 s) fails it, with room for a slow machine.
        #expect(seconds < 3)

        // A few bad rows among good ones are skipped and counted, not the end of the file.
        let mixed = try HeatmapData.parse(Array((String(repeating: "x1\n", count: 999) + "2026-11-20,2\n").utf8))
        #expect(mixed.skipped == 999)
        #expect(mixed.problems.count == HeatmapData.listedProblems)
        #expect(mixed.values == [day("2026-11-20"): 2])
    }

    /// A 4 MiB file of good rows (daily rows over 400 days, many times over) is read
    /// to its last `maximumRows` rows in a fraction of a second.
    @Test func aLargeFileOfGoodRowsIsReadQuickly() throws {
        var text = ""
        var count = 0
        let first = day("2025-10-20")
        while text.utf8.count < (4 << 20) - 20 {
            text += "\(first.adding(days: count % 400)),1\n"
            count += 1
        }
        let bytes = Array(text.utf8)
        let (data, seconds) = cpuSeconds { try? HeatmapData.parse(bytes) }
        print("heatmap parse, 4 MiB of good rows (\(count)): \(seconds) s of CPU")
        #expect(data?.values.count == 400)
        #expect(data?.values.values.reduce(0, +) == Double(HeatmapData.maximumRows))
        #expect(data?.skipped == 0)
        #expect(data?.stopped == "\(count) rows, more than 100000; only the last 100000 are read")
        // This thread's own CPU time: 0.7 s here in a debug build; an optimised one takes
        // a small part of that.
        #expect(seconds < 3)
    }

    /// Past `maximumRows` rows of CSV, only the last are read (a log grows at its end):
    /// the latest days are shown and `stopped` says why (the provider logs it).
    @Test func rowsPastTheBoundAreNotRead() throws {
        let text = "date,value\n2026-11-19,7\n" + String(repeating: "2026-11-20\n", count: HeatmapData.maximumRows - 1) + "# a comment\n2026-11-21,5\n"
        let data = try HeatmapData.parse(Array(text.utf8))
        #expect(data.values == [day("2026-11-20"): Double(HeatmapData.maximumRows - 1), day("2026-11-21"): 5])
        #expect(data.stopped == "100002 rows, more than 100000; only the last 100000 are read")
        // JSON is refused whole past its bound (its tree of values is what costs): a list
        // of dates alone fills it with 100001 items, a list of dates and values with 50001.
        let dates = "[" + Array(repeating: #"{"date": "2026-11-20"}"#, count: HeatmapData.maximumRows).joined(separator: ",") + "]"
        #expect(try HeatmapData.parse(Array(dates.utf8)).values == [day("2026-11-20"): Double(HeatmapData.maximumRows)])
        let items = "[" + Array(repeating: #"{"date": "2026-11-20", "value": 1}"#, count: HeatmapData.maximumRows / 2 + 1).joined(separator: ",") + "]"
        #expect(throws: HeatmapData.Failure(description: "more than 100000 JSON values; not read (a heatmap needs a date and a value a day)", isBound: true)) {
            try HeatmapData.parse(Array(items.utf8))
        }
        // A list of 2 million numbers (4 MiB) is refused before it is made a tree of values.
        let numbers = "[" + String(repeating: "7,", count: 2_000_000) + "7]"
        let (refused, seconds) = cpuSeconds { () -> HeatmapData.Failure? in
            do throws(HeatmapData.Failure) { _ = try HeatmapData.parse(Array(numbers.utf8)) } catch { return error }
            return nil
        }
        print("heatmap parse, 4 MiB JSON list of numbers: \(seconds) s of CPU")
        #expect(refused?.description == "more than 100000 JSON values; not read (a heatmap needs a date and a value a day)")
        #expect(refused?.isBound == true)
        #expect(HeatmapData.separators(in: Array(#"[{"date": "a,\"b,", "value": 1}, 2]"#.utf8)) == 2)
        let bad = "[" + Array(repeating: "7", count: 2000).joined(separator: ",") + "]"
        #expect(throws: HeatmapData.tooManyBadItems("item 1000")) { try HeatmapData.parse(Array(bad.utf8)) }
    }

    /// Lines end at `\n`, `\r\n` or a lone `\r`; a byte-order mark and a header are passed over.
    @Test func lineEndsAndAByteOrderMark() throws {
        let data = try HeatmapData.parse(Array("\u{FEFF}date,value\r2026-11-20,1\r\n2026-11-21,2\n\n 2026-11-22 ,\t3\t,x\n2026-11-23,1e400\n".utf8))
        #expect(data.values == [day("2026-11-20"): 1, day("2026-11-21"): 2, day("2026-11-22"): 3])
        #expect(data.problems == ["line 6: the second column is not a number ≥ 0; skipped"])
    }

    /// A file given up at the bad-rows bound says why on the slot, not "no rows yet".
    @Test func aFileOfBadRowsSaysWhyOnTheSlot() async throws {
        defer { removeFolder() }
        let path = try write(String(repeating: "x1\n", count: 5000), to: "data.csv")
        let log = Lines()
        let timeline = await provider(log: log).timeline(for: intent(file: path), in: context(at: instant("2026-11-23T10:00:00+09:00")))
        #expect(timeline.entries.first?.status == .unavailable("data.csv: 1000 bad rows by line 1000; not a file of date,value lines, not read further"))
        #expect(log.all == ["heatmap: \(path): 1000 bad rows by line 1000; not a file of date,value lines, not read further"])
    }

    /// A FIFO, a folder or a device given as the file is refused without blocking (a FIFO
    /// kept the provider's thread in open() until a writer came, for good).
    @Test func aFileThatIsNotAPlainFileIsRefusedWithoutWaiting() throws {
        defer { removeFolder() }
        let placeholder = try write("", to: "plain.csv")
        let folder = String(placeholder[..<placeholder.lastIndex(of: "/")!])
        let fifo = folder + "/pipe.csv"
        #expect(mkfifo(fifo, 0o600) == 0)
        final class Results: @unchecked Sendable {
            let lock = ConditionLock()
            var texts: [String] = []
        }
        let results = Results()
        startThread {
            for path in [fifo, folder, "/dev/zero"] {
                let result: String
                switch HeatmapProvider.readFile(path) {
                case .failed(let why): result = why
                case .missing: result = "missing"
                case .contents(let bytes): result = "\(bytes.count) bytes"
                }
                results.lock.withLock {
                    results.texts.append(result)
                    results.lock.broadcast()
                }
            }
        }
        // A hang guard, not a speed bound: minutes.
        let deadline = ContinuousClock.now + .seconds(120)
        let texts = results.lock.withLock {
            while results.texts.count < 3 && ContinuousClock.now < deadline { _ = results.lock.wait(seconds: 1) }
            return results.texts
        }
        #expect(texts.count == 3, "readFile hung on \(["a FIFO", "a folder", "a device"][min(2, texts.count)])")
        #expect(texts == ["a FIFO, not a regular file; not read", "a folder, not a regular file; not read",
                          "a device, not a regular file; not read"])
    }

    @Test func previewsDoNotWatch() async throws {
        defer { removeFolder() }
        let path = try write("2026-11-20,3\n", to: "runs.csv")
        let watched = Lines()
        let preview = TimelineProviderContext(family: .systemSmall, displaySize: WidgetFamily.systemSmall.defaultSize, isPreview: true,
                                              date: instant("2026-11-23T10:00:00+09:00"), timeZone: .utc, locale: .english)
        _ = await provider(watched: watched).timeline(for: intent(file: path), in: preview)
        #expect(watched.all.isEmpty)
        // The gallery's snapshot is sample data, whatever the file holds.
        let snapshot = await provider().snapshot(for: intent(file: path), in: preview)
        #expect(snapshot.status == .ready)
        #expect(snapshot.values.count > 60)
    }

    @Test func aURLIsFetched() async throws {
        defer { removeFolder() }
        let server = try TestHTTPServer()
        server.route("/activity.json", .json(#"{"2026-11-22": 4, "2026-11-23": 2, "later": 1}"#))
        let log = Lines()
        let timeline = await provider(log: log).timeline(for: intent(url: server.baseURL + "/activity.json"),
                                                         in: context(at: instant("2026-11-23T10:00:00+09:00")))
        #expect(timeline.entries.first?.values == [day("2026-11-22"): 4, day("2026-11-23"): 2])
        #expect(timeline.policy == .never)
        #expect(log.all == ["heatmap: \(server.baseURL)/activity.json key 3 (in sorted order): the date is not a date like 2026-11-20; skipped"])
        #expect(server.requests(to: "/activity.json").count == 1)
    }

    @Test func aFailedFetchRetriesWithTheLastGoodValues() async throws {
        defer { removeFolder() }
        let server = try TestHTTPServer()
        server.route("/down", .json(#"{"error": "boom"}"#, status: 500))
        server.route("/html", .answer(status: 200, contentType: "text/html", body: Array("<html>".utf8)))
        var seoul = context(at: instant("2026-11-24T10:00:00+09:00"))
        let nothing = await provider().timeline(for: intent(url: server.baseURL + "/down"), in: seoul)
        #expect(nothing.policy == .retry(because: "the server answered HTTP 500"))
        #expect(nothing.entries.first?.status == .unavailable("the server answered HTTP 500"))

        seoul.lastEntry = HeatmapEntry(date: instant("2026-11-23T10:00:00+09:00"), title: "Runs", today: day("2026-11-23"),
                                       values: [day("2026-11-22"): 4])
        let kept = await provider().timeline(for: intent(url: server.baseURL + "/html"), in: seoul)
        #expect(kept.policy == .retry(because: "the answer is not valid JSON"))
        #expect(kept.entries.first?.status == .ready)
        #expect(kept.entries.first?.values == [day("2026-11-22"): 4])
        // The grid is today's, not the last entry's.
        #expect(kept.entries.first?.today == day("2026-11-24"))
    }

    /// Every read asks to watch the file; the process keeps one watcher per file, and a
    /// change to the file asks for a reload.
    @Test func oneWatcherPerFileAndAChangeAsksForAReload() throws {
        defer { removeFolder() }
        let path = try write("2026-11-20,3\n", to: "runs.csv")
        let reloads = Mutex(0)
        let watchers = WidgetFileWatchers { reloads.withLock { $0 += 1 } }
        let first = watchers.watch(path)
        let second = watchers.watch(path)
        #expect(watchers.watchedPaths == [path])
        defer { withExtendedLifetime((first, second)) {} }
        _ = try write("2026-11-20,4\n", to: "runs.csv")
        for _ in 0..<400 where reloads.withLock({ $0 }) == 0 { usleep(5_000) }
        // Every event of the save read and handled: the calls it gave are all made.
        let watcher = try #require(watchers.watcher(of: path))
        for _ in 0..<4000 where !watcher.isSettled { usleep(5_000) }
        #expect(watcher.isSettled)
        #expect(reloads.withLock { $0 } == 1)
        // A folder that does not exist is said once and tried again at the next read.
        #expect(watchers.watch(folder + "/nowhere/runs.csv") == nil)
        #expect(watchers.watchedPaths == [path])
    }

    /// A watcher lives while a slot reads its file: the last use released stops it (its
    /// thread and its inotify instance end), so a slot given folder after folder holds
    /// one watcher, and every slot gone holds none.
    @Test func aWatcherEndsWithTheLastSlotThatReadsItsFile() async throws {
        defer { removeFolder() }
        let watchers = WidgetFileWatchers {}
        let watching = HeatmapProvider(watch: { path, resources in resources.keep(watchers.watch(path), for: WidgetFileWatchers.key) },
                                       log: { _ in })
        let slot = running(context(at: instant("2026-11-23T10:00:00+09:00")))
        let other = running(context(at: instant("2026-11-23T10:00:00+09:00")))
        let before = (inotify: ProcessCounts.inotifyInstances(), threads: ProcessCounts.threads())
        var paths: [String] = []
        var started: [FileWatcher] = []
        for index in 0..<200 {
            try scratch.makeFolder("f\(index)")
            let path = try write("2026-11-20,\(index)\n", to: "f\(index)/runs.csv")
            paths.append(path)
            _ = await watching.timeline(for: intent(file: path), in: slot)
            // The same file read again (a reload) keeps its one watcher.
            _ = await watching.timeline(for: intent(file: path), in: slot)
            #expect(watchers.watchedPaths == [path])
            if let watcher = watchers.watcher(of: path) { started.append(watcher) }
        }
        #expect(started.count == 200)
        // Two slots on one file share its watcher; it ends with the second.
        _ = await watching.timeline(for: intent(file: paths[0]), in: other)
        #expect(watchers.watchedPaths == [paths[0], paths[199]].sorted())
        other.resources?.keep(nil, for: WidgetFileWatchers.key)
        slot.resources?.keep(nil, for: WidgetFileWatchers.key)
        #expect(watchers.watchedPaths.isEmpty)
        // Each watcher's thread closes its descriptor and ends on its own.
        for _ in 0..<1000 where started.contains(where: \.isWatching) { usleep(5_000) }
        #expect(started.filter(\.isWatching).count == 0)
        let after = (inotify: ProcessCounts.inotifyInstances(), threads: ProcessCounts.threads())
        print("heatmap watchers, 200 folders in turn: inotify instances \(before.inotify) -> \(after.inotify), threads \(before.threads) -> \(after.threads) (other suites run beside)")
        // Other suites run beside this one (a few watch files): a little room, far below
        // the 200 of a leak.
        #expect(after.inotify <= before.inotify + 8)
    }

    /// Counts reloads asked for, and waits for them.
    final class Reloads: Sendable {
        private let count = Mutex(0)
        func add() { count.withLock { $0 += 1 } }

        /// Waits until `expected` reloads were asked for (polling; a hang guard of 20 s,
        /// not a speed bound).
        func wait(for expected: Int) -> Bool {
            for _ in 0..<4000 where count.withLock({ $0 }) < expected { usleep(5_000) }
            return count.withLock { $0 } >= expected
        }
    }

    /// Issue 28: the file's folder moved away and a new one made in its place; the slot
    /// is asked to reload, and shows the new file's values.
    @Test func aReplacedFolderIsFollowedAndTheNewFileShown() async throws {
        defer { removeFolder() }
        try scratch.makeFolder("data")
        let path = try write("2026-11-20,3\n", to: "data/runs.csv")
        let reloads = Reloads()
        let watchers = WidgetFileWatchers { reloads.add() }
        let watching = HeatmapProvider(watch: { path, resources in resources.keep(watchers.watch(path), for: WidgetFileWatchers.key) },
                                       log: { _ in })
        let slot = running(context(at: instant("2026-11-23T10:00:00+09:00")))
        let first = await watching.timeline(for: intent(file: path), in: slot)
        #expect(first.entries.first?.values == [day("2026-11-20"): 3])

        #expect(rename(folder + "/data", folder + "/data.old") == 0)
        #expect(reloads.wait(for: 1))
        try scratch.makeFolder("data")
        _ = try write("2026-11-21,7\n", to: "data/runs.csv")
        #expect(reloads.wait(for: 2))
        let second = await watching.timeline(for: intent(file: path), in: slot)
        #expect(second.entries.first?.values == [day("2026-11-21"): 7])
        slot.resources?.keep(nil, for: WidgetFileWatchers.key)
    }

    /// A watcher that ended, whatever the cause, is started again at the slot's next read
    /// (a reload): the slot sees changes again, and still holds one watcher.
    @Test func aWatcherThatEndedIsStartedAgainAtTheNextRead() async throws {
        defer { removeFolder() }
        let path = try write("2026-11-20,3\n", to: "runs.csv")
        let reloads = Reloads()
        let watchers = WidgetFileWatchers { reloads.add() }
        let watching = HeatmapProvider(watch: { path, resources in resources.keep(watchers.watch(path), for: WidgetFileWatchers.key) },
                                       log: { _ in })
        let slot = running(context(at: instant("2026-11-23T10:00:00+09:00")))
        _ = await watching.timeline(for: intent(file: path), in: slot)
        let ended = try #require(watchers.watcher(of: path))
        ended.stop()
        for _ in 0..<4000 where ended.isWatching { usleep(5_000) }
        #expect(!ended.isWatching)

        _ = await watching.timeline(for: intent(file: path), in: slot)
        let again = try #require(watchers.watcher(of: path))
        #expect(again !== ended)
        #expect(again.isWatching)
        _ = try write("2026-11-20,4\n", to: "runs.csv")
        #expect(reloads.wait(for: 1))
        // The slot's one use stops the new watcher when released.
        slot.resources?.keep(nil, for: WidgetFileWatchers.key)
        #expect(watchers.watchedPaths.isEmpty)
        for _ in 0..<4000 where again.isWatching { usleep(5_000) }
        #expect(!again.isWatching)
    }

    @Test func theConfigCanOnlyGiveAnHTTPURLAndOneSource() throws {
        defer { removeFolder() }
        let descriptor = HeatmapWidget().body.descriptor
        let decoding = ParameterDecodingContext(timeZone: .utc)
        #expect(throws: IntentConfigurator.Failure.invalidValue(name: "url", value: "ftp://example.com/a.json", expected: "an http:// or https:// URL")) {
            try descriptor.makeSource(parameters: [("url", "ftp://example.com/a.json")], context: decoding)
        }
        #expect(throws: IntentConfigurator.Failure.self) {
            try descriptor.makeSource(parameters: [("url", "https://example.com/a.json"), ("file", "/tmp/a.csv")], context: decoding)
        }
        _ = try descriptor.makeSource(parameters: [("file", "runs.csv")], context: decoding)
        _ = try descriptor.makeSource(parameters: [], context: decoding)
    }
}
