import GlanceRender
import ArgumentParser
import FoundationEssentials
import GlanceEmulators
import GlanceDisplays
import GlanceGraphics
import GlanceHardware
import GlanceHost
import GlanceText
import GlanceUI
import GlanceWidgetKit
import GlanceWidgets
import GlanceTime
import Glibc
import GlanceRunner

/// Bytes on the bus and the time they take at the board's SPI speed, for a one-digit
/// change on a panel: a full refresh against a partial one, through the board's real
/// driver into its controller emulator (which also checks the traffic).
struct BusBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bus",
        abstract: "Bus bytes and time for a one-digit change on a panel, full vs partial refresh.",
        discussion: """
        Renders a countdown filling the board's panel for two days whose labels differ in \
        one digit (D-41, D-40), shows the first, then the second once as a full and once \
        as a partial refresh, through the real wired bus on emulated GPIO and SPI. Last \
        line: board=B spi_hz=S full_bytes=F full_transfers=T full_bus_ms=X partial_bytes=P \
        partial_transfers=U partial_bus_ms=Y window=WxH+X+Y
        """
    )

    @Option(help: "The board (see glance boards).")
    var board: String = "waveshare-7in5-v2"

    func run() throws {
        let board = try BoardCatalog.load(self.board)
        let fonts = try FontLocations.benchLibrary()
        let zone = try ZoneRules(identifier: "UTC")
        let renderer = WidgetSnapshotRenderer(registry: WidgetCatalog.registry, fonts: fonts)
        func frame(_ day: String) throws -> Canvas {
            var request = WidgetSnapshotRenderer.Request(kind: "countdown", family: .systemMedium,
                                                         instant: parseISO8601Instant(day + "T12:00:00Z") ?? .now,
                                                         timeZone: zone, locale: DisplayLocale(identifier: "en_US"))
            request.size = (board.width, board.height)
            request.scale = Double(board.width) / 364
            request.parameters = [("title", "Launch"), ("target", "2027-01-03")]
            do {
                return try renderer.render(request)
            } catch {
                throw RuntimeError(message: "\(error)")
            }
        }
        let before = try frame("2026-11-23"), after = try frame("2026-11-24")
        // The real wired bus (D/C, chip select, spidev-sized transfers) on emulated wires.
        func traffic(_ refresh: RefreshMode) throws -> (bytes: Int, transfers: Int, update: RefreshPlan?) {
            let emulator = TraceDecoding.emulator(for: board)
            let wires = EmulatedWiring(raspberryPi4For: board.wiring, emulator: emulator)
            let bus: WiredBus
            do {
                bus = try WiredBus.open(board.wiring, gpio: wires, spi: wires, timing: wires.timing)
            } catch {
                throw RuntimeError(message: "\(error)")
            }
            defer { bus.close() }
            let pipeline = DisplayPipeline(output: try OutputFactory.panel(board: board, bus: bus, dither: .floydSteinberg))
            try pipeline.show(native: pipeline.quantise(before), cadence: .full)
            let start = emulator.bytesReceived, startTransfers = wires.transferSizes.count
            let update = try pipeline.show(native: pipeline.quantise(after), cadence: refresh)
            if board.refresh.sleepAfterUpdate { try emulator.checkAsleep() }
            guard wires.faults.isEmpty else { throw RuntimeError(message: "wiring faults: \(wires.faults.joined(separator: "; "))") }
            return (emulator.bytesReceived - start, wires.transferSizes.count - startTransfers, update)
        }
        let full = try traffic(.full), partial = try traffic(.partial)
        func milliseconds(_ bytes: Int) -> Double { (Double(bytes * 8) / Double(board.spiSpeedHz) * 1000 * 100).rounded() / 100 }
        let window = partial.update?.window.description ?? "none"
        print("\(board.name): full refresh \(full.bytes) bytes in \(full.transfers) SPI transfers (\(milliseconds(full.bytes)) ms at \(board.spiSpeedHz / 1000) kHz), \(partial.update?.refresh.rawValue ?? "no") refresh \(partial.bytes) bytes in \(partial.transfers) transfers (\(milliseconds(partial.bytes)) ms), window \(window)")
        print("board=\(board.name) spi_hz=\(board.spiSpeedHz) full_bytes=\(full.bytes) full_transfers=\(full.transfers) full_bus_ms=\(milliseconds(full.bytes)) partial_bytes=\(partial.bytes) partial_transfers=\(partial.transfers) partial_bus_ms=\(milliseconds(partial.bytes)) window=\(window)")
    }
}
