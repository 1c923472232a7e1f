import Database
import HTTPServer
import Locking
import Testing

@testable import QuartetServer

/// A busy or unreachable database is a passing state: the client is told to come back (503 with `Retry-After`),
/// the log keeps the engine's words, and the wire never does; any other database fault stays a plain 500.
struct DatabaseBusyTests {
    /// The lines a server logged.
    final class MemoryLog: Sendable {
        private let kept = Locked<[String]>([])
        var lines: [String] { kept.withLock { $0 } }
        var sink: LogSink { LogSink { line in self.kept.withLock { $0.append(line) } } }
    }

    static func client(throwing error: DatabaseError, log: MemoryLog) -> TestClient {
        var router = Router()
        router.get("/work") { _ in throw error }
        return TestClient(router: router, log: log.sink)
    }

    @Test(arguments: [
        (DatabaseError.Kind.busy, "1", "The service is busy. Please try again."),
        (.connectionLost, "5", "The database is unavailable. Please try again later."),
    ])
    func aBusyOrLostDatabaseIsA503WithRetryAfter(kind: DatabaseError.Kind, retryAfter: String, detail: String)
        async throws
    {
        let log = MemoryLog()
        let secret = DatabaseError(kind, code: "SQLITE_BUSY", message: "database is locked", sql: "UPDATE secret_table")
        let response = try await Self.client(throwing: secret, log: log).get("/work")
        #expect(response.status == .serviceUnavailable)
        #expect(response.headers["Retry-After"] == retryAfter)
        #expect(response.bodyText.contains(detail))
        #expect(!response.bodyText.contains("secret_table") && !response.bodyText.contains("locked"))
        #expect(log.lines.contains { $0.contains("secret_table") }, "the log keeps what happened")
    }

    @Test func anyOtherDatabaseFaultStaysA500() async throws {
        let log = MemoryLog()
        let fault = DatabaseError(.syntax, code: "1", message: "near FROM", sql: "SELECT FROM secret_table")
        let response = try await Self.client(throwing: fault, log: log).get("/work")
        #expect(response.status == .internalServerError)
        #expect(response.headers["Retry-After"] == nil)
        #expect(!response.bodyText.contains("secret_table"))
    }
}
