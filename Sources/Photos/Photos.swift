// `import Photos` in a widget's file: Photos's names that widget code uses (the
// census: docs/compat.md) as compile errors saying what a wall does instead, as Swift's own
// "unavailable" does, rather than a silent different frame. Written from the census; each
// name is a class whose initialisers (those the census saw) and members (any, through dynamic
// member lookup) type-check, so that the compiler reaches the class's "unavailable" and says it.
import GlanceNotOnAWall

@available(*, unavailable, message: "Photos: a wall has no photo library: put the pictures in the images folder (the config's images:) and show them with Image")
@dynamicMemberLookup
public final class PHAuthorizationStatus {
    public init() {}
    public init(rawValue: Any?) {}
    public static subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
    public subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
}
@available(*, unavailable, message: "Photos: a wall has no photo library: put the pictures in the images folder (the config's images:) and show them with Image")
@dynamicMemberLookup
public final class PHPhotoLibrary {
    public init() {}
    public static subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
    public subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
}
@available(*, unavailable, message: "Photos: a wall has no photo library: put the pictures in the images folder (the config's images:) and show them with Image")
@dynamicMemberLookup
public final class PHAsset {
    public init() {}
    public static subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
    public subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
}
@available(*, unavailable, message: "Photos: a wall has no photo library: put the pictures in the images folder (the config's images:) and show them with Image")
@dynamicMemberLookup
public final class PHImageManager {
    public init() {}
    public static subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
    public subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
}
@available(*, unavailable, message: "Photos: a wall has no photo library: put the pictures in the images folder (the config's images:) and show them with Image")
@dynamicMemberLookup
public final class PHFetchResult {
    public init() {}
    public static subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
    public subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
}
@available(*, unavailable, message: "Photos: a wall has no photo library: put the pictures in the images folder (the config's images:) and show them with Image")
@dynamicMemberLookup
public final class PHFetchOptions {
    public init() {}
    public static subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
    public subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
}
