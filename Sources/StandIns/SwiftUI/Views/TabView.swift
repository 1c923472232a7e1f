/// Pages chosen by a tab bar (https://developer.apple.com/documentation/swiftui/tabview).
///
/// The stand-in draws the selected tab's content; the others are drawn unseen for their tab labels and state, so
/// their tasks run only once they are selected (and end when another is), as in SwiftUI.
public struct TabView<SelectionValue: Hashable, Content: View>: View, _PrimitiveView {
    let selection: Binding<SelectionValue>?
    let content: Content

    /// Tabs whose selection `selection` holds (each tab's content carries a `.tag`).
    public init(selection: Binding<SelectionValue>?, @ViewBuilder content: () -> Content) {
        self.selection = selection
        self.content = content()
    }

    public typealias Body = Never
    public func _render(in context: RenderContext) -> [ViewNode] {
        var unseen = context
        unseen.isVisible = false
        let tabs = unseen.render(content)
        let host = context.host
        let key = context.identity + "#selected"
        let chosen: AnyHashable? =
            selection.map { AnyHashable($0.wrappedValue) }
            ?? (host.existingCell(key) as StateCell<AnyHashable>?)?.value ?? tabs.first?.tag
        let selectedIndex = tabs.firstIndex { $0.tag == chosen } ?? 0

        var node = ViewNode(.tabView)
        for (index, tab) in tabs.enumerated() {
            var item = ViewNode(.button)
            item.text = tab.tabItem.first?.text
            item.systemImage = tab.tabItem.first?.systemImage
            item.badge = tab.badge
            item.value = index == selectedIndex ? "selected" : nil
            let tag = tab.tag ?? AnyHashable(index)
            item.tapAction = {
                if let selection, let value = tag.base as? SelectionValue {
                    selection.wrappedValue = value
                } else {
                    host.cell(key) { tag }.value = tag
                }
                host.invalidate()
            }
            node.tabItem.append(item)
        }
        if !tabs.isEmpty {
            // Draw again, seen: the selected tab's tasks start now, and only its (the others are drawn again to keep
            // their state, unseen: as in SwiftUI, a tab's `.task` runs when it is selected, and ends when it is left).
            var seenContext = context
            let pending = PendingLifecycle()
            seenContext.pendingLifecycle = pending
            let seen = seenContext.render(content)
            let paths = seen.map { Self.components($0.path) }
            context.start(pending) { identity in
                Self.tab(of: Self.components(identity), among: paths).map { $0 == selectedIndex } ?? true
            }
            node.children = [seen.indices.contains(selectedIndex) ? seen[selectedIndex] : tabs[selectedIndex]]
        }
        return [node]
    }

    private static func components(_ path: String) -> [Substring] {
        path.split(separator: "#", maxSplits: 1).first.map { $0.split(separator: "/") } ?? []
    }

    /// The tab whose drawing `identity` was met in: the one whose path shares the most leading parts with it (`nil`
    /// when two share as many, or none of them shares more than the tab view's own).
    private static func tab(of identity: [Substring], among paths: [[Substring]]) -> Int? {
        let shared = paths.map { path in zip(path, identity).prefix { $0 == $1 }.count }
        guard let most = shared.max(), shared.filter({ $0 == most }).count == 1 else { return nil }
        return shared.firstIndex(of: most)
    }
}

extension TabView where SelectionValue == Int {
    /// Tabs selected by the tab bar alone.
    public init(@ViewBuilder content: () -> Content) {
        self.selection = nil
        self.content = content()
    }
}

extension View {
    /// The tab's label in the tab bar.
    public func tabItem<V: View>(@ViewBuilder _ label: () -> V) -> some View {
        let label = label()
        return _modifySingle { node, context in
            var unseen = context
            unseen.isVisible = false
            node.tabItem = unseen.render(label, at: "tabItem")
        }
    }

    /// The value that identifies the view in a picker or tab view.
    public func tag<V: Hashable>(_ tag: V) -> some View {
        _modify { $0.tag = AnyHashable(tag) }
    }

    /// A count on the tab or row; none for zero.
    public func badge(_ count: Int) -> some View {
        _modifySingle { node, _ in node.badge = count == 0 ? nil : "\(count)" }
    }

    /// A text on the tab or row; none for `nil`.
    public func badge<S: StringProtocol>(_ label: S?) -> some View {
        let label = label.map { String($0) }
        return _modifySingle { node, _ in node.badge = label }
    }
}
