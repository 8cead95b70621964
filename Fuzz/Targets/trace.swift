// libFuzzer target: a bus trace parsed and replayed into each controller's emulator, as
// `glance trace decode` does. Protocol violations and timeouts are errors, not crashes.
import GlanceDisplays
import GlanceEmulators
import GlanceHardware

let boards: [Board] = {
    var list: [Board] = []
    for (controller, width, height) in [(Board.Controller.ssd1680, 122, 250), (.uc8179, 800, 480), (.uc8159, 600, 448), (.st7789, 240, 240)] {
        var board = Board(name: controller.rawValue)
        board.controller = controller
        board.nativeWidth = width
        board.nativeHeight = height
        board.colors = controller == .uc8159 ? .acep7 : (controller == .st7789 ? .rgb565 : .bw)
        list.append(board)
    }
    return list
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTrace(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    guard let records = try? BusTraceRecord.parseNumbered(text), !records.isEmpty else { return 0 }
    let board = boards[Int(size % boards.count)]
    let emulator = TraceDecoding.emulator(for: board)
    _ = try? BusTraceRecord.replay(records, into: emulator)
    return 0
}
