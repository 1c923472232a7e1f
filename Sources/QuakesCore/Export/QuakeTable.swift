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

    static let reset = "\u{1B}[0m"

    /// Lines of the table: a header, then one line per row; coloured lines when `colors` is true.
    public static func render(_ quakes: [Quake], rows: [QuakeRow], colors: Bool) -> [String] {
        guard !rows.isEmpty else { return [Strings.text("quakes.table.empty")] }
        let magnitudes = quakes.map { quake in quake.magnitude.map { NumberText.fixed($0, digits: 1) } ?? "-" }
        let timeWidth = max(rows.map(\.timeText.count).max() ?? 0, Strings.text("quakes.table.time").count)
        let magnitudeWidth = max(magnitudes.map(\.count).max() ?? 0, Strings.text("quakes.table.magnitude").count)
        let locationWidth = max(
            rows.map(\.coordinateText.count).max() ?? 0, Strings.text("quakes.table.location").count)
        func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
            let fill = String(repeating: " ", count: max(0, width - text.count))
            return right ? fill + text : text + fill
        }
        var lines = [
            [
                pad(Strings.text("quakes.table.time"), timeWidth),
                pad(Strings.text("quakes.table.magnitude"), magnitudeWidth, right: true),
                pad(Strings.text("quakes.table.location"), locationWidth),
                Strings.text("quakes.table.title"),
            ].joined(separator: "  ")
        ]
        for (row, magnitude) in zip(rows, magnitudes) {
            let line = [
                pad(row.timeText, timeWidth), pad(magnitude, magnitudeWidth, right: true),
                pad(row.coordinateText, locationWidth), row.title,
            ].joined(separator: "  ")
            if colors, let color = ansi(row.tint) {
                lines.append(color + line + reset)
            } else {
                lines.append(line)
            }
        }
        return lines
    }
}
