import Foundation
import HTTPTypes
import SwiftUI

/// Draws nodes as HTML: the containers that shape a screen (navigation stack, tab view, list), rows, and every
/// primitive inside them.
@MainActor
struct NodeRenderer {
    let device: ScreenDevice

    /// Where a node is drawn, for what depends on it (a search field in the bar, tinted button labels).
    struct Place {
        /// Inside a navigation stack, whose bar already shows the search field.
        var inNavigation = false
        /// Inside a list row.
        var inRow = false
        /// Inside a button whose label takes the tint colour.
        var tinted = false
        /// Inside a sheet, where an editor's bar (Cancel, Save) shows its title inline.
        var inSheet = false
    }

    // MARK: - Screens and containers

    /// The screen `node` stands for: a navigation stack, a tab view, a list, or any content in a padded column.
    func container(_ node: ViewNode, _ place: Place) -> String {
        screenContent([node], place)
    }

    func screenContent(_ nodes: [ViewNode], _ place: Place) -> String {
        let nodes = Self.unwrapped(nodes)
        if nodes.count == 1 {
            let node = nodes[0]
            switch node.kind {
            case .navigationStack: return navigation(node, place)
            case .tabView: return tabs(node, place)
            case .list, .form: return list(node, place)
            case .map: return map(node)
            case .platformView, .webView: return platform(node)
            case .scroll: return element(node, place)
            default: break
            }
        }
        return "<div class=\"plain-content\">" + nodes.map { element($0, place) }.joined() + "</div>"
    }

    /// Groups that only gather their children (the host's root, a multi-view body) drawn as those children.
    static func unwrapped(_ nodes: [ViewNode]) -> [ViewNode] {
        nodes.flatMap { node -> [ViewNode] in
            node.kind == .group && node.style == NodeStyle() && node.toolbar.isEmpty ? unwrapped(node.children) : [node]
        }
    }

    /// Whether a screen's content sits on the grouped (grey) background.
    static func isGrouped(_ nodes: [ViewNode]) -> Bool {
        let nodes = unwrapped(nodes)
        guard let first = nodes.first else { return false }
        switch first.kind {
        case .list, .form: return listStyle(first) == "grouped"
        case .navigationStack: return isGrouped(first.children)
        default: return false
        }
    }

    static func listStyle(_ node: ViewNode) -> String {
        switch node.style.styleName {
        case "plain": "plain"
        default: "grouped"
        }
    }

    // MARK: - Navigation bar

    private struct BarItems {
        var leading: [ViewNode] = []
        var principal: [ViewNode] = []
        var trailing: [ViewNode] = []
        var bottom: [ViewNode] = []
        var hasEditorButtons = false
    }

    private func barItems(in nodes: [ViewNode]) -> BarItems {
        var items = BarItems()
        func walk(_ node: ViewNode) {
            for entry in node.toolbar {
                let placement = entry.kind == .toolbarItem ? entry.value ?? "automatic" : "automatic"
                let content = entry.kind == .toolbarItem ? entry.children : [entry]
                guard !content.isEmpty else { continue }
                switch placement {
                case "cancellationAction", "navigation":
                    items.leading += content
                    items.hasEditorButtons = items.hasEditorButtons || placement == "cancellationAction"
                case "principal": items.principal += content
                case "status", "bottomBar": items.bottom += content
                case "confirmationAction":
                    items.trailing += content.map { node in
                        var node = node
                        node.accessibilityIdentifier = node.accessibilityIdentifier ?? "confirm"
                        return node
                    }
                    items.hasEditorButtons = true
                default: items.trailing += content
                }
            }
            guard node.kind != .navigationStack else { return }
            for child in node.header + node.children + node.footer { walk(child) }
        }
        for node in nodes { walk(node) }
        return items
    }

    private func firstSearchField(in nodes: [ViewNode]) -> ViewNode? {
        for node in nodes {
            if node.kind == .searchField { return node }
            if node.kind == .navigationStack { continue }
            if let found = firstSearchField(in: node.children) { return found }
        }
        return nil
    }

    func navigation(_ node: ViewNode, _ place: Place) -> String {
        let page = node.children
        let depth = Int(node.value?.split(separator: " ").first ?? "") ?? 0
        let items = barItems(in: page)
        let title = node.navigationTitle
        // NB: a page that asks for it (`navigationBarTitleDisplayMode(.inline)`) and an editor sheet (Cancel/Save)
        // show their title inline, as iOS editors do.
        let inline = node.inlineTitle || (place.inSheet && items.hasEditorButtons)
        var html = "<div class=\"nav\(Self.isGrouped(page) ? " grouped" : "")\">"
        html += "<div class=\"navbar\"><div class=\"bar-leading\">"
        if depth > 0 {
            html += "<span class=\"back\">\(Symbols.glyph("chevron.left"))<span>Back</span></span>"
        }
        html += items.leading.map { barItem($0, confirm: false) }.joined()
        html += "</div><div class=\"bar-title\">"
        if !items.principal.isEmpty {
            html += items.principal.map { element($0, place) }.joined()
        } else if inline, let title {
            html += title.markupEscaped
        }
        html += "</div><div class=\"bar-trailing\">"
        html += items.trailing.map { barItem($0, confirm: $0.accessibilityIdentifier == "confirm") }.joined()
        html += "</div></div>"
        if !inline, let title, !title.isEmpty {
            html += "<h1 class=\"large-title\">\(title.markupEscaped)</h1>"
        }
        if let search = firstSearchField(in: page) { html += searchBar(search) }
        var inner = place
        inner.inNavigation = true
        html += "<div class=\"nav-content\">" + screenContent(page, inner) + "</div>"
        if !items.bottom.isEmpty {
            html += "<div class=\"bottom-bar\">" + items.bottom.map { element($0, place) }.joined() + "</div>"
        }
        return html + "</div>"
    }

    /// One item of a navigation bar: an icon when it has one (as iOS shows labels in bars), else its title.
    private func barItem(_ node: ViewNode, confirm: Bool) -> String {
        var classes = ["bar-item"]
        if confirm { classes.append("confirm") }
        if !node.isEnabled { classes.append("disabled") }
        if node.role == .destructive { classes.append("destructive") }
        let label = (node.accessibilityLabel ?? node.text ?? "").markupEscaped
        let aria = label.isEmpty ? "" : "aria-label=\"\(label)\""
        switch node.kind {
        case .button, .menu, .link, .shareLink:
            let content: String
            if let symbol = node.systemImage {
                content = Symbols.glyph(symbol)
            } else if let text = node.text {
                content = text.markupEscaped
            } else {
                content = node.children.map { element($0, Place(tinted: true)) }.joined()
            }
            return "<span" + HTML.attributes(classes: classes, style: "", extra: aria) + ">" + content + "</span>"
        default:
            return "<span" + HTML.attributes(classes: classes, style: "") + ">" + element(node, Place()) + "</span>"
        }
    }

    private func searchBar(_ node: ViewNode) -> String {
        let value = node.value ?? ""
        let shown =
            value.isEmpty
            ? (node.text ?? "Search").markupEscaped : "<span class=\"value\">\(value.markupEscaped)</span>"
        return "<div class=\"search\" role=\"search\">\(Symbols.glyph("magnifyingglass"))<span>\(shown)</span></div>"
    }

    // MARK: - Tab bar

    func tabs(_ node: ViewNode, _ place: Place) -> String {
        var html = "<div class=\"tabs\"><div class=\"tab-content\">" + screenContent(node.children, place) + "</div>"
        html += "<nav class=\"tabbar\">"
        for item in node.tabItem {
            let selected = item.value == "selected"
            html += "<div class=\"tab\(selected ? " selected" : "")\"><span class=\"tab-icon\">"
            html += Symbols.glyph(item.systemImage ?? "square")
            if let badge = item.badge { html += "<span class=\"badge\">\(badge.markupEscaped)</span>" }
            html += "</span><span>\((item.text ?? "").markupEscaped)</span></div>"
        }
        return html + "</nav></div>"
    }

    // MARK: - Lists and forms

    func list(_ node: ViewNode, _ place: Place) -> String {
        let style = Self.listStyle(node)
        var banners: [ViewNode] = []
        var overlays: [ViewNode] = []
        var sections: [(header: [ViewNode], rows: [ViewNode], footer: [ViewNode])] = []
        var loose: [ViewNode] = []
        func closeLoose() {
            if !loose.isEmpty { sections.append(([], loose, [])) }
            loose = []
        }
        var searchFields: [ViewNode] = []
        for child in node.children {
            if child.kind == .searchField {
                searchFields.append(child)
            } else if child.placement == .overlay {
                overlays.append(child)
            } else if child.placement == .topInset || child.placement == .bottomInset {
                banners.append(child)
            } else if child.kind == .section {
                closeLoose()
                sections.append((child.header, child.children, child.footer))
            } else {
                loose.append(child)
            }
        }
        closeLoose()

        var html = "<div class=\"list \(style)\" role=\"list\">"
        if !place.inNavigation { html += searchFields.map(searchBar).joined() }
        for banner in banners { html += "<div class=\"list-banner\">" + element(banner, place) + "</div>" }
        var rowPlace = place
        rowPlace.inRow = true
        for (index, section) in sections.enumerated() {
            let rows = section.rows.flatMap(expandedRows)
            guard !rows.isEmpty || !section.header.isEmpty else { continue }
            html += "<section class=\"section\(index == 0 ? " first" : "")\">"
            if !section.header.isEmpty {
                html +=
                    "<header class=\"section-header\">"
                    + section.header.map { element($0, Place(inRow: true)) }.joined() + "</header>"
            }
            html += "<div class=\"rows\">" + rows.map { row($0, rowPlace) }.joined() + "</div>"
            if !section.footer.isEmpty {
                html +=
                    "<footer class=\"section-footer\">"
                    + section.footer.map { element($0, Place(inRow: true)) }.joined() + "</footer>"
            }
            html += "</section>"
        }
        for overlay in overlays {
            html +=
                "<div class=\"list-overlay\">" + overlay.children.map { overlayElement($0, place) }.joined()
                + "</div>"
        }
        return html + "</div>"
    }

    private func overlayElement(_ node: ViewNode, _ place: Place) -> String {
        if node.kind == .progress { return spinner(node, large: true) }
        return element(node, place)
    }

    /// A list child as the rows a person sees: an open disclosure group is its label row and its content rows.
    private func expandedRows(_ node: ViewNode) -> [ViewNode] {
        switch node.kind {
        case .group where node.style == NodeStyle():
            return node.children.flatMap(expandedRows)
        case .disclosureGroup:
            var header = node
            header.children = []
            header.accessibilityIdentifier = "disclosure-header"
            return [header] + node.children.flatMap(expandedRows)
        default:
            return [node]
        }
    }

    func row(_ node: ViewNode, _ place: Place) -> String {
        var classes = ["row"]
        var css: [String] = []
        if let background = node.style.rowBackground { css.append("--row-background:\(HTML.color(background))") }
        if let tint = node.style.separatorTint { css.append("--row-separator:\(HTML.color(tint))") }
        if node.style.separatorHidden { classes.append("no-separator") }
        if let minHeight = node.style.minHeight, minHeight.isFinite, minHeight > 44 {
            css.append("min-height:\(HTML.number(Double(minHeight)))px")
        }
        let interactive: Set<ViewNode.Kind> = [
            .button, .link, .toggle, .picker, .stepper, .textField, .secureField, .textEditor, .menu,
            .disclosureGroup, .photosPicker, .shareLink,
        ]
        if !node.isEnabled && interactive.contains(node.kind) { classes.append("disabled") }
        var content = ""
        var inner = place
        switch node.kind {
        case .button:
            let isLink = node.style.styleName == "navigationLink"
            let isPlain = node.style.styleName == "plain" || isLink
            if node.role == .destructive {
                classes.append("destructive")
            } else if !isPlain {
                classes.append("tinted")
                inner.tinted = true
            }
            content = buttonContent(node, inner)
            if let badge = node.badge { content += "<span class=\"row-badge\">\(badge.markupEscaped)</span>" }
            if isLink { content += chevron }
        case .link, .shareLink, .photosPicker, .menu:
            classes.append("tinted")
            inner.tinted = true
            content = buttonContent(node, inner)
        case .disclosureGroup where node.accessibilityIdentifier == "disclosure-header":
            content = node.header.map { element($0, inner) }.joined()
            if node.header.isEmpty { content = text(node.text ?? "", style: NodeStyle()) }
            let expanded = node.value == "expanded"
            content +=
                "<span class=\"disclosure\(expanded ? " expanded" : "")\" aria-hidden=\"true\">"
                + "<svg viewBox=\"0 0 12 12\"><path d=\"M4 1.5l4.5 4.5-4.5 4.5\"/></svg></span>"
        case .labeledContent:
            content =
                "<span class=\"row-title\">\((node.text ?? "").markupEscaped)</span>"
                + "<span class=\"row-value\">\((node.value ?? "").markupEscaped)</span>"
        case .picker where node.style.styleName == "segmented":
            content = segmented(node)
        case .progress:
            css.append("justify-content:center")
            content = progress(node)
        case .textField, .secureField, .textEditor, .toggle, .picker, .stepper:
            content = control(node)
        default:
            content = element(node, inner)
        }
        return "<div" + HTML.attributes(classes: classes, style: css.joined(separator: ";"), extra: aria(node))
            + ">" + content + "</div>"
    }

    private var chevron: String {
        "<span class=\"chevron\" aria-hidden=\"true\"><svg viewBox=\"0 0 9 16\"><path d=\"M1.5 1.5L7.5 8l-6 6.5\"/>"
            + "</svg></span>"
    }

    // MARK: - Controls

    private func buttonContent(_ node: ViewNode, _ place: Place) -> String {
        var content = ""
        let iconOnly = node.style.styleName == "iconOnly"
        if let symbol = node.systemImage { content += Symbols.glyph(symbol) }
        if let text = node.text, !(iconOnly && node.systemImage != nil) {
            content += self.text(text, style: node.style, includeBackground: false)
        }
        content += node.children.map { element($0, place) }.joined()
        if node.kind == .shareLink && node.text == nil { content += Symbols.glyph("square.and.arrow.up") }
        return content
    }

    private func control(_ node: ViewNode) -> String {
        switch node.kind {
        case .textField, .secureField:
            let value = node.value ?? ""
            var classes = ["field"]
            if node.style.styleName == "roundedBorder" { classes.append("rounded") }
            if node.kind == .textField && node.style.lineLimit == nil { classes.append("multiline") }
            var css = ""
            if let foreground = node.style.foreground, foreground.name != "primary" {
                css =
                    value.isEmpty
                    ? "color:color-mix(in srgb,\(HTML.color(foreground)) 55%,transparent)"
                    : "color:\(HTML.color(foreground))"
            }
            if value.isEmpty {
                classes.append("placeholder")
                let placeholder = node.accessibilityLabel ?? node.text ?? ""
                return "<span" + HTML.attributes(classes: classes, style: css, extra: "role=\"textbox\"") + ">"
                    + placeholder.markupEscaped + "</span>"
            }
            return "<span" + HTML.attributes(classes: classes, style: css, extra: "role=\"textbox\"") + ">"
                + value.markupEscaped + "</span>"
        case .textEditor:
            let minHeight = node.style.minHeight.map { "min-height:\(HTML.number(Double($0)))px" } ?? ""
            return "<span" + HTML.attributes(classes: ["editor"], style: minHeight, extra: "role=\"textbox\"") + ">"
                + (node.value ?? "").markupEscaped + "</span>"
        case .toggle:
            let on = node.value == "on"
            return "<span class=\"row-title\">\((node.labelHidden ? "" : node.text ?? "").markupEscaped)</span>"
                + "<span class=\"toggle-switch\(on ? " on" : "")\" role=\"switch\" aria-checked=\"\(on)\"></span>"
        case .picker:
            if node.style.styleName == "segmented" { return segmented(node) }
            let menu = node.style.styleName == "menu"
            return "<span class=\"row-title\">\((node.text ?? "").markupEscaped)</span>"
                + "<span class=\"picker-value\(menu ? " menu-picker-value" : "")\">"
                + (node.value ?? "").markupEscaped + Symbols.glyph("chevron.up.chevron.down") + "</span>"
        case .stepper:
            return "<span class=\"row-title\">\((node.text ?? "").markupEscaped)</span>"
                + "<span class=\"stepper\" aria-hidden=\"true\"><span>−</span><span>+</span></span>"
        default:
            return ""
        }
    }

    private func segmented(_ node: ViewNode) -> String {
        var html = "<div class=\"segmented\" role=\"tablist\">"
        for option in node.children {
            let label = option.texts.first ?? option.text ?? ""
            let selected = label == node.value
            html += "<span class=\"segment\(selected ? " selected" : "")\">\(label.markupEscaped)</span>"
        }
        return html + "</div>"
    }

    private func progress(_ node: ViewNode) -> String {
        if let fraction = node.value.flatMap(Double.init) {
            let percent = HTML.number(max(0, min(1, fraction)) * 100)
            return "<span class=\"progress-bar\" role=\"progressbar\"><span style=\"width:\(percent)%\"></span></span>"
        }
        var html = spinner(node, large: false)
        if let title = node.text { html += "<span class=\"progress-title\">\(title.markupEscaped)</span>" }
        return html
    }

    private func spinner(_ node: ViewNode, large: Bool) -> String {
        var spokes = ""
        for index in 0..<8 {
            let opacity = HTML.number(0.25 + 0.75 * Double(index) / 7)
            spokes +=
                "<rect x=\"9\" y=\"1\" width=\"2.2\" height=\"5.5\" rx=\"1.1\" fill=\"currentColor\" "
                + "opacity=\"\(opacity)\" transform=\"rotate(\(index * 45) 10 10)\"/>"
        }
        let label = node.accessibilityLabel ?? node.text ?? ""
        return
            "<span class=\"spinner\(large ? " large" : "")\" role=\"progressbar\" aria-label=\"\(label.markupEscaped)\""
            + " style=\"color:var(--secondary-label)\"><svg viewBox=\"0 0 20 20\">\(spokes)</svg></span>"
    }

    // MARK: - Elements

    private func aria(_ node: ViewNode) -> String {
        if node.isAccessibilityHidden { return "aria-hidden=\"true\"" }
        if let label = node.accessibilityLabel { return "aria-label=\"\(label.markupEscaped)\"" }
        return ""
    }

    private func text(_ string: String, style: NodeStyle, includeBackground: Bool = true, extra: String = "")
        -> String
    {
        let classes = ["text", HTML.fontClass(style.font) ?? ""]
        return "<span"
            + HTML.attributes(
                classes: classes, style: HTML.inlineStyle(style, includeBackground: includeBackground), extra: extra)
            + ">" + string.markupEscaped + "</span>"
    }

    private func children(_ node: ViewNode, _ place: Place) -> String {
        node.children.map { child in
            if child.placement == .overlay {
                return "<div class=\"overlay-layer\">" + child.children.map { overlayElement($0, place) }.joined()
                    + "</div>"
            }
            return element(child, place)
        }.joined()
    }

    private func box(_ tag: String, _ classes: [String], _ node: ViewNode, _ inner: String) -> String {
        let fontClass = HTML.fontClass(node.style.font) ?? ""
        return "<\(tag)"
            + HTML.attributes(
                classes: classes + [fontClass], style: HTML.inlineStyle(node.style), extra: aria(node)) + ">" + inner
            + "</\(tag)>"
    }

    /// Any node, wherever it is drawn.
    func element(_ node: ViewNode, _ place: Place) -> String {
        switch node.kind {
        case .text:
            return text(node.text ?? "", style: node.style, extra: aria(node))
        case .image, .asyncImage:
            if let symbol = node.systemImage { return box("span", ["symbol"], node, Symbols.glyph(symbol)) }
            // NB: a browser draws every format the apps take but HEIC, which stays a box with its name.
            if let data = node.imageData, let format = ImageFormat(sniffing: data), format != .heic {
                let source = "src=\"data:\(format.mimeType);base64,\(data.base64EncodedString())\""
                return "<img"
                    + HTML.attributes(
                        classes: ["picture", node.style.styleName ?? ""], style: HTML.inlineStyle(node.style),
                        extra: [aria(node), source].filter { !$0.isEmpty }.joined(separator: " ")) + ">"
            }
            let caption = node.accessibilityLabel ?? node.value ?? "image"
            return box("span", ["image-box"], node, caption.markupEscaped)
        case .button, .link, .menu, .shareLink, .photosPicker:
            var classes = ["button"]
            let name = node.style.styleName ?? ""
            if ["bordered", "borderedProminent", "plain"].contains(name) { classes.append(name) }
            if node.kind == .button && name == "navigationLink" { classes.append("plain") }
            if node.role == .destructive { classes.append("destructive") }
            if !node.isEnabled { classes.append("disabled") }
            if node.systemImage != nil && (node.text == nil || name == "iconOnly") { classes.append("large-hit") }
            var inner = place
            inner.tinted = !classes.contains("plain")
            var style = node.style
            style.font = nil
            return "<span"
                + HTML.attributes(
                    classes: classes + [HTML.fontClass(node.style.font) ?? ""], style: HTML.inlineStyle(style),
                    extra: aria(node) + " role=\"button\"") + ">" + buttonContent(node, inner) + "</span>"
        case .label:
            var content =
                node.systemImage.map { name in
                    let glyph = Symbols.glyph(name)
                    return node.style.iconForeground.map { "<span style=\"color:\(HTML.color($0))\">\(glyph)</span>" }
                        ?? glyph
                } ?? ""
            if node.style.styleName != "iconOnly" { content += (node.text ?? "").markupEscaped }
            return box("span", ["label"], node, content)
        case .vstack, .scroll:
            let across =
                switch node.style.stackAlignment {
                case .leading?: "leading"
                case .trailing?: "trailing"
                default: place.inRow ? "" : "center"
                }
            let classes = node.kind == .scroll ? ["scroll"] : ["vstack", across]
            return box("div", classes, node, children(node, place))
        case .hstack:
            return box("div", ["hstack"], node, children(node, place))
        case .zstack:
            return box("div", ["zstack"], node, children(node, place))
        case .grid:
            return grid(node, place)
        case .group, .toolbarItem:
            return box("div", ["vstack"], node, children(node, place))
        case .spacer:
            return "<span class=\"spacer\"></span>"
        case .divider:
            return "<span class=\"divider\"></span>"
        case .shape:
            var style = node.style
            // NB: an unfilled shape fills with the foreground colour, as in SwiftUI.
            style.background = style.background ?? style.foreground
            let fill = style.background == nil ? "background:var(--label);" : ""
            return "<span"
                + HTML.attributes(
                    classes: ["shape", node.value ?? ""], style: fill + HTML.inlineStyle(style), extra: aria(node))
                + "></span>"
        case .color:
            return "<span" + HTML.attributes(classes: ["color"], style: HTML.inlineStyle(node.style)) + "></span>"
        case .textField, .secureField, .textEditor, .toggle, .picker, .stepper, .labeledContent:
            let inner: String
            if node.kind == .labeledContent {
                inner =
                    "<span class=\"row-title\">\((node.text ?? "").markupEscaped)</span>"
                    + "<span class=\"row-value\">\((node.value ?? "").markupEscaped)</span>"
            } else {
                inner = control(node)
            }
            return box("div", ["hstack", node.isEnabled ? "" : "disabled"], node, inner)
        case .progress:
            return box("div", ["hstack"], node, progress(node))
        case .list, .form:
            return list(node, place)
        case .navigationStack:
            return navigation(node, place)
        case .tabView:
            return tabs(node, place)
        case .map:
            return map(node)
        case .platformView, .webView:
            return platform(node)
        case .mapAnnotation:
            return box("span", ["text"], node, (node.text ?? "").markupEscaped)
        case .section:
            var inner = node.header.isEmpty ? "" : "<div class=\"section-header\">"
            inner += node.header.map { element($0, place) }.joined()
            inner += node.header.isEmpty ? "" : "</div>"
            inner += children(node, place)
            return box("div", ["vstack"], node, inner)
        case .disclosureGroup:
            var inner = "<div class=\"hstack\">" + node.header.map { element($0, place) }.joined() + "</div>"
            inner += children(node, place)
            return box("div", ["vstack"], node, inner)
        case .searchField:
            return searchBar(node)
        case .sheet, .alert, .confirmationDialog, .fileImporter:
            return ""
        }
    }

    // MARK: - Grids

    /// A lazy grid as a CSS grid: one track a fixed or flexible column, as many tracks as fit for an adaptive one;
    /// each cell a box of its own, as wide as its column.
    func grid(_ node: ViewNode, _ place: Place) -> String {
        var style = node.style
        let rowSpacing = style.spacing ?? 8
        style.spacing = nil
        // NB: CSS has one gap between columns; the first column's spacing stands for all (SwiftUI's default is 8).
        let columnSpacing = node.gridColumns.first?.spacing ?? 8
        let tracks = node.gridColumns.map { column -> String in
            switch column.size {
            case .fixed(let width): return "\(HTML.number(Double(width)))px"
            case .flexible(let minimum, let maximum):
                return "minmax(\(HTML.number(Double(minimum)))px,\(Self.track(maximum)))"
            case .adaptive(let minimum, let maximum):
                return "repeat(auto-fill,minmax(\(HTML.number(Double(minimum)))px,\(Self.track(maximum))))"
            }
        }
        let css =
            "grid-template-columns:\(tracks.isEmpty ? "1fr" : tracks.joined(separator: " "));"
            + "row-gap:\(HTML.number(Double(rowSpacing)))px;column-gap:\(HTML.number(Double(columnSpacing)))px"
        let inline = [css, HTML.inlineStyle(style)].filter { !$0.isEmpty }.joined(separator: ";")
        let cells = node.children.map { "<div class=\"grid-cell\">" + element($0, place) + "</div>" }.joined()
        let extra = [aria(node), "role=\"grid\""].filter { !$0.isEmpty }.joined(separator: " ")
        return "<div" + HTML.attributes(classes: ["grid"], style: inline, extra: extra) + ">" + cells + "</div>"
    }

    /// A column's largest width: a share of what is left when unbounded.
    private static func track(_ maximum: CGFloat) -> String {
        maximum.isFinite ? "\(HTML.number(Double(maximum)))px" : "1fr"
    }

    // MARK: - Maps and platform views

    func map(_ node: ViewNode) -> String {
        let region = MapRegion(node.value)
        let pins = node.all(.mapAnnotation)
        // NB: the pins sit in an area of their own above the legend: a legend laid over the map hid the pins of its
        // bottom tenth (the southernmost quake of a fitted region).
        var html =
            "<div class=\"map\" role=\"img\" aria-label=\"Map\"><div class=\"map-area\">"
            + "<span class=\"map-legal\">Map</span>"
        for pin in pins {
            guard let coordinate = MapRegion.coordinate(pin.value) else { continue }
            let (x, y) = region.position(latitude: coordinate.latitude, longitude: coordinate.longitude)
            guard (0...100).contains(x), (0...100).contains(y) else { continue }
            let marker =
                pin.children.isEmpty
                ? "<span class=\"default-pin\"></span>" : pin.children.map { element($0, Place()) }.joined()
            html +=
                "<span class=\"map-pin\" style=\"left:\(HTML.number(x))%;top:\(HTML.number(y))%\" "
                + "title=\"\((pin.text ?? "").markupEscaped)\">\(marker)</span>"
        }
        // NB: what the view lays over the map (a line saying it has no pin) is drawn over its area, as elsewhere.
        for overlay in node.children where overlay.placement == .overlay {
            html +=
                "<div class=\"overlay-layer\">" + overlay.children.map { overlayElement($0, Place()) }.joined()
                + "</div>"
        }
        html += "</div>"
        if !pins.isEmpty {
            html += "<ul class=\"map-pins\"><b>\(pins.count) pin\(pins.count == 1 ? "" : "s")</b>"
            for pin in pins.prefix(6) {
                html += "<li>\((pin.text ?? "").markupEscaped)<span>\((pin.value ?? "").markupEscaped)</span></li>"
            }
            if pins.count > 6 { html += "<li><span>and \(pins.count - 6) more</span></li>" }
            html += "</ul>"
        }
        return html + "</div>"
    }

    func platform(_ node: ViewNode) -> String {
        let kind = node.value ?? (node.kind == .webView ? "WKWebView" : "Platform view")
        let details = PlatformObject(node.platformObject)
        if kind.contains("SFSafariViewController") {
            let url = details.url ?? node.url
            let host = url?.host ?? url?.absoluteString ?? ""
            return """
                <div class="platform safari" role="document" aria-label="\(kind.markupEscaped)">\
                <div class="browser-bar"><span class="done">Done</span><span class="browser-address">\
                \(Symbols.glyph("lock.fill"))\(host.markupEscaped)</span><span>\(Symbols.glyph("arrow.clockwise"))\
                </span></div><div class="browser-page"><span class="platform-kind">\(kind.markupEscaped)</span>\
                <span class="url">\((url?.absoluteString ?? "").markupEscaped)</span></div><div class="browser-tools">\
                \(Symbols.glyph("chevron.left"))\(Symbols.glyph("chevron.right"))\
                \(Symbols.glyph("square.and.arrow.up"))\(Symbols.glyph("book"))\(Symbols.glyph("safari"))</div></div>
                """
        }
        var page = "<span class=\"platform-kind\">\(kind.markupEscaped)</span>"
        if let url = details.url ?? node.url {
            page += "<span class=\"url\">\(url.absoluteString.markupEscaped)</span>"
        }
        if let loaded = details.loaded {
            page += "<span>\(loaded.summary.markupEscaped)</span>"
            if let preview = loaded.textPreview { page += "<pre>\(preview.markupEscaped)</pre>" }
        }
        return "<div class=\"platform\" role=\"document\" aria-label=\"\(kind.markupEscaped)\">"
            + "<div class=\"browser-page\">\(page)</div></div>"
    }

    // MARK: - Presentations

    /// A sheet, alert or dialog drawn over everything under it (`depth` sheets are open below it).
    func layer(_ node: ViewNode, depth: Int) -> String {
        switch node.kind {
        case .sheet: return sheet(node, depth: depth)
        case .alert: return alert(node)
        case .confirmationDialog: return dialog(node)
        case .fileImporter: return filesPicker(node, depth: depth)
        default: return ""
        }
    }

    /// The system's Files picker, drawn as the sheet it is, with the kinds of file it offers.
    private func filesPicker(_ node: ViewNode, depth: Int) -> String {
        var list = ViewNode(.list)
        list.children = [ViewNode(.text, text: "Files"), ViewNode(.text, text: node.value ?? "")]
        var picker = ViewNode(.sheet)
        picker.children = [list]
        return sheet(picker, depth: depth)
    }

    private func sheet(_ node: ViewNode, depth: Int) -> String {
        let grouped = Self.isGrouped(node.children)
        let css: String
        if device.isPad {
            let width = min(620, device.width - 80)
            css = "top:\(50 + depth * 16)px;bottom:\(40 - depth * 8)px;width:\(width)px;margin-left:-\(width / 2)px"
        } else {
            css = "top:\(device.statusBarHeight + 10 + depth * 12)px"
        }
        var place = Place()
        place.inSheet = true
        return "<div class=\"dim\"></div><div class=\"sheet\(grouped ? " grouped" : "")\" style=\"\(css)\" "
            + "role=\"dialog\"><div class=\"sheet-body\">" + screenContent(node.children, place) + "</div></div>"
    }

    private func alert(_ node: ViewNode) -> String {
        var html = "<div class=\"dim\"></div><div class=\"alert\" role=\"alertdialog\"><div class=\"alert-body\">"
        html += "<div class=\"alert-title\">\((node.text ?? "").markupEscaped)</div>"
        let message = node.children.map { element($0, Place()) }.joined()
        if !message.isEmpty { html += "<div class=\"alert-message\">\(message)</div>" }
        html += "</div>"
        var buttons = node.toolbar
        if buttons.isEmpty { buttons = [ViewNode(.button, text: "OK")] }
        html += "<div class=\"alert-buttons\(buttons.count == 2 ? " pair" : "")\">"
        for button in buttons { html += dialogButton(button) }
        return html + "</div></div>"
    }

    private func dialog(_ node: ViewNode) -> String {
        var html = "<div class=\"dim\"></div><div class=\"action-sheet\" role=\"dialog\"><div class=\"action-group\">"
        if let title = node.text, !title.isEmpty { html += "<div class=\"action-title\">\(title.markupEscaped)</div>" }
        let message = node.children.map { element($0, Place()) }.joined()
        if !message.isEmpty { html += "<div class=\"action-message\">\(message)</div>" }
        let cancel = node.toolbar.filter { $0.role == .cancel }
        for button in node.toolbar where button.role != .cancel { html += dialogButton(button) }
        html += "</div><div class=\"action-group action-cancel\">"
        html += cancel.isEmpty ? dialogButton(ViewNode(.button, text: "Cancel")) : cancel.map(dialogButton).joined()
        return html + "</div></div>"
    }

    private func dialogButton(_ node: ViewNode) -> String {
        var classes = ["alert-button"]
        if node.role == .cancel { classes.append("cancel") }
        if node.role == .destructive { classes.append("destructive") }
        if !node.isEnabled { classes.append("disabled") }
        let label = node.text ?? node.texts.first ?? node.accessibilityLabel ?? ""
        return "<span" + HTML.attributes(classes: classes, style: "", extra: "role=\"button\"") + ">"
            + label.markupEscaped + "</span>"
    }
}
