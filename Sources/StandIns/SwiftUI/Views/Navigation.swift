import Foundation

/// A stack of pages with a navigation bar (https://developer.apple.com/documentation/swiftui/navigationstack).
///
/// The stand-in draws the page on top only (the pages under it keep their state but are not shown, and their
/// tasks do not run), with a back action that pops it.
public struct NavigationStack<Data, Root: View>: View, _PrimitiveView {
    let root: Root
    let path: Binding<[AnyHashable]>?

    public typealias Body = Never
    public func _render(in context: RenderContext) -> [ViewNode] {
        let key = context.identity
        let host = context.host
        var entries: [NavigationEntry]
        if let path {
            entries = path.wrappedValue.map { .value($0) }
        } else {
            entries = host.navigationStacks[key] ?? []
        }
        let registry = NavigationRegistry()
        var pageContext = context
        pageContext.navigation = registry
        pageContext = pageContext.with(\.push) { entry in
            if let path, case .value(let value) = entry {
                path.wrappedValue.append(value)
            } else {
                host.navigationStacks[key, default: []].append(entry)
                host.invalidate()
            }
        }

        var pages: [ViewNode] = []
        var pops: [@MainActor () -> Void] = []
        let depth = entries.count
        func draw(_ index: Int, _ build: (RenderContext) -> [ViewNode], pop: (@MainActor () -> Void)?) {
            var page = pageContext.child("page\(index)")
            page.isVisible = context.isVisible && index == depth && registry.presented.isEmpty
            if let pop { page = page.with(\.dismiss, DismissAction(action: pop)) }
            var node = ViewNode(.group)
            node.children = build(page)
            node.path = page.identity
            pages.append(node)
            if let pop { pops.append(pop) }
        }
        draw(0, { $0.render(root) }, pop: nil)
        for (index, entry) in entries.enumerated() {
            let pop: @MainActor () -> Void = {
                if let path {
                    path.wrappedValue.removeLast(path.wrappedValue.count - index)
                } else {
                    host.navigationStacks[key] = Array((host.navigationStacks[key] ?? []).prefix(index))
                    host.invalidate()
                }
            }
            switch entry {
            case .view(let view):
                draw(index + 1, { $0.render(view) }, pop: pop)
            case .value(let value):
                let destination = registry.byType[ObjectIdentifier(type(of: value.base))]
                draw(index + 1, { context in destination?(value, context) ?? [] }, pop: pop)
            }
        }
        // Destinations presented by a binding (`navigationDestination(isPresented:)`) go on top, in order.
        var shown = 0
        while shown < registry.presented.count {
            let (dismiss, present) = registry.presented[shown]
            var page = pageContext.child("presented\(shown)")
            page.isVisible = context.isVisible
            var node = ViewNode(.group)
            node.children = present(page.with(\.dismiss, DismissAction(action: dismiss)))
            node.path = page.identity
            pages.append(node)
            pops.append(dismiss)
            shown += 1
        }

        var stack = ViewNode(.navigationStack)
        var top = pages.removeLast()
        if let pop = pops.last { top.backAction = pop }
        stack.navigationTitle = top.visibleNavigationTitle
        stack.inlineTitle = top.visibleTitleIsInline
        stack.value = "\(pages.count) below"
        stack.children = [top]
        return [stack]
    }
}

extension NavigationStack where Data == NavigationPath {
    /// A stack whose pages are pushed by links inside `root`.
    public init(@ViewBuilder root: () -> Root) {
        self.root = root()
        path = nil
    }
}

extension NavigationStack {
    /// A stack whose pushed values are `path`: pushing appends to it, going back removes from it.
    public init(path: Binding<Data>, @ViewBuilder root: () -> Root)
    where Data: MutableCollection, Data: RangeReplaceableCollection, Data.Element: Hashable {
        self.root = root()
        self.path = Binding(
            get: { path.wrappedValue.map { AnyHashable($0) } },
            set: { values in path.wrappedValue = Data(values.compactMap { $0.base as? Data.Element }) })
    }
}

/// A type-erased list of pushed values (https://developer.apple.com/documentation/swiftui/navigationpath).
public struct NavigationPath {
    var elements: [AnyHashable] = []
    /// An empty path.
    public init() {}
    /// How many values are pushed.
    public var count: Int { elements.count }
    /// Whether nothing is pushed.
    public var isEmpty: Bool { elements.isEmpty }
    /// Pushes `value`.
    public mutating func append<V: Hashable>(_ value: V) { elements.append(value) }
    /// Pops `k` values.
    public mutating func removeLast(_ k: Int = 1) { elements.removeLast(k) }
}

private struct PushKey: EnvironmentKey {
    static let defaultValue: @MainActor (NavigationEntry) -> Void = { _ in }
}

extension EnvironmentValues {
    var push: @MainActor (NavigationEntry) -> Void {
        get { self[PushKey.self] }
        set { self[PushKey.self] = newValue }
    }
}

/// A row or button that pushes a page (https://developer.apple.com/documentation/swiftui/navigationlink).
public struct NavigationLink<Label: View, Destination: View>: View, _PrimitiveView {
    let label: Label
    /// What a tap pushes; `nil` for a link made with a `nil` value, which is disabled.
    let entry: NavigationEntry?

    /// A link to `destination`.
    public init(@ViewBuilder destination: () -> Destination, @ViewBuilder label: () -> Label) {
        self.label = label()
        entry = .view(AnyView(destination()))
    }

    public typealias Body = Never
    public func _render(in context: RenderContext) -> [ViewNode] {
        var node = ViewNode(.button)
        let drawn = context.render(label, at: "label")
        if drawn.count == 1, drawn[0].kind == .text { node.text = drawn[0].text } else { node.children = drawn }
        node.style.styleName = "navigationLink"
        // NB: as SwiftUI's: "Pass a nil value to disable the link."
        node.isEnabled = context.environment.isEnabled && entry != nil
        let push = context.environment.push
        // NB: a disabled link is still a control, which a tap finds and the host refuses as disabled.
        node.tapAction = { if let entry { push(entry) } }
        return [node]
    }
}

extension NavigationLink where Destination == Never {
    /// A link that pushes `value`, shown by the stack's `navigationDestination(for:)`; a `nil` value disables it.
    public init<P: Hashable>(value: P?, @ViewBuilder label: () -> Label) {
        self.label = label()
        entry = value.map { .value(AnyHashable($0)) }
    }
}

extension NavigationLink where Label == Text {
    /// A link titled with a string, to `destination`.
    public init<S: StringProtocol>(_ title: S, @ViewBuilder destination: () -> Destination) {
        self.init(destination: destination) { Text(title) }
    }
}

extension NavigationLink where Label == Text, Destination == Never {
    /// A link titled with a string that pushes `value`.
    public init<S: StringProtocol, P: Hashable>(_ title: S, value: P?) {
        self.init(value: value) { Text(title) }
    }
}

extension View {
    /// What the stack shows when a value of `data` is pushed.
    public func navigationDestination<D: Hashable, C: View>(
        for data: D.Type, @ViewBuilder destination: @escaping (D) -> C
    ) -> some View {
        _modifySingle { _, context in
            context.navigation?.byType[ObjectIdentifier(D.self)] = { value, page in
                guard let value = value.base as? D else { return [] }
                return page.render(destination(value))
            }
        }
    }

    /// A page pushed while `isPresented` is true; going back sets it to false.
    public func navigationDestination<V: View>(isPresented: Binding<Bool>, @ViewBuilder destination: () -> V)
        -> some View
    {
        let destination = destination()
        return _modifySingle { _, context in
            guard isPresented.wrappedValue else { return }
            context.navigation?.presented.append(
                (dismiss: { isPresented.wrappedValue = false }, draw: { page in page.render(destination) }))
        }
    }

    /// The title of the page in the navigation bar. NB: where titles are nested, the stand-in keeps the
    /// innermost one (the page's own), as a page's title set inside it shows over one set around it.
    public func navigationTitle(_ title: Text) -> some View {
        _modifySingle { node, _ in node.navigationTitle = node.navigationTitle ?? title.content }
    }

    /// The title of the page in the navigation bar, from a literal.
    public func navigationTitle(_ titleKey: LocalizedStringKey) -> some View {
        _modifySingle { node, _ in node.navigationTitle = node.navigationTitle ?? titleKey.resolved }
    }

    /// The title of the page in the navigation bar.
    public func navigationTitle<S: StringProtocol>(_ title: S) -> some View {
        let title = String(title)
        return _modifySingle { node, _ in node.navigationTitle = node.navigationTitle ?? title }
    }
}
