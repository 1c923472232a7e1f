import Foundation

/// A column of a lazy vertical grid (or a row of a horizontal one): its size, the space after it, and how its
/// cells sit in it (https://developer.apple.com/documentation/swiftui/griditem).
public struct GridItem: Sendable {
    /// How wide a column is (https://developer.apple.com/documentation/swiftui/griditem/size-swift.enum).
    public enum Size: Sendable {
        /// One column of exactly this size.
        case fixed(CGFloat)
        /// One column sharing what the fixed ones leave, within these bounds.
        case flexible(minimum: CGFloat = 10, maximum: CGFloat = .infinity)
        /// As many columns as fit in the space of one flexible column, each at least `minimum` wide.
        case adaptive(minimum: CGFloat, maximum: CGFloat = .infinity)
    }

    /// The column's size.
    public var size: GridItem.Size
    /// The space between this column and the next (`nil`: the system's default).
    public var spacing: CGFloat?
    /// Where a cell sits in its column (`nil`: centred).
    public var alignment: Alignment?

    /// A column of `size`, `spacing` points before the next, its cells placed by `alignment`.
    public init(_ size: GridItem.Size = .flexible(), spacing: CGFloat? = nil, alignment: Alignment? = nil) {
        self.size = size
        self.spacing = spacing
        self.alignment = alignment
    }
}

/// The kinds of view a lazy stack or grid pins to its scroll view's edge
/// (https://developer.apple.com/documentation/swiftui/pinnedscrollableviews).
public struct PinnedScrollableViews: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// Each section's header.
    public static let sectionHeaders = PinnedScrollableViews(rawValue: 1)
    /// Each section's footer.
    public static let sectionFooters = PinnedScrollableViews(rawValue: 2)
}

/// Views in a grid that grows downwards, row by row across `columns`
/// (https://developer.apple.com/documentation/swiftui/lazyvgrid).
///
/// The node is a `.grid` whose children are the cells in reading order, with the columns in `gridColumns`; its
/// `style.spacing` is the space between rows.
public struct LazyVGrid<Content: View>: View, _PrimitiveView {
    let columns: [GridItem]
    let spacing: CGFloat?
    let content: Content

    /// A grid of `columns`, `spacing` points between its rows.
    public init(
        columns: [GridItem], alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil,
        pinnedViews: PinnedScrollableViews = .init(), @ViewBuilder content: () -> Content
    ) {
        self.columns = columns
        self.spacing = spacing
        self.content = content()
    }

    public typealias Body = Never
    public func _render(in context: RenderContext) -> [ViewNode] {
        var node = ViewNode(.grid)
        node.gridColumns = columns
        node.children = context.render(content)
        node.style.spacing = spacing
        return [node]
    }
}
