#if canImport(Glibc)
import Glibc
#endif

/// Which user opened a TCP connection that came from this machine: the uid the kernel
/// lists for the client's end of it in `/proc/net/tcp` and `/proc/net/tcp6` (what `ss -p`
/// and `netstat -e` read).
///
/// A Unix socket says who its peer is (SO_PEERCRED); a TCP socket does not, and the web
/// page is TCP so that a browser can use it. On loopback, though, both ends are sockets of
/// this kernel: the client's end is the line whose local address is the client's and whose
/// remote address is the server's, and its `uid` column is the user who made it. A
/// connection from another machine has no such line.
package enum TCPPeerOwner {
    /// One end of a connection: an IP address as text (`127.0.0.1`, `::1`) and a port.
    package struct End: Equatable, Sendable {
        package var address: String
        package var port: Int

        package init(address: String, port: Int) {
            self.address = address
            self.port = port
        }
    }

    /// The uid that owns the socket at `client` connected to `server`, or nil when no
    /// socket of this machine's network namespace is that end (another machine, or the
    /// connection is gone).
    package static func uid(client: End, server: End, procNet: String = "/proc/net") -> uid_t? {
        for (file, keys) in [("tcp", keys(client: client, server: server, v6: false)), ("tcp6", keys(client: client, server: server, v6: true))] {
            guard let keys, let bytes = try? RegularFile.read(procNet + "/" + file, limit: 64 << 20) else { continue }
            if let uid = uid(in: String(decoding: bytes, as: UTF8.self), local: keys.local, remote: keys.remote) { return uid }
        }
        return nil
    }

    /// The `uid` of the line of a `/proc/net/tcp`-shaped `text` whose addresses are
    /// `local` and `remote` (the kernel's hex form, `0100007F:1F90`).
    static func uid(in text: String, local: String, remote: String) -> uid_t? {
        for line in text.split(separator: "\n").dropFirst() {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            // sl local_address rem_address st tx:rx tr:when retrnsmt uid timeout inode
            guard fields.count > 7, fields[1] == local, fields[2] == remote else { continue }
            return uid_t(fields[7])
        }
        return nil
    }

    /// The two ends as the kernel writes them in `tcp` (IPv4) or `tcp6`; an IPv4 address
    /// appears in tcp6 as `::ffff:a.b.c.d` when the socket is an IPv6 one.
    static func keys(client: End, server: End, v6: Bool) -> (local: String, remote: String)? {
        guard let local = hex(client, v6: v6), let remote = hex(server, v6: v6) else { return nil }
        return (local, remote)
    }

    /// `address:port` as /proc/net writes it: each 32-bit word of the address as the
    /// kernel holds it in memory, printed %08X (so the bytes of an IPv4 address appear
    /// reversed on a little-endian machine), and the port %04X.
    static func hex(_ end: End, v6: Bool) -> String? {
        guard (0...65_535).contains(end.port) else { return nil }
        var bytes: [UInt8]
        var v4 = in_addr()
        var v6Address = in6_addr()
        if inet_pton(AF_INET, end.address, &v4) == 1 {
            bytes = withUnsafeBytes(of: &v4) { Array($0) }
            if v6 { bytes = [UInt8](repeating: 0, count: 10) + [0xFF, 0xFF] + bytes }
        } else if inet_pton(AF_INET6, end.address, &v6Address) == 1 {
            bytes = withUnsafeBytes(of: &v6Address) { Array($0) }
            if !v6 {
                // An IPv4-mapped address is listed in tcp as plain IPv4.
                guard bytes[0..<10].allSatisfy({ $0 == 0 }), bytes[10] == 0xFF, bytes[11] == 0xFF else { return nil }
                bytes = Array(bytes[12...])
            }
        } else {
            return nil
        }
        var words = ""
        for start in stride(from: 0, to: bytes.count, by: 4) {
            let word = bytes[start..<start + 4].withUnsafeBytes { $0.loadUnaligned(as: UInt32.self) }
            words += hex(UInt64(word), digits: 8)
        }
        return words + ":" + hex(UInt64(end.port), digits: 4)
    }

    private static func hex(_ value: UInt64, digits: Int) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}
