import Foundation
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

    /// Prints a line to standard output.
    public func line(_ text: String) { write(text + "\n") }

    /// Prints a line to standard error.
    public func errorLine(_ text: String) { writeError(text + "\n") }

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
