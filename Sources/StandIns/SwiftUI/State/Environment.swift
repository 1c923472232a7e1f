import Foundation
import Observation

/// A key for a value in the environment (https://developer.apple.com/documentation/swiftui/environmentkey).
public protocol EnvironmentKey {
    /// The value's type.
    associatedtype Value
    /// The value where nobody set one.
    static var defaultValue: Value { get }
}

/// The values a view reads from its surroundings (https://developer.apple.com/documentation/swiftui/environmentvalues).
public struct EnvironmentValues: @unchecked Sendable {
    // NB: `@unchecked Sendable` as in SwiftUI: values are set and read on the main actor.
    private var values: [ObjectIdentifier: Any] = [:]
    var objects: [ObjectIdentifier: AnyObject] = [:]

    /// The default environment.
    public init() {}

    /// The value for `key`.
    public subscript<K: EnvironmentKey>(key: K.Type) -> K.Value {
        get { values[ObjectIdentifier(key)] as? K.Value ?? K.defaultValue }
        set { values[ObjectIdentifier(key)] = newValue }
    }
}

/// Reads a value from the environment (https://developer.apple.com/documentation/swiftui/environment).
@propertyWrapper
public struct Environment<Value>: DynamicProperty {
    private let box = EnvironmentBox()
    private let read: (EnvironmentValues) -> Value?
    private let fallback: () -> Value

    /// Reads the value at `keyPath`.
    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) {
        read = { $0[keyPath: keyPath] }
        fallback = { EnvironmentValues()[keyPath: keyPath] }
    }

    /// Reads the observable object of `objectType` that an ancestor put in with `.environment(_:)`.
    public init(_ objectType: Value.Type) where Value: AnyObject & Observable {
        read = { $0.objects[ObjectIdentifier(objectType)] as? Value }
        fallback = { fatalError("No \(Value.self) in the environment") }  // NB: SwiftUI traps there too.
    }

    /// Reads the observable object of `objectType` an ancestor put in with `.environment(_:)`, or `nil` where
    /// none did.
    public init<T: AnyObject & Observable>(_ objectType: T.Type) where Value == T? {
        read = { .some($0.objects[ObjectIdentifier(objectType)] as? T) }
        fallback = { nil }
    }

    /// The value.
    @MainActor public var wrappedValue: Value {
        box.values.flatMap(read) ?? fallback()
    }
}

extension Environment: _DynamicPropertyLink {
    public func _link(in context: RenderContext, label: String) {
        box.values = context.environment
    }
}

final class EnvironmentBox: @unchecked Sendable {
    // NB: set and read on the main actor only, before and during `body`.
    var values: EnvironmentValues?
}

extension View {
    /// Sets an environment value for this view and the views inside it.
    public func environment<V>(_ keyPath: WritableKeyPath<EnvironmentValues, V>, _ value: V) -> some View {
        _ContextModifier(content: self) { $0.with(keyPath, value) }
    }

    /// Puts an observable object in the environment, for `@Environment(Type.self)`.
    public func environment<T: AnyObject & Observable>(_ object: T?) -> some View {
        _ContextModifier(content: self) { context in
            var context = context
            context.environment.objects[ObjectIdentifier(T.self)] = object
            return context
        }
    }
}

/// Draws its content in a changed context (environment values).
struct _ContextModifier<Content: View>: View, _PrimitiveView {
    let content: Content
    let change: @MainActor (RenderContext) -> RenderContext

    typealias Body = Never
    func _render(in context: RenderContext) -> [ViewNode] {
        change(context).render(content)
    }
}

/// Closes the sheet or pops the page it is read in (https://developer.apple.com/documentation/swiftui/dismissaction).
public struct DismissAction: @unchecked Sendable {
    // NB: `@unchecked`: the action is only called on the main actor, where views live.
    let action: @MainActor () -> Void

    /// Dismisses.
    @MainActor public func callAsFunction() { action() }
}

/// Opens a URL (https://developer.apple.com/documentation/swiftui/openurlaction).
public struct OpenURLAction: @unchecked Sendable {
    // NB: `@unchecked`: the handler is only called on the main actor, where views live.
    /// What became of the URL.
    public struct Result: Sendable {
        let handled: Bool
        /// The action opened it.
        public static let handled = Result(handled: true)
        /// The action did not; the system may.
        public static let discarded = Result(handled: false)
        /// Hand it to the system.
        public static let systemAction = Result(handled: false)
    }

    let handler: @MainActor (URL) -> Result

    /// An action that calls `handler`.
    public init(handler: @escaping @MainActor (URL) -> Result) {
        self.handler = handler
    }

    /// Opens `url`.
    @MainActor public func callAsFunction(_ url: URL) { _ = handler(url) }
}

/// Light or dark appearance (https://developer.apple.com/documentation/swiftui/colorscheme).
public enum ColorScheme: Sendable, Hashable, CaseIterable {
    /// Light.
    case light
    /// Dark.
    case dark
}

/// An indication of a scene's operational state (https://developer.apple.com/documentation/swiftui/scenephase).
public enum ScenePhase: Comparable, Hashable, Sendable {
    /// The scene isn't currently visible in the UI.
    case background
    /// The scene is in the foreground but should pause its work.
    case inactive
    /// The scene is in the foreground and interactive.
    case active
}

private struct ScenePhaseKey: EnvironmentKey {
    // NB: a view the stand-in draws is on screen, in an app in the foreground, until a test says otherwise
    // (`ViewHost.enterScenePhase(_:)`).
    static let defaultValue = ScenePhase.active
}

private struct DismissKey: EnvironmentKey {
    static let defaultValue = DismissAction {}
}

private struct OpenURLKey: EnvironmentKey {
    static let defaultValue = OpenURLAction { _ in .discarded }
}

private struct ColorSchemeKey: EnvironmentKey {
    static let defaultValue = ColorScheme.light
}

private struct IsEnabledKey: EnvironmentKey {
    static let defaultValue = true
}

extension EnvironmentValues {
    /// Closes the presentation the view is in.
    public internal(set) var dismiss: DismissAction {
        get { self[DismissKey.self] }
        set { self[DismissKey.self] = newValue }
    }

    /// Opens a URL the way the app does.
    public var openURL: OpenURLAction {
        get { self[OpenURLKey.self] }
        set { self[OpenURLKey.self] = newValue }
    }

    /// Light or dark.
    public var colorScheme: ColorScheme {
        get { self[ColorSchemeKey.self] }
        set { self[ColorSchemeKey.self] = newValue }
    }

    /// The current phase of the scene (https://developer.apple.com/documentation/swiftui/environmentvalues/scenephase).
    public var scenePhase: ScenePhase {
        get { self[ScenePhaseKey.self] }
        set { self[ScenePhaseKey.self] = newValue }
    }

    /// Whether controls here take input (`.disabled` sets it to `false`).
    public var isEnabled: Bool {
        get { self[IsEnabledKey.self] }
        set { self[IsEnabledKey.self] = newValue }
    }
}
