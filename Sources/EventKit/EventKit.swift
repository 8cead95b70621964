// `import EventKit` in a widget's file: EventKit's names that widget code uses (the
// census: docs/compat.md) as compile errors saying what a wall does instead, as Swift's own
// "unavailable" does, rather than a silent different frame. Written from the census; each
// name is a class whose initialisers (those the census saw) and members (any, through dynamic
// member lookup) type-check, so that the compiler reaches the class's "unavailable" and says it.
import GlanceNotOnAWall

@available(*, unavailable, message: "EventKit: a wall has no calendar database: name the calendar's ICS address in the config (the calendar widget reads it) or fill the widget's store from the app's side")
@dynamicMemberLookup
public final class EKEventStore {
    public init() {}
    public static subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
    public subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
}
@available(*, unavailable, message: "EventKit: a wall has no calendar database: name the calendar's ICS address in the config (the calendar widget reads it) or fill the widget's store from the app's side")
@dynamicMemberLookup
public final class EKCalendar {
    public init() {}
    public static subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
    public subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
}
@available(*, unavailable, message: "EventKit: a wall has no calendar database: name the calendar's ICS address in the config (the calendar widget reads it) or fill the widget's store from the app's side")
@dynamicMemberLookup
public final class EKEvent {
    public init() {}
    public static subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
    public subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
}
@available(*, unavailable, message: "EventKit: a wall has no calendar database: name the calendar's ICS address in the config (the calendar widget reads it) or fill the widget's store from the app's side")
@dynamicMemberLookup
public final class EKReminder {
    public init() {}
    public static subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
    public subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
}
@available(*, unavailable, message: "EventKit: a wall has no calendar database: name the calendar's ICS address in the config (the calendar widget reads it) or fill the widget's store from the app's side")
@dynamicMemberLookup
public final class EKAuthorizationStatus {
    public init() {}
    public static subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
    public subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
}
@available(*, unavailable, message: "EventKit: a wall has no calendar database: name the calendar's ICS address in the config (the calendar widget reads it) or fill the widget's store from the app's side")
@dynamicMemberLookup
public final class EKEntityType {
    public init() {}
    public static subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
    public subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
}
