import Glibc

/// A TCP connection to 127.0.0.1:`port` from the loopback address `source` (any 127.x.y.z:
/// the loopback takes them all), for tests of bounds kept per address; nil when it cannot
/// be made. The caller closes the descriptor.
public func loopbackConnection(port: Int, from source: String) -> Int32? {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard fd >= 0 else { return nil }
    var local = sockaddr_in()
    local.sin_family = sa_family_t(AF_INET)
    local.sin_addr.s_addr = inet_addr(source)
    var remote = local
    remote.sin_port = in_port_t(UInt16(port).bigEndian)
    remote.sin_addr.s_addr = inet_addr("127.0.0.1")
    let size = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafePointer(to: &local) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, size) } }
    let connected = withUnsafePointer(to: &remote) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, size) } }
    guard bound == 0, connected == 0 else {
        close(fd)
        return nil
    }
    return fd
}
