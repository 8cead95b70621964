// `import CloudKit` in a widget's file: CloudKit's names that widget code uses (the
// census: docs/compat.md) as compile errors saying what a wall does instead, as Swift's own
// "unavailable" does, rather than a silent different frame. Written from the census; each
// name is a class whose initialisers (those the census saw) and members (any, through dynamic
// member lookup) type-check, so that the compiler reaches the class's "unavailable" and says it.
import GlanceNotOnAWall

@available(*, unavailable, message: "CloudKit: a wall has no iCloud account: keep the data in the wall's own store (an app group's UserDefaults, SwiftData or Core Data) and fill it from the app's side")
@dynamicMemberLookup
public final class CKContainer {
    public init() {}
    public init(identifier: Any?) {}
    public static subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
    public subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
}
@available(*, unavailable, message: "CloudKit: a wall has no iCloud account: keep the data in the wall's own store (an app group's UserDefaults, SwiftData or Core Data) and fill it from the app's side")
@dynamicMemberLookup
public final class CKDatabase {
    public init() {}
    public static subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
    public subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
}
@available(*, unavailable, message: "CloudKit: a wall has no iCloud account: keep the data in the wall's own store (an app group's UserDefaults, SwiftData or Core Data) and fill it from the app's side")
@dynamicMemberLookup
public final class CKRecord {
    public init() {}
    public static subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
    public subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
}
@available(*, unavailable, message: "CloudKit: a wall has no iCloud account: keep the data in the wall's own store (an app group's UserDefaults, SwiftData or Core Data) and fill it from the app's side")
@dynamicMemberLookup
public final class CKRecordZone {
    public init() {}
    public init(zoneID: Any?) {}
    public static subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
    public subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
}
@available(*, unavailable, message: "CloudKit: a wall has no iCloud account: keep the data in the wall's own store (an app group's UserDefaults, SwiftData or Core Data) and fill it from the app's side")
@dynamicMemberLookup
public final class CKQuery {
    public init() {}
    public init(recordType: Any?, predicate: Any?) {}
    public static subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
    public subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
}
@available(*, unavailable, message: "CloudKit: a wall has no iCloud account: keep the data in the wall's own store (an app group's UserDefaults, SwiftData or Core Data) and fill it from the app's side")
@dynamicMemberLookup
public final class CKQueryOperation {
    public init() {}
    public init(cursor: Any?) {}
    public init(query: Any?) {}
    public static subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
    public subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
}
@available(*, unavailable, message: "CloudKit: a wall has no iCloud account: keep the data in the wall's own store (an app group's UserDefaults, SwiftData or Core Data) and fill it from the app's side")
@dynamicMemberLookup
public final class CKFetchRecordsOperation {
    public init() {}
    public init(recordIDs: Any?) {}
    public static subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
    public subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
}
@available(*, unavailable, message: "CloudKit: a wall has no iCloud account: keep the data in the wall's own store (an app group's UserDefaults, SwiftData or Core Data) and fill it from the app's side")
@dynamicMemberLookup
public final class CKModifyRecordsOperation {
    public init() {}
    public init(recordsToSave: Any?, recordIDsToDelete: Any?) {}
    public static subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
    public subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
}
@available(*, unavailable, message: "CloudKit: a wall has no iCloud account: keep the data in the wall's own store (an app group's UserDefaults, SwiftData or Core Data) and fill it from the app's side")
@dynamicMemberLookup
public final class CKFetchRecordZoneChangesOperation {
    public init() {}
    public static subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
    public subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
}
@available(*, unavailable, message: "CloudKit: a wall has no iCloud account: keep the data in the wall's own store (an app group's UserDefaults, SwiftData or Core Data) and fill it from the app's side")
@dynamicMemberLookup
public final class CKSubscription {
    public init() {}
    public static subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
    public subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
}
@available(*, unavailable, message: "CloudKit: a wall has no iCloud account: keep the data in the wall's own store (an app group's UserDefaults, SwiftData or Core Data) and fill it from the app's side")
@dynamicMemberLookup
public final class CKQuerySubscription {
    public init() {}
    public init(recordType: Any?, predicate: Any?, subscriptionID: Any?, options: Any?) {}
    public static subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
    public subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
}
@available(*, unavailable, message: "CloudKit: a wall has no iCloud account: keep the data in the wall's own store (an app group's UserDefaults, SwiftData or Core Data) and fill it from the app's side")
@dynamicMemberLookup
public final class CKServerChangeToken {
    public init() {}
    public static subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
    public subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
}
@available(*, unavailable, message: "CloudKit: a wall has no iCloud account: keep the data in the wall's own store (an app group's UserDefaults, SwiftData or Core Data) and fill it from the app's side")
@dynamicMemberLookup
public final class CKError {
    public init() {}
    public static subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
    public subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
}
@available(*, unavailable, message: "CloudKit: a wall has no iCloud account: keep the data in the wall's own store (an app group's UserDefaults, SwiftData or Core Data) and fill it from the app's side")
@dynamicMemberLookup
public final class CKShare {
    public init() {}
    public static subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
    public subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
}
@available(*, unavailable, message: "CloudKit: a wall has no iCloud account: keep the data in the wall's own store (an app group's UserDefaults, SwiftData or Core Data) and fill it from the app's side")
@dynamicMemberLookup
public final class CKAsset {
    public init() {}
    public static subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
    public subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
}
@available(*, unavailable, message: "CloudKit: a wall has no iCloud account: keep the data in the wall's own store (an app group's UserDefaults, SwiftData or Core Data) and fill it from the app's side")
@dynamicMemberLookup
public final class CKOperation {
    public init() {}
    public static subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
    public subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
}
@available(*, unavailable, message: "CloudKit: a wall has no iCloud account: keep the data in the wall's own store (an app group's UserDefaults, SwiftData or Core Data) and fill it from the app's side")
public let CKCurrentUserDefaultName = ""
