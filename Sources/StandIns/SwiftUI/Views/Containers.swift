import Foundation

/// Views in a column (https://developer.apple.com/documentation/swiftui/vstack).
public struct VStack<Content: View>: View, _PrimitiveView {
    let alignment: HorizontalAlignment
    let spacing: CGFloat?
    let content: Content

    /// A column aligned by `alignment`, `spacing` points apart.
    public init(
        alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content
    ) {
        self.alignment = alignment
        self.spacing = spacing
        self.content = content()
    }

    public typealias Body = Never
    public func _render(in context: RenderContext) -> [ViewNode] {
        var node = ViewNode(.vstack)
        node.children = context.render(content)
        node.style.spacing = spacing
        if alignment != .center { node.style.stackAlignment = alignment }
        return [node]
    }
}

/// Views in a row (https://developer.apple.com/documentation/swiftui/hstack).
public struct HStack<Content: View>: View, _PrimitiveView {
    let spacing: CGFloat?
    let content: Content

    /// A row aligned by `alignment`, `spacing` points apart.
    public init(alignment: VerticalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {
        self.spacing = spacing
        self.content = content()
    }

    public typealias Body = Never
    public func _render(in context: RenderContext) -> [ViewNode] {
        var node = ViewNode(.hstack)
        node.children = context.render(content)
        node.style.spacing = spacing
        return [node]
    }
}

/// Views on top of each other (https://developer.apple.com/documentation/swiftui/zstack).
public struct ZStack<Content: View>: View, _PrimitiveView {
    let content: Content

    /// A stack aligned by `alignment`.
    public init(alignment: Alignment = .center, @ViewBuilder content: () -> Content) {
        self.content = content()
    }

    public typealias Body = Never
    public func _render(in context: RenderContext) -> [ViewNode] {
        var node = ViewNode(.zstack)
        node.children = context.render(content)
        return [node]
    }
}

/// Flexible space (https://developer.apple.com/documentation/swiftui/spacer).
public struct Spacer: View, _PrimitiveView {
    /// A spacer at least `minLength` long.
    public init(minLength: CGFloat? = nil) {}
    public typealias Body = Never
    public func _render(in context: RenderContext) -> [ViewNode] { [ViewNode(.spacer)] }
}

/// A thin line (https://developer.apple.com/documentation/swiftui/divider).
public struct Divider: View, _PrimitiveView {
    /// A divider.
    public init() {}
    public typealias Body = Never
    public func _render(in context: RenderContext) -> [ViewNode] { [ViewNode(.divider)] }
}

/// A scrolling region (https://developer.apple.com/documentation/swiftui/scrollview).
public struct ScrollView<Content: View>: View, _PrimitiveView {
    let content: Content

    /// A region scrolling along `axes`.
    public init(_ axes: Axis.Set = .vertical, showsIndicators: Bool = true, @ViewBuilder content: () -> Content) {
        self.content = content()
    }

    public typealias Body = Never
    public func _render(in context: RenderContext) -> [ViewNode] {
        var node = ViewNode(.scroll)
        node.children = context.render(content)
        return [node]
    }
}

extension Axis {
    /// A set of axes.
    public struct Set: OptionSet, Sendable {
        public let rawValue: Int8
        public init(rawValue: Int8) { self.rawValue = rawValue }
        public static let horizontal = Set(rawValue: 1)
        public static let vertical = Set(rawValue: 2)
    }
}

/// Rows in a scrolling list (https://developer.apple.com/documentation/swiftui/list).
public struct List<SelectionValue: Hashable, Content: View>: View, _PrimitiveView {
    let content: Content

    public typealias Body = Never
    public func _render(in context: RenderContext) -> [ViewNode] {
        var node = ViewNode(.list)
        node.children = context.render(content)
        return [node]
    }
}

extension List where SelectionValue == Never {
    /// A list of the rows `content` builds.
    public init(@ViewBuilder content: () -> Content) {
        self.content = content()
    }

    /// A list with a row for each element of `data`.
    public init<Data: RandomAccessCollection, RowContent: View>(
        _ data: Data, @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent
    ) where Content == ForEach<Data, Data.Element.ID, RowContent>, Data.Element: Identifiable {
        self.content = ForEach(data, content: rowContent)
    }

    /// A list with a row for each element of `data`, identified by `id`.
    public init<Data: RandomAccessCollection, ID: Hashable, RowContent: View>(
        _ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent
    ) where Content == ForEach<Data, ID, RowContent> {
        self.content = ForEach(data, id: id, content: rowContent)
    }
}

/// A form of controls (https://developer.apple.com/documentation/swiftui/form).
public struct Form<Content: View>: View, _PrimitiveView {
    let content: Content

    /// A form of the controls `content` builds.
    public init(@ViewBuilder content: () -> Content) {
        self.content = content()
    }

    public typealias Body = Never
    public func _render(in context: RenderContext) -> [ViewNode] {
        var node = ViewNode(.form)
        node.children = context.render(content)
        return [node]
    }
}

/// Rows under a header (https://developer.apple.com/documentation/swiftui/section).
public struct Section<Parent: View, Content: View, Footer: View>: View, _PrimitiveView {
    let header: Parent
    let content: Content
    let footer: Footer

    /// A section with a header and a footer.
    public init(
        @ViewBuilder content: () -> Content, @ViewBuilder header: () -> Parent, @ViewBuilder footer: () -> Footer
    ) {
        self.content = content()
        self.header = header()
        self.footer = footer()
    }

    public typealias Body = Never
    public func _render(in context: RenderContext) -> [ViewNode] {
        var node = ViewNode(.section)
        node.header = context.render(header, at: "header")
        node.text = node.header.count == 1 ? node.header[0].text : nil
        node.children = context.render(content, at: "content")
        node.footer = context.render(footer, at: "footer")
        return [node]
    }
}

extension Section where Parent == EmptyView, Footer == EmptyView {
    /// A section without a header.
    public init(@ViewBuilder content: () -> Content) {
        self.init(content: content, header: { EmptyView() }, footer: { EmptyView() })
    }
}

extension Section where Footer == EmptyView {
    /// A section with a header.
    public init(@ViewBuilder content: () -> Content, @ViewBuilder header: () -> Parent) {
        self.init(content: content, header: header, footer: { EmptyView() })
    }
}

extension Section where Parent == Text, Footer == EmptyView {
    /// A section titled with a literal.
    public init(_ titleKey: LocalizedStringKey, @ViewBuilder content: () -> Content) {
        self.init(content: content, header: { Text(titleKey) }, footer: { EmptyView() })
    }

    /// A section titled with a string.
    public init<S: StringProtocol>(_ title: S, @ViewBuilder content: () -> Content) {
        self.init(content: content, header: { Text(title) }, footer: { EmptyView() })
    }
}

/// Views made from a collection, one for each element (https://developer.apple.com/documentation/swiftui/foreach).
public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content: View>: View, _PrimitiveView {
    /// The elements.
    public var data: Data
    /// Makes an element's view.
    public var content: (Data.Element) -> Content
    let id: (Data.Element) -> ID
    var onDelete: ((IndexSet) -> Void)?

    /// A view for each element of `data`, identified by `id`.
    public init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content)
    {
        self.data = data
        self.content = content
        self.id = { $0[keyPath: id] }
    }

    public typealias Body = Never
    public func _render(in context: RenderContext) -> [ViewNode] {
        var nodes: [ViewNode] = []
        for (offset, element) in data.enumerated() {
            var drawn = context.render(content(element), at: "id:\(id(element))")
            if let onDelete {
                for index in drawn.indices { drawn[index].deleteAction = { onDelete(IndexSet(integer: offset)) } }
            }
            nodes += drawn
        }
        return nodes
    }
}

extension ForEach where ID == Data.Element.ID, Data.Element: Identifiable {
    /// A view for each element of `data`.
    public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.init(data, id: \.id, content: content)
    }
}

extension ForEach where Data == Range<Int>, ID == Int {
    /// A view for each number of `data`.
    public init(_ data: Range<Int>, @ViewBuilder content: @escaping (Int) -> Content) {
        self.init(data, id: \.self, content: content)
    }
}

/// A view made from a collection, whose elements can be deleted or moved
/// (https://developer.apple.com/documentation/swiftui/dynamicviewcontent).
public protocol DynamicViewContent: View {
    /// The collection.
    associatedtype Data: Collection
    /// The elements.
    var data: Data { get }
}

extension ForEach: DynamicViewContent {}

extension ForEach {
    /// Swipe to delete: `action` receives the offsets of the deleted elements.
    public func onDelete(perform action: ((IndexSet) -> Void)?) -> ForEach {
        var view = self
        view.onDelete = action
        return view
    }
}
