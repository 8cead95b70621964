// libFuzzer target: a picture file (JPEG, PNG, WebP or anything), sized from its header and
// decoded to cover a small slot, upright by its EXIF, and dated by its EXIF. Any input must end in a canvas or a
// Picture.Failure, never a crash or a hang: what a picture declares is bounded before any
// pixel is decoded (see Picture's limits).

import GlanceGraphics

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPicture(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    _ = try? Picture.size(of: bytes, name: "fuzz")
    _ = try? Picture.decode(bytes, name: "fuzz", covering: (64, 48))
    _ = Picture.takenTime(of: bytes)?.date { _ in 0 }
    return 0
}
