import Foundation
import TestSupport
import Testing

@testable import HTTPServer

/// The rate limiter asked when a request's headers are in: a client over its rate is refused before it can send a
/// body, with the 429 and access-log line every 429 has, and a request that passes is counted once.
@Suite struct HeaderRateLimitTests {
    /// A server whose chain is access log → problem details → `limiter` → routes, the limiter also asked at the
    /// headers (as `quartet serve` wires it).
    private static func withLimitedServer(
        _ limiter: RateLimitMiddleware, log: LogCollector, awaitingFirst: Bool = false,
        _ body: (UInt16) async throws -> Void
    ) async throws {
        var router = Router()
        router.post("/upload") { request in .text("got \(request.body.count)") }
        var middleware: [any Middleware] = [
            AccessLogMiddleware(sink: log.sink), ErrorMiddleware(log: .discard), limiter,
        ]
        // NB: a layer that waits before the limiter, so the 429 decided at the headers is answered from a suspended
        // connection too, not only inline.
        if awaitingFirst { middleware.insert(Yielding(), at: 0) }
        let limit: HeaderRateLimit = { limiter.decide($0) }
        let server = Server(
            configuration: testConfiguration(), handler: router.handler(middleware: middleware), rateLimit: limit)
        try server.start()
        do {
            try await body(server.port)
        } catch {
            await server.shutdown(gracePeriod: .milliseconds(100))
            throw error
        }
        await server.shutdown(gracePeriod: .seconds(1))
    }

    private struct Yielding: Middleware {
        func handle(_ request: Request, next: Handler) async throws -> Response {
            try await Task.sleep(for: .milliseconds(5))
            return try await next(request)
        }
    }

    /// An over-limit client that declares a 25 MB upload gets its 429 without sending a byte of it. NB: the request
    /// sends no body at all, so a server that waits for it (the limiter after the body) never answers and the short
    /// read timeout fails the test.
    @Test(arguments: [false, true])
    func anOverLimitUploadIsRefusedAtItsHeaders(awaitingFirst: Bool) async throws {
        let log = LogCollector()
        // NB: a clock that stands still, so no token comes back and every 429 says the same wait.
        let instant = ContinuousClock.now
        let limiter = RateLimitMiddleware(rate: 0.0001, burst: 1, now: { instant })
        try await Self.withLimitedServer(limiter, log: log, awaitingFirst: awaitingFirst) { port in
            let (first, refused) = try await blocking { () -> (RawConnection.Reply, RawConnection.Reply) in
                let connection = try RawConnection(port: port)
                try connection.send("POST /upload HTTP/1.1\r\nHost: q\r\nContent-Length: 2\r\n\r\nhi")
                let first = try connection.readResponse()
                let upload = try RawConnection(port: port, timeoutSeconds: 5)
                try upload.send("POST /upload HTTP/1.1\r\nHost: q\r\nContent-Length: 25000000\r\n\r\n")
                return (first, try upload.readResponse())
            }
            #expect(first.status == 200)
            #expect(first.text == "got 2")
            #expect(refused.status == 429, "\(refused.text)")
            #expect(refused.header("Retry-After") == "10000")
            #expect(refused.header("Content-Type") == "application/problem+json")
            // The same 429 as one the limiter answers after a request without a body, and the same log line.
            let normal = try await blocking { () -> RawConnection.Reply in
                let connection = try RawConnection(port: port, timeoutSeconds: 5)
                try connection.send("POST /upload HTTP/1.1\r\nHost: q\r\n\r\n")
                return try connection.readResponse()
            }
            #expect(normal.status == 429)
            #expect(normal.body == refused.body)
            #expect(normal.header("Retry-After") == "10000")
            let lines = log.all.filter { $0.contains("status=429") }
            #expect(lines.count == 2, "\(log.text)")
            #expect(!log.text.contains("refused_by"))
        }
    }

    /// A request that passes at its headers is not counted again by the limiter in the chain: a burst of two takes
    /// two uploads, and only the third is refused.
    @Test func aRequestAdmittedAtItsHeadersIsCountedOnce() async throws {
        let log = LogCollector()
        let instant = ContinuousClock.now
        let limiter = RateLimitMiddleware(rate: 0.0001, burst: 2, now: { instant })
        try await Self.withLimitedServer(limiter, log: log) { port in
            let statuses = try await blocking { () -> [Int] in
                let connection = try RawConnection(port: port, timeoutSeconds: 5)
                return try (0..<3).map { _ in
                    try connection.send("POST /upload HTTP/1.1\r\nHost: q\r\nContent-Length: 2\r\n\r\nhi")
                    return try connection.readResponse().status
                }
            }
            #expect(statuses == [200, 200, 429])
        }
    }

    /// A request refused at its headers by a limiter the chain does not hold reaches no route (it has no body).
    @Test func aRefusalNoLimiterInTheChainAnswersReachesNoRoute() async throws {
        var router = Router()
        router.post("/upload") { request in .text("got \(request.body.count)") }
        var request = Request(method: .post, target: "/upload")
        request.rateLimitDecision = RateLimitMiddleware(rate: 0.0001, burst: 1).decideTwice(request)
        let response = try? await router.handler(middleware: [ErrorMiddleware(log: .discard)])(request)
        #expect(response?.status == .tooManyRequests)
    }
}

extension RateLimitMiddleware {
    /// The second decision for one client: refused when the burst is 1.
    fileprivate func decideTwice(_ request: Request) -> RateLimitDecision {
        _ = decide(request)
        return decide(request)
    }
}
