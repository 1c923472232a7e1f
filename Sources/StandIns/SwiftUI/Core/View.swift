// The SwiftUI stand-in: on Linux only, the subset of SwiftUI the Quartet views use, with Apple's names and
// signatures, so the same view files build here and on Apple platforms. Evaluating a view yields a tree of
// `ViewNode`s that tests read and tap (see `ViewHost`). docs/SWIFTUI-STANDIN.md says where it is strict and
// where it cannot be.

// SwiftUI re-exports Foundation (a view file sees URL, Data and Date with `import SwiftUI` alone).
@_exported import Foundation

/// A piece of user interface (https://developer.apple.com/documentation/swiftui/view).
@MainActor @preconcurrency
public protocol View {
    /// The type of view this view's body is made of.
    associatedtype Body: View
    /// The content of the view.
    @ViewBuilder @MainActor @preconcurrency var body: Body { get }
}

/// A view the stand-in draws itself instead of asking for a body: text, buttons, stacks, lists, modifiers.
///
/// Not part of SwiftUI's public API (SwiftUI's own primitives are private); the stand-in's companion modules
/// (MapKit, UIKit, SafariServices…) conform their views to it.
@MainActor
public protocol _PrimitiveView {
    /// The nodes this view stands for, in `context`.
    func _render(in context: RenderContext) -> [ViewNode]
}

extension Never: View {
    /// Primitive views have no body.
    public typealias Body = Never
    /// Never called: primitive views are drawn by the stand-in.
    public var body: Never { fatalError("Never has no body") }  // NB: unreachable, as in SwiftUI.
}

extension View where Body == Never {
    /// Primitive views have no body (https://developer.apple.com/documentation/swiftui/view/body-swift.property).
    public var body: Never { fatalError("\(Self.self) is drawn by the stand-in and has no body") }  // NB: unreachable.
}

/// A view that draws nothing (https://developer.apple.com/documentation/swiftui/emptyview).
public struct EmptyView: View, _PrimitiveView {
    /// An empty view.
    public init() {}
    public typealias Body = Never
    public func _render(in context: RenderContext) -> [ViewNode] { [] }
}

/// A type-erased view (https://developer.apple.com/documentation/swiftui/anyview).
public struct AnyView: View, _PrimitiveView {
    private let draw: @MainActor (RenderContext) -> [ViewNode]

    /// Wraps `view`.
    public init<V: View>(_ view: V) {
        draw = { context in context.render(view) }
    }

    /// Wraps `view`, whatever its type.
    public init<V: View>(erasing view: V) {
        self.init(view)
    }

    public typealias Body = Never
    public func _render(in context: RenderContext) -> [ViewNode] { draw(context) }
}

/// Views listed together (https://developer.apple.com/documentation/swiftui/tupleview).
public struct TupleView<T>: View, _PrimitiveView {
    /// The views.
    public var value: T

    /// Wraps the tuple.
    public init(_ value: T) { self.value = value }

    public typealias Body = Never
    public func _render(in context: RenderContext) -> [ViewNode] {
        var nodes: [ViewNode] = []
        for (index, child) in Mirror(reflecting: value).children.enumerated() {
            nodes += context.renderAny(child.value, at: "\(index)")
        }
        return nodes
    }
}

/// One of two views, chosen by an `if`/`else` or `switch` (https://developer.apple.com/documentation/swiftui/_conditionalcontent).
public struct _ConditionalContent<TrueContent: View, FalseContent: View>: View, _PrimitiveView {
    enum Storage {
        case trueContent(TrueContent)
        case falseContent(FalseContent)
    }
    let storage: Storage

    public typealias Body = Never
    public func _render(in context: RenderContext) -> [ViewNode] {
        switch storage {
        case .trueContent(let view): context.render(view, at: "true")
        case .falseContent(let view): context.render(view, at: "false")
        }
    }
}

extension Optional: View where Wrapped: View {
    public typealias Body = Never
}

extension Optional: _PrimitiveView where Wrapped: View {
    public func _render(in context: RenderContext) -> [ViewNode] {
        switch self {
        case .some(let view): context.render(view, at: "some")
        case .none: []
        }
    }
}

/// Views grouped without layout of their own (https://developer.apple.com/documentation/swiftui/group).
public struct Group<Content: View>: View, _PrimitiveView {
    let content: Content

    /// Groups the views `content` builds.
    public init(@ViewBuilder content: () -> Content) {
        self.content = content()
    }

    public typealias Body = Never
    public func _render(in context: RenderContext) -> [ViewNode] { context.render(content) }
}

/// Builds views from closures (https://developer.apple.com/documentation/swiftui/viewbuilder).
@resultBuilder @MainActor
public enum ViewBuilder {
    /// A block with no views.
    public static func buildBlock() -> EmptyView { EmptyView() }

    /// A block with one view.
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }

    /// A block with several views.
    public static func buildBlock<each Content: View>(_ content: repeat each Content) -> TupleView<
        (repeat each Content)
    > {
        TupleView((repeat each content))
    }

    /// Each statement of the block.
    public static func buildExpression<Content: View>(_ content: Content) -> Content { content }

    /// An `if` without `else`.
    public static func buildIf<Content: View>(_ content: Content?) -> Content? { content }

    /// The `if` branch of an `if`/`else`.
    public static func buildEither<TrueContent: View, FalseContent: View>(first: TrueContent)
        -> _ConditionalContent<TrueContent, FalseContent>
    {
        _ConditionalContent(storage: .trueContent(first))
    }

    /// The `else` branch of an `if`/`else`.
    public static func buildEither<TrueContent: View, FalseContent: View>(second: FalseContent)
        -> _ConditionalContent<TrueContent, FalseContent>
    {
        _ConditionalContent(storage: .falseContent(second))
    }

    /// An `if #available` block.
    public static func buildLimitedAvailability<Content: View>(_ content: Content) -> AnyView { AnyView(content) }
}
