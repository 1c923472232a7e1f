import Foundation
import HTTPServer
import Locking

@testable import APIClient

/// Runs `body` against a real ``HTTPServer/Server`` on 127.0.0.1 with a free port, serving `router`.
func withLoopbackServer(_ router: Router, _ body: (URL, Server) async throws -> Void) async throws {
    let server = Server(configuration: .init(port: 0, threadPoolSize: 2, log: .discard), handler: router.handler())
    try server.start()
    let url = URL(string: "http://127.0.0.1:\(server.port)")!
    do {
        try await body(url, server)
        await server.shutdown(gracePeriod: .milliseconds(200))
    } catch {
        await server.shutdown(gracePeriod: .milliseconds(200))
        throw error
    }
}

/// Counts calls to a route (each test builds its own).
final class HitCounter: Sendable {
    private let count = Locked(0)

    /// Adds one and returns the new count.
    func hit() -> Int {
        count.withLock {
            $0 += 1
            return $0
        }
    }

    var value: Int { count.withLock { $0 } }
}

/// One live transport for the whole test run (each `live()` opens a URLSession).
let sharedLiveTransport = HTTPTransport.live()
