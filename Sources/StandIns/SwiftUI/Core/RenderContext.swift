import Foundation

/// Where a view is drawn: its identity (a path from the root), its environment, and the host that keeps its
/// state between evaluations. Not part of SwiftUI.
@MainActor
public struct RenderContext {
    let host: HostStorage
    /// The environment the view reads.
    public internal(set) var environment: EnvironmentValues
    var path: [String]
    /// `false` while drawing content nobody sees (a tab not selected, a page under the top of a navigation
    /// stack): its `.task` and `.onAppear` do not run.
    var isVisible = true
    var navigation: NavigationRegistry?
    /// Where `.task` and `.onAppear` go while a tab view draws its tabs, before it knows which one is on screen:
    /// only the selected tab's then start.
    var pendingLifecycle: PendingLifecycle?

    init(host: HostStorage, environment: EnvironmentValues) {
        self.host = host
        self.environment = environment
        self.path = []
    }

    /// The identity of the view drawn here.
    public var identity: String { path.joined(separator: "/") }

    /// A context one level down, named `component`.
    public func child(_ component: String) -> RenderContext {
        var context = self
        context.path.append(component)
        return context
    }

    /// The same place with one environment value changed.
    public func with<Value>(_ keyPath: WritableKeyPath<EnvironmentValues, Value>, _ value: Value) -> RenderContext {
        var context = self
        context.environment[keyPath: keyPath] = value
        return context
    }

    /// The nodes of `view`, drawn here (or one level down at `component`).
    public func render<V: View>(_ view: V, at component: String? = nil) -> [ViewNode] {
        let context = component.map(child) ?? self
        if let primitive = view as? any _PrimitiveView {
            var nodes = primitive._render(in: context)
            for index in nodes.indices where nodes[index].path.isEmpty { nodes[index].path = context.identity }
            return nodes
        }
        let own = context.child(String(describing: V.self))
        own.link(view)
        return own.render(view.body)
    }

    /// The nodes of a value that should be a view (a tuple element).
    func renderAny(_ value: Any, at component: String) -> [ViewNode] {
        guard let view = value as? any View else { return [] }
        return render(view, at: component)
    }

    /// The nodes of `view` wrapped in one node of `kind` when it draws more than one.
    public func renderSingle<V: View>(_ view: V, as kind: ViewNode.Kind = .group) -> ViewNode {
        let nodes = render(view)
        if nodes.count == 1 { return nodes[0] }
        var group = ViewNode(kind)
        group.children = nodes
        group.path = identity
        return group
    }

    /// Connects the view's `@State`, `@Environment` and other dynamic properties to their storage here.
    private func link<V: View>(_ view: V) {
        for child in Mirror(reflecting: view).children {
            guard let property = child.value as? any _DynamicPropertyLink else { continue }
            property._link(in: self, label: child.label ?? "")
        }
    }

    /// Runs `action` after this evaluation, once for each time the view appears (SwiftUI's `onAppear`).
    func onAppear(_ key: String, _ action: @escaping @MainActor () -> Void) {
        guard isVisible else { return }
        let appearance = PendingLifecycle.Appearance(identity: identity, key: key, action: action)
        if let pendingLifecycle {
            pendingLifecycle.appearances.append(appearance)
        } else {
            start(appearance)
        }
    }

    /// Starts `action` as the view's task unless it is running already (SwiftUI's `task(id:)`).
    func task(
        _ key: String, id: AnyHashable, priority: TaskPriority,
        _ action: @escaping @Sendable () async -> Void
    ) {
        guard isVisible else { return }
        let task = PendingLifecycle.Work(identity: identity, key: key, id: id, priority: priority, action: action)
        if let pendingLifecycle {
            pendingLifecycle.tasks.append(task)
        } else {
            start(task)
        }
    }

    /// Starts the tasks and appearances met while drawing `pending` that `keep` says are on screen (through the
    /// tab view around this one, if any, which decides in turn).
    func start(_ pending: PendingLifecycle, keeping keep: (_ identity: String) -> Bool) {
        for task in pending.tasks where keep(task.identity) {
            if let pendingLifecycle { pendingLifecycle.tasks.append(task) } else { start(task) }
        }
        for appearance in pending.appearances where keep(appearance.identity) {
            if let pendingLifecycle { pendingLifecycle.appearances.append(appearance) } else { start(appearance) }
        }
    }

    private func start(_ task: PendingLifecycle.Work) {
        host.task(task.identity + "#" + task.key, id: task.id, priority: task.priority, task.action)
    }

    private func start(_ appearance: PendingLifecycle.Appearance) {
        host.appeared(appearance.identity + "#" + appearance.key, appearance.action)
    }
}

/// The `.task`s and `.onAppear`s of views drawn before it is known whether they are on screen (the tabs of a tab
/// view, all drawn for their labels and state). Not part of SwiftUI.
@MainActor
final class PendingLifecycle {
    struct Work {
        let identity: String
        let key: String
        let id: AnyHashable
        let priority: TaskPriority
        let action: @Sendable () async -> Void
    }

    struct Appearance {
        let identity: String
        let key: String
        let action: @MainActor () -> Void
    }

    var tasks: [Work] = []
    var appearances: [Appearance] = []
}

/// A stored property of a view that the stand-in connects to storage before each evaluation (`@State`,
/// `@Environment`). Not part of SwiftUI's public API.
@MainActor
public protocol _DynamicPropertyLink {
    /// Connects the property to the storage of the view at `context`.
    func _link(in context: RenderContext, label: String)
}

/// Navigation destinations registered while a stack's pages are drawn.
@MainActor
final class NavigationRegistry {
    var byType: [ObjectIdentifier: (AnyHashable, RenderContext) -> [ViewNode]] = [:]
    var presented: [(dismiss: @MainActor () -> Void, draw: (RenderContext) -> [ViewNode])] = []
}
