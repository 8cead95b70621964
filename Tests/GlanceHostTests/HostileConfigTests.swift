import Foundation
import GlanceHost
import GlanceWake
import GlanceWidgets
import GlanceYAML
import Glibc
import Testing
import GlanceConfiguration

/// Configuration files as hostile input: each failure is its own one-line message, and
/// nothing can crash the parser or stall it.
@Suite struct HostileConfigTests {
    let folder = NSTemporaryDirectory() + "glance-hostile-\(UUID().uuidString)"

    init() throws { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }

    func message(_ path: String) -> String {
        do {
            _ = try ConfigLoader.load(path: path)
            return "(loaded)"
        } catch {
            return "\(error)"
        }
    }

    @Test func eachWayAFileCannotBeReadHasItsOwnMessage() throws {
        #expect(message(folder) == "\(folder): is a directory; name the YAML file in it")
        #expect(mkfifo(folder + "/pipe", 0o644) == 0)
        #expect(message(folder + "/pipe") == "\(folder)/pipe: is a FIFO, not a regular file; name a YAML file")
        #expect(message("/dev/null") == "/dev/null: is a device, not a regular file; name a YAML file")
        #expect(symlink(folder + "/b", folder + "/a") == 0 && symlink(folder + "/a", folder + "/b") == 0)
        #expect(message(folder + "/a") == "\(folder)/a: a loop of symbolic links; point the link at the file itself")
        _ = FileManager.default.createFile(atPath: folder + "/latin1.yaml", contents: Data([0x73, 0x6C, 0x6F, 0x74, 0x73, 0x3A, 0x0A, 0x23, 0x20, 0xE9, 0x0A]))
        #expect(message(folder + "/latin1.yaml").hasPrefix("\(folder)/latin1.yaml:2:0: is not UTF-8 text"))
        _ = FileManager.default.createFile(atPath: folder + "/big.yaml", contents: Data(repeating: 0x20, count: (1 << 20) + 1))
        #expect(message(folder + "/big.yaml").contains("more than 1048576"))
        // Root reads anything; the permission message is checked where it can happen.
        if geteuid() != 0 {
            _ = FileManager.default.createFile(atPath: folder + "/secret.yaml", contents: Data("slots:\n".utf8), attributes: [.posixPermissions: 0])
            #expect(message(folder + "/secret.yaml").contains("permission denied: the user running glance ("))
        }
    }

    @Test func deepNestingIsAnErrorNotACrash() {
        let deep = String(repeating: "[", count: 40_000) + String(repeating: "]", count: 40_000)
        let error = #expect(throws: ConfigError.self) { _ = try ConfigLoader.parse("slots: " + deep, file: "deep.yaml") }
        #expect(error?.description.hasPrefix("deep.yaml:1:") == true)
        #expect(error?.description.contains("nest more than 200 levels deep") == true)
    }

    /// 40,000 items took 22 s when every append copied the list (the suite would stall
    /// here); appended to in place they take milliseconds. Not timed: the count is checked.
    @Test func longSequencesParse() throws {
        let items = (0..<40_000).map { "  - \($0)" }.joined(separator: "\n")
        let root = try YAMLComposer.compose("list:\n" + items)
        guard case .mapping(let pairs, _)? = root, case .sequence(let list, _) = pairs[0].value else {
            Issue.record("not a mapping holding a list")
            return
        }
        #expect(list.count == 40_000)
    }

    @Test func aSecondDocumentIsAnError() {
        let error = #expect(throws: ConfigError.self) {
            _ = try ConfigLoader.parse("slots:\n  - {kind: weekday, family: systemSmall}\n---\nslots: []\n", file: "two.yaml")
        }
        #expect(error?.description.contains("two.yaml:3:") == true)
        #expect(error?.description.contains("a second document ('---') follows the first") == true)
    }
}

/// Values echoed in errors cannot forge lines or colour the terminal.
@Suite struct QuotedValueTests {
    @Test func controlCharactersAreEscaped() {
        let error = #expect(throws: ConfigError.self) {
            _ = try ConfigLoader.parse("display: {colors: \"bw\\e[31m\\nslots: fake\"}\nslots:\n  - {kind: weekday, family: systemSmall}\n", file: "w.yaml")
        }
        let text = error?.description ?? ""
        #expect(text.contains("unknown colors 'bw\\u{1b}[31m\\nslots: fake'"), "\(text)")
        #expect(!text.contains("\u{1B}") && !text.contains("\n"))
    }

    @Test func aDateThatDoesNotExistIsAnError() {
        let error = #expect(throws: ConfigError.self) {
            _ = try WidgetHost(config: try ConfigLoader.parse("slots:\n  - {kind: countdown, family: systemSmall, params: {title: X, target: \"2027-02-30T09:00:00Z\"}}\n", file: "w.yaml"),
                               registry: WidgetRegistry(BuiltinWidgets.all), clock: SimulatedClock(start: Date()))
        }
        #expect(error?.description.contains("'2027-02-30T09:00:00Z' is not a date") == true, "\(error?.description ?? "")")
    }
}

@Suite struct DisplaySizeLimitTests {
    /// A size past the limit is refused before any pixel is allocated; `max_size:` raises it.
    @Test func sizesAboveTheLimitAreRefused() throws {
        let error = #expect(throws: ConfigError.self) {
            _ = try ConfigLoader.parse("display: {backend: file, size: 80000x480}\nslots:\n  - {kind: weekday, family: systemSmall}\n", file: "w.yaml")
        }
        #expect(error?.description.contains("out of range") == true)
        let above = #expect(throws: ConfigError.self) {
            _ = try ConfigLoader.parse("display: {backend: file, size: 5000x480}\nslots:\n  - {kind: weekday, family: systemSmall}\n", file: "w.yaml")
        }
        #expect(above?.description.hasPrefix("w.yaml:1:32: display.size: size 5000x480 is above the limit of 4096x4096") == true, "\(above?.description ?? "")")
        let raised = try ConfigLoader.parse("display: {backend: file, size: 5000x480, max_size: 8192x8192}\nslots:\n  - {kind: weekday, family: systemSmall}\n", file: "w.yaml")
        #expect(raised.display.width == 5000)
    }
}
