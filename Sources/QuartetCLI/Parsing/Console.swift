import Foundation
import HTTPTypes
import PublicInit

/// Where a command writes: standard output for results, standard error for progress and errors.
///
/// A value, so tests capture output without touching the process's streams.
@PublicInit
public struct Console: Sendable {
    /// Writes text to standard output as it is.
    public var write: @Sendable (String) -> Void
    /// Writes text to standard error as it is.
    public var writeError: @Sendable (String) -> Void
    /// Whether standard output is a terminal (colours and spinners only then).
    public var isTerminal: Bool

    /// Prints a line to standard output, its control characters shown as `�` (``terminalSafe(_:)``).
    public func line(_ text: String) { write(Self.terminalSafe(text) + "\n") }

    /// Prints a line to standard output in `style` (an ANSI SGR sequence such as `"\u{1B}[91m"`), or plain when
    /// `style` is `nil`; the text's own control characters are shown as `�`, so only Quartet's style reaches the
    /// terminal.
    public func line(_ text: String, style: String?) {
        guard let style else { return line(text) }
        write(style + Self.terminalSafe(text) + "\u{1B}[0m\n")
    }

    /// Prints a line to standard error, its control characters shown as `�`.
    public func errorLine(_ text: String) { writeError(Self.terminalSafe(text) + "\n") }

    /// Prints why a command failed to standard error: `quartet: why`, the one shape every command of every app
    /// gives the line that goes with a non-zero exit (the program's name, then the core's sentence), so a script
    /// or a person reading a log can tell a failure from a notice printed beside a result.
    public func failure(_ why: String) { errorLine("\(Self.program): \(why)") }

    /// The program's name, as the shell runs it and ``failure(_:)`` leads with it.
    public static let program = "quartet"

    /// `text` with every control character but line feed and tab, and every bidirectional override, replaced by
    /// U+FFFD.
    ///
    /// What a command prints comes from other people (an action's title, a display name, a wall post) and from
    /// servers (a quake's title). Printed as it is, an escape sequence in it would clear the reader's screen,
    /// retitle their terminal or colour what follows, and a carriage return would write over the line before it.
    /// C0 controls, DEL and the C1 range are replaced; printable text, emoji and line breaks are kept.
    /// The bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069) are replaced too: on a
    /// terminal that lays out right-to-left text, one in a name reorders the rest of the line, so a post could seem
    /// to say what its author did not write. Arabic and Hebrew need none of them, and keep their direction marks.
    public static func terminalSafe(_ text: String) -> String {
        func isControl(_ scalar: Unicode.Scalar) -> Bool {
            (scalar.value < 0x20 && scalar != "\n" && scalar != "\t") || (0x7F...0x9F).contains(scalar.value)
                || scalar.reordersText
        }
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var safe = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            safe.append(isControl(scalar) ? "\u{FFFD}" : scalar)
        }
        return String(safe)
    }

    /// Prints `value` as `--json` output: keys sorted, slashes unescaped, indented unless `compact` (one value a
    /// line, for a stream a script reads as it comes). `encoder` brings the app's date format; its formatting is
    /// replaced.
    public func json(_ value: some Encodable, encoder: JSONEncoder = JSONEncoder(), compact: Bool = false) throws {
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        if !compact { encoder.outputFormatting.insert(.prettyPrinted) }
        line(String(decoding: try encoder.encode(value), as: UTF8.self))
    }

    /// The process's real streams.
    public static var live: Console {
        Console(
            write: { text in
                FileHandle.standardOutput.write(Data(text.utf8))
            },
            writeError: { text in
                FileHandle.standardError.write(Data(text.utf8))
            },
            isTerminal: isatty(STDOUT_FILENO) == 1
        )
    }
}
