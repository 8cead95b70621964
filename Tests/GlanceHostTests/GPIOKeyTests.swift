import GlanceDisplays
import Foundation
import GlanceEmulators
import GlanceHardware
import GlanceHost
import Synchronization
import Testing
import GlanceWake

/// Board keys as a wake source: edge events on the key lines end the clock's wait, are
/// debounced by their timestamps, and reach the host as presses.
@Suite struct GPIOKeyTests {
    static let wiring = PanelWiring(
        spiDevice: "/dev/spidev0.0", spiSpeedHz: 4_000_000, spiMode: 0, chipSelectByGPIO: false, chipLabels: ["pinctrl-bcm2711"],
        lines: [.reset: 17, .dataCommand: 25, .busy: 24, .power: 18], keys: ["KEY1": 5, "KEY2": 6, "KEY3": 13, "KEY4": 19])

    func open() throws -> (EmulatedWiring, WiredBus, GPIOKeys) {
        let wires = EmulatedWiring(raspberryPi4For: Self.wiring, emulator: nil)
        let bus = try WiredBus.open(Self.wiring, gpio: wires, spi: wires, timing: wires.timing)
        return (wires, bus, GPIOKeys(keys: bus.keyLines))
    }

    @Test func contactBounceIsOnePress() throws {
        let (wires, bus, keys) = try open()
        defer { withExtendedLifetime(bus) {} }
        let ms: UInt64 = 1_000_000
        // KEY2 (GPIO6): down with two bounces, up with one, then a second real press.
        for (pressed, at) in [(true, 100), (false, 102), (true, 104), (false, 180), (true, 183), (false, 186), (true, 400), (false, 480)] {
            wires.key(6, pressed: pressed, atNanoseconds: UInt64(at) * ms)
        }
        let ms64 = { (at: UInt64) in at * ms }
        #expect(try keys.drain(1) == [.init(down: true, atNanoseconds: ms64(100)), .init(down: false, atNanoseconds: ms64(180)),
                                      .init(down: true, atNanoseconds: ms64(400)), .init(down: false, atNanoseconds: ms64(480))])
        #expect(try keys.drain(0) == [])
        // A tap shorter than the debounce time still counts, and so does the next press.
        for (pressed, at) in [(true, 1000), (false, 1010), (true, 1100), (false, 1300)] {
            wires.key(5, pressed: pressed, atNanoseconds: UInt64(at) * ms)
        }
        #expect(try keys.drain(0) == [.init(down: true, atNanoseconds: ms64(1000)), .init(down: false, atNanoseconds: ms64(1010)),
                                      .init(down: true, atNanoseconds: ms64(1100)), .init(down: false, atNanoseconds: ms64(1300))])
    }

    @Test func aKeyPressEndsTheClocksWait() throws {
        let (wires, bus, keys) = try open()
        defer { withExtendedLifetime(bus) {} }
        let clock = try LinuxEventClock()
        let pressed = Mutex<[String]>([])
        try keys.attach(to: clock, input: { input in
            if case .keyDown(let name, _) = input { pressed.withLock { $0.append(name) } }
            clock.interrupt()
        }, log: { Issue.record("unexpected log: \($0)") })
        wires.key(13, pressed: true)
        // Without the key this wait would end at its deadline, an hour from now.
        #expect(clock.wait(until: Date().addingTimeInterval(3600)) == .interrupted)
        #expect(pressed.withLock { $0 } == ["KEY3"])
        // The edge was read: the next wait is not woken by it again.
        #expect(clock.wait(until: Date().addingTimeInterval(0.05)) == .deadline)
    }
}
