import GlanceConfiguration
import GlanceHardware
import Glibc

/// The device nodes a configuration's display and inputs open, opened and closed at once
/// (no ioctl, no transfer): `glance check --devices`, run as the daemon's user, says before
/// a start which node that user may not open, and why, in the daemon's own words.
public enum DeviceAccess {
    /// A node `glance run` would open, and what its messages need.
    public struct Node: Equatable, Sendable {
        public var path: String
        /// The group such nodes are given (gpio, spi, video, input), named in the fix.
        public var group: String
        /// What to do when the node is missing (the interface is not enabled).
        public var missing: String
        /// Input devices are only read.
        public var readOnly = false
    }

    /// The nodes `OutputFactory.open` and `EvdevInput` open for `config`, in the daemon's
    /// order: a panel's SPI device and every GPIO chip (the chip is chosen by its label,
    /// which only opening tells), a framebuffer, each `input:` device. The file backend and
    /// a trace transport open none. No GPIO chip at all is a failure of its own.
    public static func nodes(for config: GlanceConfig, gpio: LibgpiodSystem = LibgpiodSystem()) -> [Result<Node, DeviceError>] {
        var nodes: [Result<Node, DeviceError>] = []
        let display = config.display
        switch display.backend {
        case .file:
            break
        case .framebuffer:
            nodes.append(.success(Node(path: display.path, group: "video", missing: LinuxFramebuffer.missingAdvice)))
        case .panel:
            if let board = display.board, display.transport == .spi {
                nodes.append(.success(Node(path: board.spiDevice, group: "spi", missing: SpidevSystem.missingAdvice(board.spiDevice))))
                let chips = gpio.chipPaths()
                if chips.isEmpty {
                    nodes.append(.failure(DeviceError(path: gpio.devices + "/gpiochip0", kind: .missing,
                                                      problem: "no GPIO chip (no \(gpio.devices)/gpiochip* devices)",
                                                      fix: "Glance needs the GPIO character device of a Raspberry Pi-class board")))
                }
                for chip in chips { nodes.append(.success(Node(path: chip, group: "gpio", missing: "this kernel has no such GPIO chip"))) }
            }
        }
        for input in config.inputs {
            nodes.append(.success(Node(path: input.device, group: "input", missing: "ls /dev/input/by-id shows the devices there are (those names stay the same across reboots)",
                                       readOnly: true)))
        }
        return nodes
    }

    /// Opens each node of `config` as the daemon does (`O_NONBLOCK`, so nothing waits) and
    /// closes it: the paths opened, and the one-line errors the daemon would give.
    public static func check(_ config: GlanceConfig, gpio: LibgpiodSystem = LibgpiodSystem()) -> (opened: [String], failures: [DeviceError]) {
        var opened: [String] = []
        var failures: [DeviceError] = []
        for node in nodes(for: config, gpio: gpio) {
            switch node {
            case .success(let node):
                if let failure = check(node) { failures.append(failure) } else { opened.append(node.path) }
            case .failure(let failure):
                failures.append(failure)
            }
        }
        return (opened, failures)
    }

    /// Opens `node` and closes it: nil, or the daemon's one-line error.
    public static func check(_ node: Node) -> DeviceError? {
        let descriptor = open(node.path, (node.readOnly ? O_RDONLY : O_RDWR) | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard descriptor >= 0 else { return DeviceErrors.openFailure(node.path, errno, group: node.group, missing: node.missing) }
        close(descriptor)
        return nil
    }
}
