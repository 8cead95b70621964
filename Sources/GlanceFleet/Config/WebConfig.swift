import GlanceConfiguration
import GlanceSystem
import GlanceYAML
import Glibc

/// `web:`: the display's web page (`docs/web.md`). Off unless the section is there.
public struct WebConfig: Sendable {
    /// The address and port the page listens on.
    public var host = "127.0.0.1"
    public var port = 8080
    /// Who may log in, by name (`password_file:`); empty: no login, loopback only.
    public var users: [String: String] = [:]
    public var location: ConfigLocation

    public init(location: ConfigLocation) { self.location = location }

    /// Whether only this machine can reach `host`: an IP literal in 127.0.0.0/8, `::1`, or
    /// exactly `localhost`. Decided from the address, never from how a name begins: a name
    /// like `127.0.0.1.example.com` is whoever owns it, and may resolve here only for the
    /// moment a page needs it to (DNS rebinding).
    public static func isLoopback(_ host: String) -> Bool {
        if host.lowercased() == "localhost" { return true }
        var v4 = in_addr()
        // inet_pton takes the four-part dotted form only (no "127.1", no hex).
        if inet_pton(AF_INET, host, &v4) == 1 { return UInt32(bigEndian: v4.s_addr) >> 24 == 127 }
        var v6 = in6_addr()
        guard inet_pton(AF_INET6, host, &v6) == 1 else { return false }
        return withUnsafeBytes(of: &v6) { $0.dropLast().allSatisfy { $0 == 0 } && $0.last == 1 }
    }
}

extension WebConfig: ConfigSection {
    /// `web: {listen: 127.0.0.1:8080, password_file: web-users}`.
    static func parse(_ reader: YAMLReader, file: String) throws(ConfigError) -> WebConfig {
        var web = WebConfig(location: reader.location)
        var listenReader: YAMLReader?
        for (key, value) in try reader.mapping(allowed: ["listen", "password_file"]) {
            switch key {
            case "listen":
                listenReader = value
                let text = try value.string()
                guard let (host, port) = Self.address(text) else {
                    throw value.fail("expected HOST:PORT like 127.0.0.1:8080, [::1]:8080 or :8080, found \(quoted(text))")
                }
                web.host = host
                web.port = port
            default:
                let path = try ConfigLoader.path(value, besideFile: file, kind: "a file")
                do throws(StateDirectory.Untrusted) {
                    try StateDirectory.checkSecret(path, unreadableByOthers: true)
                } catch {
                    throw value.fail("the passwords are not used: \(error.description)")
                }
                let text: String
                do {
                    text = try TextFile.read(path)
                } catch {
                    throw value.fail("cannot read the passwords: \(path): \(error.message)")
                }
                web.users = try users(in: text, path: path, at: value)
            }
        }
        if !isLoopback(web.host) && web.users.isEmpty {
            throw (listenReader ?? reader).fail("\(web.host):\(web.port) can be reached from other machines; give password_file: "
                                                + "(lines name:password) or listen on 127.0.0.1")
        }
        return web
    }

    /// `127.0.0.1:8080`, `[::1]:8080`, `0.0.0.0:80`, `:8080` (loopback), `8080`; port 0
    /// is any free one (the log says which).
    package static func address(_ text: String) -> (String, Int)? {
        var host = "127.0.0.1"
        var portText = Substring(text)
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]"), text[text.index(after: close)...].hasPrefix(":") else { return nil }
            host = String(text[text.index(after: text.startIndex)..<close])
            portText = text[text.index(close, offsetBy: 2)...]
        } else if let colon = text.lastIndex(of: ":") {
            if colon != text.startIndex { host = String(text[..<colon]) }
            portText = text[text.index(after: colon)...]
        }
        guard let port = Int(portText), (0...65_535).contains(port), !host.isEmpty, !host.contains(" ") else { return nil }
        return (host, port)
    }

    /// `name:password` lines; blank lines and `#` comments are skipped. A bad line is named
    /// by its number, never by what it holds. A password is everything after the first
    /// colon, spaces included (only a CR of a CR LF file is not part of it).
    static func users(in text: String, path: String, at value: YAMLReader) throws(ConfigError) -> [String: String] {
        var users: [String: String] = [:]
        // (CR LF is one Character in Swift: split on both.)
        for (index, line) in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }).enumerated() {
            let trimmed = line.trimmingSuffix { $0 == "\r" }
            if trimmed.allSatisfy({ $0 == " " || $0 == "\t" }) || trimmed.hasPrefix("#") { continue }
            guard let colon = trimmed.firstIndex(of: ":"), colon != trimmed.startIndex, trimmed.index(after: colon) != trimmed.endIndex else {
                throw value.fail("\(path) line \(index + 1) is not name:password")
            }
            let name = String(trimmed[..<colon])
            guard users[name] == nil else { throw value.fail("\(path) line \(index + 1): \(quoted(name)) is there twice") }
            users[name] = String(trimmed[trimmed.index(after: colon)...])
        }
        guard !users.isEmpty else { throw value.fail("\(path) has no name:password line") }
        return users
    }
}

private extension Substring {
    func trimmingSuffix(while drop: (Character) -> Bool) -> Substring {
        var end = endIndex
        while end > startIndex, drop(self[index(before: end)]) { end = index(before: end) }
        return self[startIndex..<end]
    }
}

extension GlanceConfig {
    /// `web:`: the display's web page (`nil`: none).
    public var web: WebConfig? { sections["web"] as? WebConfig }
}
