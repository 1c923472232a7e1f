import Foundation

/// One primitive of a drawn view: what a person would see or touch, with what it does when touched.
///
/// Not part of SwiftUI: the stand-in's output, read by tests and by `make screens` (the role ViewInspector's
/// tree plays on Apple platforms).
@MainActor
public struct ViewNode {
    /// What the node is.
    public enum Kind: String, Sendable {
        case text, image, button, link, textField, secureField, textEditor, toggle, picker, menu, stepper
        case list, section, form, scroll, vstack, hstack, zstack, spacer, divider, progress, group
        case navigationStack, tabView, sheet, alert, confirmationDialog, labeledContent, disclosureGroup
        case shape, color, map, mapAnnotation, platformView, shareLink, label, searchField, toolbarItem
        case webView, photosPicker, asyncImage, fileImporter, grid
    }

    /// What the node is.
    public var kind: Kind
    /// A text's string, or a control's title.
    public var text: String?
    /// An SF Symbol name (an image, a label's icon).
    public var systemImage: String?
    /// The nodes inside, in reading order.
    public var children: [ViewNode] = []
    /// A section's header.
    public var header: [ViewNode] = []
    /// A section's footer.
    public var footer: [ViewNode] = []
    /// How it looks: font, colours, padding, size.
    public var style = NodeStyle()
    /// The label a screen reader speaks, when not the text itself.
    public var accessibilityLabel: String?
    /// An identifier for UI tests (`.accessibilityIdentifier`).
    public var accessibilityIdentifier: String?
    /// Hidden from screen readers (decorative).
    public var isAccessibilityHidden = false
    /// The button role (`.destructive`, `.cancel`).
    public var role: ButtonRole?
    /// Whether the control takes taps (`.disabled(true)` makes it `false`).
    public var isEnabled = true
    /// A value the node shows beside its title: a stepper's value, a labeled content's value, a picker's choice.
    public var value: String?
    /// The encoded bytes an image of data draws (`Image(uiImage:)`).
    public var imageData: Data?
    /// A link's or web view's address.
    public var url: URL?
    /// The title the navigation bar shows for this content.
    public var navigationTitle: String?
    /// Toolbar items set on this content.
    public var toolbar: [ViewNode] = []
    /// Sheets, alerts and dialogs presented over this node.
    public var presentations: [ViewNode] = []
    /// The badge of a tab or a row.
    public var badge: String?
    /// A grid's columns (`LazyVGrid(columns:)`), its children being the cells in reading order.
    public var gridColumns: [GridItem] = []
    /// The `.tag` value (tabs, picker options).
    public var tag: AnyHashable?
    /// A tab's label, set by `.tabItem`.
    public var tabItem: [ViewNode] = []
    /// Swipe actions of a row.
    public var swipeActions: [ViewNode] = []
    /// The object a UIKit or AppKit representable made (a `SFSafariViewController`, a `WKWebView`…).
    public var platformObject: AnyObject?
    /// The keyboard a field shows (`.keyboardType`, iOS only).
    public var keyboard: String?
    /// Whether a control's title is hidden (`.labelsHidden()`); its accessibility label keeps it.
    public var labelHidden = false
    /// Whether the page's title shows small in the bar (`.navigationBarTitleDisplayMode(.inline)`, iOS only).
    public var inlineTitle = false
    /// Whether the sheet this node is in stays when swiped down (`.interactiveDismissDisabled()`, iOS and macOS).
    public var refusesInteractiveDismiss = false
    /// The name `.previewDisplayName` gave a preview.
    public var previewName: String?
    /// Where a node drawn by `.overlay` or `.safeAreaInset` sits over its content; `nil` for ordinary content.
    public var placement: Placement?
    /// A stable path of the view that drew the node.
    public var path: String = ""

    var tapAction: (@MainActor () -> Void)?
    var deleteAction: (@MainActor () -> Void)?
    var refreshAction: (@Sendable () async -> Void)?
    var textBinding: Binding<String>?
    var boolBinding: Binding<Bool>?
    var selectionSetter: (@MainActor (AnyHashable) -> Void)?
    var stepAction: (@MainActor (_ up: Bool) -> Void)?
    var dismissAction: (@MainActor () -> Void)?
    var backAction: (@MainActor () -> Void)?
    var submitAction: (@MainActor () -> Void)?
    /// Picks a photo in a photos picker. Public for the PhotosUI stand-in.
    public var pick: (@MainActor (Data) -> Void)?
    var fileChosen: (@MainActor (URL) -> Void)?

    /// A node of `kind`.
    public init(_ kind: Kind, text: String? = nil) {
        self.kind = kind
        self.text = text
    }
}

extension ViewNode {
    /// Where a node sits relative to the content it was attached to.
    public enum Placement: Sendable, Hashable {
        /// In front of the content (`.overlay`).
        case overlay
        /// Pinned above the content (`.safeAreaInset(edge: .top)`).
        case topInset
        /// Pinned below the content (`.safeAreaInset(edge: .bottom)`).
        case bottomInset
    }
}

/// What a platform object (a browser, a web view) shows, for the tree and `make screens`. Not part of any Apple
/// framework: the stand-ins' `SFSafariViewController` and `WKWebView` adopt it.
@MainActor
public protocol _PlatformContent: AnyObject {
    /// The address it shows.
    var _contentURL: URL? { get }
    /// The bytes it shows, with their type.
    var _contentData: (data: Data, mimeType: String)? { get }
}

/// How a node looks, as far as its modifiers said.
public struct NodeStyle: Sendable, Equatable {
    /// The font (`.headline`, `.caption`…).
    public var font: Font?
    /// The foreground style (`.secondary`, `.red`…).
    public var foreground: ResolvedStyle?
    /// A label's icon's own foreground style, when its icon view sets one.
    public var iconForeground: ResolvedStyle?
    /// The background style.
    public var background: ResolvedStyle?
    /// A list row's background (`.listRowBackground`).
    public var rowBackground: ResolvedStyle?
    /// A list row's separator tint.
    public var separatorTint: ResolvedStyle?
    /// The list row separator is hidden.
    public var separatorHidden = false
    /// The tint (`.tint`).
    public var tint: ResolvedStyle?
    /// Padding on each edge, in points.
    public var padding: EdgeInsets?
    /// A fixed or minimum size, in points.
    public var width: CGFloat?
    /// A fixed height.
    public var height: CGFloat?
    /// A minimum height (`frame(minHeight:)`).
    public var minHeight: CGFloat?
    /// A maximum width (`.infinity` fills).
    public var maxWidth: CGFloat?
    /// A maximum height.
    public var maxHeight: CGFloat?
    /// Lines at most.
    public var lineLimit: Int?
    /// The opacity.
    public var opacity: Double?
    /// Bold text.
    public var isBold = false
    /// Digits of equal width.
    public var monospacedDigit = false
    /// A corner radius of the background shape.
    public var cornerRadius: CGFloat?
    /// The width-to-height ratio the view keeps (`.aspectRatio(1, contentMode: .fit)`: a square).
    public var aspectRatio: CGFloat?
    /// Whether what overflows the view's frame is cut off (`.clipped()`).
    public var isClipped = false
    /// A list's or button's style name (`plain`, `bordered`, `iconOnly`).
    public var styleName: String?
    /// Stack alignment and spacing.
    public var spacing: CGFloat?
    /// How a `VStack` lines up its children across, when not centred (SwiftUI's default).
    public var stackAlignment: HorizontalAlignment?
    /// Where a `.frame(…, alignment:)` puts the content in its frame, when not centred (SwiftUI's default).
    public var frameAlignment: Alignment?

    /// No styling.
    public init() {}
}

extension ViewNode {
    /// Every node of the tree, depth first, in reading order: this node, its children, its toolbar, its
    /// presentations.
    public var allNodes: [ViewNode] {
        var result = [self]
        for child in header + children + footer + toolbar + tabItem + swipeActions + presentations {
            result += child.allNodes
        }
        return result
    }

    /// The first node whose text or accessibility label is `label`.
    public func find(_ label: String) -> ViewNode? {
        allNodes.first { $0.text == label || $0.accessibilityLabel == label }
    }

    /// The first node of `kind` whose text or accessibility label is `label`.
    public func find(_ kind: Kind, _ label: String) -> ViewNode? {
        allNodes.first { $0.kind == kind && ($0.text == label || $0.accessibilityLabel == label) }
    }

    /// Every node of `kind`.
    public func all(_ kind: Kind) -> [ViewNode] {
        allNodes.filter { $0.kind == kind }
    }

    /// The first node that satisfies `predicate`.
    public func first(where predicate: (ViewNode) -> Bool) -> ViewNode? {
        allNodes.first(where: predicate)
    }

    /// Every text a person can read here, in order (texts, and the titles of controls).
    public var texts: [String] {
        allNodes.compactMap { node in
            switch node.kind {
            case .text, .button, .link, .label, .labeledContent, .toggle, .picker, .menu, .stepper, .shareLink:
                return node.text
            default:
                return nil
            }
        }
    }

    /// Whether a person can tap the node (a button, link, or row with an action, not disabled).
    public var isTappable: Bool { tapAction != nil && isEnabled }

    /// The rows of a list or form: its direct content, with sections opened up.
    public var rows: [ViewNode] {
        children.flatMap { $0.kind == .section || $0.kind == .group ? $0.rows : [$0] }
    }

    /// The title of the navigation bar: the first navigation title in the content.
    public var visibleNavigationTitle: String? {
        allNodes.lazy.compactMap(\.navigationTitle).first
    }

    /// Whether the page on top asked for its title inline.
    public var visibleTitleIsInline: Bool {
        allNodes.contains(where: \.inlineTitle)
    }

    /// The sheet, alert, dialog or Files picker on top, if any.
    public var topPresentation: ViewNode? {
        allNodes.last {
            $0.kind == .sheet || $0.kind == .alert || $0.kind == .confirmationDialog || $0.kind == .fileImporter
        }
    }

    /// An indented outline of the tree, for test failure messages.
    public var outline: String {
        outline(depth: 0)
    }

    private func outline(depth: Int) -> String {
        var line = String(repeating: "  ", count: depth) + kind.rawValue
        if let text { line += " \"\(text)\"" }
        if let value { line += " = \(value)" }
        if let accessibilityLabel { line += " [\(accessibilityLabel)]" }
        if let systemImage { line += " (\(systemImage))" }
        if !isEnabled { line += " disabled" }
        if let navigationTitle { line += " title=\"\(navigationTitle)\"" }
        var lines = [line]
        for child in header + children + footer { lines.append(child.outline(depth: depth + 1)) }
        if !toolbar.isEmpty { lines.append(String(repeating: "  ", count: depth + 1) + "toolbar:") }
        for item in toolbar { lines.append(item.outline(depth: depth + 2)) }
        for presented in presentations { lines.append(presented.outline(depth: depth + 1)) }
        return lines.joined(separator: "\n")
    }
}
