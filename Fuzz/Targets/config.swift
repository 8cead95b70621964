// libFuzzer target: a configuration file, through libyaml, the composer and every field
// check. Any input must end in a GlanceConfig or a ConfigError, never a crash or a hang.

import GlanceConfiguration

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzConfig(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    _ = try? ConfigLoader.parse(text, file: "fuzz.yaml")
    return 0
}
