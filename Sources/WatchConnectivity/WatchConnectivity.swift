// `import WatchConnectivity` in a widget's file: WatchConnectivity's names that widget code uses (the
// census: docs/compat.md) as compile errors saying what a wall does instead, as Swift's own
// "unavailable" does, rather than a silent different frame. Written from the census; each
// name is a class whose initialisers (those the census saw) and members (any, through dynamic
// member lookup) type-check, so that the compiler reaches the class's "unavailable" and says it.
import GlanceNotOnAWall

@available(*, unavailable, message: "WatchConnectivity: a wall has no paired phone: the app's side writes to the store both read (an app group's UserDefaults or files)")
@dynamicMemberLookup
public final class WCSession {
    public init() {}
    public static subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
    public subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
}
@available(*, unavailable, message: "WatchConnectivity: a wall has no paired phone: the app's side writes to the store both read (an app group's UserDefaults or files)")
@dynamicMemberLookup
public final class WCSessionActivationState {
    public init() {}
    public static subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
    public subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
}
