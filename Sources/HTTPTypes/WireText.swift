extension StringProtocol {
    /// Whether the text holds a NUL character (U+0000).
    ///
    /// No text on Quartet's own APIs may: nobody types one, and PostgreSQL text can neither store nor compare
    /// it, so the server refuses it in every parameter and body it reads (the same way on both engines), and the
    /// app's rules refuse it before sending.
    public var holdsNUL: Bool { unicodeScalars.contains("\u{0}") }
}
