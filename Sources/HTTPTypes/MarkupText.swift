extension StringProtocol {
    /// The text made safe inside an HTML or XML element, or inside a quoted attribute of either.
    ///
    /// The five characters markup gives meaning to become references (`&amp;`, `&lt;`, `&gt;`, `&quot;`,
    /// `&#39;`), and everything else is kept as it is. The numeric reference for `'` is the one that HTML 4,
    /// HTML 5 and XML all read. This is what the Quakes map's SVG, the screen renderer's pages and the stand-ins'
    /// HTML use.
    public var markupEscaped: String {
        var escaped = ""
        escaped.reserveCapacity(utf8.count)
        for character in self {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
