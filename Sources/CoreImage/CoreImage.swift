// `import CoreImage` in a widget's file: CoreImage's names that widget code uses (the
// census: docs/compat.md) as compile errors saying what a wall does instead, as Swift's own
// "unavailable" does, rather than a silent different frame. Written from the census; each
// name is a class whose initialisers (those the census saw) and members (any, through dynamic
// member lookup) type-check, so that the compiler reaches the class's "unavailable" and says it.
import GlanceNotOnAWall

@available(*, unavailable, message: "CoreImage: a wall applies no Core Image filters: prepare the picture where it is made, or draw it with SwiftUI's modifiers")
@dynamicMemberLookup
public final class CIContext {
    public init() {}
    public init(options: Any?) {}
    public static subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
    public subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
}
@available(*, unavailable, message: "CoreImage: a wall applies no Core Image filters: prepare the picture where it is made, or draw it with SwiftUI's modifiers")
@dynamicMemberLookup
public final class CIFilter {
    public init() {}
    public init(name: Any?) {}
    public static subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
    public subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
}
@available(*, unavailable, message: "CoreImage: a wall applies no Core Image filters: prepare the picture where it is made, or draw it with SwiftUI's modifiers")
@dynamicMemberLookup
public final class CIImage {
    public init() {}
    public static subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
    public subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
}
