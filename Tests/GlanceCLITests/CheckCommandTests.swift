import Foundation
import Glibc
import Testing

/// `glance check`: the configuration loads as `glance run` loads it, the libraries it
/// needs open, and with `--devices` the device nodes open; one line either way, and an
/// exit code per kind of problem (2 the file, 4 a library, 5 a device).
@Suite struct CheckCommandTests {
    func write(_ text: String, in directory: URL, as name: String = "wall.yaml") throws {
        try text.write(to: directory.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }

    @Test func aGoodConfigLoadsInOneLine() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try write(seoulConfig, in: directory)
        let result = try runGlance(["check", "--config", "wall.yaml"], in: directory)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "glance: wall.yaml loads: 2 slots on the file backend (frames in frames), 800×480 bw\n")
        #expect(result.stderr == "")
        // Nothing was made: no frames, no state folder.
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("frames").path))
        let devices = try runGlance(["check", "--config", "wall.yaml", "--devices"], in: directory)
        #expect(devices.status == 0, "\(devices.stderr)")
        #expect(devices.stdout == "glance: wall.yaml loads: 2 slots on the file backend (frames in frames), 800×480 bw; no device to open\n")
    }

    /// A mistake in the file: `run`'s own line (file, line, column, field) and its exit code.
    @Test func aBadFieldIsRunsErrorLine() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try write(seoulConfig.replacingOccurrences(of: "\"2027-01-03\"", with: "soon"), in: directory)
        let check = try runGlance(["check", "--config", "wall.yaml"], in: directory)
        let run = try runGlance(["run", "--once", "--config", "wall.yaml"], in: directory)
        #expect(check.status == 2 && run.status == 2)
        #expect(check.stderr == "glance: wall.yaml:4:89: slots[0].params.target: 'soon' is not a date like 2027-01-03 or 2027-01-03T09:00:00+09:00\n")
        #expect(check.stderr == run.stderr)
        #expect(check.stdout == "")
    }

    /// A board that does not exist is found by the loader, as `run` finds it.
    @Test func anUnknownBoardIsRunsErrorLine() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try write("display: {board: no-such-board}\nslots:\n  - {kind: weekday, family: systemSmall}\n", in: directory)
        let check = try runGlance(["check", "--config", "wall.yaml"], in: directory)
        let run = try runGlance(["run", "--once", "--config", "wall.yaml"], in: directory)
        #expect(check.status == run.status && check.status == 2, "\(check.stderr)")
        #expect(check.stderr == run.stderr && check.stderr.split(separator: "\n").count == 1, "\(check.stderr)")
    }

    let fetching = """
        timezone: UTC
        display: {backend: file, path: frames}
        slots:
          - {name: sky, kind: weather, family: systemMedium, params: {latitude: 37.57, longitude: 126.98}}
          - {name: work, kind: agenda, family: systemMedium, params: {calendars: ["Work=https://example.com/work.ics"]}}
          - {name: soon, kind: countdown, family: systemSmall, params: {title: Launch, target: "2027-01-03"}}
        """

    /// The libraries opened on demand are opened at once for the slots that need them.
    @Test func theLibrariesTheConfigNeedsAreOpened() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try write(fetching, in: directory)
        let result = try runGlance(["check", "--config", "wall.yaml"], in: directory)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "glance: wall.yaml loads: 3 slots on the file backend (frames in frames), 800×480 bw; opens libcurl.so.4, libical.so.3\n")
        // A heatmap's URL fetches; a preview fetches and parses nothing; mqtt: needs libmosquitto.
        try write("""
            mqtt: {host: broker.lan}
            display: {backend: file, path: frames}
            slots:
              - {name: steps, kind: heatmap, family: systemMedium, params: {url: "https://example.com/steps.json"}}
              - {name: sky, kind: weather, family: systemSmall, preview: true}
              - {name: work, kind: agenda, family: systemSmall, preview: true, params: {calendars: ["Work=https://example.com/work.ics"]}}
            """, in: directory)
        let fleet = try runGlance(["check", "--config", "wall.yaml"], in: directory)
        #expect(fleet.status == 0, "\(fleet.stderr)")
        #expect(fleet.stdout == "glance: wall.yaml loads: 3 slots on the file backend (frames in frames), 800×480 bw; with mqtt:; opens libcurl.so.4, libmosquitto.so.1\n")
        let noBroker = try runGlance(["check", "--config", "wall.yaml"], in: directory, environment: ["GLANCE_TEST_MISSING_LIBRARY": "libmosquitto.so.1"])
        #expect(noBroker.status == 4)
        #expect(noBroker.stderr.hasPrefix("glance: mqtt: needs libmosquitto.so.1: ") && noBroker.stderr.hasSuffix("; install libmosquitto1\n"), "\(noBroker.stderr)")
    }

    /// A library that cannot be opened (here a missing file stands in for libcurl's, a
    /// debug build's seam): one line naming what needs it, the loader's reason and the
    /// package to install; exit 4.
    @Test func aMissingLibraryIsOneLineAndExitFour() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try write(fetching, in: directory)
        let result = try runGlance(["check", "--config", "wall.yaml"], in: directory, environment: ["GLANCE_TEST_MISSING_LIBRARY": "libcurl.so.4"])
        #expect(result.status == 4)
        #expect(result.stdout == "")
        #expect(result.stderr == "glance: slot sky (weather) needs libcurl.so.4: libcurl.so.4.missing-for-test cannot be loaded "
            + "(libcurl.so.4.missing-for-test: cannot open shared object file: No such file or directory); install libcurl4\n")
    }

    /// A board whose SPI device does not exist: `--devices` says the interface is off, in
    /// the daemon's words (this machine has no GPIO chip either: a second line); without
    /// `--devices` nothing is opened.
    @Test func aMissingDeviceNodeSaysTheInterfaceIsOff() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try write("display: {board: waveshare-7in5-v2, spi: {device: /dev/spidev7.0}}\nslots:\n  - {kind: weekday, family: systemSmall}\n", in: directory)
        let plain = try runGlance(["check", "--config", "wall.yaml"], in: directory)
        #expect(plain.status == 0, "\(plain.stderr)")
        #expect(plain.stdout == "glance: wall.yaml loads: 1 slot on board waveshare-7in5-v2, 800×480 bw\n")
        let result = try runGlance(["check", "--config", "wall.yaml", "--devices"], in: directory)
        #expect(result.status == 5)
        #expect(result.stdout == "")
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.first?.hasPrefix("glance: /dev/spidev7.0 does not exist: ") == true, "\(result.stderr)")
        #expect(result.stderr.contains("dtparam=spi=on") || result.stderr.contains("this machine has /dev/spidev"))
        let hasChips = ((try? FileManager.default.contentsOfDirectory(atPath: "/dev")) ?? []).contains { $0.hasPrefix("gpiochip") }
        if !hasChips { #expect(lines.count == 2 && lines.last?.hasPrefix("glance: no GPIO chip (no /dev/gpiochip* devices)") == true, "\(result.stderr)") }
    }

    /// A framebuffer (here a plain file) is opened and closed; a user who may not open it
    /// is told who, the node's owner, group and mode, and what to do (as root, files' modes
    /// do not apply: the check runs as nobody).
    @Test(.enabled(if: geteuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")))
    func aDeviceThisUserMayNotOpenIsOneLine() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        chmod(directory.path, 0o755)
        let node = directory.appendingPathComponent("fb9").path
        #expect(FileManager.default.createFile(atPath: node, contents: nil, attributes: [.posixPermissions: 0o000]))
        let config = directory.appendingPathComponent("wall.yaml").path
        try write("display: {backend: framebuffer, path: \(node)}\nslots:\n  - {kind: weekday, family: systemSmall}\n", in: directory)
        chmod(config, 0o644)
        let opened = try runGlance(["check", "--config", config, "--devices"])
        #expect(opened.status == 0, "\(opened.stderr)")
        #expect(opened.stdout.hasSuffix("; opened \(node)\n"), "\(opened.stdout)")
        let refused = try runGlance(["check", "--config", config, "--devices"],
                                    via: ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"])
        #expect(refused.status == 5)
        #expect(refused.stderr == "glance: user nobody cannot open \(node) (root:root 0000): only root may open it: a udev rule must give it "
            + "to group video with MODE=\"0660\" (the glance package installs them for gpio and spi; udevadm trigger applies them) "
            + "and the user must be in group video (sudo usermod -aG video nobody); then restart glance or log in again\n")
    }

    /// A widget executable has `check` too: it knows its own widgets (which `glance` does
    /// not), says when no slot shows them, and that `mqtt:` needs the Fleet trait. The
    /// packaged service's upgrade asks the binary the unit runs (scripts/widget-service).
    @Test func aWidgetExecutableChecksWithItsOwnWidgets() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try write("display: {backend: file, path: frames}\nslots:\n  - {name: emoji, kind: EmojiWidget, family: systemSmall}\n", in: directory)
        let own = try runGlance(["check", "--config", "wall.yaml"], in: directory, executable: "EmojiWidget")
        #expect(own.status == 0, "\(own.stderr)")
        #expect(own.stdout == "glance: wall.yaml loads: 1 slot on the file backend (frames in frames), 800×480 bw\n")
        let daemon = try runGlance(["check", "--config", "wall.yaml"], in: directory)
        #expect(daemon.status == 2)
        #expect(daemon.stderr.hasPrefix("glance: wall.yaml:3:25: slots[0].kind: unknown widget kind 'EmojiWidget'"), "\(daemon.stderr)")

        try write("mqtt: {host: broker.lan}\ndisplay: {backend: file, path: frames}\nslots:\n  - {kind: weekday, family: systemSmall}\n", in: directory)
        let builtIn = try runGlance(["check", "--config", "wall.yaml"], in: directory, executable: "EmojiWidget")
        #expect(builtIn.status == 0, "\(builtIn.stderr)")
        #expect(builtIn.stdout == "glance: wall.yaml loads: 1 slot on the file backend (frames in frames), 800×480 bw; "
            + "no slot shows this program's own widget (EmojiWidget): add one with kind: EmojiWidget; "
            + "mqtt: not served: this executable was built without the Fleet trait\n")
        let bad = try runGlance(["check", "--config", "missing.yaml"], in: directory, executable: "EmojiWidget")
        #expect(bad.status == 2 && bad.stdout.isEmpty && bad.stderr.contains("missing.yaml"), "\(bad.stderr)")
    }
}
