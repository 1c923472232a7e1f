// swift-format-ignore-file: AmbiguousTrailingClosureOverload

// NB: SwiftUI itself has `toolbar(content:)` for views and for toolbar content; the stand-in keeps both names.
import Foundation

/// Where a toolbar item goes (https://developer.apple.com/documentation/swiftui/toolbaritemplacement).
public struct ToolbarItemPlacement: Sendable, Equatable {
    let name: String
    public static let automatic = ToolbarItemPlacement(name: "automatic")
    public static let primaryAction = ToolbarItemPlacement(name: "primaryAction")
    public static let secondaryAction = ToolbarItemPlacement(name: "secondaryAction")
    public static let status = ToolbarItemPlacement(name: "status")
    public static let confirmationAction = ToolbarItemPlacement(name: "confirmationAction")
    public static let cancellationAction = ToolbarItemPlacement(name: "cancellationAction")
    public static let destructiveAction = ToolbarItemPlacement(name: "destructiveAction")
    public static let principal = ToolbarItemPlacement(name: "principal")
}

/// Items of a toolbar (https://developer.apple.com/documentation/swiftui/toolbarcontent).
@MainActor @preconcurrency
public protocol ToolbarContent {
    /// The items this content is made of.
    associatedtype Body: ToolbarContent
    /// The items.
    @ToolbarContentBuilder @MainActor @preconcurrency var body: Body { get }
}

/// Toolbar content the stand-in draws itself. Not part of SwiftUI.
@MainActor
public protocol _PrimitiveToolbarContent {
    /// The nodes of the items.
    func _render(in context: RenderContext) -> [ViewNode]
}

extension Never: ToolbarContent {}

extension ToolbarContent where Body == Never {
    /// Primitive toolbar content has no body.
    public var body: Never { fatalError("\(Self.self) is drawn by the stand-in and has no body") }  // NB: unreachable.
}

extension RenderContext {
    /// The nodes of toolbar `content`.
    func renderToolbar<C: ToolbarContent>(_ content: C) -> [ViewNode] {
        if let primitive = content as? any _PrimitiveToolbarContent { return primitive._render(in: self) }
        return child(String(describing: C.self)).renderToolbar(content.body)
    }
}

/// Several toolbar items (the builder's block).
public struct _TupleToolbarContent<each Item: ToolbarContent>: ToolbarContent, _PrimitiveToolbarContent {
    let items: (repeat each Item)
    public typealias Body = Never
    public func _render(in context: RenderContext) -> [ViewNode] {
        var nodes: [ViewNode] = []
        var index = 0
        for item in repeat each items {
            nodes += context.child("\(index)").renderToolbar(item)
            index += 1
        }
        return nodes
    }
}

/// An optional toolbar item (an `if` in the builder).
public struct _OptionalToolbarContent<Item: ToolbarContent>: ToolbarContent, _PrimitiveToolbarContent {
    let item: Item?
    public typealias Body = Never
    public func _render(in context: RenderContext) -> [ViewNode] {
        item.map { context.child("some").renderToolbar($0) } ?? []
    }
}

/// Builds toolbar content (https://developer.apple.com/documentation/swiftui/toolbarcontentbuilder).
@resultBuilder @MainActor
public enum ToolbarContentBuilder {
    public static func buildBlock<Content: ToolbarContent>(_ content: Content) -> Content { content }
    public static func buildBlock<each Content: ToolbarContent>(_ content: repeat each Content)
        -> _TupleToolbarContent<repeat each Content>
    {
        _TupleToolbarContent(items: (repeat each content))
    }
    public static func buildExpression<Content: ToolbarContent>(_ content: Content) -> Content { content }
    public static func buildIf<Content: ToolbarContent>(_ content: Content?) -> _OptionalToolbarContent<Content> {
        _OptionalToolbarContent(item: content)
    }
}

/// One item of a toolbar (https://developer.apple.com/documentation/swiftui/toolbaritem).
public struct ToolbarItem<ID, Content: View>: ToolbarContent, _PrimitiveToolbarContent {
    let placement: ToolbarItemPlacement
    let content: Content

    public typealias Body = Never
    public func _render(in context: RenderContext) -> [ViewNode] {
        var item = ViewNode(.toolbarItem, text: nil)
        item.value = placement.name
        item.children = context.render(content)
        return [item]
    }
}

extension ToolbarItem where ID == Void {
    /// An item at `placement`.
    public init(placement: ToolbarItemPlacement = .automatic, @ViewBuilder content: () -> Content) {
        self.placement = placement
        self.content = content()
    }
}

extension View {
    /// Views for the navigation bar or toolbar of the page, placed by the system.
    public func toolbar<Content: View>(@ViewBuilder content: () -> Content) -> some View {
        let items = content()
        return _modifySingle { node, context in
            node.toolbar += context.render(items, at: "toolbar")
        }
    }

    /// Items for the navigation bar or toolbar of the page.
    public func toolbar<Content: ToolbarContent>(@ToolbarContentBuilder content: () -> Content) -> some View {
        let items = content()
        return _modifySingle { node, context in
            node.toolbar += context.child("toolbar").renderToolbar(items)
        }
    }

    /// The accessibility label a screen reader speaks.
    public func accessibilityLabel<S: StringProtocol>(_ label: S) -> some View {
        let label = String(label)
        return _modify { $0.accessibilityLabel = label }
    }

    /// The accessibility label a screen reader speaks.
    public func accessibilityLabel(_ label: Text) -> some View {
        _modify { $0.accessibilityLabel = label.content }
    }

    /// Hides the view from screen readers.
    public func accessibilityHidden(_ hidden: Bool) -> some View {
        _modify { $0.isAccessibilityHidden = hidden }
    }

    /// Makes one accessibility element of the view and its children.
    public func accessibilityElement(children: AccessibilityChildBehavior = .ignore) -> some View {
        _modifySingle { node, _ in
            if children == .combine, node.accessibilityLabel == nil {
                node.accessibilityLabel = node.texts.joined(separator: ", ")
            }
        }
    }

    /// An identifier for UI tests.
    public func accessibilityIdentifier(_ identifier: String) -> some View {
        _modify { $0.accessibilityIdentifier = identifier }
    }
}

/// How an accessibility element treats its children (https://developer.apple.com/documentation/swiftui/accessibilitychildbehavior).
public struct AccessibilityChildBehavior: Sendable, Equatable {
    let name: String
    public static let ignore = AccessibilityChildBehavior(name: "ignore")
    public static let contain = AccessibilityChildBehavior(name: "contain")
    public static let combine = AccessibilityChildBehavior(name: "combine")
}
