import Foundation
import Locking

@testable import APIClient

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A scripted server for client logic tests: answers each request from a closure and records what it saw.
final class StubServer: Sendable {
    typealias Reply = @Sendable (URLRequest, Int) async throws -> (Int, [String: String], Data)

    private let reply: Reply
    private let seen = Locked<[URLRequest]>([])

    /// `reply` gets the request and its 0-based index among all requests so far.
    init(_ reply: @escaping Reply) { self.reply = reply }

    /// Answers the i-th request with `statuses[i]` (the last one repeats) and `body`.
    convenience init(statuses: [Int], headers: [String: String] = [:], body: String = "{}") {
        self.init { _, index in (statuses[min(index, statuses.count - 1)], headers, Data(body.utf8)) }
    }

    var requests: [URLRequest] { seen.withLock { $0 } }

    var transport: HTTPTransport {
        HTTPTransport { request in
            let index = self.seen.withLock { seen in
                seen.append(request)
                return seen.count - 1
            }
            let (status, headers, body) = try await self.reply(request, index)
            guard let url = request.url,
                let response = HTTPURLResponse(
                    url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: headers)
            else { throw URLError(.badURL) }
            return (body, response)
        }
    }
}

/// Records requested sleeps and returns at once.
final class RecordingSleeper: Sendable {
    private let slept = Locked<[Duration]>([])
    let now: Date

    init(now: Date = Date(timeIntervalSince1970: 1_700_000_000)) { self.now = now }

    var durations: [Duration] { slept.withLock { $0 } }

    var sleeper: Sleeper {
        Sleeper(
            sleep: { duration in
                self.slept.withLock { $0.append(duration) }
                try Task.checkCancellation()
            },
            now: { [now] in now })
    }
}

/// Collects what an ``ErrorReporter`` was told.
final class ReportLog: Sendable {
    private let entries = Locked<[(APIError, String)]>([])

    var reports: [(APIError, String)] { entries.withLock { $0 } }

    var reporter: ErrorReporter {
        ErrorReporter { error, request in self.entries.withLock { $0.append((error, request)) } }
    }
}

extension APIClient {
    /// A client for tests: base `http://api.test/v1`, no real sleeping, reports into `log`.
    static func test(
        _ transport: HTTPTransport, sleeper: RecordingSleeper = RecordingSleeper(), log: ReportLog = ReportLog(),
        retry: RetryPolicy = RetryPolicy(random: { 0.5 }), tokens: TokenProvider? = nil
    ) -> APIClient {
        APIClient(
            baseURL: URL(string: "http://api.test/v1/")!, transport: transport, retryPolicy: retry,
            sleeper: sleeper.sleeper, tokenProvider: tokens, errorReporter: log.reporter)
    }
}
