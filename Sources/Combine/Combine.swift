// `import Combine` in a widget's file is this module: Apple's Combine as OpenCombine gives
// it (publishers, subjects, `sink`, `AnyCancellable`, `receive(on: DispatchQueue.main)`,
// `URLSession.shared.dataTaskPublisher(for:)`, `Timer.publish`). It is a product of its
// own (`.product(name: "Combine", package: "glance")`): a widget package that does not
// import Combine does not build OpenCombine.
//
// `ObservableObject` and `@Published` stay SwiftUI's (Glance's), as on iOS, where both
// modules name the same ones: a file that imports SwiftUI and Combine has one of each.
// On a wall nothing observes them (every frame is drawn from the entry anew), so an
// object's `objectWillChange` is a publisher that no view listens to.
//
// OpenCombine gives `dataTaskPublisher`, `DispatchQueue` as a scheduler and the others
// their Apple spelling only where no module named Combine can be imported while it is
// built. SwiftPM builds it before this module (its dependency), so that holds; build the
// package from a clean folder after changing OpenCombine's version.
@_exported import OpenCombine
@_exported import OpenCombineDispatch
@_exported import OpenCombineFoundation
import GlanceUI

public typealias ObservableObject = GlanceUI.ObservableObject
public typealias Published = GlanceUI.Published

extension GlanceUI.ObservableObject {
    /// What would tell views that the object is about to change: on a wall no view listens
    /// (every frame is drawn anew), so what is sent goes nowhere.
    public var objectWillChange: ObservableObjectPublisher { ObservableObjectPublisher() }
}
