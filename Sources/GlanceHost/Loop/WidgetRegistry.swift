import GlanceWidgetKit

/// The widget kinds a host can show, by kind name.
public struct WidgetRegistry: Sendable {
    public private(set) var descriptors: [String: WidgetDescriptor] = [:]

    public init() {}

    public init(_ widgets: [any Widget.Type]) {
        for widget in widgets { register(widget) }
    }

    public mutating func register(_ widget: any Widget.Type) {
        for descriptor in widget.init().body.descriptors { register(descriptor) }
    }

    public mutating func register(_ descriptor: WidgetDescriptor) {
        descriptors[descriptor.kind] = descriptor
    }

    public var kinds: [String] { descriptors.keys.sorted() }

    public subscript(kind: String) -> WidgetDescriptor? { descriptors[kind] }
}
