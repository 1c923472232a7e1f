import Foundation

/// Interactions and lifecycle: tasks, appearing, changes, refreshing, searching, tapping, swiping.
extension View {
    /// The key of a lifecycle modifier on this view: modifiers stacked on one view draw in the same place, so
    /// each is told apart by the type it modifies (`.task {…}.task(id:) {…}` keeps two tasks, as in SwiftUI).
    static func _modifierKey(_ name: String) -> String {
        name + "@" + String(describing: ObjectIdentifier(Self.self))
    }

    /// Runs `action` when the view appears; cancels it when the view goes away.
    public func task(
        priority: TaskPriority = .userInitiated, @_inheritActorContext _ action: @escaping @Sendable () async -> Void
    )
        -> some View
    {
        let key = Self._modifierKey("task")
        return _modifySingle { _, context in context.task(key, id: 0, priority: priority, action) }
    }

    /// Runs `action` when the view appears and again each time `id` changes.
    public func task<T: Equatable>(
        id value: T, priority: TaskPriority = .userInitiated,
        @_inheritActorContext _ action: @escaping @Sendable () async -> Void
    ) -> some View {
        let id = AnyHashable(String(describing: value))
        let key = Self._modifierKey("task")
        return _modifySingle { _, context in context.task(key, id: id, priority: priority, action) }
    }

    /// Runs `action` each time the view appears.
    public func onAppear(perform action: (() -> Void)? = nil) -> some View {
        let key = Self._modifierKey("appear")
        return _modifySingle { _, context in
            if let action { context.onAppear(key) { action() } }
        }
    }

    /// Runs `action` when the view goes away. NB: the stand-in does not report disappearance.
    public func onDisappear(perform action: (() -> Void)? = nil) -> some View {
        self
    }

    /// Runs `action` with the old and new value when `value` changes (and at first, when `initial`).
    public func onChange<V: Equatable>(
        of value: V, initial: Bool = false, _ action: @escaping (_ oldValue: V, _ newValue: V) -> Void
    ) -> some View {
        let modifier = Self._modifierKey("onChange")
        return _modifySingle { _, context in
            let key = context.identity + "#" + modifier
            let host = context.host
            if let previous = host.changeValues[key] as? V {
                if previous != value { host.later { action(previous, value) } }
            } else if initial {
                host.later { action(value, value) }
            }
            host.changeValues[key] = value
        }
    }

    /// Runs `action` when `value` changes.
    public func onChange<V: Equatable>(of value: V, initial: Bool = false, _ action: @escaping () -> Void)
        -> some View
    {
        onChange(of: value, initial: initial) { _, _ in action() }
    }

    /// Pull to refresh: the list shows a spinner until `action` returns.
    public func refreshable(@_inheritActorContext action: @escaping @Sendable () async -> Void) -> some View {
        _modifySingle { node, _ in node.refreshAction = action }
    }

    /// A search field bound to `text`.
    public func searchable(text: Binding<String>, prompt: Text? = nil) -> some View {
        _modifySingle { node, context in
            var field = ViewNode(.searchField, text: prompt?.content ?? "Search")
            field.value = text.wrappedValue
            field.textBinding = text
            field.path = context.identity + "/search"
            node.children.insert(field, at: 0)
        }
    }

    /// A search field bound to `text`, with a prompt from a string.
    public func searchable<S: StringProtocol>(text: Binding<String>, prompt: S) -> some View {
        searchable(text: text, prompt: Text(prompt))
    }

    /// Runs `action` when the person presses Return in a field inside.
    public func onSubmit(of triggers: SubmitTriggers = .text, _ action: @escaping () -> Void) -> some View {
        _modify { node in
            for path in node.allPaths(of: .textField) { node[path].submitAction = { action() } }
            for path in node.allPaths(of: .searchField) where triggers.contains(.search) {
                node[path].submitAction = { action() }
            }
        }
    }

    /// Runs `action` when the view is tapped `count` times.
    public func onTapGesture(count: Int = 1, perform action: @escaping () -> Void) -> some View {
        _modifySingle { node, context in
            node.tapAction = { action() }
            node.isEnabled = context.environment.isEnabled
        }
    }

    /// Buttons revealed by swiping the row.
    public func swipeActions<T: View>(
        edge: HorizontalEdge = .trailing, allowsFullSwipe: Bool = true, @ViewBuilder content: () -> T
    ) -> some View {
        let actions = content()
        return _modifySingle { node, context in
            node.swipeActions += context.render(actions, at: "swipe")
        }
    }

    /// The area that takes taps.
    public func contentShape<S: Shape>(_ shape: S, eoFill: Bool = false) -> some View {
        self
    }

    /// Buttons in a menu revealed by a long press.
    public func contextMenu<M: View>(@ViewBuilder menuItems: () -> M) -> some View {
        let items = menuItems()
        return _modifySingle { node, context in
            node.swipeActions += context.render(items, at: "contextMenu")
        }
    }

    /// A view pinned to `edge` over the content (a banner above a list).
    public func safeAreaInset<V: View>(
        edge: VerticalEdge, alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil,
        @ViewBuilder content: () -> V
    ) -> some View {
        let inset = content()
        return _modifySingle { node, context in
            var drawn = context.render(inset, at: "inset")
            for index in drawn.indices { drawn[index].placement = edge == .top ? .topInset : .bottomInset }
            if edge == .top { node.children.insert(contentsOf: drawn, at: 0) } else { node.children += drawn }
        }
    }
}

/// The leading or trailing edge (https://developer.apple.com/documentation/swiftui/horizontaledge).
public enum HorizontalEdge: Int8, Sendable {
    case leading, trailing
}

/// What submits a field (https://developer.apple.com/documentation/swiftui/submittriggers).
public struct SubmitTriggers: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// Return in a text field.
    public static let text = SubmitTriggers(rawValue: 1)
    /// Return in a search field.
    public static let search = SubmitTriggers(rawValue: 2)
}
