import Foundation
import Observation

/// A property wrapper SwiftUI keeps alive across evaluations of a view
/// (https://developer.apple.com/documentation/swiftui/dynamicproperty).
public protocol DynamicProperty {}

/// A value a view owns; it survives the view being created again by its parent
/// (https://developer.apple.com/documentation/swiftui/state).
@propertyWrapper
public struct State<Value>: DynamicProperty {
    private let location: StateLocation<Value>

    /// A state whose first value is `value`.
    public init(wrappedValue value: Value) {
        location = StateLocation(initial: value)
    }

    /// A state whose first value is `value`.
    public init(initialValue value: Value) {
        location = StateLocation(initial: value)
    }

    /// The current value.
    public var wrappedValue: Value {
        get { location.value }
        nonmutating set { location.value = newValue }
    }

    /// A binding to the value.
    public var projectedValue: Binding<Value> {
        let location = location
        return Binding(get: { location.value }, set: { location.value = $0 })
    }
}

extension State where Value: ExpressibleByNilLiteral {
    /// A state that starts as `nil`.
    public init() {
        self.init(wrappedValue: nil)
    }
}

extension State: _DynamicPropertyLink {
    public func _link(in context: RenderContext, label: String) {
        location.link(context.host, key: context.identity + "." + label)
    }
}

/// Where a `State` reads and writes: its first value until a host gives it a cell.
final class StateLocation<Value>: @unchecked Sendable {
    // NB: `@unchecked Sendable` because it is only touched on the main actor (views are main-actor bound);
    // bindings that capture it are called there too.
    private let initial: Value
    private var cell: StateCell<Value>?
    private var detached: Value

    init(initial: Value) {
        self.initial = initial
        self.detached = initial
    }

    @MainActor func link(_ host: HostStorage, key: String) {
        cell = host.cell(key) { initial }
    }

    var value: Value {
        get { cell?.value ?? detached }
        set {
            if let cell { cell.value = newValue } else { detached = newValue }
        }
    }
}

/// A two-way connection to a value someone else owns (https://developer.apple.com/documentation/swiftui/binding).
@propertyWrapper @dynamicMemberLookup
public struct Binding<Value> {
    private let getter: () -> Value
    private let setter: (Value) -> Void

    /// A binding that reads with `get` and writes with `set`.
    public init(get: @escaping () -> Value, set: @escaping (Value) -> Void) {
        getter = get
        setter = set
    }

    /// A binding that reads with `get` and writes with `set`, which also receives the transaction.
    public init(get: @escaping () -> Value, set: @escaping (Value, Transaction) -> Void) {
        getter = get
        setter = { set($0, Transaction()) }
    }

    /// A binding to a value that never changes.
    public static func constant(_ value: Value) -> Binding<Value> {
        Binding(get: { value }, set: { _ in })
    }

    /// Another binding's value.
    public init(projectedValue: Binding<Value>) {
        self = projectedValue
    }

    /// The value.
    public var wrappedValue: Value {
        get { getter() }
        nonmutating set { setter(newValue) }
    }

    /// The binding itself.
    public var projectedValue: Binding<Value> { self }

    /// A binding to one property of the value.
    public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> {
        let getter = getter
        let setter = setter
        return Binding<Subject>(
            get: { getter()[keyPath: keyPath] },
            set: { newValue in
                var value = getter()
                value[keyPath: keyPath] = newValue
                setter(value)
            })
    }
}

extension Binding {
    /// A binding to an optional value, `nil` when `base` is `nil`
    /// (https://developer.apple.com/documentation/swiftui/binding/init(_:)-5z9t9).
    public init?(_ base: Binding<Value?>) {
        guard let value = base.wrappedValue else { return nil }
        self.init(get: { base.wrappedValue ?? value }, set: { base.wrappedValue = $0 })
    }
}

/// The context of a state change (https://developer.apple.com/documentation/swiftui/transaction).
public struct Transaction {
    /// An empty transaction.
    public init() {}
}

/// Bindings to the properties of an `@Observable` object (https://developer.apple.com/documentation/swiftui/bindable).
@propertyWrapper @dynamicMemberLookup
public struct Bindable<Value>: DynamicProperty {
    /// The object.
    public var wrappedValue: Value

    /// Bindings to the object's properties.
    public var projectedValue: Bindable<Value> { self }

    /// Binds to `wrappedValue`'s properties.
    public init(wrappedValue: Value) where Value: AnyObject & Observable {
        self.wrappedValue = wrappedValue
    }

    /// Binds to `wrappedValue`'s properties.
    public init(_ wrappedValue: Value) where Value: AnyObject & Observable {
        self.wrappedValue = wrappedValue
    }

    /// A binding to one property of the object.
    public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<Value, Subject>) -> Binding<Subject>
    where Value: AnyObject {
        let object = wrappedValue
        return Binding(get: { object[keyPath: keyPath] }, set: { object[keyPath: keyPath] = $0 })
    }
}
