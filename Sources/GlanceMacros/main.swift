// The compiler plugin behind `#Preview`, without swift-syntax.
//
// `#Preview { … }` is Xcode's canvas preview. A wall display has no canvas, so the macro
// expands to nothing; the compiler has type-checked its arguments before it asks the
// plugin, so a preview that would not compile on iOS does not compile here either.
//
// Why not swift-syntax's `CompilerPlugin`: a macro that never looks at its syntax needs
// none of it, and building swift-syntax was most of a widget package's first build on a
// two-core board (measured: about 100 s of 137 s in debug, 340 s of 421 s in release;
// `docs/performance.md`). The plugin speaks the compiler's plugin protocol directly:
// messages framed by an 8-byte little-endian length, each one JSON object whose one key
// names the message (`getCapability`, `expandFreestandingMacro`, …), the same JSON
// swift-syntax's `HostToPluginMessage`/`PluginToHostMessage` encode to.
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// What the compiler sends; only which message it is matters, and the host's protocol
/// version (answers changed shape at version 5).
struct HostMessage: Decodable {
    struct Capability: Decodable {
        struct Host: Decodable { var protocolVersion: Int }
        var capability: Host?
    }
    /// Any message body this plugin does not need to read.
    struct Body: Decodable {
        init(from decoder: any Decoder) throws {}
    }
    /// An attached macro's use: which macro, in which role, on which declaration.
    struct Attached: Decodable {
        struct Reference: Decodable { var typeName: String }
        struct Syntax: Decodable { var source: String }
        var macro: Reference
        var macroRole: String
        var declSyntax: Syntax
        var extendedTypeSyntax: Syntax?
        var conformanceListSyntax: Syntax?
    }

    var getCapability: Capability?
    var expandFreestandingMacro: Body?
    var expandAttachedMacro: Attached?
    var loadPluginLibrary: Body?
}

/// The protocol version this plugin speaks (swift-syntax 600 and later say 7).
let pluginProtocolVersion = 7

/// The answer to `message`, as the JSON the compiler reads; `hostVersion` is what the
/// compiler said it speaks.
func answer(to message: HostMessage, hostVersion: inout Int) -> String? {
    if let capability = message.getCapability {
        if let version = capability.capability?.protocolVersion { hostVersion = version }
        return #"{"getCapabilityResult":{"capability":{"protocolVersion":\#(pluginProtocolVersion)}}}"#
    }
    if message.expandFreestandingMacro != nil {
        // Nothing: a preview is not part of the program.
        let kind = hostVersion >= 5 ? "expandMacroResult" : "expandFreestandingMacroResult"
        return #"{"\#(kind)":{"expandedSource":"","diagnostics":[]}}"#
    }
    if let attached = message.expandAttachedMacro {
        // SwiftData's `@Model` (ModelMacro.swift); `@Attribute`, `@Relationship` and
        // `@Transient` (NothingMacro) mark properties and add nothing.
        let source = attached.macro.typeName == "ModelMacro" ? ModelMacro.expand(attached) : ""
        let kind = hostVersion >= 5 ? "expandMacroResult" : "expandAttachedMacroResult"
        if hostVersion >= 5 {
            return #"{"\#(kind)":{"expandedSource":\#(jsonString(source)),"diagnostics":[]}}"#
        }
        return #"{"\#(kind)":{"expandedSources":[\#(jsonString(source))],"diagnostics":[]}}"#
    }
    if message.loadPluginLibrary != nil {
        return #"{"loadPluginLibraryResult":{"loaded":false,"diagnostics":[]}}"#
    }
    return nil
}

/// `text` as a JSON string literal.
func jsonString(_ text: String) -> String {
    String(decoding: (try? JSONEncoder().encode(text)) ?? Data("\"\"".utf8), as: UTF8.self)
}

/// Reads exactly `count` bytes from standard input; nil at its end.
func readExactly(_ count: Int) -> [UInt8]? {
    var bytes = [UInt8](repeating: 0, count: count)
    var filled = 0
    while filled < count {
        let got = bytes.withUnsafeMutableBytes { read(0, $0.baseAddress! + filled, count - filled) }
        if got < 0 && errno == EINTR { continue }
        if got < 0 { exit(1) }  // a broken pipe, not the end of the compiler's messages
        guard got > 0 else { return nil }
        filled += got
    }
    return bytes
}

func writeAll(_ bytes: [UInt8]) {
    var sent = 0
    while sent < bytes.count {
        let wrote = bytes.withUnsafeBytes { write(1, $0.baseAddress! + sent, bytes.count - sent) }
        if wrote < 0 && errno == EINTR { continue }
        guard wrote > 0 else { exit(1) }
        sent += wrote
    }
}

var hostVersion = 0
while let header = readExactly(8) {
    let length = header.reversed().reduce(0) { $0 << 8 | Int($1) }
    // An empty message says the compiler is done, as swift-syntax's plugins take it.
    if length == 0 { break }
    // A message is a few kilobytes of JSON; a length beyond 1 GiB is not one.
    guard length >= 0, length < 1 << 30, let payload = readExactly(length) else { exit(1) }
    guard let message = try? JSONDecoder().decode(HostMessage.self, from: Data(payload)),
          let reply = answer(to: message, hostVersion: &hostVersion) else {
        let text = "GlanceMacros: a message this plugin does not know: \(String(decoding: payload.prefix(200), as: UTF8.self))\n"
        _ = text.withCString { write(2, $0, strlen($0)) }
        exit(1)
    }
    let body = Array(reply.utf8)
    var size = UInt64(body.count).littleEndian
    writeAll(withUnsafeBytes(of: &size) { Array($0) } + body)
}
