// `import ActivityKit` in a widget's file is this module, which is `import Glance`: a widget
// builds from the same files as its Xcode project, with Apple's imports as written. It
// declares one name of its own: `Activity`, unavailable (a compile error saying why).
@_exported import Glance
import GlanceNotOnAWall

@available(*, unavailable, message: "ActivityKit: a wall has no Lock Screen or Dynamic Island to start a Live Activity on: put the activity's state in a widget's timeline entries (an ActivityConfiguration's views still draw with glance render)")
@dynamicMemberLookup
public final class Activity<Attributes: ActivityAttributes> {
    public init() {}
    public static subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
    public subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
}
