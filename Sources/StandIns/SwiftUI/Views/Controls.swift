import Foundation

/// A control that runs an action when tapped (https://developer.apple.com/documentation/swiftui/button).
public struct Button<Label: View>: View, _PrimitiveView {
    let label: Label
    let role: ButtonRole?
    let action: @MainActor () -> Void

    /// A button showing `label`.
    public init(action: @escaping @MainActor () -> Void, @ViewBuilder label: () -> Label) {
        self.init(role: nil, action: action, label: label)
    }

    /// A button with a role, showing `label`.
    public init(role: ButtonRole?, action: @escaping @MainActor () -> Void, @ViewBuilder label: () -> Label) {
        self.label = label()
        self.role = role
        self.action = action
    }

    public typealias Body = Never
    public func _render(in context: RenderContext) -> [ViewNode] {
        var node = ViewNode(.button)
        let drawn = context.render(label, at: "label")
        if drawn.count == 1, drawn[0].kind == .text || drawn[0].kind == .label {
            node.text = drawn[0].text
            node.systemImage = drawn[0].systemImage
            node.style = drawn[0].style
        } else {
            node.children = drawn
        }
        node.role = role
        node.isEnabled = context.environment.isEnabled
        let action = action
        node.tapAction = { action() }
        return [node]
    }
}

extension Button where Label == Text {
    /// A button titled with a literal.
    public init(_ titleKey: LocalizedStringKey, action: @escaping @MainActor () -> Void) {
        self.init(action: action) { Text(titleKey) }
    }

    /// A button titled with a string.
    public init<S: StringProtocol>(_ title: S, action: @escaping @MainActor () -> Void) {
        self.init(action: action) { Text(title) }
    }

    /// A button with a role, titled with a literal.
    public init(_ titleKey: LocalizedStringKey, role: ButtonRole?, action: @escaping @MainActor () -> Void) {
        self.init(role: role, action: action) { Text(titleKey) }
    }

    /// A button with a role, titled with a string.
    public init<S: StringProtocol>(_ title: S, role: ButtonRole?, action: @escaping @MainActor () -> Void) {
        self.init(role: role, action: action) { Text(title) }
    }
}

extension Button where Label == SwiftUI.Label<Text, Image> {
    /// A button with a title and an SF Symbol.
    public init(_ titleKey: LocalizedStringKey, systemImage: String, action: @escaping @MainActor () -> Void) {
        self.init(action: action) { SwiftUI.Label(titleKey, systemImage: systemImage) }
    }

    /// A button with a title and an SF Symbol.
    public init<S: StringProtocol>(_ title: S, systemImage: String, action: @escaping @MainActor () -> Void) {
        self.init(action: action) { SwiftUI.Label(title, systemImage: systemImage) }
    }

    /// A button with a role, a title and an SF Symbol.
    public init<S: StringProtocol>(
        _ title: S, systemImage: String, role: ButtonRole?, action: @escaping @MainActor () -> Void
    ) {
        self.init(role: role, action: action) { SwiftUI.Label(title, systemImage: systemImage) }
    }
}

/// A control that opens a URL (https://developer.apple.com/documentation/swiftui/link).
public struct Link<Label: View>: View, _PrimitiveView {
    let label: Label
    let destination: URL

    /// A link showing `label`.
    public init(destination: URL, @ViewBuilder label: () -> Label) {
        self.label = label()
        self.destination = destination
    }

    public typealias Body = Never
    public func _render(in context: RenderContext) -> [ViewNode] {
        var node = ViewNode(.link)
        let drawn = context.render(label, at: "label")
        if drawn.count == 1, drawn[0].kind == .text { node.text = drawn[0].text } else { node.children = drawn }
        node.url = destination
        node.isEnabled = context.environment.isEnabled
        let open = context.environment.openURL
        let destination = destination
        node.tapAction = { open(destination) }
        return [node]
    }
}

extension Link where Label == Text {
    /// A link titled with a literal.
    public init(_ titleKey: LocalizedStringKey, destination: URL) {
        self.init(destination: destination) { Text(titleKey) }
    }

    /// A link titled with a string.
    public init<S: StringProtocol>(_ title: S, destination: URL) {
        self.init(destination: destination) { Text(title) }
    }
}

/// A single-line text input (https://developer.apple.com/documentation/swiftui/textfield).
public struct TextField<Label: View>: View, _PrimitiveView {
    let title: String
    let text: Binding<String>
    let axis: Axis
    let prompt: Text?

    public typealias Body = Never
    public func _render(in context: RenderContext) -> [ViewNode] {
        var node = ViewNode(.textField, text: title)
        node.value = text.wrappedValue
        node.textBinding = text
        node.accessibilityLabel = prompt?.content
        node.isEnabled = context.environment.isEnabled
        node.style.lineLimit = axis == .vertical ? nil : 1
        return [node]
    }
}

extension TextField where Label == Text {
    /// A field titled with a literal.
    public init(_ titleKey: LocalizedStringKey, text: Binding<String>) {
        self.init(title: titleKey.resolved, text: text, axis: .horizontal, prompt: nil)
    }

    /// A field titled with a string.
    public init<S: StringProtocol>(_ title: S, text: Binding<String>) {
        self.init(title: String(title), text: text, axis: .horizontal, prompt: nil)
    }

    /// A field titled with a literal that grows along `axis`.
    public init(_ titleKey: LocalizedStringKey, text: Binding<String>, axis: Axis) {
        self.init(title: titleKey.resolved, text: text, axis: axis, prompt: nil)
    }

    /// A field titled with a string that grows along `axis`.
    public init<S: StringProtocol>(_ title: S, text: Binding<String>, axis: Axis) {
        self.init(title: String(title), text: text, axis: axis, prompt: nil)
    }

    /// A field titled with a string, with a prompt inside.
    public init<S: StringProtocol>(_ title: S, text: Binding<String>, prompt: Text?) {
        self.init(title: String(title), text: text, axis: .horizontal, prompt: prompt)
    }
}

/// A text input that hides what is typed (https://developer.apple.com/documentation/swiftui/securefield).
public struct SecureField<Label: View>: View, _PrimitiveView {
    let title: String
    let text: Binding<String>

    public typealias Body = Never
    public func _render(in context: RenderContext) -> [ViewNode] {
        var node = ViewNode(.secureField, text: title)
        node.value = String(repeating: "•", count: text.wrappedValue.count)
        node.textBinding = text
        node.isEnabled = context.environment.isEnabled
        return [node]
    }
}

extension SecureField where Label == Text {
    /// A secure field titled with a literal.
    public init(_ titleKey: LocalizedStringKey, text: Binding<String>) {
        self.init(title: titleKey.resolved, text: text)
    }

    /// A secure field titled with a string.
    public init<S: StringProtocol>(_ title: S, text: Binding<String>) {
        self.init(title: String(title), text: text)
    }
}

/// A multi-line text input (https://developer.apple.com/documentation/swiftui/texteditor).
public struct TextEditor: View, _PrimitiveView {
    let text: Binding<String>

    /// An editor of `text`.
    public init(text: Binding<String>) { self.text = text }

    public typealias Body = Never
    public func _render(in context: RenderContext) -> [ViewNode] {
        var node = ViewNode(.textEditor)
        node.value = text.wrappedValue
        node.textBinding = text
        node.isEnabled = context.environment.isEnabled
        return [node]
    }
}

/// An on/off switch (https://developer.apple.com/documentation/swiftui/toggle).
public struct Toggle<Label: View>: View, _PrimitiveView {
    let label: Label
    let isOn: Binding<Bool>

    /// A toggle showing `label`.
    public init(isOn: Binding<Bool>, @ViewBuilder label: () -> Label) {
        self.isOn = isOn
        self.label = label()
    }

    public typealias Body = Never
    public func _render(in context: RenderContext) -> [ViewNode] {
        var node = ViewNode(.toggle)
        node.text = context.render(label, at: "label").first?.text
        node.value = isOn.wrappedValue ? "on" : "off"
        node.boolBinding = isOn
        node.isEnabled = context.environment.isEnabled
        return [node]
    }
}

extension Toggle where Label == Text {
    /// A toggle titled with a literal.
    public init(_ titleKey: LocalizedStringKey, isOn: Binding<Bool>) {
        self.init(isOn: isOn) { Text(titleKey) }
    }

    /// A toggle titled with a string.
    public init<S: StringProtocol>(_ title: S, isOn: Binding<Bool>) {
        self.init(isOn: isOn) { Text(title) }
    }
}

/// A choice of one value among tagged options (https://developer.apple.com/documentation/swiftui/picker).
public struct Picker<Label: View, SelectionValue: Hashable, Content: View>: View, _PrimitiveView {
    let label: Label
    let selection: Binding<SelectionValue>
    let content: Content

    /// A picker showing `label`, choosing among the tagged views of `content`.
    public init(
        selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label
    ) {
        self.selection = selection
        self.content = content()
        self.label = label()
    }

    public typealias Body = Never
    public func _render(in context: RenderContext) -> [ViewNode] {
        var node = ViewNode(.picker)
        node.text = context.render(label, at: "label").first?.text
        node.children = context.render(content, at: "options")
        let current = AnyHashable(selection.wrappedValue)
        node.value = node.children.first { $0.tag == current }?.texts.first
        let selection = selection
        node.selectionSetter = { tag in
            if let value = tag.base as? SelectionValue { selection.wrappedValue = value }
        }
        node.isEnabled = context.environment.isEnabled
        return [node]
    }
}

extension Picker where Label == Text {
    /// A picker titled with a literal.
    public init(
        _ titleKey: LocalizedStringKey, selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content
    ) {
        self.init(selection: selection, content: content) { Text(titleKey) }
    }

    /// A picker titled with a string.
    public init<S: StringProtocol>(
        _ title: S, selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content
    ) {
        self.init(selection: selection, content: content) { Text(title) }
    }
}

/// A button that opens a list of actions (https://developer.apple.com/documentation/swiftui/menu).
public struct Menu<Label: View, Content: View>: View, _PrimitiveView {
    let label: Label
    let content: Content

    /// A menu showing `label`.
    public init(@ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label) {
        self.content = content()
        self.label = label()
    }

    public typealias Body = Never
    public func _render(in context: RenderContext) -> [ViewNode] {
        var node = ViewNode(.menu)
        let drawn = context.render(label, at: "label").first
        node.text = drawn?.text
        node.systemImage = drawn?.systemImage
        node.children = context.render(content, at: "items")
        node.isEnabled = context.environment.isEnabled
        return [node]
    }
}

extension Menu where Label == Text {
    /// A menu titled with a literal.
    public init(_ titleKey: LocalizedStringKey, @ViewBuilder content: () -> Content) {
        self.init(content: content) { Text(titleKey) }
    }

    /// A menu titled with a string.
    public init<S: StringProtocol>(_ title: S, @ViewBuilder content: () -> Content) {
        self.init(content: content) { Text(title) }
    }
}

extension Menu where Label == SwiftUI.Label<Text, Image> {
    /// A menu with a title and an SF Symbol.
    public init(_ titleKey: LocalizedStringKey, systemImage: String, @ViewBuilder content: () -> Content) {
        self.init(content: content) { SwiftUI.Label(titleKey, systemImage: systemImage) }
    }

    /// A menu with a title and an SF Symbol.
    public init<S: StringProtocol>(_ title: S, systemImage: String, @ViewBuilder content: () -> Content) {
        self.init(content: content) { SwiftUI.Label(title, systemImage: systemImage) }
    }
}

/// Increment and decrement buttons (https://developer.apple.com/documentation/swiftui/stepper).
public struct Stepper<Label: View>: View, _PrimitiveView {
    let label: Label
    let step: @MainActor (Bool) -> Void
    let shown: @MainActor () -> String

    public typealias Body = Never
    public func _render(in context: RenderContext) -> [ViewNode] {
        var node = ViewNode(.stepper)
        node.text = context.render(label, at: "label").first?.text
        node.value = shown()
        node.stepAction = step
        node.isEnabled = context.environment.isEnabled
        return [node]
    }
}

extension Stepper where Label == Text {
    /// A stepper of `value` within `bounds`.
    public init<S: StringProtocol, V: Strideable>(
        _ title: S, value: Binding<V>, in bounds: ClosedRange<V>, step: V.Stride = 1
    ) {
        label = Text(title)
        shown = { "\(value.wrappedValue)" }
        self.step = { up in
            let next = up ? value.wrappedValue.advanced(by: step) : value.wrappedValue.advanced(by: -step)
            value.wrappedValue = min(max(next, bounds.lowerBound), bounds.upperBound)
        }
    }

    /// A stepper titled with a literal, of `value` within `bounds`.
    public init<V: Strideable>(
        _ titleKey: LocalizedStringKey, value: Binding<V>, in bounds: ClosedRange<V>, step: V.Stride = 1
    ) {
        self.init(titleKey.resolved, value: value, in: bounds, step: step)
    }
}

/// A spinner or bar (https://developer.apple.com/documentation/swiftui/progressview).
public struct ProgressView<Label: View, CurrentValueLabel: View>: View, _PrimitiveView {
    let title: String?
    let fraction: Double?

    public typealias Body = Never
    public func _render(in context: RenderContext) -> [ViewNode] {
        var node = ViewNode(.progress, text: title)
        node.value = fraction.map { "\($0)" }
        node.accessibilityLabel = title == nil ? "In progress" : nil
        return [node]
    }
}

extension ProgressView where Label == EmptyView, CurrentValueLabel == EmptyView {
    /// A spinner.
    public init() {
        title = nil
        fraction = nil
    }

    /// A bar at `value` of `total`.
    public init<V: BinaryFloatingPoint>(value: V?, total: V = 1.0) {
        title = nil
        fraction = value.map { Double($0 / total) }
    }
}

extension ProgressView where Label == Text, CurrentValueLabel == EmptyView {
    /// A spinner titled with a literal.
    public init(_ titleKey: LocalizedStringKey) {
        title = titleKey.resolved
        fraction = nil
    }

    /// A spinner titled with a string.
    public init<S: StringProtocol>(_ title: S) {
        self.title = String(title)
        fraction = nil
    }
}

/// A title and its value (https://developer.apple.com/documentation/swiftui/labeledcontent).
public struct LabeledContent<Label: View, Content: View>: View, _PrimitiveView {
    let title: String
    let valueText: String

    public typealias Body = Never
    public func _render(in context: RenderContext) -> [ViewNode] {
        var node = ViewNode(.labeledContent, text: title)
        node.value = valueText
        return [node]
    }
}

extension LabeledContent where Label == Text, Content == Text {
    /// A title and a value, from a literal.
    public init<S: StringProtocol>(_ titleKey: LocalizedStringKey, value: S) {
        title = titleKey.resolved
        valueText = String(value)
    }

    /// A title and a value.
    public init<S1: StringProtocol, S2: StringProtocol>(_ title: S1, value: S2) {
        self.title = String(title)
        valueText = String(value)
    }
}

/// A label that shows or hides its content (https://developer.apple.com/documentation/swiftui/disclosuregroup).
public struct DisclosureGroup<Label: View, Content: View>: View, _PrimitiveView {
    let label: Label
    let content: Content
    let isExpanded: Binding<Bool>

    /// A group whose expansion `isExpanded` holds.
    public init(isExpanded: Binding<Bool>, @ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label) {
        self.isExpanded = isExpanded
        self.content = content()
        self.label = label()
    }

    public typealias Body = Never
    public func _render(in context: RenderContext) -> [ViewNode] {
        var node = ViewNode(.disclosureGroup)
        node.header = context.render(label, at: "label")
        node.text = node.header.first?.text
        node.value = isExpanded.wrappedValue ? "expanded" : "collapsed"
        if isExpanded.wrappedValue { node.children = context.render(content, at: "content") }
        let isExpanded = isExpanded
        node.tapAction = { isExpanded.wrappedValue.toggle() }
        node.isEnabled = context.environment.isEnabled
        return [node]
    }
}

extension DisclosureGroup where Label == Text {
    /// A group titled with a string.
    public init<S: StringProtocol>(_ title: S, isExpanded: Binding<Bool>, @ViewBuilder content: () -> Content) {
        self.init(isExpanded: isExpanded, content: content) { Text(title) }
    }
}

/// Data that can be shared or dragged (https://developer.apple.com/documentation/coretransferable/transferable).
public protocol Transferable {
    /// How the stand-in shows the item. Not part of SwiftUI.
    var _shareDescription: String { get }
}

extension String: Transferable { public var _shareDescription: String { self } }
extension URL: Transferable { public var _shareDescription: String { absoluteString } }
extension Data: Transferable { public var _shareDescription: String { "\(count) bytes" } }

/// How a shared item is shown in the share sheet (https://developer.apple.com/documentation/swiftui/sharepreview).
public struct SharePreview<Image, Icon> {
    let title: String
}

extension SharePreview where Image == Never, Icon == Never {
    /// A preview with a title.
    public init<S: StringProtocol>(_ title: S) { self.title = String(title) }
}

/// The share button (https://developer.apple.com/documentation/swiftui/sharelink).
public struct ShareLink: View, _PrimitiveView {
    let item: String
    let subject: String?
    let message: String?
    let previewTitle: String?
    let title: String

    /// Shares `item` with an optional subject and message.
    public init<Item: Transferable>(item: Item, subject: Text? = nil, message: Text? = nil) {
        self.item = item._shareDescription
        self.subject = subject?.content
        self.message = message?.content
        previewTitle = nil
        title = "Share"
    }

    /// Shares `item` with a preview.
    public init<Item: Transferable, I, C>(
        item: Item, subject: Text? = nil, message: Text? = nil, preview: SharePreview<I, C>
    ) {
        self.item = item._shareDescription
        self.subject = subject?.content
        self.message = message?.content
        previewTitle = preview.title
        title = "Share"
    }

    /// Shares `item` behind a button titled `title`.
    public init<S: StringProtocol, Item: Transferable>(
        _ title: S, item: Item, subject: Text? = nil, message: Text? = nil
    ) {
        self.item = item._shareDescription
        self.subject = subject?.content
        self.message = message?.content
        previewTitle = nil
        self.title = String(title)
    }

    public typealias Body = Never
    public func _render(in context: RenderContext) -> [ViewNode] {
        var node = ViewNode(.shareLink, text: title)
        node.systemImage = "square.and.arrow.up"
        node.value = [subject, message, item, previewTitle].compactMap { $0 }.joined(separator: "\n")
        return [node]
    }
}
