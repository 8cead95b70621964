/// Values handed down the view tree (SwiftUI's `EnvironmentValues`).
public struct EnvironmentValues: Sendable {
    /// Pixels per point on the target display.
    public var displayScale: Double = 1
    /// Extension point: other modules add their keys through `subscript(key:)`.
    private var storage: [ObjectIdentifier: any Sendable] = [:]

    public init() {}

    public subscript<Key: EnvironmentKey>(key: Key.Type) -> Key.Value {
        get { (storage[ObjectIdentifier(key)] as? Key.Value) ?? Key.defaultValue }
        set { storage[ObjectIdentifier(key)] = newValue }
    }
}

/// A key for a value in ``EnvironmentValues``.
public protocol EnvironmentKey {
    associatedtype Value: Sendable
    static var defaultValue: Value { get }
}
