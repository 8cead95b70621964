// Runs inside a small VM whose kernel has a simulated GPIO chip (`gpio-sim`, labelled
// pinctrl-bcm2711, 58 lines, lines 17 and 24 named GPIO17 and GPIO24) and a virtual
// framebuffer (vfb, 320x240 RGB565): see scripts/gpio-sim-vm. Exercises Glance's
// libgpiod adapter — whichever libgpiod major version it was built against — the wired
// bus and keys on a real kernel GPIO character device, and the framebuffer output on a
// real /dev/fb0. The simulator's sysfs folder ($GPIO_SIM_SYSFS) shows what outputs
// drive (`sim_gpioN/value`) and sets what inputs read (`sim_gpioN/pull`).
import FoundationEssentials
import GlanceDisplays
import GlanceGraphics
import GlanceHardware
import GlanceWake
import GlanceSystem
import GlanceTime
import Glibc

let sysfs = getenv("GPIO_SIM_SYSFS").map { String(cString: $0) } ?? ""
var failures = 0

@MainActor func check(_ condition: Bool, _ what: String) {
    print("\(condition ? "ok  " : "FAIL") \(what)")
    if !condition { failures += 1 }
}

func simulated(_ offset: Int) -> String {
    ((try? String(contentsOfFile: "\(sysfs)/sim_gpio\(offset)/value", encoding: .utf8)) ?? "?").filter { !$0.isWhitespace }
}

/// Sets what the simulated input `offset` reads (any thread).
func pull(_ offset: Int, up: Bool) {
    guard let file = fopen("\(sysfs)/sim_gpio\(offset)/pull", "w") else {
        print("FAIL cannot open \(sysfs)/sim_gpio\(offset)/pull")
        exit(1)
    }
    fputs(up ? "pull-up" : "pull-down", file)
    fclose(file)
}

func elapsed(_ start: UInt64) -> Double { Double(MonotonicTiming().monotonicNanoseconds() - start) / 1e6 }

/// The SPI side is not simulated: writes are counted.
final class CountingSPI: SPISystem, SPIDevice {
    var bytes = 0
    var maximumTransferBytes: Int { 4096 }
    func check(path: String) throws {}
    func open(path: String, mode: Int, speedHz: Int) throws -> SPIDevice { self }
    func write(_ buffer: UnsafeRawBufferPointer) throws { bytes += buffer.count }
    func close() {}
}

print(LibgpiodSystem.version)

// `--host`: on a machine with no GPIO chip (CI's, beside a second libgpiod build): the
// adapter is the API CI built it for (GLANCE_EXPECT_GPIOD_API) and fails with the
// start-up messages, as LinuxDeviceTests checks the first build's.
if CommandLine.arguments.contains("--host") {
    let version = LibgpiodSystem.version
    if let expected = getenv("GLANCE_EXPECT_GPIOD_API").map({ String(cString: $0) }) {
        check(version.hasPrefix("libgpiod \(expected).") && version.hasSuffix("(v\(expected) API)"), "built against libgpiod \(expected).x's API: \(version)")
    } else {
        check(false, "--host needs GLANCE_EXPECT_GPIOD_API (1 or 2): the API this build must have used")
    }
    let empty = "/tmp/glance-nogpio-\(getpid())"
    mkdir(empty, 0o755)
    let none = LibgpiodSystem(devices: empty)
    check(none.chipPaths().isEmpty, "a folder without chips lists none")
    do {
        _ = try none.openChip(labelledAnyOf: ["pinctrl-bcm2711"])
        check(false, "no chip: an error")
    } catch {
        check(error as? PanelBusError == .io("no GPIO chip found (no /dev/gpiochip* devices): Glance needs the GPIO character device of a Raspberry Pi-class board"),
              "no chip: \(error)")
    }
    rmdir(empty)
    do {
        _ = try LibgpiodSystem().openChip(path: "/dev/null")
        check(false, "/dev/null opened as a GPIO chip")
    } catch let error as DeviceError {
        check(error.kind == .unsupported && error.isPermanent && error.path == "/dev/null" && error.description.hasPrefix("/dev/null is not a GPIO chip"),
              "a file that is no chip: \(error)")
    } catch {
        check(false, "a file that is no chip: \(error)")
    }
    do {
        _ = try LibgpiodSystem().openChip(path: "/dev/gpiochip-none")
        check(false, "a missing chip opened")
    } catch let error as DeviceError {
        check(error.kind == .missing && error.isPermanent && error.code == ENOENT
              && error.description == "/dev/gpiochip-none does not exist: this kernel has no such GPIO chip", "a missing chip: \(error)")
    } catch {
        check(false, "a missing chip: \(error)")
    }
    print(failures == 0 ? "all host checks passed" : "\(failures) host checks failed")
    exit(failures == 0 ? 0 : 1)
}

let system = LibgpiodSystem()

// Chips by label, lines by name.
do {
    let chip = try system.openChip(labelledAnyOf: ["pinctrl-rp1", "pinctrl-bcm2711"])
    check(chip.label == "pinctrl-bcm2711" && chip.lineCount == 58, "chip found by label: \(chip.path) '\(chip.label)' with \(chip.lineCount) lines")
    check(chip.offset(ofLineNamed: "GPIO17") == 17, "line GPIO17 found by name")
    check((try? chip.name(ofLine: 24)) == "GPIO24", "line 24 is named GPIO24")
    check(chip.offset(ofLineNamed: "NOPE") == nil, "an unknown name is not found")

    // Outputs drive the line; a claimed line names its holder.
    check((try chip.holder(ofLine: 5)) == nil, "line 5 starts free")
    let output = try chip.requestOutput(offset: 5, consumer: "glance", initialHigh: true)
    check(simulated(5) == "1", "output claimed high reads 1 in the simulator")
    try output.set(high: false)
    check(simulated(5) == "0", "output set low reads 0")
    check((try chip.holder(ofLine: 5)) == "glance", "line 5 is held by 'glance'")
    do {
        _ = try chip.requestOutput(offset: 5, consumer: "second", initialHigh: false)
        check(false, "a second claim of line 5 fails")
    } catch {
        check("\(error)".contains("in use by 'glance'"), "a second claim names the holder: \(error)")
    }
    output.release()
    check((try chip.holder(ofLine: 5)) == nil, "a released line is free again")

    // Inputs: bias, level, edge events with timestamps.
    let input = try chip.requestInput(offset: 6, consumer: "glance", bias: .pullUp, edges: .both)
    pull(6, up: true)
    _ = try? input.waitForEdge(timeoutNanoseconds: 50_000_000)
    while (try? input.waitForEdge(timeoutNanoseconds: 0)) == true { _ = try input.readEdge() }
    check(try input.read() == true, "input pulled up reads high")
    let before = MonotonicTiming().monotonicNanoseconds()
    pull(6, up: false)
    check(try input.waitForEdge(timeoutNanoseconds: 1_000_000_000), "pulling it down queues an edge")
    let edge = try input.readEdge()
    check(!edge.rising && edge.timestampNanoseconds >= before, "the edge is falling, stamped on CLOCK_MONOTONIC (\(edge.timestampNanoseconds) ≥ \(before))")
    check(try input.read() == false, "input now reads low")
    check(try input.waitForEdge(timeoutNanoseconds: 20_000_000) == false, "no further edge: the wait times out")
    input.release()
    chip.close()
} catch {
    check(false, "libgpiod adapter: \(error)")
}

// The wired bus on real lines: claims, D/C, BUSY by edges with a bounded wait.
let wiring = PanelWiring(spiDevice: "/dev/spidev0.0", spiSpeedHz: 4_000_000, spiMode: 0, chipSelectByGPIO: true,
                         chipLabels: ["pinctrl-rp1", "pinctrl-bcm2711"],
                         lines: [.reset: 17, .dataCommand: 25, .busy: "GPIO24", .chipSelect: 8], keys: ["KEY4": 19])
do {
    let spi = CountingSPI()
    pull(24, up: false)
    let bus = try WiredBus.open(wiring, gpio: system, spi: spi)
    check(simulated(17) == "1" && simulated(8) == "1", "RST and CS claimed high")
    try bus.command(0x12)
    check(simulated(25) == "0", "D/C low after a command")
    try bus.data([1, 2, 3])
    check(simulated(25) == "1" && simulated(8) == "1" && spi.bytes == 4, "D/C high for data, CS released, 4 bytes written")

    // BUSY (line 24, by name) held high: the wait ends at its timeout, not later.
    pull(24, up: true)
    var start = MonotonicTiming().monotonicNanoseconds()
    do {
        try bus.waitWhileBusy(level: .high, timeoutMilliseconds: 300, operation: "test")
        check(false, "a stuck BUSY times out")
    } catch {
        let waited = elapsed(start)
        check(waited >= 300 && waited < 600, "a stuck BUSY times out after \(Int(waited)) ms (timeout 300 ms): \(error)")
    }
    // BUSY released by another thread after 100 ms: the edge ends the wait.
    start = MonotonicTiming().monotonicNanoseconds()
    startThread { usleep(100_000); pull(24, up: false) }
    try bus.waitWhileBusy(level: .high, timeoutMilliseconds: 5_000, operation: "test")
    let waited = elapsed(start)
    check(waited >= 95 && waited < 400, "BUSY released after 100 ms ends the wait after \(Int(waited)) ms")

    // A key press wakes the event clock at once.
    let clock = try LinuxEventClock()
    let keys = GPIOKeys(keys: bus.keyLines)
    var pressed: [String] = []
    try keys.attach(to: clock, edges: { name, edge in
        if edge.down { pressed.append(name) }
        clock.interrupt()
    }, log: { print("log: \($0)") })
    pull(19, up: false)
    start = MonotonicTiming().monotonicNanoseconds()
    let cause = clock.wait(until: Date().addingTimeInterval(10))
    check(cause == .interrupted && pressed == ["KEY4"] && elapsed(start) < 1_000, "pressing KEY4 wakes the clock in \(Int(elapsed(start))) ms")

    // A line held by another program, and CS held: refused before anything is claimed.
    let other = try system.openChip(labelledAnyOf: ["pinctrl-bcm2711"])
    bus.close()
    let held = try other.requestOutput(offset: 8, consumer: "spi0 CS0", initialHigh: true)
    do {
        _ = try WiredBus.open(wiring, gpio: system, spi: spi)
        check(false, "CS held by the kernel is refused")
    } catch {
        check("\(error)".contains("dtoverlay=spi0-0cs"), "CS held: \(error)")
        check((try other.holder(ofLine: 17)) == nil, "nothing left claimed after the refusal")
    }
    held.release()
    other.close()
} catch {
    check(false, "wired bus: \(error)")
}

// The framebuffer output (through the one pipeline) on the kernel's virtual framebuffer: geometry from the ioctls,
// pixels read back from the device, only changed rows written.
if access("/dev/fb0", F_OK) == 0 {
    do {
        let sink = FramebufferOutput(framebuffer: try LinuxFramebuffer(path: "/dev/fb0"), palette: .rgb565, dither: .none)
        let pipeline = DisplayPipeline(output: sink)
        let screen = sink.geometry
        check(screen.width == 320 && screen.height == 240 && screen.bitsPerPixel == 16 && screen.green.length == 6,
              "/dev/fb0 (\(screen.name)): \(screen.width)x\(screen.height), \(screen.bitsPerPixel) bpp, line \(screen.lineLength) bytes")
        var canvas = try Canvas(width: screen.width, height: screen.height)
        for y in 0..<screen.height { for x in 0..<screen.width { canvas.setPixel(y * screen.width + x, RGBA(UInt8(x * 255 / 319), UInt8(y), 200)) } }
        try pipeline.show(canvas, at: Date())
        let expected = canvas.quantised(to: .rgb565, dither: .none)
        let device = open("/dev/fb0", O_RDONLY)
        var memory = [UInt8](repeating: 0, count: screen.lineLength * screen.height)
        let read = memory.withUnsafeMutableBytes { pread(device, $0.baseAddress, $0.count, 0) }
        close(device)
        var mismatches: [String] = []
        for y in 0..<screen.height {
            for x in 0..<screen.width {
                let at = y * screen.lineLength + x * 2
                let pixel = UInt32(memory[at]) | UInt32(memory[at + 1]) << 8
                if screen.decode(pixel) != Palette.rgb565.color(of: expected.values[y * screen.width + x]) { mismatches.append("\(x),\(y)") }
            }
        }
        check(read == memory.count && mismatches.isEmpty, "the frame reads back from /dev/fb0 pixel for pixel (\(mismatches.count) differ\(mismatches.isEmpty ? "" : ", first at \(mismatches[0]), last at \(mismatches[mismatches.count - 1])"))")
        let before = sink.bytesWritten
        canvas.fill(PixelRect(x: 10, y: 100, width: 50, height: 20), .black)
        try pipeline.show(canvas, at: Date())
        check(sink.bytesWritten - before == 20 * screen.width * 2, "a change in 20 rows writes those rows only (\(sink.bytesWritten - before) bytes)")
    } catch {
        check(false, "framebuffer: \(error)")
    }
} else if CommandLine.arguments.contains("--all") {
    check(false, "no /dev/fb0 in this VM")
} else {
    print("skip no /dev/fb0 in this VM")
}

// SPI through the kernel's spidev, on a software SPI controller that records what it is
// sent (scripts/vm/glance_spi_capture.c): a whole UC8179 (7.5") update through the real
// wired bus must arrive byte for byte, split into transfers spidev accepts (its 48,000-byte
// planes over spidev's 4096-byte buffer), at the board's mode and speed.
/// The bytes a driver sends, in order, without wires.
final class RecordingBus: PanelBus {
    var bytes: [UInt8] = []
    func command(_ code: UInt8) throws { bytes.append(code) }
    func data(_ more: [UInt8]) throws { bytes += more }
    func setLine(_ line: PanelLine, high: Bool) throws {}
    func waitWhileBusy(level: BusyLevel, timeoutMilliseconds: Int, operation: String) throws {}
    func delay(milliseconds: Int) {}
    /// Every byte goes to one list, whichever controllers it is for.
    func select(_ chips: PanelChips) throws {}
}

func captureFile(_ directory: String, _ name: String) -> [UInt8] {
    guard let data = FileManager.default.contents(atPath: "\(directory)/\(name)") else { return [] }
    return [UInt8](data)
}

if let device = getenv("GLANCE_SPI_DEVICE").map({ String(cString: $0) }),
   let capture = getenv("GLANCE_SPI_CAPTURE").map({ String(cString: $0) }) {
    do {
        var frame = [UInt32](repeating: 1, count: 800 * 480)
        for index in frame.indices where (index % 800 / 8 + index / 800 / 8) % 2 == 0 { frame[index] = 0 }
        let picture = QuantisedFrame(width: 800, height: 480, palette: .bw, values: frame)
        func update(_ bus: any PanelBus) throws {
            let display = DisplayPipeline(controller: try UC8179Controller(bus: bus), profile: RefreshProfile())
            _ = try display.show(native: picture, cadence: .full)
        }
        let expected = RecordingBus()
        try update(expected)

        let panel = PanelWiring(spiDevice: device, spiSpeedHz: 4_000_000, spiMode: 0, chipSelectByGPIO: false,
                                chipLabels: ["pinctrl-bcm2711"], lines: [.reset: 17, .dataCommand: 25, .busy: 24, .power: 18])
        pull(24, up: true)  // BUSY high: the UC8179 is never busy here
        let reset = fopen("\(capture)/reset", "w")
        fputs("1", reset)
        fclose(reset)
        let bus = try WiredBus.open(panel)
        try update(bus)
        bus.close()
        let received = captureFile(capture, "data")
        check(received == expected.bytes, "spidev carried the UC8179 update byte for byte (\(received.count) of \(expected.bytes.count) bytes)")
        let transfers = String(decoding: captureFile(capture, "transfers"), as: UTF8.self).split(separator: "\n").map { $0.split(separator: " ").compactMap { Int($0) } }
        check(transfers.count == bus.transfers && transfers.contains { $0.first == 4096 } && transfers.allSatisfy { $0.count == 3 && $0[0] <= 4096 && $0[1] == 4_000_000 && $0[2] == 8 },
              "\(transfers.count) transfers, each at most 4096 bytes at 4 MHz, 8 bits (largest \(transfers.map { $0.first ?? 0 }.max() ?? 0))")
        let mode = String(decoding: captureFile(capture, "mode"), as: UTF8.self).filter { !$0.isWhitespace }
        check(mode == "0x0", "the device is in SPI mode 0 (\(mode))")
    } catch {
        check(false, "spidev: \(error)")
    }

    // A panel of two controllers (a 13.3" Spectra 6: CS and CS1 both GPIOs): the same
    // bytes on the wire as the driver sends, both chip selects claimed, and both high
    // (deselected) once the update is over.
    do {
        let model = ColourEPaperController.Model.el133uf1(.pimoroni)
        let picture = QuantisedFrame(width: 1200, height: 1600, palette: .spectra6,
                                     values: (0..<(1200 * 1600)).map { $0 % 1200 < 600 ? 0 : 3 })
        func update(_ bus: any PanelBus) throws {
            let controller = try ColourEPaperController(bus: bus, model: model, width: 1200, height: 1600, palette: .spectra6)
            let display = DisplayPipeline(controller: controller, profile: RefreshProfile(partial: false, fast: false))
            _ = try display.show(native: picture, cadence: .full)
        }
        let expected = RecordingBus()
        try update(expected)
        let panel = PanelWiring(spiDevice: device, spiSpeedHz: 10_000_000, spiMode: 0, chipSelectByGPIO: true,
                                chipLabels: ["pinctrl-bcm2711"], lines: [.reset: 17, .dataCommand: 25, .busy: 24, .chipSelect: 8, .chipSelect1: 7])
        pull(24, up: true)  // BUSY high: never busy here
        let reset = fopen("\(capture)/reset", "w")
        fputs("1", reset)
        fclose(reset)
        let bus = try WiredBus.open(panel)
        let system = LibgpiodSystem()
        let chip = try system.openChip(labelledAnyOf: ["pinctrl-bcm2711"])
        let holders = (try chip.holder(ofLine: 8), try chip.holder(ofLine: 7))
        check(holders.0 == "glance" && holders.1 == "glance", "both chip selects (GPIO8, GPIO7) claimed by glance")
        chip.close()
        try update(bus)
        check(simulated(8) == "1" && simulated(7) == "1", "both chip selects high after the update")
        bus.close()
        let received = captureFile(capture, "data")
        check(received == expected.bytes, "spidev carried the two-controller update byte for byte (\(received.count) of \(expected.bytes.count) bytes)")
    } catch {
        check(false, "two controllers: \(error)")
    }
} else if CommandLine.arguments.contains("--all") {
    check(false, "no spidev in this VM (GLANCE_SPI_DEVICE)")
} else {
    print("skip no spidev in this VM")
}

print(failures == 0 ? "all device checks passed" : "\(failures) device checks failed")
exit(failures == 0 ? 0 : 1)
