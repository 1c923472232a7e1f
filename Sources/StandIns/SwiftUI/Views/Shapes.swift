import Foundation

/// A 2-D shape (https://developer.apple.com/documentation/swiftui/shape).
public protocol Shape: View, Sendable {
    /// The corner radius the stand-in records for backgrounds and clips. Not part of SwiftUI.
    var _cornerRadius: CGFloat? { get }
    /// The shape's name, for the tree. Not part of SwiftUI.
    var _name: String { get }
}

extension Shape {
    /// Fills the shape with `content`.
    public func fill<S: ShapeStyle>(_ content: S, style: FillStyle = FillStyle()) -> some View {
        _modify { $0.style.background = content._resolved }
    }

    /// Draws the shape's outline in `content`.
    public func stroke<S: ShapeStyle>(_ content: S, lineWidth: CGFloat = 1) -> some View {
        _modify { $0.style.foreground = content._resolved }
    }
}

extension Shape where Self: _PrimitiveView {
    public func _render(in context: RenderContext) -> [ViewNode] {
        var node = ViewNode(.shape, text: nil)
        node.value = _name
        node.style.cornerRadius = _cornerRadius
        node.isAccessibilityHidden = true
        return [node]
    }
}

/// A circle (https://developer.apple.com/documentation/swiftui/circle).
public struct Circle: Shape, _PrimitiveView {
    public init() {}
    public typealias Body = Never
    public var _cornerRadius: CGFloat? { .infinity }
    public var _name: String { "circle" }
}

/// A rectangle (https://developer.apple.com/documentation/swiftui/rectangle).
public struct Rectangle: Shape, _PrimitiveView {
    public init() {}
    public typealias Body = Never
    public var _cornerRadius: CGFloat? { nil }
    public var _name: String { "rectangle" }
}

/// A capsule (https://developer.apple.com/documentation/swiftui/capsule).
public struct Capsule: Shape, _PrimitiveView {
    public init() {}
    public typealias Body = Never
    public var _cornerRadius: CGFloat? { .infinity }
    public var _name: String { "capsule" }
}

/// A rectangle with rounded corners (https://developer.apple.com/documentation/swiftui/roundedrectangle).
public struct RoundedRectangle: Shape, _PrimitiveView {
    /// The corner radius.
    public var cornerRadius: CGFloat

    /// A rounded rectangle with corners of `cornerRadius`.
    public init(cornerRadius: CGFloat) { self.cornerRadius = cornerRadius }
    public typealias Body = Never
    public var _cornerRadius: CGFloat? { cornerRadius }
    public var _name: String { "roundedRectangle" }
}
