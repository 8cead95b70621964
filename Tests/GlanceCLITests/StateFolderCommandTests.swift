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

    /// What a writer killed mid-write left (`.params.json.tmp-PID-…` of a process that is
    /// gone) is removed at the next start, said in one line; a live writer's is left alone;
    /// a params.json that cannot be read is said, named, and not used (nothing else changes).
    @Test func leftoversAreClearedAndADamagedParamsFileIsSaid() throws {
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
        try FileManager.default.createDirectory(atPath: state + "/entries", withIntermediateDirectories: true)
        #expect(chmod(state, 0o700) == 0)
        // pid 4194303 is above any pid a running system hands out; pid 1 always runs.
        for name in [".params.json.tmp-4194303-k1", "entries/.dday.json.tmp-4194303-k2", ".params.json.tmp-1-k3"] {
            #expect(FileManager.default.createFile(atPath: state + "/" + name, contents: Data("{".utf8)))
        }
        try "{\"dday\": {\"title\": ".write(toFile: state + "/params.json", atomically: false, encoding: .utf8)
        let result = try runGlance(["run", "--once", "--config", "wall.yaml"], in: directory)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("glance: ./state: removed 2 temporary files a killed writer left"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: state + "/.params.json.tmp-4194303-k1"))
        #expect(!FileManager.default.fileExists(atPath: state + "/entries/.dday.json.tmp-4194303-k2"))
        #expect(FileManager.default.fileExists(atPath: state + "/.params.json.tmp-1-k3"))
        #expect(result.stderr.contains("glance: ./state/params.json: cannot be read as {\"SLOT\": {\"PARAM\": \"VALUE\"}}"), "\(result.stderr)")
        #expect(result.stderr.contains("the values glance set kept are not used until it is fixed or removed"), "\(result.stderr)")
        // Kept as it was, for a person to mend.
        #expect(try String(contentsOfFile: state + "/params.json", encoding: .utf8) == "{\"dday\": {\"title\": ")
    }
}
