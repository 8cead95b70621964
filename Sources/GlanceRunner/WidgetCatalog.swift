import GlanceHost
import GlanceWidgetKit
import GlanceWidgets

/// The widgets the commands know: the built-in ones, plus a user's own when the
/// commands run inside that user's widget executable (`@main struct MyWidget: Widget`).
package enum WidgetCatalog {
    nonisolated(unsafe) package static var registry = WidgetRegistry(BuiltinWidgets.all)
    /// The kind `render` and `run` use when none is named (the user's own widget).
    nonisolated(unsafe) package static var defaultKind: String?

    /// The kinds of the executable's own widgets, in the order it declares them.
    nonisolated(unsafe) package static var ownKinds: [String] = []

    /// Adds `widget` and makes it the default kind.
    package static func adopt(_ widget: any Widget.Type) {
        adopt(widget.init().body.descriptors)
    }

    /// Adds a bundle's widgets; the first is the default kind.
    package static func adopt(_ descriptors: [WidgetDescriptor]) {
        for descriptor in descriptors { registry.register(descriptor) }
        ownKinds = descriptors.map(\.kind)
        defaultKind = ownKinds.first
    }
}
