import QuakesModels

/// The quake list as a text table for terminals, with tints as ANSI colours.
public enum QuakeTable {
    /// The escape sequence that colours a tint (`nil` for no tint).
    public static func ansi(_ tint: QuakeTint) -> String? {
        switch tint {
        case .none: nil
        case .lightRed: "\u{1B}[91m"
        case .red: "\u{1B}[1;31m"
        }
    }

    /// One line of the table, and the tint of its row (`.none` for the header).
    public struct Line: Sendable, Hashable {
        /// The text, columns padded.
        public var text: String
        /// The row's tint.
        public var tint: QuakeTint
    }

    /// Lines of the table: a header, then one line per row with its tint (a terminal colours it with ``ansi(_:)``);
    /// none without rows (the list's ``QuakeListModel/emptyMessage`` says why). Magnitudes are written in `numbers`
    /// (``QuakeRowFormatter/numbers``), as the rows' coordinates are.
    public static func render(_ quakes: [Quake], rows: [QuakeRow], numbers: NumberSymbols = .latin) -> [Line] {
        guard !rows.isEmpty else { return [] }
        let magnitudes = quakes.map { quake in
            quake.magnitude.map { numbers.fixed($0, digits: 1) } ?? "-"
        }
        let timeWidth = max(rows.map(\.timeText.count).max() ?? 0, Strings.text("quakes.table.time").count)
        let magnitudeWidth = max(magnitudes.map(\.count).max() ?? 0, Strings.text("quakes.table.magnitude").count)
        let locationWidth = max(
            rows.map(\.coordinateText.count).max() ?? 0, Strings.text("quakes.table.location").count)
        func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
            let fill = String(repeating: " ", count: max(0, width - text.count))
            return right ? fill + text : text + fill
        }
        var lines = [
            Line(
                text: [
                    pad(Strings.text("quakes.table.time"), timeWidth),
                    pad(Strings.text("quakes.table.magnitude"), magnitudeWidth, right: true),
                    pad(Strings.text("quakes.table.location"), locationWidth),
                    Strings.text("quakes.table.title"),
                ].joined(separator: "  "), tint: .none)
        ]
        for (row, magnitude) in zip(rows, magnitudes) {
            let line = [
                pad(row.timeText, timeWidth), pad(magnitude, magnitudeWidth, right: true),
                pad(row.coordinateText, locationWidth), row.title,
            ].joined(separator: "  ")
            lines.append(Line(text: line, tint: row.tint))
        }
        return lines
    }
}
