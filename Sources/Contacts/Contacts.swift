// `import Contacts` in a widget's file: Contacts's names that widget code uses (the
// census: docs/compat.md) as compile errors saying what a wall does instead, as Swift's own
// "unavailable" does, rather than a silent different frame. Written from the census; each
// name is a class whose initialisers (those the census saw) and members (any, through dynamic
// member lookup) type-check, so that the compiler reaches the class's "unavailable" and says it.
import GlanceNotOnAWall

@available(*, unavailable, message: "Contacts: a wall has no address book: give the widget the names it shows through its configuration (App Intents parameters or the config file)")
@dynamicMemberLookup
public final class CNContactStore {
    public init() {}
    public static subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
    public subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
}
@available(*, unavailable, message: "Contacts: a wall has no address book: give the widget the names it shows through its configuration (App Intents parameters or the config file)")
@dynamicMemberLookup
public final class CNContact {
    public init() {}
    public static subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
    public subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
}
@available(*, unavailable, message: "Contacts: a wall has no address book: give the widget the names it shows through its configuration (App Intents parameters or the config file)")
@dynamicMemberLookup
public final class CNKeyDescriptor {
    public init() {}
    public static subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
    public subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
}
@available(*, unavailable, message: "Contacts: a wall has no address book: give the widget the names it shows through its configuration (App Intents parameters or the config file)")
@dynamicMemberLookup
public final class CNMutableContact {
    public init() {}
    public static subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
    public subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
}
@available(*, unavailable, message: "Contacts: a wall has no address book: give the widget the names it shows through its configuration (App Intents parameters or the config file)")
@dynamicMemberLookup
public final class CNContactFormatter {
    public init() {}
    public static subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
    public subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
}
@available(*, unavailable, message: "Contacts: a wall has no address book: give the widget the names it shows through its configuration (App Intents parameters or the config file)")
public let CNContactThumbnailImageDataKey = ""
@available(*, unavailable, message: "Contacts: a wall has no address book: give the widget the names it shows through its configuration (App Intents parameters or the config file)")
public let CNContactGivenNameKey = ""
@available(*, unavailable, message: "Contacts: a wall has no address book: give the widget the names it shows through its configuration (App Intents parameters or the config file)")
public let CNContactFamilyNameKey = ""
