import Database
import DynamicJSON
import Foundation
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

/// The Salesforce stand-in used to answer every unexpected failure itself, unlogged: an operator saw
/// UNKNOWN_EXCEPTION and `server_error` with nothing in the log. Its failures now reach the error middleware
/// (logged with the request id) and are answered in Salesforce's words.
@Test func theSalesforceStandInsFailuresAreLoggedAndWordedAsSalesforces() async throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("quartet-app-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let app = try await buildApplication(ServerConfiguration(port: 0, dataDirectory: directory, accessLog: false))
    let log = DatabaseBusyTests.MemoryLog()
    let client = TestClient(handler: app.handler(log: log.sink))
    let form: HTTPHeaders = ["Content-Type": "application/x-www-form-urlencoded"]
    let signIn = Data("grant_type=password&client_id=app&username=rep%40quartet.dev&password=quartet-sales".utf8)
    let token = try await client.request(.post, "/services/oauth2/token", headers: form, body: signIn)
    #expect(token.status == .ok)
    let bearer = try #require(
        try JSONDecoder().decode([String: JSONValue].self, from: token.bodyData)["access_token"]?.stringValue)

    await app.database.close()
    let read = try await client.request(
        .get, "/services/data/v32.0/sobjects/Account/001Q000000Demo1IAB", headers: ["Authorization": "Bearer \(bearer)"]
    )
    #expect(read.status.rawValue >= 500)
    #expect(read.bodyText.contains("\"errorCode\""), "\(read.bodyText)")
    let again = try await client.request(.post, "/services/oauth2/token", headers: form, body: signIn)
    #expect(again.status.rawValue >= 500)
    #expect(again.bodyText.contains("\"error\""), "\(again.bodyText)")
    #expect(!again.bodyText.contains("problem"))
    #expect(log.lines.filter { $0.contains("/services/") }.count >= 2, "\(log.lines)")
    #expect(!log.lines.joined().contains(bearer), "no token in the log")
}
