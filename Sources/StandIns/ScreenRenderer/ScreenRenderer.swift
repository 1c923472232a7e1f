import Foundation
import HTTPTypes
import SwiftUI

/// Turns the tree a view drew (see `ViewHost`) into one self-contained HTML page that looks like the screen on an
/// iPhone or iPad: navigation bar with its large title and toolbar, lists and forms, tab bar, sheets and alerts.
///
/// The page has no scripts, fonts or images of its own: inline CSS follows the Human Interface Guidelines
/// closely enough to judge a layout (system font stack, text styles at their iOS point sizes, 44-pt rows,
/// inset-grouped sections, system colours for light and dark). `make screens` takes a picture of it with
/// headless Chromium.
///
/// ```swift
/// let host = ViewHost(QuakeListView(model: model))
/// await host.settle()
/// let html = ScreenRenderer(device: .iPhone15, appearance: .dark).page(host.tree, title: "Quakes")
/// ```
@MainActor
public struct ScreenRenderer {
    /// The device the page is drawn for.
    public var device: ScreenDevice
    /// Light or dark.
    public var appearance: Appearance

    /// A renderer for `device` in `appearance`.
    public init(device: ScreenDevice, appearance: Appearance) {
        self.device = device
        self.appearance = appearance
    }

    /// The whole page for `tree`: the device frame with its status bar, the screen, what is presented over it.
    public func page(_ tree: ViewNode, title: String) -> String {
        let layers = Layers.of(tree)
        var body = ""
        let sheetOpen = layers.contains { $0.kind == .sheet }
        body += "<div class=\"base\">" + statusBar + "<div class=\"fill\">"
        body += NodeRenderer(device: device).container(tree, NodeRenderer.Place())
        body += "</div>"
        body += homeStrip
        body += "</div>"
        var sheets = 0
        for layer in layers {
            body += NodeRenderer(device: device).layer(layer, depth: sheets)
            if layer.kind == .sheet { sheets += 1 }
        }
        // The home indicator stays on top of whatever is presented.
        if !layers.isEmpty { body += "<div class=\"home-indicator\"></div>" }
        let deviceClass = [
            "device", device.isPad ? "ipad" : "iphone", sheetOpen ? "sheet-open" : "",
            device.isFullLength ? "full-length" : "",
        ]
        .filter { !$0.isEmpty }.joined(separator: " ")
        return """
            <!DOCTYPE html>
            <html lang="en" class="\(appearance.rawValue)">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=\(device.width)">
            <meta name="color-scheme" content="\(appearance.rawValue)">
            <title>\(title.markupEscaped)</title>
            <style>
            \(Stylesheet.css(for: device))
            </style>
            </head>
            <body>
            <div class="\(deviceClass)" data-device="\(device.name)">\(body)</div>
            </body>
            </html>

            """
    }

    private var statusBar: String {
        let time = device.isPad ? "9:41 <span style=\"font-weight:400\">Mon Jun 10</span>" : "9:41"
        return """
            <div class="status-bar"><span>\(time)</span><span class="status-icons" aria-hidden="true">\
            <svg viewBox="0 0 18 12" width="18"><rect x="0" y="8" width="3" height="4" rx="1"/>\
            <rect x="5" y="5.5" width="3" height="6.5" rx="1"/><rect x="10" y="3" width="3" height="9" rx="1"/>\
            <rect x="15" y="0" width="3" height="12" rx="1"/></svg>\
            <svg viewBox="0 0 16 12" width="16"><path d="M8 2.2c2.3 0 4.4.9 6 2.4l1.1-1.2A10.3 10.3 0 0 0 8 .6 \
            10.3 10.3 0 0 0 .9 3.4L2 4.6a8.6 8.6 0 0 1 6-2.4zm0 3.4c1.4 0 2.7.5 3.7 1.4l1.1-1.2a7 7 0 0 0-9.6 0\
            l1.1 1.2c1-.9 2.3-1.4 3.7-1.4zm0 3.3c.6 0 1.1.2 1.5.6L8 11.2 6.5 9.5c.4-.4.9-.6 1.5-.6z"/></svg>\
            <svg viewBox="0 0 27 12" width="27"><rect x=".5" y=".5" width="23" height="11" rx="3" fill="none" \
            stroke="currentColor" opacity=".4"/><rect x="2" y="2" width="20" height="8" rx="1.6"/>\
            <path d="M25 4v4c.8-.3 1.4-1.1 1.4-2S25.8 4.3 25 4z" opacity=".4"/></svg></span></div>
            """
    }

    private var homeStrip: String {
        "<div class=\"home-strip\"><div class=\"home-indicator\"></div></div>"
    }
}

/// What is presented over the screen, front-most last: sheets, alerts and dialogs, and what they present.
enum Layers {
    @MainActor
    static func of(_ node: ViewNode) -> [ViewNode] {
        var found: [ViewNode] = []
        collect(node, into: &found)
        return found
    }

    @MainActor
    private static func collect(_ node: ViewNode, into found: inout [ViewNode]) {
        for child in node.header + node.children + node.footer + node.toolbar {
            collect(child, into: &found)
        }
        for presented in node.presentations {
            found.append(presented)
            for child in presented.children { collect(child, into: &found) }
        }
    }
}
