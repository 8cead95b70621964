import Foundation
import Testing

/// `glance bench`: the scenes, the last line other tools read, and what it refuses.
@Suite struct BenchCommandTests {
    @Test func thePeerSceneReportsItsFieldsOnTheLastLine() throws {
        let result = try runGlance(["bench", "--scene", "peer", "--frames", "2"])
        #expect(result.status == 0, "\(result.stderr)")
        let last = try #require(result.stdout.split(separator: "\n").last.map(String.init))
        var fields: [String: String] = [:]
        for pair in last.split(separator: " ") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            if parts.count == 2 { fields[String(parts[0])] = String(parts[1]) }
        }
        #expect(fields["frames"] == "2" && fields["scene"] == "peer")
        for name in ["ms_per_frame", "peak_rss_kib", "cpu_ms_per_frame", "median_ms", "rss_anon_kib"] {
            #expect(fields[name].flatMap(Double.init).map { $0 > 0 } == true, "\(name) in \(last)")
        }
    }

    @Test(arguments: [
        (["bench", "--frames", "0"], "--frames must be between 1 and 100000"),
        (["bench", "--scene", "nope"], "The value 'nope' is invalid for '--scene <scene>'"),
        (["bench", "--compare-peer", "--peer-script", "/nonexistent/peer.py", "--frames", "1"], "no Pillow script at /nonexistent/peer.py"),
        (["bench", "scaling", "--repeats", "0"], "--repeats must be between 2 and 10000"),
        (["bench", "refresh", "--runs", "0"], "--runs must be between 1 and 1000"),
        (["bench", "chart", "--frames-per-round", "1"], "--frames-per-round must be between 2 and 10000"),
        (["bench", "chart", "--rounds", "0"], "--rounds must be between 1 and 100"),
        (["bench", "chart", "--compare-python", "--python-script", "/nonexistent/chart.py"], "no Pillow script at /nonexistent/chart.py"),
        (["bench", "refresh", "--days", "0"], "--days must be between 1 and 1000"),
        // The soak itself runs in CI's own step (.ci/run, 90 s): a short one here would add
        // about 20 s of a daemon, a broker and two cores' worth of load to each of CI's
        // three suite runs, next to tests that time daemons of their own.
        (["bench", "soak", "--seconds", "1"], "--seconds must be between 5 and 86400"),
        (["bench", "soak", "--minutes", "0"], "--minutes must be more than 0 and at most 1440"),
        (["bench", "soak", "--minutes", "1", "--seconds", "30"], "give --minutes or --seconds, not both"),
    ])
    func badArgumentsAreRefused(arguments: [String], message: String) throws {
        let result = try runGlance(arguments)
        #expect(result.status != 0)
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }

    /// Fields of a line of `key=value` pairs.
    func fields(_ line: String) -> [String: String] {
        var fields: [String: String] = [:]
        for pair in line.split(separator: " ") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            if parts.count == 2 { fields[String(parts[0])] = String(parts[1]) }
        }
        return fields
    }

    /// One short round, without the peer (Pillow is CI's step, .ci/run): the last line's
    /// fields, which a frame of the chart on both panels fills.
    @Test func chartReportsBothPanelsOnTheLastLine() throws {
        let result = try runGlance(["bench", "chart", "--rounds", "1", "--frames-per-round", "2"])
        #expect(result.status == 0, "\(result.stderr)")
        let last = fields(try #require(result.stdout.split(separator: "\n").last.map(String.init)))
        #expect(last["points"] == "500" && last["size"] == "800x480" && last["rounds"] == "1", "\(last)")
        for name in ["bw_ms", "colour_ms", "peak_rss_kib"] {
            #expect(last[name].flatMap(Double.init).map { $0 > 0 } == true, "\(name) in \(last)")
        }
    }

    @Test func scalingReportsEverySizeAndSlotCount() throws {
        let result = try runGlance(["bench", "scaling", "--repeats", "2"])
        #expect(result.status == 0, "\(result.stderr)")
        let cases = result.stdout.split(separator: "\n").map { fields(String($0)) }.filter { $0["case"] != nil }
        #expect(cases.map { "\($0["width"] ?? "")x\($0["height"] ?? "")/\($0["slots"] ?? "")" }
                == ["250x122/5", "800x480/5", "1600x1200/5", "800x480/1", "800x480/16", "800x480/64"])
        for line in cases { #expect(line["median_ms"].flatMap(Double.init).map { $0 > 0 } == true, "\(line)") }
    }

    @Test func refreshReportsStartMemoryAndMidnight() throws {
        let result = try runGlance(["bench", "refresh", "--runs", "1", "--days", "1"])
        #expect(result.status == 0, "\(result.stderr)")
        let last = fields(try #require(result.stdout.split(separator: "\n").last.map(String.init)))
        for name in ["start_ms", "start_two_slots_ms", "private_dirty_kib", "private_dirty_one_slot_kib", "rss_anon_kib",
                     "peak_rss_kib", "midnight_cpu_ms", "stop_ms"] {
            #expect(last[name].flatMap(Double.init).map { $0 > 0 } == true, "\(name) in \(last)")
        }
        // Each goal is said next to its measure, met or not.
        #expect(result.stdout.contains("two slots (800x480)") && result.stdout.contains("goal ≤ 20 ms"), "\(result.stdout)")
        #expect(result.stdout.contains("one slot at 400x240") && result.stdout.contains("goal ≤ 2560 KiB"), "\(result.stdout)")
        #expect(result.stdout.contains("the demo: private dirty") && result.stdout.contains("goal ≤ 3584 KiB"), "\(result.stdout)")
    }

    /// The web page on and no page open: nothing wakes (issue 30).
    @Test func theDemoWithItsWebPageAndNoPageOpenDoesNotWake() throws {
        let result = try runGlance(["bench", "idle", "--seconds", "0.5", "--web"])
        #expect(result.status == 0, "\(result.stderr)")
        let last = fields(try #require(result.stdout.split(separator: "\n").last.map(String.init)))
        #expect(last["wakeups"] == "0", "\(result.stdout)")
    }

    /// In quiet hours the demo does not wake at all: no fetch, no frame, no thread but the
    /// daemon's own (issue 29).
    @Test func theDemoAsleepDoesNotWake() throws {
        let result = try runGlance(["bench", "idle", "--seconds", "0.5", "--asleep"])
        #expect(result.status == 0, "\(result.stderr)")
        let last = fields(try #require(result.stdout.split(separator: "\n").last.map(String.init)))
        #expect(last["wakeups"] == "0", "\(result.stdout)")
        #expect(result.stdout.contains("threads: 1;"), "\(result.stdout)")
    }
}
