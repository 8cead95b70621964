import Foundation
import GlanceConfiguration
import GlanceHardware
import GlanceHost
import Glibc
import Testing

/// `glance check --devices` and the daemon's own open errors: which nodes a configuration
/// opens, and the one line for a node the user may not open. Tests run as root, whom file
/// modes do not stop: the permission lines are tested as text here (and end to end as
/// nobody in `CheckCommandTests`).
@Suite struct DeviceAccessTests {
    @Test func aNodeOfAGroupSaysWhichGroupToJoin() {
        let error = DeviceErrors.permissionDenied("/dev/spidev0.0", user: "glance", node: (owner: "root", group: "spi", gid: 997, mode: 0o660), wanted: "spi", userGroups: [])
        #expect(error.kind == .permission && error.isPermanent)
        #expect(error.description == "user glance cannot open /dev/spidev0.0 (root:spi 0660): add the user to group spi (sudo usermod -aG spi glance), then restart glance or log in again")
    }

    /// A node only root may open (plain Debian's gpiochip, 0600 root:root) needs the udev
    /// rule before any group helps.
    @Test func aNodeOfRootSaysAUdevRuleIsNeeded() {
        let error = DeviceErrors.permissionDenied("/dev/gpiochip0", user: "glance", node: (owner: "root", group: "root", gid: 0, mode: 0o600), wanted: "gpio", userGroups: [])
        #expect(error.description == "user glance cannot open /dev/gpiochip0 (root:root 0600): only root may open it: a udev rule must give it to group gpio "
            + "with MODE=\"0660\" (the glance package installs them for gpio and spi; udevadm trigger applies them) and the user must be in group gpio "
            + "(sudo usermod -aG gpio glance); then restart glance or log in again")
        // A group without permission on the node is no help either.
        let closed = DeviceErrors.permissionDenied("/dev/fb0", user: "pi", node: (owner: "root", group: "video", gid: 44, mode: 0o600), wanted: "video")
        #expect(closed.description.hasPrefix("user pi cannot open /dev/fb0 (root:video 0600): only root may open it: a udev rule must give it to group video"))
    }

    /// Advice never says to join root, nor a group the user is in already (the process
    /// only started before the membership).
    @Test func adviceNeverNamesRootOrAGroupAlreadyJoined() {
        let already = DeviceErrors.permissionDenied("/dev/spidev0.0", user: "glance", node: (owner: "root", group: "spi", gid: 997, mode: 0o660),
                                                    wanted: "spi", userGroups: ["glance", "spi"])
        #expect(already.description == "user glance cannot open /dev/spidev0.0 (root:spi 0660): user glance is in group spi already, "
            + "but this process started before that: restart glance or log in again")
        let rule = DeviceErrors.permissionDenied("/dev/gpiochip0", user: "glance", node: (owner: "root", group: "root", gid: 0, mode: 0o600),
                                                 wanted: "gpio", userGroups: ["gpio"])
        #expect(rule.description.contains("and the user is in group gpio already;") && !rule.description.contains("usermod"))
        for wanted in ["root", nil] as [String?] {
            let root = DeviceErrors.permissionDenied("/dev/mem0", user: "glance", node: (owner: "root", group: "root", gid: 0, mode: 0o600),
                                                     wanted: wanted, userGroups: [])
            #expect(!root.description.contains("group root") && root.description.contains("a group of its own"), "\(root.description)")
        }
        let unseen = DeviceErrors.permissionDenied("/dev/x", user: "glance", node: nil, wanted: "root", userGroups: [])
        #expect(!unseen.description.contains("group root"))
    }

    @Test func aNodeBehindAClosedFolderSaysSo() {
        let error = DeviceErrors.permissionDenied("/srv/x/fb0", user: "glance", node: nil, wanted: nil)
        #expect(error.description == "user glance cannot open /srv/x/fb0: a folder on the way to it is closed to the user; check ls -l /srv/x/fb0")
        // A node that cannot be looked at for another reason: the group such nodes have.
        let unseen = DeviceErrors.permissionDenied("/dev/spidev0.0", user: "glance", node: nil, wanted: "spi", userGroups: [])
        #expect(unseen.description == "user glance cannot open /dev/spidev0.0: add the user to group spi (sudo usermod -aG spi glance), then restart glance or log in again")
    }

    /// The daemon's own open failure (here through `openFailure`, as SPI, GPIO, the
    /// framebuffer and input devices call it) reads the same, from the node's own owner,
    /// group and mode (a file given to group nogroup, which root may do).
    @Test(.enabled(if: geteuid() == 0)) func theDaemonsOpenFailureIsTheSameLine() throws {
        let path = NSTemporaryDirectory() + "glance-node-\(UUID().uuidString)"
        #expect(FileManager.default.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o640]))
        defer { unlink(path) }
        #expect(chown(path, 0, 65534) == 0)
        let error = DeviceErrors.openFailure(path, EACCES, group: "input", missing: "")
        #expect(error.description == "user root cannot open \(path) (root:nogroup 0640): add the user to group nogroup (sudo usermod -aG nogroup root), then restart glance or log in again")
        #expect(DeviceErrors.openFailure("/dev/spidev7.0", ENOENT, group: "spi", missing: "SPI is not enabled").description == "/dev/spidev7.0 does not exist: SPI is not enabled")
    }

    func slots() -> String { "slots:\n  - {kind: weekday, family: systemSmall}\n" }

    /// A panel opens its SPI device and every GPIO chip (the label that picks one is read
    /// only by opening it), then the input devices; the file backend opens nothing.
    @Test func theNodesAConfigOpens() throws {
        let devices = NSTemporaryDirectory() + "glance-dev-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: devices, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: devices) }
        for name in ["gpiochip0", "gpiochip4", "spidev0.0", "event3"] {
            #expect(FileManager.default.createFile(atPath: devices + "/" + name, contents: nil))
        }
        let gpio = LibgpiodSystem(devices: devices)
        let panel = try ConfigLoader.parse("display: {board: waveshare-7in5-v2, spi: {device: \(devices)/spidev0.0}}\ninput:\n  - {device: \(devices)/event3}\n" + slots(),
                                           file: "wall.yaml")
        let (opened, failures) = DeviceAccess.check(panel, gpio: gpio)
        #expect(failures.isEmpty, "\(failures)")
        #expect(opened == ["\(devices)/spidev0.0", "\(devices)/gpiochip0", "\(devices)/gpiochip4", "\(devices)/event3"])
        #expect(DeviceAccess.nodes(for: panel, gpio: gpio).compactMap { try? $0.get() }.map(\.readOnly) == [false, false, false, true])

        let file = try ConfigLoader.parse("display: {board: waveshare-7in5-v2, backend: file, path: out}\n" + slots(), file: "wall.yaml")
        #expect(DeviceAccess.nodes(for: file, gpio: gpio).isEmpty)
        let trace = try ConfigLoader.parse("display: {board: waveshare-7in5-v2, transport: trace, path: bus.jsonl}\n" + slots(), file: "wall.yaml")
        #expect(DeviceAccess.nodes(for: trace, gpio: gpio).isEmpty)
    }

    @Test func missingNodesAndNoGPIOChipAreSaid() throws {
        let devices = NSTemporaryDirectory() + "glance-dev-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: devices, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: devices) }
        let panel = try ConfigLoader.parse("display: {board: waveshare-7in5-v2, spi: {device: \(devices)/spidev3.0}}\n" + slots(), file: "wall.yaml")
        let (opened, failures) = DeviceAccess.check(panel, gpio: LibgpiodSystem(devices: devices))
        #expect(opened.isEmpty)
        #expect(failures.map(\.kind) == [.missing, .missing])
        #expect(failures.first?.description.hasPrefix("\(devices)/spidev3.0 does not exist: ") == true)
        #expect(failures.last?.description == "no GPIO chip (no \(devices)/gpiochip* devices): Glance needs the GPIO character device of a Raspberry Pi-class board")
    }
}
