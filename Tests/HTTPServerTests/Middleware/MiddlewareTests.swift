import Foundation
import Locking
import Testing

@testable import HTTPServer

/// An error that carries exactly what must never reach a client.
private struct DatabaseFailure: Error, CustomStringConvertible {
    var description: String { "SQLITE_CONSTRAINT: INSERT INTO users (email) VALUES (?) at /srv/quartet/db.sqlite" }
}

@Suite("Middleware through TestClient")
struct MiddlewareTests {
    @Test func requestIDIsPassedThroughWhenSaneAndGeneratedOtherwise() async throws {
        var router = Router()
        router.get("/id") { request in .text(request.requestID) }
        let client = TestClient(router: router, middleware: [RequestIDMiddleware(generate: { "generated-1" })])
        let kept = try await client.get("/id", headers: ["X-Request-Id": "abc-123.x:y_z"])
        #expect(kept.bodyText == "abc-123.x:y_z")
        #expect(kept.headers["X-Request-Id"] == "abc-123.x:y_z")
        for insane in ["has space", "new\nline", String(repeating: "a", count: 129), "quote\"d", ""] {
            let replaced = try await client.get("/id", headers: ["X-Request-Id": insane])
            #expect(replaced.bodyText == "generated-1")
            #expect(replaced.headers["X-Request-Id"] == "generated-1")
        }
        let unknown = try await client.get("/missing")
        #expect(unknown.status == .notFound)
        #expect(unknown.headers["X-Request-Id"] == "generated-1")
    }

    @Test func accessLogWritesOneLineWithoutSecrets() async throws {
        let log = LogCollector()
        var router = Router()
        router.get("/search") { _ in .text("found") }
        let client = TestClient(
            router: router,
            middleware: [RequestIDMiddleware(generate: { "rid-7" }), AccessLogMiddleware(sink: log.sink)],
            remoteAddress: "10.1.2.3")
        let jwt = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U"
        _ = try await client.get(
            "/search?q=quakes&access_token=hunter2&password=swordfish&client_secret=s3cr3t&next=\(jwt)"
                + "&id=550e8400-e29b-41d4-a716-446655440000",
            headers: ["Authorization": "Bearer auth-header-value", "Cookie": "session=cookie-value"])
        #expect(log.all.count == 1)
        let line = log.text
        for secret in ["hunter2", "swordfish", "s3cr3t", jwt, "auth-header-value", "cookie-value", "Bearer"] {
            #expect(!line.contains(secret), "leaked \(secret)")
        }
        #expect(line.contains("method=GET"))
        #expect(
            line.contains(
                "path=\"/search?q=quakes&access_token=[redacted]&password=[redacted]&client_secret=[redacted]&next=[redacted]&id="
            ))
        #expect(line.contains("id=550e8400-e29b-41d4-a716-446655440000"))
        #expect(line.contains("status=200"))
        #expect(line.contains("bytes=5"))
        #expect(line.contains("request_id=rid-7"))
        #expect(line.contains("remote=10.1.2.3"))
        #expect(line.contains("duration_ms="))
    }

    @Test func accessLogQuotesValuesSoTheyCannotForgeFields() async throws {
        let log = LogCollector()
        var router = Router()
        router.get("/*rest") { _ in .text("ok") }
        let client = TestClient(router: router, middleware: [AccessLogMiddleware(sink: log.sink)])
        _ = try await client.get("/a%20status=999%0Aforged=1")
        #expect(log.all.count == 1)
        #expect(!log.text.contains("\n"))
        #expect(log.text.contains("path=\"/a status=999\\nforged=1\""))
    }

    @Test func errorsBecomeProblemsWithoutInternals() async throws {
        let log = LogCollector()
        var router = Router()
        router.get("/boom") { _ in throw DatabaseFailure() }
        router.get("/teapot") { _ in throw HTTPError(.conflict, detail: "Already taken.", field: "email") }
        let client = TestClient(
            router: router,
            middleware: [RequestIDMiddleware(generate: { "rid-9" }), ErrorMiddleware(log: log.sink)])

        let boom = try await client.get("/boom")
        #expect(boom.status == .internalServerError)
        #expect(boom.headers["Content-Type"] == "application/problem+json")
        let body = boom.bodyText
        for leak in ["SQLITE", "INSERT", "/srv", "DatabaseFailure", "HTTPServerTests", ".swift"] {
            #expect(!body.contains(leak), "leaked \(leak)")
        }
        let problem = try JSONSerialization.jsonObject(with: boom.bodyData) as? [String: Any]
        #expect(problem?["detail"] as? String == "The server could not complete the request.")
        #expect(problem?["instance"] as? String == "rid-9")
        #expect(log.text.contains("SQLITE_CONSTRAINT"))
        #expect(log.text.contains("request_id=rid-9"))

        let conflict = try await client.get("/teapot")
        let conflictProblem = try JSONSerialization.jsonObject(with: conflict.bodyData) as? [String: Any]
        #expect(conflict.status == .conflict)
        #expect(conflictProblem?["detail"] as? String == "Already taken.")
        #expect(conflictProblem?["field"] as? String == "email")
        #expect(conflictProblem?["instance"] as? String == "rid-9")
    }

    @Test func testClientMapsUnhandledErrorsLikeTheServer() async throws {
        var router = Router()
        router.get("/boom") { _ in throw DatabaseFailure() }
        let response = try await TestClient(router: router).get("/boom")
        #expect(response.status == .internalServerError)
        #expect(!response.bodyText.contains("SQLITE"))
    }

    @Test func rateLimitAnswers429WithRetryAfterUntilTokensRefill() async throws {
        let clock = Locked(ContinuousClock.now)
        let start = clock.withLock { $0 }
        let limiter = RateLimitMiddleware(rate: 0.5, burst: 2, now: { clock.withLock { $0 } })
        var router = Router()
        router.get("/x") { _ in .text("ok") }
        let client = TestClient(router: router, middleware: [limiter])
        let other = TestClient(router: router, middleware: [limiter], remoteAddress: "10.0.0.9")

        #expect(try await client.get("/x").status == .ok)
        #expect(try await client.get("/x").status == .ok)
        let limited = try await client.get("/x")
        #expect(limited.status == .tooManyRequests)
        #expect(limited.headers["Retry-After"] == "2")
        #expect(limited.headers["Content-Type"] == "application/problem+json")
        #expect(try await other.get("/x").status == .ok)

        clock.withLock { $0 = start.advanced(by: .seconds(1)) }
        #expect(try await client.get("/x").headers["Retry-After"] == "1")
        clock.withLock { $0 = start.advanced(by: .seconds(2)) }
        #expect(try await client.get("/x").status == .ok)
        #expect(try await client.get("/x").status == .tooManyRequests)
    }

    @Test func rateLimitCanKeyOnSomethingOtherThanTheAddress() async throws {
        let clock = ContinuousClock.now
        let limiter = RateLimitMiddleware(rate: 1, burst: 1, key: { $0.headers["X-Api-Key"] ?? "" }, now: { clock })
        var router = Router()
        router.get("/x") { _ in .text("ok") }
        let client = TestClient(router: router, middleware: [limiter])
        #expect(try await client.get("/x", headers: ["X-Api-Key": "a"]).status == .ok)
        #expect(try await client.get("/x", headers: ["X-Api-Key": "b"]).status == .ok)
        #expect(try await client.get("/x", headers: ["X-Api-Key": "a"]).status == .tooManyRequests)
    }
}
