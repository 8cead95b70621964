import Glibc
import GlanceDisplays
import GlanceEmulators
import GlanceGraphics
import GlanceHardware
import Testing

/// The real `WiredBus` (claims, D/C, chip select, chunking, BUSY edges and timeouts)
/// driving controller emulators through emulated GPIO and SPI.
@Suite struct WiredBusTests {
    static let waveshare75 = PanelWiring(
        spiDevice: "/dev/spidev0.0", spiSpeedHz: 4_000_000, spiMode: 0, chipSelectByGPIO: false,
        chipLabels: ["pinctrl-rp1", "pinctrl-bcm2711", "pinctrl-bcm2835"],
        lines: [.reset: .offset(17), .dataCommand: .offset(25), .busy: .offset(24), .power: .offset(18)])
    static let inkyWhat = PanelWiring(
        spiDevice: "/dev/spidev0.0", spiSpeedHz: 10_000_000, spiMode: 0, chipSelectByGPIO: true,
        chipLabels: ["pinctrl-rp1", "pinctrl-bcm2711"],
        lines: [.reset: .offset(27), .dataCommand: .offset(22), .busy: .offset(17), .chipSelect: .offset(8)])

    @Test func aUC8179OnWiresShowsEveryRefreshPixelForPixel() throws {
        let emulator = UC8179Emulator()
        let wires = EmulatedWiring(raspberryPi4For: Self.waveshare75, emulator: emulator)
        let bus = try WiredBus.open(Self.waveshare75, gpio: wires, spi: wires, timing: wires.timing)
        let display = DisplayPipeline(controller: try UC8179Controller(bus: bus), profile: RefreshProfile(fast: true))

        let first = PanelTestFrames.pattern(width: 800, height: 480)
        #expect(try display.show(native: first, cadence: .full)?.refresh == .full)
        #expect(emulator.screen == first)
        let digit = PanelTestFrames.changed(first, in: PixelRect(x: 203, y: 100, width: 40, height: 64))
        #expect(try display.show(native: digit, cadence: .partial)?.refresh == .partial)
        #expect(emulator.screen == digit)
        try emulator.checkAsleep()
        #expect(emulator.violations.isEmpty)
        #expect(wires.faults.isEmpty)
        // 48,000-byte planes go out in spidev-sized transfers, never larger.
        #expect(wires.transferSizes.max() == 4096)
        #expect(bus.bytesWritten == emulator.bytesReceived)
        // The BUSY waits ran on the emulator's clock: seconds of refresh, no real sleep.
        #expect(emulator.now > 1_000)
    }

    @Test func chipSelectByGPIOFramesEveryTransfer() throws {
        let emulator = SSD168xEmulator(model: "ssd1683", width: 400, height: 300, palette: .bwr)
        let wires = EmulatedWiring(raspberryPi4For: Self.inkyWhat, emulator: emulator)
        wires.maximumTransferBytes = 1000
        let bus = try WiredBus.open(Self.inkyWhat, gpio: wires, spi: wires, timing: wires.timing)
        let controller = try SSD168xController(bus: bus, model: .ssd1683, width: 400, height: 300, palette: .bwr,
                                                 timeouts: BusyTimeouts(full: 40_000))
        let display = DisplayPipeline(controller: controller, profile: RefreshProfile(partial: false, fast: false))
        let frame = PanelTestFrames.pattern(width: 400, height: 300, palette: .bwr)
        try display.show(native: frame, cadence: .full)
        #expect(emulator.screen == frame)
        #expect(wires.faults.isEmpty)
        #expect(wires.transferSizes.max() == 1000)
        // CS is high again between transfers.
        #expect(wires.levels[8] == true)
    }

    @Test func aStuckBusyTimesOutOnTheProfilesTimeout() throws {
        let emulator = UC8179Emulator()
        let wires = EmulatedWiring(raspberryPi4For: Self.waveshare75, emulator: emulator)
        let bus = try WiredBus.open(Self.waveshare75, gpio: wires, spi: wires, timing: wires.timing)
        let timeouts = BusyTimeouts(command: 500, full: 3_000)
        let display = DisplayPipeline(controller: try UC8179Controller(bus: bus, timeouts: timeouts), profile: RefreshProfile())
        emulator.busyStuck = true
        let start = emulator.now
        #expect {
            try display.show(native: PanelTestFrames.pattern(width: 800, height: 480), cadence: .full)
        } throws: { error in
            guard case let .busyTimeout(_, milliseconds) = error as? PanelBusError else { return false }
            return milliseconds == 500
        }
        // Gave up after the timeout (plus the reset's settle times), not later.
        #expect(emulator.now - start < 500 + 300)
    }

    @Test func releasingEveryLineOnClose() throws {
        let wires = EmulatedWiring(raspberryPi4For: Self.waveshare75, emulator: UC8179Emulator())
        let bus = try WiredBus.open(Self.waveshare75, gpio: wires, spi: wires, timing: wires.timing)
        #expect(wires.claimed == [17, 18, 24, 25])
        bus.close()
        #expect(wires.claimed.isEmpty)
    }

    @Test func linesByNameAndChipsByLabelWhateverTheirNumber() throws {
        // A Pi 5: the header's lines are on pinctrl-rp1, which need not be gpiochip0.
        var wiring = Self.waveshare75
        wiring.lines[.dataCommand] = .name("GPIO25")
        let wires = EmulatedWiring(emulator: nil, chips: [
            .init(path: "/dev/gpiochip0", label: "gpio-brcmstb@107d508500", lineCount: 32),
            .init(path: "/dev/gpiochip4", label: "pinctrl-rp1", lineCount: 54, names: ["GPIO25": 25]),
        ], spiDevices: ["/dev/spidev0.0": nil])
        let bus = try WiredBus.open(wiring, gpio: wires, spi: wires, timing: wires.timing)
        #expect(wires.claimed.contains(25))
        bus.close()
    }

    // MARK: Start-up errors: one line with the fix, nothing claimed

    func startupError(_ wiring: PanelWiring, _ wires: EmulatedWiring) -> String {
        do {
            _ = try WiredBus.open(wiring, gpio: wires, spi: wires, timing: wires.timing)
            return "opened"
        } catch {
            #expect(wires.claimed.isEmpty, "a failed start-up leaves no line claimed")
            #expect(!"\(error)".contains("\n"))
            return "\(error)"
        }
    }

    @Test func noSPIDeviceSaysEnableSPI() {
        let wires = EmulatedWiring(raspberryPi4For: Self.waveshare75, emulator: nil)
        wires.spiDevices = [:]
        #expect(startupError(Self.waveshare75, wires).contains("dtparam=spi=on"))
    }

    @Test func permissionSaysWhichGroup() {
        let wires = EmulatedWiring(raspberryPi4For: Self.waveshare75, emulator: nil)
        wires.spiDevices["/dev/spidev0.0"] = EACCES
        #expect(startupError(Self.waveshare75, wires).contains("cannot open /dev/spidev0.0: add the user to group spi (sudo usermod -aG spi "))
        wires.spiDevices["/dev/spidev0.0"] = .some(nil)
        wires.chips[0].openErrno = EACCES
        wires.chips[1].openErrno = EACCES
        #expect(startupError(Self.waveshare75, wires).contains("cannot open /dev/gpiochip0: add the user to group gpio (sudo usermod -aG gpio "))
    }

    @Test func aChipWithAnotherLabelListsWhatThereIs() {
        let wires = EmulatedWiring(emulator: nil, chips: [.init(path: "/dev/gpiochip0", label: "tegra234-gpio", lineCount: 164)],
                                   spiDevices: ["/dev/spidev0.0": nil])
        let message = startupError(Self.waveshare75, wires)
        #expect(message.contains("'pinctrl-rp1'") && message.contains("tegra234-gpio") && message.contains("gpio_chips"))
    }

    @Test func aClaimedChipSelectNamesTheOverlay() {
        let wires = EmulatedWiring(raspberryPi4For: Self.inkyWhat, emulator: nil)
        wires.chips[0].holders = [8: "spi0 CS0"]
        let message = startupError(Self.inkyWhat, wires)
        #expect(message.contains("pin CS") && message.contains("spi0 CS0") && message.contains("dtoverlay=spi0-0cs"))
    }

    @Test func aLineAnotherProgramHoldsIsNamed() {
        let wires = EmulatedWiring(raspberryPi4For: Self.waveshare75, emulator: nil)
        wires.chips[0].holders = [24: "python3"]
        let message = startupError(Self.waveshare75, wires)
        #expect(message.contains("pin BUSY") && message.contains("GPIO24") && message.contains("'python3'"))
    }

    @Test func lineMistakesInTheBoardAreNamed() {
        let wires = EmulatedWiring(raspberryPi4For: Self.waveshare75, emulator: nil)
        var wiring = Self.waveshare75
        wiring.lines[.busy] = .offset(60)
        #expect(startupError(wiring, wires).contains("pin BUSY: GPIO60 does not exist on pinctrl-bcm2711"))
        wiring.lines[.busy] = .name("BUSY_LINE")
        #expect(startupError(wiring, wires).contains("no line named \"BUSY_LINE\""))
        wiring.lines[.busy] = .offset(25)
        #expect(startupError(wiring, wires).contains("are both GPIO25"))
    }

    @Test func keysArePulledUpInputsWithEdgeEvents() throws {
        var wiring = Self.waveshare75
        wiring.keys = ["KEY1": .offset(5), "KEY2": .offset(6)]
        let wires = EmulatedWiring(raspberryPi4For: wiring, emulator: UC8179Emulator())
        let bus = try WiredBus.open(wiring, gpio: wires, spi: wires, timing: wires.timing)
        #expect(bus.keyLines.map(\.name) == ["KEY1", "KEY2"])
        wires.key(6, pressed: true)
        let key2 = bus.keyLines[1].line
        #expect(try key2.waitForEdge(timeoutNanoseconds: 0))
        #expect(try key2.readEdge().rising == false)
        #expect(try key2.read() == false)
        #expect(try bus.keyLines[0].line.waitForEdge(timeoutNanoseconds: 0) == false)
    }
}

/// The real libgpiod and spidev code on this machine, which has no GPIO chip and no SPI
/// bus: the adapters load, report their version, and fail with the start-up messages.
@Suite struct LinuxDeviceTests {
    @Test func libgpiodIsTheVersionTheBuildChose() {
        let version = LibgpiodSystem.version
        #expect(version.hasPrefix("libgpiod 1.") && version.hasSuffix("(v1 API)") || version.hasPrefix("libgpiod 2.") && version.hasSuffix("(v2 API)"))
        // CI builds twice and says which API each build must have used.
        if let expected = getenv("GLANCE_EXPECT_GPIOD_API").map({ String(cString: $0) }) {
            #expect(version.hasSuffix("(v\(expected) API)"))
        }
    }

    @Test func noChipsIsAClearError() throws {
        let empty = "/tmp/glance-nogpio-\(getpid())"
        mkdir(empty, 0o755)
        defer { rmdir(empty) }
        let system = LibgpiodSystem(devices: empty)
        #expect(system.chipPaths().isEmpty)
        #expect(throws: PanelBusError.io("no GPIO chip found (no /dev/gpiochip* devices): Glance needs the GPIO character device of a Raspberry Pi-class board")) {
            _ = try system.openChip(labelledAnyOf: ["pinctrl-bcm2711"])
        }
    }

    @Test func aFileThatIsNoGPIOChipIsRefused() {
        // Typed: a person must act, so the daemon reports these instead of retrying.
        let notAChip = #expect(throws: DeviceError.self) { _ = try LibgpiodSystem().openChip(path: "/dev/null") }
        #expect(notAChip?.kind == .unsupported && notAChip?.isPermanent == true && notAChip?.path == "/dev/null")
        #expect(notAChip?.description.hasPrefix("/dev/null is not a GPIO chip") == true)
        let missing = #expect(throws: DeviceError.self) { _ = try LibgpiodSystem().openChip(path: "/dev/gpiochip-none") }
        #expect(missing?.kind == .missing && missing?.isPermanent == true && missing?.code == ENOENT)
        #expect(missing?.description == "/dev/gpiochip-none does not exist: this kernel has no such GPIO chip")
    }

    @Test func spidevStartupErrors() throws {
        let spi = SpidevSystem()
        #expect(throws: DeviceError.self) { try spi.check(path: "/dev/spidev9.9") }
        do { try spi.check(path: "/dev/spidev9.9") } catch { #expect("\(error)".contains("dtparam=spi=on") || "\(error)".contains("this machine has /dev/spidev")) }
        // A file that is not an SPI device: the mode ioctl fails, the message says so.
        let path = "/tmp/glance-spidev-\(getpid())"
        fclose(fopen(path, "w"))
        defer { unlink(path) }
        do {
            _ = try spi.open(path: path, mode: 0, speedHz: 4_000_000)
            Issue.record("a plain file opened as an SPI device")
        } catch {
            #expect("\(error)".contains("cannot set SPI mode 0 at 4000000 Hz"))
        }
    }

    @Test func spidevBufferSizeComesFromTheModuleParameter() throws {
        let path = "/tmp/glance-bufsiz-\(getpid())"
        let file = fopen(path, "w")
        fputs("65536\n", file)
        fclose(file)
        defer { unlink(path) }
        #expect(SpidevSystem(bufferSizeFile: path).bufferSize() == 65536)
        #expect(SpidevSystem(bufferSizeFile: "/nonexistent").bufferSize() == 4096)
    }
}
