// libFuzzer target: a board file (fields, pins, refresh discipline, the controller check).
import GlanceDisplays

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBoard(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    _ = try? BoardCatalog.parse(text, name: "fuzz", file: "fuzz.yaml")
    return 0
}
