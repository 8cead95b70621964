// `import WatchKit` in a widget's file: WatchKit's names that widget code uses (the
// census: docs/compat.md) as compile errors saying what a wall does instead, as Swift's own
// "unavailable" does, rather than a silent different frame. Written from the census; each
// name is a class whose initialisers (those the census saw) and members (any, through dynamic
// member lookup) type-check, so that the compiler reaches the class's "unavailable" and says it.
import GlanceNotOnAWall

@available(*, unavailable, message: "WatchKit: a wall is not a watch: the display's size is the widget's context.displaySize, and there are no haptics or web views to drive")
@dynamicMemberLookup
public final class WKInterfaceDevice {
    public init() {}
    public static subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
    public subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
}
@available(*, unavailable, message: "WatchKit: a wall is not a watch: the display's size is the widget's context.displaySize, and there are no haptics or web views to drive")
@dynamicMemberLookup
public final class WKWebView {
    public init() {}
    public init(frame: Any?, configuration: Any?) {}
    public static subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
    public subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
}
@available(*, unavailable, message: "WatchKit: a wall is not a watch: the display's size is the widget's context.displaySize, and there are no haptics or web views to drive")
@dynamicMemberLookup
public final class WKWebViewConfiguration {
    public init() {}
    public static subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
    public subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
}
@available(*, unavailable, message: "WatchKit: a wall is not a watch: the display's size is the widget's context.displaySize, and there are no haptics or web views to drive")
@dynamicMemberLookup
public final class WKUserContentController {
    public init() {}
    public static subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
    public subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
}
@available(*, unavailable, message: "WatchKit: a wall is not a watch: the display's size is the widget's context.displaySize, and there are no haptics or web views to drive")
@dynamicMemberLookup
public final class WKUserScript {
    public init() {}
    public init(source: Any?, injectionTime: Any?, forMainFrameOnly: Any?) {}
    public static subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
    public subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
}
@available(*, unavailable, message: "WatchKit: a wall is not a watch: the display's size is the widget's context.displaySize, and there are no haptics or web views to drive")
@dynamicMemberLookup
public final class WKHapticType {
    public init() {}
    public static subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
    public subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
}
@available(*, unavailable, message: "WatchKit: a wall is not a watch: the display's size is the widget's context.displaySize, and there are no haptics or web views to drive")
@dynamicMemberLookup
public final class WKExtension {
    public init() {}
    public static subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
    public subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
}
@available(*, unavailable, message: "WatchKit: a wall is not a watch: the display's size is the widget's context.displaySize, and there are no haptics or web views to drive")
@dynamicMemberLookup
public final class WKApplication {
    public init() {}
    public static subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
    public subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
}
