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
        for name in ["ms_per_frame", "peak_rss_kib", "cpu_ms_per_frame", "median_ms"] {
            #expect(fields[name].flatMap(Double.init).map { $0 > 0 } == true, "\(name) in \(last)")
        }
    }

    @Test(arguments: [
        (["bench", "--frames", "0"], "--frames must be between 1 and 100000"),
        (["bench", "--scene", "nope"], "The value 'nope' is invalid for '--scene <scene>'"),
        (["bench", "--compare-peer", "--peer-script", "/nonexistent/peer.py", "--frames", "1"], "no Pillow script at /nonexistent/peer.py"),
    ])
    func badArgumentsAreRefused(arguments: [String], message: String) throws {
        let result = try runGlance(arguments)
        #expect(result.status != 0)
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }
}
