import Foundation
import Testing

@testable import HTTPServer

/// A failure below HTTP that names its own 500 (a disk that refused a write) is logged like any unexpected
/// error — error level, its cause, the request id — while the client sees only the problem it named.
@Suite struct ErrorLoggingTests {
    private struct DiskRefused: HTTPResponseError, CustomStringConvertible {
        var description: String { "write /srv/quartet/media/staging/x.part: No space left on device" }
        var httpError: HTTPError? { HTTPError(.internalServerError, detail: "The file could not be stored.") }
    }

    private struct Busy: HTTPResponseError {
        var httpError: HTTPError? { HTTPError(.serviceUnavailable, detail: "Busy.", headers: ["Retry-After": "1"]) }
    }

    @Test func a500ItNamesItselfIsLoggedAtErrorLevelWithItsCauseAndRequestID() async throws {
        let log = LogCollector()
        var router = Router()
        router.get("/disk") { _ in throw DiskRefused() }
        router.get("/busy") { _ in throw Busy() }
        let client = TestClient(
            router: router,
            middleware: [RequestIDMiddleware(generate: { "rid-500" }), ErrorMiddleware(log: log.sink)])
        let response = try await client.get("/disk")
        #expect(response.status == .internalServerError)
        #expect(response.bodyText.contains("The file could not be stored."))
        #expect(!response.bodyText.contains("No space left"))
        #expect(log.all.count == 1)
        #expect(log.text.contains("level=error"))
        #expect(log.text.contains("request_id=rid-500"))
        #expect(log.text.contains("No space left on device"))

        _ = try await client.get("/busy")
        #expect(log.all.count == 2)
        #expect(log.all[1].contains("level=warn"))
    }
}
