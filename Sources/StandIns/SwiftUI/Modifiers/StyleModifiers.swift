import Foundation

extension View {
    /// Sets the font of the text inside.
    public func font(_ font: Font?) -> some View {
        _modify { node in
            for index in node.allPaths(of: .text) where node[index].style.font == nil { node[index].style.font = font }
            if node.kind != .text, node.style.font == nil { node.style.font = font }
        }
    }

    /// Sets the foreground style.
    public func foregroundStyle<S: ShapeStyle>(_ style: S) -> some View {
        _modify { $0.style.foreground = $0.style.foreground ?? style._resolved }
    }

    /// Sets the foreground colour (deprecated in SwiftUI for `foregroundStyle`).
    public func foregroundColor(_ color: Color?) -> some View {
        _modify { $0.style.foreground = $0.style.foreground ?? color?._resolved }
    }

    /// Sets the tint of controls inside.
    public func tint<S: ShapeStyle>(_ tint: S?) -> some View {
        _modify { $0.style.tint = tint?._resolved }
    }

    /// Sets the tint of controls inside, or of a swipe action's button, to a colour
    /// (https://developer.apple.com/documentation/swiftui/view/tint(_:)-23xyq).
    public func tint(_ tint: Color?) -> some View {
        _modify { $0.style.tint = tint?._resolved }
    }

    /// Sets the opacity.
    public func opacity(_ opacity: Double) -> some View {
        _modify { $0.style.opacity = opacity }
    }

    /// Bold text inside.
    public func bold(_ isActive: Bool = true) -> some View {
        _modify { $0.style.isBold = isActive }
    }

    /// Digits of equal width.
    public func monospacedDigit() -> some View {
        _modify { $0.style.monospacedDigit = true }
    }

    /// At most `number` lines of text.
    public func lineLimit(_ number: Int?) -> some View {
        _modify { $0.style.lineLimit = number }
    }

    /// Between `limits.lowerBound` and `limits.upperBound` lines (a vertical text field grows within them).
    public func lineLimit(_ limits: ClosedRange<Int>) -> some View {
        _modify { $0.style.lineLimit = limits.upperBound }
    }

    /// Padding of the system's default length on every edge.
    public func padding() -> some View { padding(.all, nil) }

    /// Padding of `length` on every edge.
    public func padding(_ length: CGFloat) -> some View { padding(.all, length) }

    /// Padding on `edges`, of `length` or the default (16).
    public func padding(_ edges: Edge.Set = .all, _ length: CGFloat? = nil) -> some View {
        let length = length ?? 16
        return _modifySingle { node, _ in
            var insets = node.style.padding ?? EdgeInsets()
            if edges.contains(.top) { insets.top += length }
            if edges.contains(.leading) { insets.leading += length }
            if edges.contains(.bottom) { insets.bottom += length }
            if edges.contains(.trailing) { insets.trailing += length }
            node.style.padding = insets
        }
    }

    /// Padding of these lengths.
    public func padding(_ insets: EdgeInsets) -> some View {
        _modifySingle { node, _ in node.style.padding = insets }
    }

    /// A fixed size.
    public func frame(width: CGFloat? = nil, height: CGFloat? = nil, alignment: Alignment = .center) -> some View {
        _modifySingle { node, _ in
            node.style.width = width ?? node.style.width
            node.style.height = height ?? node.style.height
            if alignment != .center { node.style.frameAlignment = alignment }
        }
    }

    /// Size bounds.
    public func frame(
        minWidth: CGFloat? = nil, idealWidth: CGFloat? = nil, maxWidth: CGFloat? = nil, minHeight: CGFloat? = nil,
        idealHeight: CGFloat? = nil, maxHeight: CGFloat? = nil, alignment: Alignment = .center
    ) -> some View {
        _modifySingle { node, _ in
            node.style.minHeight = minHeight ?? node.style.minHeight
            node.style.maxWidth = maxWidth ?? node.style.maxWidth
            node.style.maxHeight = maxHeight ?? node.style.maxHeight
            if alignment != .center { node.style.frameAlignment = alignment }
        }
    }

    /// A background in `style`, filling `shape`.
    public func background<S: ShapeStyle, T: Shape>(_ style: S, in shape: T, fillStyle: FillStyle = FillStyle())
        -> some View
    {
        _modifySingle { node, _ in
            node.style.background = style._resolved
            node.style.cornerRadius = shape._cornerRadius
        }
    }

    /// A background in `style`.
    public func background<S: ShapeStyle>(_ style: S, ignoresSafeAreaEdges edges: Edge.Set = .all) -> some View {
        _modifySingle { node, _ in node.style.background = style._resolved }
    }

    /// A view behind this one.
    public func background<V: View>(alignment: Alignment = .center, @ViewBuilder content: () -> V) -> some View {
        let background = content()
        return _modifySingle { node, context in
            node.style.background = context.render(background, at: "background").first?.style.background
        }
    }

    /// A view in front of this one.
    public func overlay<V: View>(alignment: Alignment = .center, @ViewBuilder content: () -> V) -> some View {
        let overlay = content()
        return _modifySingle { node, context in
            let drawn = context.render(overlay, at: "overlay")
            guard !drawn.isEmpty else { return }
            var layer = ViewNode(.zstack)
            layer.children = drawn
            layer.placement = .overlay
            layer.path = context.identity + "/overlay"
            node.children.append(layer)
        }
    }

    /// Clips the view to `shape`.
    public func clipShape<S: Shape>(_ shape: S, style: FillStyle = FillStyle()) -> some View {
        _modifySingle { node, _ in node.style.cornerRadius = shape._cornerRadius }
    }

    /// Keeps the view at `aspectRatio` (width over height; `nil`: its own), fitting or filling the space offered
    /// (https://developer.apple.com/documentation/swiftui/view/aspectratio(_:contentmode:)-6j7xz).
    public func aspectRatio(_ aspectRatio: CGFloat? = nil, contentMode: ContentMode) -> some View {
        _modifySingle { node, _ in
            node.style.aspectRatio = aspectRatio ?? node.style.aspectRatio
            // NB: with no ratio of its own this is `scaledToFit()` or `scaledToFill()`, as in SwiftUI.
            if aspectRatio == nil { node.style.styleName = contentMode == .fill ? "fill" : "fit" }
        }
    }

    /// Cuts off what the view draws outside its frame
    /// (https://developer.apple.com/documentation/swiftui/view/clipped(antialiased:)).
    public func clipped(antialiased: Bool = false) -> some View {
        _modifySingle { node, _ in node.style.isClipped = true }
    }

    /// The background of the list row this view is.
    public func listRowBackground<V: View>(_ view: V?) -> some View {
        _modifySingle { node, context in
            node.style.rowBackground = view.flatMap { context.render($0, at: "rowBackground").first?.style.background }
        }
    }

    /// Shows or hides the list row's separators.
    public func listRowSeparator(_ visibility: Visibility, edges: VerticalEdge.Set = .all) -> some View {
        _modify { $0.style.separatorHidden = visibility == .hidden }
    }

    /// The tint of the list row's separators.
    public func listRowSeparatorTint(_ color: Color?, edges: VerticalEdge.Set = .all) -> some View {
        _modify { $0.style.separatorTint = color?._resolved }
    }

    /// The list's look.
    public func listStyle<S: ListStyle>(_ style: S) -> some View {
        _modify { $0.style.styleName = $0.style.styleName ?? S._name }
    }

    /// The look of the buttons inside.
    public func buttonStyle<S: PrimitiveButtonStyle>(_ style: S) -> some View {
        _modify { node in
            for index in node.allPaths(of: .button) where node[index].style.styleName == nil {
                node[index].style.styleName = S._name
            }
        }
    }

    /// The look of the labels inside.
    public func labelStyle<S: LabelStyle>(_ style: S) -> some View {
        _modify { node in
            node.style.styleName = node.style.styleName ?? S._name
        }
    }

    /// Hides the titles of the controls inside; a screen reader still speaks them
    /// (https://developer.apple.com/documentation/swiftui/view/labelshidden()).
    public func labelsHidden() -> some View {
        _modify { node in
            for index in node.allPaths(of: .toggle) + node.allPaths(of: .picker) + node.allPaths(of: .stepper) {
                node[index].accessibilityLabel = node[index].accessibilityLabel ?? node[index].text
                node[index].labelHidden = true
            }
        }
    }

    /// The look of the pickers inside.
    public func pickerStyle<S: PickerStyle>(_ style: S) -> some View {
        _modify { $0.style.styleName = $0.style.styleName ?? S._name }
    }

    /// The look of the text fields inside.
    public func textFieldStyle<S: TextFieldStyle>(_ style: S) -> some View {
        _modify { $0.style.styleName = $0.style.styleName ?? S._name }
    }

    /// Turns the controls inside off when `disabled`.
    public func disabled(_ disabled: Bool) -> some View {
        _context { context in
            var context = context
            context.environment.isEnabled = context.environment.isEnabled && !disabled
            return context
        }
    }
}

/// Shown, hidden or left to the system (https://developer.apple.com/documentation/swiftui/visibility).
public enum Visibility: Sendable, Hashable, CaseIterable {
    case automatic, visible, hidden
}

/// Whether a view scaled to a frame fits inside it or fills it
/// (https://developer.apple.com/documentation/swiftui/contentmode).
public enum ContentMode: Sendable, Hashable, CaseIterable {
    case fit, fill
}

/// The top or bottom edge (https://developer.apple.com/documentation/swiftui/verticaledge).
public enum VerticalEdge: Int8, Sendable {
    case top, bottom

    /// A set of vertical edges.
    public struct Set: OptionSet, Sendable {
        public let rawValue: Int8
        public init(rawValue: Int8) { self.rawValue = rawValue }
        public static let top = Set(rawValue: 1)
        public static let bottom = Set(rawValue: 2)
        public static let all: Set = [.top, .bottom]
    }
}

/// How a shape is filled (https://developer.apple.com/documentation/swiftui/fillstyle).
public struct FillStyle: Sendable, Equatable {
    /// Even-odd filling.
    public var isEOFilled: Bool
    /// Antialiased edges.
    public var isAntialiased: Bool

    /// A fill style.
    public init(eoFill: Bool = false, antialiased: Bool = true) {
        isEOFilled = eoFill
        isAntialiased = antialiased
    }
}

extension ViewNode {
    /// Index paths of the nodes of `kind` in this subtree (this node included), for modifiers that reach inside.
    func allPaths(of kind: Kind) -> [[Int]] {
        var found: [[Int]] = []
        func walk(_ node: ViewNode, _ path: [Int]) {
            if node.kind == kind { found.append(path) }
            for (index, child) in node.children.enumerated() { walk(child, path + [index]) }
        }
        walk(self, [])
        return found
    }

    /// The node at an index path of ``allPaths(of:)``.
    subscript(path: [Int]) -> ViewNode {
        get { path.reduce(self) { $0.children[$1] } }
        set {
            guard let first = path.first else {
                self = newValue
                return
            }
            children[first][Array(path.dropFirst())] = newValue
        }
    }
}
