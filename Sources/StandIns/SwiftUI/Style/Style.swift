import Foundation

/// A colour or other fill, as a node records it: a name (`secondary`, `red`) or components, and an opacity.
/// Not part of SwiftUI.
public struct ResolvedStyle: Sendable, Hashable, CustomStringConvertible {
    /// A named style (`red`, `secondary`, `clear`), or `nil` for one given by components.
    public var name: String?
    /// sRGB components from 0 to 1, when given.
    public var red: Double?
    /// Green.
    public var green: Double?
    /// Blue.
    public var blue: Double?
    /// Opacity from 0 to 1.
    public var opacity: Double = 1

    /// `red`, `red @ 0.25`, `rgb(0.9, 0.9, 0.9)`.
    public var description: String {
        var text = name ?? "rgb(\(red ?? 0), \(green ?? 0), \(blue ?? 0))"
        if opacity != 1 { text += " @ \(opacity)" }
        return text
    }
}

/// A colour, a gradient or a material (https://developer.apple.com/documentation/swiftui/shapestyle).
public protocol ShapeStyle: Sendable {
    /// What the stand-in records for the style. Not part of SwiftUI.
    var _resolved: ResolvedStyle { get }
}

/// A colour (https://developer.apple.com/documentation/swiftui/color).
public struct Color: ShapeStyle, View, _PrimitiveView, Hashable {
    public nonisolated let _resolved: ResolvedStyle

    nonisolated init(name: String) { _resolved = ResolvedStyle(name: name) }

    /// A colour from sRGB components.
    public nonisolated init(red: Double, green: Double, blue: Double, opacity: Double = 1) {
        _resolved = ResolvedStyle(name: nil, red: red, green: green, blue: blue, opacity: opacity)
    }

    /// A grey.
    public nonisolated init(white: Double, opacity: Double = 1) {
        self.init(red: white, green: white, blue: white, opacity: opacity)
    }

    /// The colour at `opacity` times its own.
    public nonisolated func opacity(_ opacity: Double) -> Color {
        var resolved = _resolved
        resolved.opacity *= opacity
        return Color(resolved: resolved)
    }

    private nonisolated init(resolved: ResolvedStyle) { _resolved = resolved }

    public nonisolated static let red = Color(name: "red")
    public nonisolated static let orange = Color(name: "orange")
    public nonisolated static let yellow = Color(name: "yellow")
    public nonisolated static let green = Color(name: "green")
    public nonisolated static let blue = Color(name: "blue")
    public nonisolated static let gray = Color(name: "gray")
    public nonisolated static let black = Color(name: "black")
    public nonisolated static let white = Color(name: "white")
    public nonisolated static let clear = Color(name: "clear")
    public nonisolated static let primary = Color(name: "primary")
    public nonisolated static let secondary = Color(name: "secondary")
    // swift-format-ignore: DontRepeatTypeInStaticProperties
    public nonisolated static let accentColor = Color(name: "accent")

    public typealias Body = Never
    public func _render(in context: RenderContext) -> [ViewNode] {
        var node = ViewNode(.color)
        node.style.background = _resolved
        return [node]
    }
}

extension ShapeStyle where Self == Color {
    public static var red: Color { .red }
    public static var orange: Color { .orange }
    public static var yellow: Color { .yellow }
    public static var green: Color { .green }
    public static var blue: Color { .blue }
    public static var gray: Color { .gray }
    public static var black: Color { .black }
    public static var white: Color { .white }
    public static var clear: Color { .clear }
}

/// The levels of the foreground (https://developer.apple.com/documentation/swiftui/hierarchicalshapestyle).
public struct HierarchicalShapeStyle: ShapeStyle {
    public let _resolved: ResolvedStyle

    /// The first level.
    public static let primary = HierarchicalShapeStyle(_resolved: ResolvedStyle(name: "primary"))
    /// The second level.
    public static let secondary = HierarchicalShapeStyle(_resolved: ResolvedStyle(name: "secondary"))
    /// The third level.
    public static let tertiary = HierarchicalShapeStyle(_resolved: ResolvedStyle(name: "tertiary"))
}

extension ShapeStyle where Self == HierarchicalShapeStyle {
    public static var primary: HierarchicalShapeStyle { .primary }
    public static var secondary: HierarchicalShapeStyle { .secondary }
    public static var tertiary: HierarchicalShapeStyle { .tertiary }
}

/// The tint colour (https://developer.apple.com/documentation/swiftui/tintshapestyle).
public struct TintShapeStyle: ShapeStyle {
    public let _resolved = ResolvedStyle(name: "tint")
}

extension ShapeStyle where Self == TintShapeStyle {
    public static var tint: TintShapeStyle { TintShapeStyle() }
}

/// A blurred background (https://developer.apple.com/documentation/swiftui/material).
public struct Material: ShapeStyle {
    public let _resolved: ResolvedStyle
    // swift-format-ignore: DontRepeatTypeInStaticProperties
    public static let regularMaterial = Material(_resolved: ResolvedStyle(name: "regularMaterial"))
    // swift-format-ignore: DontRepeatTypeInStaticProperties
    public static let thinMaterial = Material(_resolved: ResolvedStyle(name: "thinMaterial"))
}

extension ShapeStyle where Self == Material {
    public static var regularMaterial: Material { .regularMaterial }
    public static var thinMaterial: Material { .thinMaterial }
}

/// A font (https://developer.apple.com/documentation/swiftui/font).
public struct Font: Sendable, Hashable, CustomStringConvertible {
    /// The text style (`headline`, `caption`), or `system`.
    public let style: String
    /// A point size, for `.system(size:)`.
    public let size: CGFloat?
    /// The weight.
    public let weight: Weight?

    public static let largeTitle = Font(style: "largeTitle", size: nil, weight: nil)
    public static let title = Font(style: "title", size: nil, weight: nil)
    public static let title2 = Font(style: "title2", size: nil, weight: nil)
    public static let title3 = Font(style: "title3", size: nil, weight: nil)
    public static let headline = Font(style: "headline", size: nil, weight: nil)
    public static let subheadline = Font(style: "subheadline", size: nil, weight: nil)
    public static let body = Font(style: "body", size: nil, weight: nil)
    public static let callout = Font(style: "callout", size: nil, weight: nil)
    public static let footnote = Font(style: "footnote", size: nil, weight: nil)
    public static let caption = Font(style: "caption", size: nil, weight: nil)
    public static let caption2 = Font(style: "caption2", size: nil, weight: nil)

    /// A system font of `size` points.
    public static func system(size: CGFloat, weight: Weight? = nil) -> Font {
        Font(style: "system", size: size, weight: weight)
    }

    /// The font in bold.
    public func bold() -> Font { Font(style: style, size: size, weight: .bold) }

    /// The font at `weight`.
    public func weight(_ weight: Weight) -> Font { Font(style: style, size: size, weight: weight) }

    /// A font weight.
    public struct Weight: Sendable, Hashable {
        let name: String
        public static let regular = Weight(name: "regular")
        public static let medium = Weight(name: "medium")
        public static let semibold = Weight(name: "semibold")
        public static let bold = Weight(name: "bold")
    }

    public var description: String {
        style + (weight.map { ".\($0.name)" } ?? "") + (size.map { "(\($0))" } ?? "")
    }
}

/// Insets on each edge (https://developer.apple.com/documentation/swiftui/edgeinsets).
public struct EdgeInsets: Sendable, Equatable {
    public var top: CGFloat
    public var leading: CGFloat
    public var bottom: CGFloat
    public var trailing: CGFloat

    /// Insets of these lengths.
    public init(top: CGFloat = 0, leading: CGFloat = 0, bottom: CGFloat = 0, trailing: CGFloat = 0) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }
}

/// An edge of a rectangle (https://developer.apple.com/documentation/swiftui/edge).
public enum Edge: Int8, Sendable, CaseIterable {
    case top, leading, bottom, trailing

    /// A set of edges.
    public struct Set: OptionSet, Sendable {
        public let rawValue: Int8
        public init(rawValue: Int8) { self.rawValue = rawValue }
        public static let top = Set(rawValue: 1)
        public static let leading = Set(rawValue: 2)
        public static let bottom = Set(rawValue: 4)
        public static let trailing = Set(rawValue: 8)
        public static let horizontal: Set = [.leading, .trailing]
        public static let vertical: Set = [.top, .bottom]
        public static let all: Set = [.top, .leading, .bottom, .trailing]
    }
}

/// Vertical or horizontal (https://developer.apple.com/documentation/swiftui/axis).
public enum Axis: Sendable, Hashable {
    case horizontal, vertical
}

/// A horizontal alignment (https://developer.apple.com/documentation/swiftui/horizontalalignment).
public struct HorizontalAlignment: Sendable, Equatable {
    let name: String
    public static let leading = HorizontalAlignment(name: "leading")
    public static let center = HorizontalAlignment(name: "center")
    public static let trailing = HorizontalAlignment(name: "trailing")
}

/// A vertical alignment (https://developer.apple.com/documentation/swiftui/verticalalignment).
public struct VerticalAlignment: Sendable, Equatable {
    let name: String
    public static let top = VerticalAlignment(name: "top")
    public static let center = VerticalAlignment(name: "center")
    public static let bottom = VerticalAlignment(name: "bottom")
    public static let firstTextBaseline = VerticalAlignment(name: "firstTextBaseline")
}

/// An alignment in both axes (https://developer.apple.com/documentation/swiftui/alignment).
public struct Alignment: Sendable, Equatable {
    public var horizontal: HorizontalAlignment
    public var vertical: VerticalAlignment

    /// An alignment from its two parts.
    public init(horizontal: HorizontalAlignment, vertical: VerticalAlignment) {
        self.horizontal = horizontal
        self.vertical = vertical
    }

    public static let leading = Alignment(horizontal: .leading, vertical: .center)
    public static let center = Alignment(horizontal: .center, vertical: .center)
    public static let trailing = Alignment(horizontal: .trailing, vertical: .center)
    public static let top = Alignment(horizontal: .center, vertical: .top)
    public static let bottom = Alignment(horizontal: .center, vertical: .bottom)
    public static let topLeading = Alignment(horizontal: .leading, vertical: .top)
}

/// What a button does, for its look (https://developer.apple.com/documentation/swiftui/buttonrole).
public struct ButtonRole: Sendable, Equatable {
    let name: String
    /// Deletes or destroys data.
    public static let destructive = ButtonRole(name: "destructive")
    /// Cancels.
    public static let cancel = ButtonRole(name: "cancel")
}
