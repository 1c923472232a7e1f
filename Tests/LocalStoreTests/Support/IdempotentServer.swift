import Foundation
import Locking

@testable import APIClient

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// An in-process server that applies each `Idempotency-Key` once, like a real API: a repeated key gets the
/// stored answer back without the change being applied again.
///
/// `script` can answer a request differently (a status, or a thrown transport error) by its path's last
/// segment; `afterApply` runs once a change has been applied, before the answer goes back (to simulate
/// the app dying after the server did the work).
final class IdempotentServer: Sendable {
    enum Scripted: Sendable {
        case status(Int, String)
        case fail(URLError.Code)
    }

    private struct State {
        var applied: [String] = []  // keys, in the order changes were applied
        var bodies: [String: String] = [:]  // key → body applied
        var received = 0
    }

    private let storage = Locked(State())
    private let script: @Sendable (String) -> Scripted?
    private let afterApply: @Sendable (Int) async throws -> Void

    init(
        script: @escaping @Sendable (String) -> Scripted? = { _ in nil },
        afterApply: @escaping @Sendable (Int) async throws -> Void = { _ in }
    ) {
        self.script = script
        self.afterApply = afterApply
    }

    /// Idempotency keys in the order their changes were applied.
    var applied: [String] { storage.withLock { $0.applied } }
    /// Bodies applied, in order.
    var appliedBodies: [String] { storage.withLock { state in state.applied.compactMap { state.bodies[$0] } } }
    /// Requests received, repeats included.
    var received: Int { storage.withLock { $0.received } }

    var transport: HTTPTransport {
        HTTPTransport { request in
            guard let url = request.url else { throw URLError(.badURL) }
            self.storage.withLock { $0.received += 1 }
            switch self.script(url.lastPathComponent) {
            case .fail(let code)?:
                throw URLError(code)
            case .status(let status, let body)?:
                return (
                    Data(body.utf8), HTTPURLResponse(url: url, statusCode: status, httpVersion: nil, headerFields: nil)!
                )
            case nil:
                break
            }
            let key = request.value(forHTTPHeaderField: "Idempotency-Key") ?? UUID().uuidString
            let body = String(decoding: request.httpBody ?? Data(), as: UTF8.self)
            let (fresh, count) = self.storage.withLock { state -> (Bool, Int) in
                guard state.bodies[key] == nil else { return (false, state.applied.count) }
                state.applied.append(key)
                state.bodies[key] = body
                return (true, state.applied.count)
            }
            if fresh { try await self.afterApply(count) }
            let answer = Data(#"{"applied": \#(count)}"#.utf8)
            return (
                answer, HTTPURLResponse(url: url, statusCode: fresh ? 201 : 200, httpVersion: nil, headerFields: nil)!
            )
        }
    }

    func client(retry: RetryPolicy = .never) -> APIClient {
        APIClient(
            baseURL: URL(string: "http://api.test")!, transport: transport, retryPolicy: retry,
            sleeper: Sleeper(sleep: { _ in }), errorReporter: .silent)
    }
}
