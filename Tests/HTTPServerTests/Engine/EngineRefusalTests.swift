import Foundation
import Locking
import TestSupport
import Testing

@testable import HTTPServer

/// Requests libmicrohttpd refuses itself, before any handler: they get the problem JSON every other refusal is,
/// in the configured shape, and a line in the access log, never the library's HTML pages.
@Suite("The engine's own refusals")
struct EngineRefusalTests {
    static let refused: [(request: String, status: Int)] = [
        ("GET /\(String(repeating: "a", count: 70_000)) HTTP/1.1\r\nHost: x\r\n\r\n", 414),
        ("GET /hello/x HTTP/1.1\r\nHost: x\r\nCookie: \(String(repeating: "c", count: 100_000))\r\n\r\n", 431),
        ("GET /hello/x HTTP/2.0\r\nHost: x\r\n\r\n", 505),
        ("GET /hello/x HTTP/1.1\r\nHost: x\r\nNoColonHere\r\n\r\n", 400),
        // NB: not `Content-Length: banana`: libmicrohttpd 0.9.75 queues that refusal twice, and the second one's
        // head lands inside the first one's body (see DECISIONS.md); ServerTests checks its status.
        ("POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n\r\n", 400),
    ]

    @Test(arguments: refused)
    func areProblemJSONAndLogged(request: String, status: Int) async throws {
        let log = LogCollector()
        var configuration = testConfiguration()
        configuration.accessLog = log.sink
        try await withServer(configuration, router: echoRouter()) { server in
            let connection = try RawConnection(port: server.port)
            try? await connection.sendAsync(request)
            let reply = try await blocking { try connection.readResponse() }
            #expect(reply.status == status)
            #expect(reply.header("Content-Type") == "application/problem+json")
            #expect(reply.text.contains("\"status\":\(status)"))
            #expect(!reply.text.contains("<html"))
            #expect(!reply.text.lowercased().contains("microhttpd"))
            #expect(!reply.text.lowercased().contains("memory"))
            #expect(await eventually { log.text.contains("status=\(status)") })
            #expect(!log.text.contains("ccccc"))
            let after = try RawConnection(port: server.port)
            try await after.sendAsync("GET /hello/after HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(try await blocking { try after.readResponse() }.text == "hello after q=-")
        }
    }

    /// What the engine refuses before any handler on its own account (framing HTTP/1.1 forbids, a malformed header
    /// line, a body over the limit, declared or chunked) is in the access log too: no middleware sees these requests.
    static let refusedByTheEngine: [(request: String, status: Int)] = [
        ("POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\nhi", 400),
        ("GET /hello/x HTTP/1.1\r\nHost: x\r\nX-Bad Name: v\r\n\r\n", 400),
        ("POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: \(2 << 20)\r\n\r\n", 413),
        (
            "POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"
                + String(repeating: "400\r\n" + String(repeating: "x", count: 1024) + "\r\n", count: 1100)
                + "0\r\n\r\n", 413
        ),
    ]

    @Test(arguments: refusedByTheEngine)
    func theEnginesOwnHTTPRefusalsAreLogged(request: String, status: Int) async throws {
        let log = LogCollector()
        var configuration = testConfiguration(maxBodySize: 1 << 20)
        configuration.accessLog = log.sink
        try await withServer(configuration, router: echoRouter()) { server in
            let connection = try RawConnection(port: server.port)
            try? await connection.sendAsync(request)
            let reply = try await blocking { try connection.readResponse() }
            #expect(reply.status == status)
            #expect(await eventually { log.text.contains("status=\(status)") }, "\(log.text)")
            #expect(log.text.contains("refused_by=engine"))
        }
    }

    /// Under a path whose wire is another service's, the engine's refusals (its own, the ones HTTP/1.1 forbids,
    /// the request timeout) come in that service's shape; one made before the request line was parsed (a target
    /// too long, an HTTP version other than 1.x) has no path and stays a problem.
    @Test func areWordedByTheConfiguredShape() async throws {
        var configuration = testConfiguration(requestTimeout: .milliseconds(100))
        configuration.shapeRefusal = { path, refusal in
            path.hasPrefix("/services/")
                ? Response(
                    status: refusal.status, headers: ["Content-Type": "application/json"],
                    body: Data("[{\"errorCode\":\"SHAPED\"}]".utf8))
                : refusal
        }
        var router = echoRouter()
        // NB: never answers on its own, so the 503 is the request timeout's however loaded the machine.
        router.get("/services/slow") { _ in
            await untilCancelled()
            throw CancellationError()
        }
        let cookie = String(repeating: "c", count: 100_000)
        let shaped: [(String, Int)] = [
            ("GET /services/data HTTP/1.1\r\nHost: x\r\nCookie: \(cookie)\r\n\r\n", 431),
            ("GET /services/data HTTP/1.1\r\nHost: x\r\nNoColonHere\r\n\r\n", 400),
            ("GET /services/data HTTP/1.1\r\n\r\n", 400),
            ("GET /services/slow HTTP/1.1\r\nHost: x\r\n\r\n", 503),
        ]
        try await withServer(configuration, router: router) { server in
            for (request, status) in shaped {
                let connection = try RawConnection(port: server.port)
                try? await connection.sendAsync(request)
                let reply = try await blocking { try connection.readResponse() }
                #expect(reply.status == status, "\(request.prefix(40))")
                #expect(reply.text == "[{\"errorCode\":\"SHAPED\"}]", "\(request.prefix(40))")
            }
            let unread: [(String, Int)] = [
                ("GET /services/\(String(repeating: "a", count: 70_000)) HTTP/1.1\r\nHost: x\r\n\r\n", 414),
                ("GET /services/data HTTP/3.0\r\nHost: x\r\n\r\n", 505),
            ]
            for (request, status) in unread {
                let connection = try RawConnection(port: server.port)
                try? await connection.sendAsync(request)
                let reply = try await blocking { try connection.readResponse() }
                #expect(reply.status == status)
                #expect(reply.header("Content-Type") == "application/problem+json")
            }
        }
    }
}
