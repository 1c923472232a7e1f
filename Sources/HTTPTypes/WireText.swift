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
