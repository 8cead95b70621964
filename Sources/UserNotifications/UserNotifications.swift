// `import UserNotifications` in a widget's file: UserNotifications's names that widget code uses (the
// census: docs/compat.md) as compile errors saying what a wall does instead, as Swift's own
// "unavailable" does, rather than a silent different frame. Written from the census; each
// name is a class whose initialisers (those the census saw) and members (any, through dynamic
// member lookup) type-check, so that the compiler reaches the class's "unavailable" and says it.
import GlanceNotOnAWall

@available(*, unavailable, message: "UserNotifications: a wall shows no notifications: put the news in the widget's next timeline entry")
@dynamicMemberLookup
public final class UNUserNotificationCenter {
    public init() {}
    public static subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
    public subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
}
@available(*, unavailable, message: "UserNotifications: a wall shows no notifications: put the news in the widget's next timeline entry")
@dynamicMemberLookup
public final class UNNotification {
    public init() {}
    public static subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
    public subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
}
@available(*, unavailable, message: "UserNotifications: a wall shows no notifications: put the news in the widget's next timeline entry")
@dynamicMemberLookup
public final class UNNotificationRequest {
    public init() {}
    public init(identifier: Any?, content: Any?, trigger: Any?) {}
    public static subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
    public subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
}
@available(*, unavailable, message: "UserNotifications: a wall shows no notifications: put the news in the widget's next timeline entry")
@dynamicMemberLookup
public final class UNNotificationContent {
    public init() {}
    public static subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
    public subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
}
@available(*, unavailable, message: "UserNotifications: a wall shows no notifications: put the news in the widget's next timeline entry")
@dynamicMemberLookup
public final class UNMutableNotificationContent {
    public init() {}
    public static subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
    public subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
}
@available(*, unavailable, message: "UserNotifications: a wall shows no notifications: put the news in the widget's next timeline entry")
@dynamicMemberLookup
public final class UNNotificationContentExtensionMediaPlayPauseButtonType {
    public init() {}
    public static subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
    public subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
}
@available(*, unavailable, message: "UserNotifications: a wall shows no notifications: put the news in the widget's next timeline entry")
@dynamicMemberLookup
public final class UNTimeIntervalNotificationTrigger {
    public init() {}
    public static subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
    public subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
}
@available(*, unavailable, message: "UserNotifications: a wall shows no notifications: put the news in the widget's next timeline entry")
@dynamicMemberLookup
public final class UNCalendarNotificationTrigger {
    public init() {}
    public static subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
    public subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
}
@available(*, unavailable, message: "UserNotifications: a wall shows no notifications: put the news in the widget's next timeline entry")
@dynamicMemberLookup
public final class UNAuthorizationOptions {
    public init() {}
    public static subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
    public subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
}
