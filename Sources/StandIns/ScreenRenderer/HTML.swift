import Foundation
import HTTPTypes
import SwiftUI

/// The CSS a node's style turns into.
enum HTML {
    /// The CSS colour of a recorded style: system colours through the palette's variables, so one page works in
    /// both appearances.
    static func color(_ style: ResolvedStyle) -> String {
        let base: String
        if let name = style.name {
            switch name {
            case "primary": base = "var(--label)"
            case "secondary": base = "var(--secondary-label)"
            case "tertiary": base = "var(--tertiary-label)"
            case "accent", "tint": base = "var(--tint)"
            case "black": base = "#000"
            case "white": base = "#fff"
            case "clear": return "transparent"
            case "regularMaterial", "thinMaterial": base = "var(--material)"
            case "red", "orange", "yellow", "green", "blue", "gray", "indigo": base = "var(--\(name))"
            default: base = "var(--label)"
            }
        } else {
            let red = Int(((style.red ?? 0) * 255).rounded())
            let green = Int(((style.green ?? 0) * 255).rounded())
            let blue = Int(((style.blue ?? 0) * 255).rounded())
            if style.opacity < 1 { return "rgba(\(red),\(green),\(blue),\(number(style.opacity)))" }
            return "rgb(\(red),\(green),\(blue))"
        }
        guard style.opacity < 1 else { return base }
        return "color-mix(in srgb,\(base) \(number(style.opacity * 100))%,transparent)"
    }

    /// A number without a needless fraction (`12`, `0.5`).
    static func number(_ value: Double) -> String {
        if value == value.rounded() && abs(value) < 1e9 { return String(Int(value)) }
        return String(format: "%.3g", value)
    }

    /// The `f-…` class of a font's text style (`nil` for a fixed size, which goes inline).
    static func fontClass(_ font: Font?) -> String? {
        guard let font, font.style != "system" else { return nil }
        return "f-" + font.style
    }

    /// The inline CSS of a node's style (everything a class does not cover).
    static func inlineStyle(_ style: NodeStyle, includeBackground: Bool = true) -> String {
        var css: [String] = []
        if let font = style.font {
            if let size = font.size { css.append("font-size:\(number(Double(size)))px;line-height:1.25") }
            if let weight = font.weight { css.append("font-weight:\(cssWeight(weight))") }
        }
        if style.isBold { css.append("font-weight:600") }
        if style.monospacedDigit { css.append("font-variant-numeric:tabular-nums") }
        if let foreground = style.foreground { css.append("color:\(color(foreground))") }
        if includeBackground, let background = style.background {
            css.append("background:\(color(background))")
        }
        if let radius = style.cornerRadius {
            css.append(radius.isFinite ? "border-radius:\(number(Double(radius)))px" : "border-radius:999px")
        }
        if let tint = style.tint { css.append("--tint:\(color(tint))") }
        if let padding = style.padding {
            css.append(
                "padding:\(number(Double(padding.top)))px \(number(Double(padding.trailing)))px "
                    + "\(number(Double(padding.bottom)))px \(number(Double(padding.leading)))px")
        }
        if let width = style.width, width.isFinite { css.append("width:\(number(Double(width)))px;flex:none") }
        if let height = style.height, height.isFinite { css.append("height:\(number(Double(height)))px") }
        if let minHeight = style.minHeight, minHeight.isFinite {
            css.append("min-height:\(number(Double(minHeight)))px")
        }
        // NB: a fixed width set around a frame that stretches (a thumbnail's square in a 64-point frame) wins, as
        // the outer frame does in SwiftUI.
        if let maxWidth = style.maxWidth, style.width == nil || maxWidth.isFinite {
            if !maxWidth.isFinite, let side = style.frameAlignment?.horizontal, side != .center {
                // NB: a box as wide as its content, pushed to that side of the row: what a full-width frame
                // aligned to one side shows of a background drawn inside it (a message bubble).
                css.append(
                    side == .trailing
                        ? "flex:0 1 auto;margin-left:auto;align-self:flex-end;align-items:flex-end;text-align:right"
                        : "flex:0 1 auto;margin-right:auto;align-self:flex-start")
            } else {
                css.append(
                    maxWidth.isFinite ? "max-width:\(number(Double(maxWidth)))px" : "align-self:stretch;flex:1 1 auto")
            }
        }
        if let maxHeight = style.maxHeight, maxHeight.isFinite {
            css.append("max-height:\(number(Double(maxHeight)))px")
        }
        if let lines = style.lineLimit {
            css.append(
                "display:-webkit-box;-webkit-line-clamp:\(lines);-webkit-box-orient:vertical;overflow:hidden")
        }
        if let ratio = style.aspectRatio { css.append("aspect-ratio:\(number(Double(ratio)))") }
        if style.isClipped {
            css.append("overflow:hidden")
            if style.cornerRadius == nil { css.append("border-radius:0") }
        }
        if let opacity = style.opacity { css.append("opacity:\(number(opacity))") }
        if let spacing = style.spacing { css.append("gap:\(number(Double(spacing)))px") }
        return css.joined(separator: ";")
    }

    private static func cssWeight(_ weight: Font.Weight) -> Int {
        switch weight {
        case .medium: 500
        case .semibold: 600
        case .bold: 700
        default: 400
        }
    }

    /// ` class="…" style="…"` for an element, leaving out what is empty.
    static func attributes(classes: [String], style: String, extra: String = "") -> String {
        var result = " class=\"\(classes.filter { !$0.isEmpty }.joined(separator: " "))\""
        if !style.isEmpty { result += " style=\"\(style.markupEscaped)\"" }
        if !extra.isEmpty { result += " " + extra }
        return result
    }
}
