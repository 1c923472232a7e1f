import Locking

@testable import HTTPServer

/// A ``LogSink`` that keeps every line for the test to read.
final class LogCollector: Sendable {
    private let lines = Locked<[String]>([])

    var sink: LogSink { LogSink { line in self.lines.withLock { $0.append(line) } } }
    var all: [String] { lines.withLock { $0 } }
    var text: String { all.joined(separator: "\n") }
}
