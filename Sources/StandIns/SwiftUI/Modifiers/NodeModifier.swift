/// Draws its content and changes each node it drew. Not part of SwiftUI: the stand-in's modifiers.
public struct _NodeModifier<Content: View>: View, _PrimitiveView {
    let content: Content
    let single: Bool
    let apply: @MainActor (inout ViewNode, RenderContext) -> Void

    public typealias Body = Never
    public func _render(in context: RenderContext) -> [ViewNode] {
        if single {
            var node = context.renderSingle(content)
            apply(&node, context)
            return [node]
        }
        var nodes = context.render(content)
        for index in nodes.indices { apply(&nodes[index], context) }
        return nodes
    }
}

extension View {
    /// Changes each node the view draws. Not part of SwiftUI.
    public func _modify(_ apply: @escaping @MainActor (inout ViewNode) -> Void) -> _NodeModifier<Self> {
        _NodeModifier(content: self, single: false) { node, _ in apply(&node) }
    }

    /// Changes the one node the view draws (grouping several into one). Not part of SwiftUI.
    public func _modifySingle(_ apply: @escaping @MainActor (inout ViewNode, RenderContext) -> Void) -> _NodeModifier<
        Self
    > {
        _NodeModifier(content: self, single: true, apply: apply)
    }

    /// Draws the view in a changed context. Not part of SwiftUI.
    public func _context(_ change: @escaping @MainActor (RenderContext) -> RenderContext) -> some View {
        _ContextModifier(content: self, change: change)
    }
}
