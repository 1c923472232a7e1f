extension StringProtocol {
    /// Whether the text holds a NUL character (U+0000).
    ///
    /// No text on Quartet's own APIs may: nobody types one, and PostgreSQL text can neither store nor compare
    /// it, so the server refuses it in every parameter and body it reads (the same way on both engines), and the
    /// app's rules refuse it before sending.
    public var holdsNUL: Bool { unicodeScalars.contains("\u{0}") }

    /// The text with its NUL characters dropped: how a refusal names a field or parameter without echoing a NUL.
    public var withoutNUL: String { String(String.UnicodeScalarView(unicodeScalars.filter { $0 != "\u{0}" })) }
}

extension Unicode.Scalar {
    /// Whether the character is a control character (C0, DEL, C1) or a line or paragraph separator: what one line
    /// of plain text never holds (a name, a title).
    public var isLineControl: Bool {
        switch properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator: true
        default: false
        }
    }

    /// Whether the character is one of Unicode's explicit directional embeddings, overrides and isolates (LRE, RLE,
    /// PDF, LRO, RLO; LRI, RLI, FSI, PDI, U+202A–U+202E and U+2066–U+2069), which reorder the text after them: in a
    /// name or a title, "\u{202E}kcab emoc I" reads "I come back" while the text holds other words. Direction marks
    /// (LRM, RLM), which only place the text beside them, are not; Arabic and Hebrew need none of these.
    public var reordersText: Bool {
        (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
    }
}
