import Foundation

/// A string literal a view shows, looked up in the app's strings table on Apple platforms
/// (https://developer.apple.com/documentation/swiftui/localizedstringkey).
///
/// NB: the stand-in does not look keys up: it shows the literal (with interpolations filled), which is the
/// development language's text.
public struct LocalizedStringKey: ExpressibleByStringInterpolation, Sendable, Hashable {
    let resolved: String

    /// A key from a literal.
    public init(_ value: String) { resolved = value }
    public init(stringLiteral value: String) { resolved = value }
    public init(stringInterpolation: StringInterpolation) { resolved = stringInterpolation.text }

    /// The pieces of an interpolated key.
    public struct StringInterpolation: StringInterpolationProtocol {
        var text = ""
        public init(literalCapacity: Int, interpolationCount: Int) {}
        public mutating func appendLiteral(_ literal: String) { text += literal }
        public mutating func appendInterpolation(_ string: String) { text += string }
        public mutating func appendInterpolation<T: CustomStringConvertible>(_ value: T) { text += value.description }
        public mutating func appendInterpolation(_ text: Text) { self.text += text.content }
    }
}

/// Read-only text (https://developer.apple.com/documentation/swiftui/text).
public struct Text: View, _PrimitiveView, Equatable {
    let content: String
    var font: Font?
    var foreground: ResolvedStyle?
    var isBold = false
    var monospaced = false

    /// Text from a literal (a localized key on Apple platforms).
    public init(_ key: LocalizedStringKey) { content = key.resolved }
    /// Text shown as it is.
    public init<S: StringProtocol>(_ content: S) { self.content = String(content) }
    /// Text shown as it is, never looked up.
    public init(verbatim content: String) { self.content = content }
    /// A date or other value formatted by `format`.
    public init<F: FormatStyle>(_ input: F.FormatInput, format: F) where F.FormatOutput == String {
        content = format.format(input)
    }

    /// The text in `font`.
    public func font(_ font: Font?) -> Text { with { $0.font = font } }
    /// The text in bold.
    public func bold() -> Text { with { $0.isBold = true } }
    /// The text in bold when `isActive`.
    public func bold(_ isActive: Bool) -> Text { with { $0.isBold = isActive } }
    /// The text at `weight`.
    public func fontWeight(_ weight: Font.Weight?) -> Text {
        with { $0.isBold = weight == .bold || weight == .semibold }
    }
    /// The text in `style`.
    public func foregroundStyle<S: ShapeStyle>(_ style: S) -> Text { with { $0.foreground = style._resolved } }
    /// The text in `color`.
    public func foregroundColor(_ color: Color?) -> Text { with { $0.foreground = color?._resolved } }
    /// Digits of equal width.
    public func monospacedDigit() -> Text { with { $0.monospaced = true } }

    /// Two texts run together.
    public static func + (lhs: Text, rhs: Text) -> Text {
        var text = Text(verbatim: lhs.content + rhs.content)
        text.font = lhs.font ?? rhs.font
        text.foreground = lhs.foreground ?? rhs.foreground
        return text
    }

    private func with(_ change: (inout Text) -> Void) -> Text {
        var text = self
        change(&text)
        return text
    }

    public typealias Body = Never
    public func _render(in context: RenderContext) -> [ViewNode] {
        var node = ViewNode(.text, text: content)
        node.style.font = font
        node.style.foreground = foreground
        node.style.isBold = isBold
        node.style.monospacedDigit = monospaced
        return [node]
    }
}

/// An image (https://developer.apple.com/documentation/swiftui/image).
public struct Image: View, _PrimitiveView {
    let systemName: String?
    let name: String?
    let isDecorative: Bool
    var isResizable = false
    let data: Data?

    /// An SF Symbol.
    public init(systemName: String) {
        self.systemName = systemName
        name = nil
        isDecorative = false
        data = nil
    }

    /// An image from the asset catalog.
    public init(_ name: String) {
        systemName = nil
        self.name = name
        isDecorative = false
        data = nil
    }

    /// An image from the asset catalog that screen readers skip.
    public init(decorative name: String) {
        systemName = nil
        self.name = name
        isDecorative = true
        data = nil
    }

    /// An image from encoded bytes. Not part of SwiftUI (the stand-in's `UIImage` uses it).
    public init(_encoded data: Data) {
        systemName = nil
        name = nil
        isDecorative = false
        self.data = data
    }

    /// The image scales to the space it is given.
    public func resizable() -> Image {
        var image = self
        image.isResizable = true
        return image
    }

    public typealias Body = Never
    public func _render(in context: RenderContext) -> [ViewNode] {
        var node = ViewNode(.image, text: nil)
        node.systemImage = systemName
        node.value = name ?? data.map { "\($0.count) bytes" }
        node.imageData = data
        node.isAccessibilityHidden = isDecorative
        node.style.styleName = isResizable ? "resizable" : nil
        return [node]
    }
}

extension View {
    /// Scales the content to fit its frame, keeping its aspect ratio.
    public func scaledToFit() -> some View { _modify { $0.style.styleName = "fit" } }
    /// Scales the content to fill its frame.
    public func scaledToFill() -> some View { _modify { $0.style.styleName = "fill" } }
}

/// A title with an icon (https://developer.apple.com/documentation/swiftui/label).
public struct Label<Title: View, Icon: View>: View, _PrimitiveView {
    let title: Title
    let icon: Icon

    /// A label from two views.
    public init(@ViewBuilder title: () -> Title, @ViewBuilder icon: () -> Icon) {
        self.title = title()
        self.icon = icon()
    }

    public typealias Body = Never
    public func _render(in context: RenderContext) -> [ViewNode] {
        var node = ViewNode(.label)
        let titleNodes = context.render(title, at: "title")
        node.text = titleNodes.first?.text
        let iconNode = context.render(icon, at: "icon").first
        node.systemImage = iconNode?.systemImage
        node.style.iconForeground = iconNode?.style.foreground
        return [node]
    }
}

extension Label where Title == Text, Icon == Image {
    /// A label from a literal and an SF Symbol.
    public init(_ titleKey: LocalizedStringKey, systemImage name: String) {
        self.init(title: { Text(titleKey) }, icon: { Image(systemName: name) })
    }

    /// A label from a string and an SF Symbol.
    public init<S: StringProtocol>(_ title: S, systemImage name: String) {
        self.init(title: { Text(title) }, icon: { Image(systemName: name) })
    }
}
