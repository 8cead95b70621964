/// A value a view owns (SwiftUI's `@State`). A widget's view is drawn from a snapshot
/// and never runs again with changed state, so a state holds its initial value for the
/// render; writes (from a `Binding`) last until the view is next resolved.
@propertyWrapper
public struct State<Value>: @unchecked Sendable {
    final class Box { var value: Value; init(_ value: Value) { self.value = value } }
    let box: Box

    public init(wrappedValue: Value) { box = Box(wrappedValue) }
    public init(initialValue: Value) { box = Box(initialValue) }

    public var wrappedValue: Value {
        get { box.value }
        nonmutating set { box.value = newValue }
    }

    public var projectedValue: Binding<Value> {
        let box = box
        return Binding(get: { box.value }, set: { box.value = $0 })
    }
}

extension State where Value: ExpressibleByNilLiteral {
    public init() { self.init(wrappedValue: nil) }
}

/// A read-write reference to a value owned elsewhere (SwiftUI's `Binding`).
@propertyWrapper @dynamicMemberLookup
public struct Binding<Value>: @unchecked Sendable {
    let get: () -> Value
    let set: (Value) -> Void

    public init(get: @escaping () -> Value, set: @escaping (Value) -> Void) {
        self.get = get
        self.set = set
    }

    public init(projectedValue: Binding<Value>) { self = projectedValue }

    /// A binding to a value that never changes.
    public static func constant(_ value: Value) -> Binding<Value> { Binding(get: { value }, set: { _ in }) }

    public var wrappedValue: Value {
        get { get() }
        nonmutating set { set(newValue) }
    }

    public var projectedValue: Binding<Value> { self }

    public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> {
        Binding<Subject>(get: { self.get()[keyPath: keyPath] }, set: { newValue in
            var value = self.get()
            value[keyPath: keyPath] = newValue
            self.set(value)
        })
    }
}

/// A class whose changes views would follow (SwiftUI's `ObservableObject`). A widget is
/// drawn from a snapshot per render, so nothing follows the changes: the object is read
/// as it is when the view resolves.
public protocol ObservableObject: AnyObject {}

/// A property of an ``ObservableObject`` (Combine's `@Published`): stored as it is.
@propertyWrapper
public struct Published<Value> {
    public var wrappedValue: Value
    public init(wrappedValue: Value) { self.wrappedValue = wrappedValue }
    public init(initialValue: Value) { wrappedValue = initialValue }
}

/// An object a view reads (SwiftUI's `@ObservedObject`).
@propertyWrapper @dynamicMemberLookup
public struct ObservedObject<ObjectType: ObservableObject>: @unchecked Sendable {
    public let wrappedValue: ObjectType

    public init(wrappedValue: ObjectType) { self.wrappedValue = wrappedValue }
    public init(initialValue: ObjectType) { wrappedValue = initialValue }

    public var projectedValue: ObservedObject<ObjectType> { self }

    public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<ObjectType, Subject>) -> Binding<Subject> {
        let object = wrappedValue
        return Binding(get: { object[keyPath: keyPath] }, set: { object[keyPath: keyPath] = $0 })
    }
}

/// An object a view owns (SwiftUI's `@StateObject`): made once per resolve.
@propertyWrapper
public struct StateObject<ObjectType: ObservableObject>: @unchecked Sendable {
    public let wrappedValue: ObjectType

    public init(wrappedValue thunk: @autoclosure @escaping () -> ObjectType) { wrappedValue = thunk() }

    public var projectedValue: ObservedObject<ObjectType> { ObservedObject(wrappedValue: wrappedValue) }
}

/// An object put into the environment with `.environmentObject(_:)` (SwiftUI's
/// `@EnvironmentObject`). Reading one that was never put there stops with a message
/// naming its type, as SwiftUI does.
@propertyWrapper
public struct EnvironmentObject<ObjectType: ObservableObject>: @unchecked Sendable {
    public init() {}

    public var wrappedValue: ObjectType {
        guard let object = EnvironmentScope.current.objects[ObjectIdentifier(ObjectType.self)] as? ObjectType else {
            preconditionFailure("No ObservableObject of type \(ObjectType.self) found: add .environmentObject(_:) to an ancestor view")
        }
        return object
    }
}

extension View {
    /// Puts `object` where `@EnvironmentObject` of its type finds it, below this view.
    public consuming func environmentObject<Object: ObservableObject>(_ object: Object) -> ModifiedContent<Self, BuiltinModifier> {
        let box = UncheckedObject(object: object)
        return ModifiedContent(self, environment: { $0.objects[ObjectIdentifier(Object.self)] = box.object })
    }
}

private struct UncheckedObject: @unchecked Sendable { let object: AnyObject }
