import HTTPTypes

/// Small line drawings for the SF Symbols the apps use.
///
/// NB: there is no SF Symbols font off Apple platforms; these 24 × 24 outlines only say which symbol is where.
/// A symbol without a drawing is shown as its name in a rounded square, so it is still recognisable.
enum Symbols {
    /// The inline `<span class="glyph">` for `name`.
    static func glyph(_ name: String, extraClass: String = "") -> String {
        let classes = extraClass.isEmpty ? "glyph" : "glyph \(extraClass)"
        if let drawing = drawing(for: name) {
            return "<span class=\"\(classes)\" aria-hidden=\"true\" data-symbol=\"\(name.markupEscaped)\">"
                + "<svg viewBox=\"0 0 24 24\">\(drawing)</svg></span>"
        }
        return "<span class=\"\(classes) named\" aria-hidden=\"true\" data-symbol=\"\(name.markupEscaped)\">"
            + shortName(name).markupEscaped + "</span>"
    }

    /// Whether `name` has a drawing (the others show their name).
    static func hasDrawing(_ name: String) -> Bool { drawing(for: name) != nil }

    private static func shortName(_ name: String) -> String {
        let parts = name.split(separator: ".")
        return parts.prefix(2).joined(separator: ".")
    }

    private static func drawing(for name: String) -> String? {
        if let exact = drawings[name] { return exact }
        // `.fill` and `.circle` variants draw like their base symbol.
        var base = name
        for suffix in [".fill", ".circle", ".square"] where base.hasSuffix(suffix) {
            base.removeLast(suffix.count)
            if let drawing = drawings[base] {
                return name.contains(".circle") ? circle + drawing : drawing
            }
        }
        return nil
    }

    private static let circle = "<circle cx=\"12\" cy=\"12\" r=\"10\"/>"

    private static let drawings: [String: String] = [
        "map": "<path d=\"M3 6l6-2 6 2 6-2v14l-6 2-6-2-6 2z\"/><path d=\"M9 4v14M15 6v14\"/>",
        "line.3.horizontal.decrease.circle":
            "<circle cx=\"12\" cy=\"12\" r=\"10\"/><path d=\"M7 9h10M9 12.5h6M11 16h2\"/>",
        "line.3.horizontal.decrease": "<path d=\"M4 7h16M7 12h10M10 17h4\"/>",
        "wifi.exclamationmark":
            "<path d=\"M2.5 9a14 14 0 0 1 15-2.6M5.5 12.5a9 9 0 0 1 8-2.3M9 16a4 4 0 0 1 3-1\"/>"
            + "<path d=\"M20 10v6\"/><circle class=\"solid\" cx=\"20\" cy=\"19.5\" r=\"1.2\"/>",
        "wifi": "<path d=\"M2 9a14 14 0 0 1 20 0M5.5 12.5a9 9 0 0 1 13 0M9 16a4 4 0 0 1 6 0\"/>"
            + "<circle class=\"solid\" cx=\"12\" cy=\"19.5\" r=\"1.3\"/>",
        "tray.full": "<path d=\"M3 13l3-8h12l3 8v6H3z\"/><path d=\"M3 13h5l1 2h6l1-2h5M8 8h8M7.5 10.5h9\"/>",
        "tray": "<path d=\"M3 13l3-8h12l3 8v6H3z\"/><path d=\"M3 13h5l1 2h6l1-2h5\"/>",
        "sparkles": "<path d=\"M10 3l1.6 4.9L16.5 9.5l-4.9 1.6L10 16l-1.6-4.9L3.5 9.5l4.9-1.6z\"/>"
            + "<path d=\"M18 14l.8 2.2L21 17l-2.2.8L18 20l-.8-2.2L15 17l2.2-.8z\"/>",
        "plus": "<path d=\"M12 5v14M5 12h14\"/>",
        "plus.circle": "<circle cx=\"12\" cy=\"12\" r=\"10\"/><path d=\"M12 7v10M7 12h10\"/>",
        "person": "<circle cx=\"12\" cy=\"8\" r=\"4\"/><path d=\"M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7z\"/>",
        "person.crop.circle":
            "<circle cx=\"12\" cy=\"12\" r=\"10\"/><circle cx=\"12\" cy=\"10\" r=\"3.5\"/>"
            + "<path d=\"M5.5 19c1.5-2.5 3.8-3.8 6.5-3.8s5 1.3 6.5 3.8\"/>",
        "person.2": "<circle cx=\"9\" cy=\"8\" r=\"3.5\"/><path d=\"M2 20c0-4 3-6 7-6s7 2 7 6z\"/>"
            + "<path d=\"M15 4.5a3.5 3.5 0 0 1 0 7M18 14c2.5.6 4 2.6 4 6h-3\"/>",
        "magnifyingglass": "<circle cx=\"10.5\" cy=\"10.5\" r=\"6.5\"/><path d=\"M15.5 15.5L21 21\"/>",
        "gear": "<circle cx=\"12\" cy=\"12\" r=\"3.2\"/><path d=\"M12 2.5v3M12 18.5v3M2.5 12h3M18.5 12h3"
            + "M5.3 5.3l2.1 2.1M16.6 16.6l2.1 2.1M5.3 18.7l2.1-2.1M16.6 7.4l2.1-2.1\"/>"
            + "<circle cx=\"12\" cy=\"12\" r=\"7\"/>",
        "gearshape": "<circle cx=\"12\" cy=\"12\" r=\"3.2\"/><circle cx=\"12\" cy=\"12\" r=\"7.5\"/>",
        "note.text": "<rect x=\"4\" y=\"3\" width=\"16\" height=\"18\" rx=\"2.5\"/>"
            + "<path d=\"M8 8h8M8 12h8M8 16h5\"/>",
        "doc.richtext": "<path d=\"M6 2.5h8l5 5V21.5H6z\"/><path d=\"M14 2.5v5h5\"/>"
            + "<path d=\"M9 17l2.5-3 2 2 1.5-1.5 2 2.5M9 11h2\"/>",
        "doc": "<path d=\"M6 2.5h8l5 5V21.5H6z\"/><path d=\"M14 2.5v5h5\"/>",
        "doc.text": "<path d=\"M6 2.5h8l5 5V21.5H6z\"/><path d=\"M14 2.5v5h5M9 12h6M9 15.5h6M9 19h4\"/>",
        "paperclip": "<path d=\"M17 8.5l-7.3 7.3a2.5 2.5 0 0 1-3.5-3.5L14 4.5a4 4 0 0 1 5.7 5.7l-8 8"
            + "a5.5 5.5 0 0 1-7.8-7.8L11 3.3\"/>",
        "xmark": "<path d=\"M6 6l12 12M18 6L6 18\"/>",
        "xmark.circle.fill": "<circle class=\"solid\" cx=\"12\" cy=\"12\" r=\"10\" opacity=\".5\"/>"
            + "<path d=\"M8.5 8.5l7 7M15.5 8.5l-7 7\"/>",
        "circle": "<circle cx=\"12\" cy=\"12\" r=\"10\"/>",
        "clock": "<circle cx=\"12\" cy=\"12\" r=\"10\"/><path d=\"M12 6v6l4 2\"/>",
        "hourglass": "<path d=\"M6 3h12M6 21h12M7 3c0 5 10 6 10 9s-10 4-10 9M17 3c0 5-10 6-10 9s10 4 10 9\"/>",
        "checkmark": "<path d=\"M4.5 12.5l5 5L20 7\"/>",
        "checkmark.circle": "<circle cx=\"12\" cy=\"12\" r=\"10\"/><path d=\"M7 12.5l3.5 3.5L17 9\"/>",
        "checkmark.circle.fill": "<circle class=\"solid\" cx=\"12\" cy=\"12\" r=\"10.5\"/>"
            + "<path d=\"M7 12.5l3.5 3.5L17 9\" stroke=\"#fff\" stroke-width=\"2.2\"/>",
        "link": "<path d=\"M10 14a4.5 4.5 0 0 0 6.4 0l3.2-3.2a4.5 4.5 0 0 0-6.4-6.4L11.8 5.8\"/>"
            + "<path d=\"M14 10a4.5 4.5 0 0 0-6.4 0l-3.2 3.2a4.5 4.5 0 0 0 6.4 6.4l1.4-1.4\"/>",
        "square.and.arrow.up": "<path d=\"M8 9H5.5v12h13V9H16M12 15V2.5M8 6.5l4-4 4 4\"/>",
        "chevron.right": "<path d=\"M9 4l8 8-8 8\"/>",
        "chevron.left": "<path d=\"M15 4l-8 8 8 8\"/>",
        "chevron.down": "<path d=\"M4 9l8 8 8-8\"/>",
        "chevron.up.chevron.down": "<path d=\"M7 9l5-5 5 5M7 15l5 5 5-5\"/>",
        "lock.fill": "<rect class=\"solid\" x=\"5\" y=\"10.5\" width=\"14\" height=\"10.5\" rx=\"2\"/>"
            + "<path d=\"M8 10.5V7.5a4 4 0 0 1 8 0v3\"/>",
        "safari": "<circle cx=\"12\" cy=\"12\" r=\"10\"/><path d=\"M15.5 8.5l-2 5-5 2 2-5z\"/>",
        "book": "<path d=\"M12 6c-2-1.5-5-2-9-2v15c4 0 7 .5 9 2 2-1.5 5-2 9-2V4c-4 0-7 .5-9 2zM12 6v15\"/>",
        "calendar":
            "<rect x=\"3\" y=\"4.5\" width=\"18\" height=\"16.5\" rx=\"2.5\"/><path d=\"M3 9.5h18M8 2.5v4M16 2.5v4\"/>",
        "photo":
            "<rect x=\"3\" y=\"4.5\" width=\"18\" height=\"15\" rx=\"2.5\"/><circle cx=\"8.5\" cy=\"9.5\" r=\"1.8\"/>"
            + "<path d=\"M3 17l5-4.5 4 3.5 3-2.5 6 5\"/>",
        "star": "<path d=\"M12 2.8l2.8 5.9 6.4.8-4.7 4.4 1.2 6.4L12 17.2l-5.7 3.1 1.2-6.4-4.7-4.4 6.4-.8z\"/>",
        "star.fill":
            "<path class=\"solid\" d=\"M12 2.8l2.8 5.9 6.4.8-4.7 4.4 1.2 6.4L12 17.2l-5.7 3.1 1.2-6.4-4.7-4.4 6.4-.8z\"/>",
        "bubble.left.and.bubble.right": "<path d=\"M3 4h11v8H8l-3 3v-3H3zM10 14v2h6l3 3v-3h2V8h-5\"/>",
        "bubble.left": "<path d=\"M3 4h18v12H9l-4 4v-4H3z\"/>",
        "envelope": "<rect x=\"2.5\" y=\"5\" width=\"19\" height=\"14\" rx=\"2\"/><path d=\"M3 6l9 7 9-7\"/>",
        "bell": "<path d=\"M6 16V10a6 6 0 0 1 12 0v6l2 2H4zM10 20.5a2 2 0 0 0 4 0\"/>",
        "house": "<path d=\"M3 11l9-8 9 8M5.5 9v12h13V9\"/><path d=\"M10 21v-6h4v6\"/>",
        "list.bullet": "<path d=\"M9 6h12M9 12h12M9 18h12\"/><circle class=\"solid\" cx=\"4\" cy=\"6\" r=\"1.5\"/>"
            + "<circle class=\"solid\" cx=\"4\" cy=\"12\" r=\"1.5\"/><circle class=\"solid\" cx=\"4\" cy=\"18\" r=\"1.5\"/>",
        "ellipsis.circle":
            "<circle cx=\"12\" cy=\"12\" r=\"10\"/><circle class=\"solid\" cx=\"7.5\" cy=\"12\" r=\"1.4\"/>"
            + "<circle class=\"solid\" cx=\"12\" cy=\"12\" r=\"1.4\"/><circle class=\"solid\" cx=\"16.5\" cy=\"12\" r=\"1.4\"/>",
        "arrow.clockwise": "<path d=\"M19.5 12a7.5 7.5 0 1 1-2.2-5.3M20 3.5v5h-5\"/>",
        "trash": "<path d=\"M4 6.5h16M9 6.5V4h6v2.5M6 6.5l1 14h10l1-14M10 10.5v6M14 10.5v6\"/>",
        "pencil": "<path d=\"M4 20l1-4.5L16.5 4a2 2 0 0 1 3 3L8 18.5z\"/>",
        "location": "<path d=\"M21 3L3 10.5l7.5 3 3 7.5z\"/>",
        "mappin.and.ellipse": "<path d=\"M12 17s-5-5-5-9a5 5 0 0 1 10 0c0 4-5 9-5 9z\"/>"
            + "<ellipse cx=\"12\" cy=\"20\" rx=\"7\" ry=\"2\"/>",
        "heart": "<path d=\"M12 20s-8-5-8-11a4.5 4.5 0 0 1 8-2.8A4.5 4.5 0 0 1 20 9c0 6-8 11-8 11z\"/>",
        "info.circle": "<circle cx=\"12\" cy=\"12\" r=\"10\"/><path d=\"M12 11v6\"/>"
            + "<circle class=\"solid\" cx=\"12\" cy=\"7.5\" r=\"1.3\"/>",
        "exclamationmark.triangle": "<path d=\"M12 3l10 18H2z\"/><path d=\"M12 10v5\"/>"
            + "<circle class=\"solid\" cx=\"12\" cy=\"18\" r=\"1.2\"/>",
        "globe": "<circle cx=\"12\" cy=\"12\" r=\"10\"/><path d=\"M2 12h20M12 2c3 3 3 17 0 20M12 2c-3 3-3 17 0 20\"/>",
    ]
}
