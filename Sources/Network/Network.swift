// `import Network` in a widget's file: Network's names that widget code uses (the
// census: docs/compat.md) as compile errors saying what a wall does instead, as Swift's own
// "unavailable" does, rather than a silent different frame. Written from the census; each
// name is a class whose initialisers (those the census saw) and members (any, through dynamic
// member lookup) type-check, so that the compiler reaches the class's "unavailable" and says it.
import GlanceNotOnAWall

@available(*, unavailable, message: "Network: a widget on a wall opens no connections of its own: fetch in the provider with URLSession (Glance bounds its size and time), or let the config's mqtt: bring the values")
@dynamicMemberLookup
public final class NWPathMonitor {
    public init() {}
    public static subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
    public subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
}
@available(*, unavailable, message: "Network: a widget on a wall opens no connections of its own: fetch in the provider with URLSession (Glance bounds its size and time), or let the config's mqtt: bring the values")
@dynamicMemberLookup
public final class NWPath {
    public init() {}
    public static subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
    public subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
}
@available(*, unavailable, message: "Network: a widget on a wall opens no connections of its own: fetch in the provider with URLSession (Glance bounds its size and time), or let the config's mqtt: bring the values")
@dynamicMemberLookup
public final class NWConnection {
    public init() {}
    public init(host: Any?, port: Any?, using: Any?) {}
    public static subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
    public subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
}
@available(*, unavailable, message: "Network: a widget on a wall opens no connections of its own: fetch in the provider with URLSession (Glance bounds its size and time), or let the config's mqtt: bring the values")
@dynamicMemberLookup
public final class NWParameters {
    public init() {}
    public init(tls: Any?, tcp: Any?) {}
    public static subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
    public subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
}
@available(*, unavailable, message: "Network: a widget on a wall opens no connections of its own: fetch in the provider with URLSession (Glance bounds its size and time), or let the config's mqtt: bring the values")
@dynamicMemberLookup
public final class NWEndpoint {
    public init() {}
    public static subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
    public subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
}
@available(*, unavailable, message: "Network: a widget on a wall opens no connections of its own: fetch in the provider with URLSession (Glance bounds its size and time), or let the config's mqtt: bring the values")
@dynamicMemberLookup
public final class NWError {
    public init() {}
    public static subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
    public subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
}
@available(*, unavailable, message: "Network: a widget on a wall opens no connections of its own: fetch in the provider with URLSession (Glance bounds its size and time), or let the config's mqtt: bring the values")
@dynamicMemberLookup
public final class NWProtocolTCP {
    public init() {}
    public static subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
    public subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
}
@available(*, unavailable, message: "Network: a widget on a wall opens no connections of its own: fetch in the provider with URLSession (Glance bounds its size and time), or let the config's mqtt: bring the values")
@dynamicMemberLookup
public final class NWProtocolTLS {
    public init() {}
    public static subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
    public subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
}
@available(*, unavailable, message: "Network: a widget on a wall opens no connections of its own: fetch in the provider with URLSession (Glance bounds its size and time), or let the config's mqtt: bring the values")
@dynamicMemberLookup
public final class NWProtocolUDP {
    public init() {}
    public static subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
    public subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
}
@available(*, unavailable, message: "Network: a widget on a wall opens no connections of its own: fetch in the provider with URLSession (Glance bounds its size and time), or let the config's mqtt: bring the values")
@dynamicMemberLookup
public final class NWListener {
    public init() {}
    public static subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
    public subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
}
@available(*, unavailable, message: "Network: a widget on a wall opens no connections of its own: fetch in the provider with URLSession (Glance bounds its size and time), or let the config's mqtt: bring the values")
@dynamicMemberLookup
public final class NWInterface {
    public init() {}
    public static subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
    public subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
}
