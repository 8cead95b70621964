import Foundation
import Glibc
import Testing

/// `glance run` refuses a state folder others may write, in one line with the fix, and
/// starts in one only its user writes.
@Suite struct StateFolderCommandTests {
    @Test func aStateFolderOthersMayWriteStopsTheDaemon() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try """
            timezone: Asia/Seoul
            state_dir: state
            display: {backend: file, path: frames, size: 400x200}
            slots:
              - {name: dday, kind: countdown, family: systemMedium, params: {title: Launch, target: "2027-01-03"}}
            """.write(to: directory.appendingPathComponent("wall.yaml"), atomically: true, encoding: .utf8)
        let state = directory.appendingPathComponent("state").path
        try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
        for mode: mode_t in [0o777, 0o757, 0o1777] {
            #expect(chmod(state, mode) == 0)
            let result = try runGlance(["run", "--once", "--config", "wall.yaml"], in: directory)
            #expect(result.status == 1)
            // state_dir: state, beside wall.yaml, named as the config resolves it.
            #expect(result.stderr.contains("the state folder ./state (owner"), "\(result.stderr)")
            #expect(result.stderr.contains("mode 0\(String(mode, radix: 8))) can be written by others"), "\(result.stderr)")
            #expect(result.stderr.contains("chmod go-w ./state"))
            #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("frames").path))
        }
        #expect(chmod(state, 0o700) == 0)
        let result = try runGlance(["run", "--once", "--config", "wall.yaml"], in: directory)
        #expect(result.status == 0, "\(result.stderr)")
    }
}
