import GlanceWidgetKit

/// The widget kinds a host can show, by kind name.
public struct WidgetRegistry: Sendable {
    public private(set) var descriptors: [String: WidgetDescriptor] = [:]

    public init() {}

    public init(_ widgets: [any Widget.Type]) {
        for widget in widgets { register(widget) }
    }

    public mutating func register(_ widget: any Widget.Type) {
        let descriptor = widget.init().body.descriptor
        descriptors[descriptor.kind] = descriptor
    }

    public var kinds: [String] { descriptors.keys.sorted() }

    public subscript(kind: String) -> WidgetDescriptor? { descriptors[kind] }
}
