import Foundation
import SwiftUI

/// Something on a screen that a person (or a screen reader) would trip over.
public struct ScreenProblem: Sendable, Hashable, CustomStringConvertible {
    /// Which check found it.
    public enum Rule: String, Sendable, Hashable {
        /// A text with nothing to read.
        case emptyText
        /// A text that is a strings-table key (`quakes.error.offline`) or an unfilled placeholder (`%@`).
        case rawStringKey
        /// A button, link or menu with no title and no accessibility label.
        case unlabelledControl
        /// An image neither hidden from screen readers nor labelled.
        case unlabelledImage
    }

    /// Which check found it.
    public var rule: Rule
    /// What is wrong, with the text in question.
    public var message: String
    /// Where the node is in the tree: kinds and indices from the root
    /// (`group/tabView[0]/navigationStack[0]/group[0]/list[0]/button[2]` is the third child of a list).
    public var nodePath: String
    /// The view that drew it (the stand-in's view identity).
    public var viewPath: String

    public var description: String { "\(rule.rawValue): \(message) at \(nodePath) (view \(viewPath))" }
}

/// Checks a drawn tree for what makes a screen unreadable or unusable with VoiceOver: empty texts, strings-table
/// keys shown as text, controls without a name, images without a label.
///
/// ```swift
/// for problem in ScreenAudit.problems(in: host.tree) { print(problem) }
/// ```
public enum ScreenAudit {
    /// Every problem in `tree`, in reading order (sheets and alerts included).
    @MainActor
    public static func problems(in tree: ViewNode) -> [ScreenProblem] {
        var found: [ScreenProblem] = []
        walk(tree, path: [tree.kind.rawValue], labelled: false, into: &found)
        return found
    }

    /// Whether `text` looks like a strings-table key rather than words: `section.name` or `error.signInRequired`,
    /// but not a host name such as `docs.google.com`.
    public static func looksLikeKey(_ text: String) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count >= 2, let first = parts.first, !first.isEmpty,
            first.allSatisfy({ $0.isASCII && $0.isLowercase })
        else { return false }
        for part in parts.dropFirst() where part.isEmpty || !part.allSatisfy({ $0.isASCII && $0.isLetter }) {
            return false
        }
        let topLevelDomains: Set<String> = ["com", "org", "net", "dev", "gov", "edu", "io", "app", "test", "invalid"]
        return !topLevelDomains.contains(String(parts.last!).lowercased())
    }

    /// Whether `text` still holds a format placeholder (`%@`, `%d`, `%1$@`).
    public static func hasPlaceholder(_ text: String) -> Bool {
        text.range(of: #"%(\d+\$)?(@|d|ld|lld|f|s|i|u|lu)"#, options: .regularExpression) != nil
    }

    @MainActor
    private static func walk(_ node: ViewNode, path: [String], labelled: Bool, into found: inout [ScreenProblem]) {
        let nodePath = path.joined(separator: "/")
        func report(_ rule: ScreenProblem.Rule, _ message: String) {
            found.append(ScreenProblem(rule: rule, message: message, nodePath: nodePath, viewPath: node.path))
        }
        if node.isAccessibilityHidden { return }
        for (what, string) in readable(node) {
            if string.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
                if what == "text" { report(.emptyText, "empty text") }
            } else if looksLikeKey(string) {
                report(.rawStringKey, "\(what) \"\(string)\" looks like a strings key")
            } else if hasPlaceholder(string) {
                report(.rawStringKey, "\(what) \"\(string)\" has an unfilled placeholder")
            }
        }
        switch node.kind {
        case .button, .link, .menu, .shareLink, .photosPicker:
            let named =
                !(node.text ?? "").isEmpty || !(node.accessibilityLabel ?? "").isEmpty
                || node.texts.contains { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
            if !named {
                let what = node.systemImage.map { " (icon \($0))" } ?? ""
                report(.unlabelledControl, "\(node.kind.rawValue)\(what) has no title or accessibility label")
            }
        case .image, .asyncImage:
            if !labelled && (node.accessibilityLabel ?? "").isEmpty {
                let what = node.systemImage.map { "symbol \($0)" } ?? node.value.map { "image \($0)" } ?? "image"
                report(.unlabelledImage, "\(what) is neither accessibility-hidden nor labelled")
            }
        default:
            break
        }
        // An element with a label of its own (`.accessibilityElement(children: .combine)`) speaks for what is inside.
        let inner = labelled || !(node.accessibilityLabel ?? "").isEmpty
        let groups: [(String, [ViewNode])] = [
            ("header", node.header), ("", node.children), ("footer", node.footer), ("toolbar", node.toolbar),
            ("tabItem", node.tabItem), ("swipe", node.swipeActions), ("presented", node.presentations),
        ]
        for (name, nodes) in groups {
            for (index, child) in nodes.enumerated() {
                let step = (name.isEmpty ? "" : name + ":") + "\(child.kind.rawValue)[\(index)]"
                walk(child, path: path + [step], labelled: inner, into: &found)
            }
        }
    }

    /// The strings a person reads on the node, each with what it is.
    @MainActor
    private static func readable(_ node: ViewNode) -> [(String, String)] {
        var strings: [(String, String)] = []
        if let text = node.text {
            switch node.kind {
            case .text: strings.append(("text", text))
            case .textField, .secureField, .searchField: strings.append(("placeholder", text))
            case .section: break  // its header is checked as its own node
            default: strings.append(("\(node.kind.rawValue) title", text))
            }
        }
        if let value = node.value, node.kind == .labeledContent { strings.append(("value", value)) }
        if let label = node.accessibilityLabel { strings.append(("accessibility label", label)) }
        if let title = node.navigationTitle, node.kind != .navigationStack {
            strings.append(("navigation title", title))
        }
        if let badge = node.badge { strings.append(("badge", badge)) }
        return strings
    }
}
