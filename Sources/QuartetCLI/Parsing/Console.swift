import Foundation

/// Where a command writes: standard output for results, standard error for progress and errors.
///
/// A value, so tests capture output without touching the process's streams.
public struct Console: Sendable {
    public var write: @Sendable (String) -> Void
    public var writeError: @Sendable (String) -> Void
    /// Whether standard output is a terminal (colours and spinners only then).
    public var isTerminal: Bool

    public init(
        write: @escaping @Sendable (String) -> Void,
        writeError: @escaping @Sendable (String) -> Void,
        isTerminal: Bool
    ) {
        self.write = write
        self.writeError = writeError
        self.isTerminal = isTerminal
    }

    /// Prints a line to standard output.
    public func line(_ text: String) { write(text + "\n") }

    /// Prints a line to standard error.
    public func errorLine(_ text: String) { writeError(text + "\n") }

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
