import Foundation
import HTTPServer
import Locking
import TestSupport
import Testing

@testable import APIClient

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

private struct Item: Codable, Equatable, Sendable {
    var id: Int
}

/// The client with the live URLSession transport against the real HTTPServer engine on loopback.
@Suite struct LoopbackTests {
    private func client(
        _ url: URL, sleeper: RecordingSleeper = RecordingSleeper(), log: ReportLog = ReportLog(),
        tokens: TokenProvider? = nil, timeout: TimeInterval = 10
    ) -> APIClient {
        APIClient(
            baseURL: url, transport: sharedLiveTransport, retryPolicy: RetryPolicy(random: { 0.5 }),
            sleeper: sleeper.sleeper, tokenProvider: tokens, errorReporter: log.reporter, timeout: timeout)
    }

    /// A route that fails with 500 on its first call and answers on the next ones.
    private func failingOnce(_ hits: HitCounter) -> Handler {
        { _ in hits.hit() == 1 ? Response(status: HTTPStatus(500)) : try .json(Item(id: 7)) }
    }

    @Test func serverErrorThenSuccessIsRetriedForGetButNotForPost() async throws {
        let getHits = HitCounter()
        let postHits = HitCounter()
        var router = Router()
        router.get("/flaky", failingOnce(getHits))
        router.post("/flaky", failingOnce(postHits))
        try await withLoopbackServer(router) { url, _ async throws in
            let sleeper = RecordingSleeper()
            #expect(try await client(url, sleeper: sleeper).send(Endpoint<Item>.get("flaky")) == Item(id: 7))
            #expect(getHits.value == 2)
            #expect(sleeper.durations == [.milliseconds(150)])
            await #expect(throws: APIError.http(status: 500, problem: nil)) {
                try await client(url).send(Endpoint<Item>.post("flaky", body: .json(Item(id: 1))))
            }
            #expect(postHits.value == 1)
        }
    }

    @Test func slowServerTimesOut() async throws {
        var router = Router()
        // NB: never answers on its own, so only the client's timeout ends the call: a 3 s sleep could end first on a
        // loaded machine and the call then succeed.
        router.get("/slow") { _ in
            await untilCancelled()
            throw CancellationError()
        }
        try await withLoopbackServer(router) { url, _ async throws in
            var client = client(url, timeout: 1)
            client.retryPolicy = .never
            await #expect(throws: APIError.timeout) {
                try await client.send(Endpoint<Data>(method: .get, path: ["slow"], response: .data))
            }
        }
    }

    @Test func unauthorizedThenSuccessRefreshesOnce() async throws {
        var router = Router()
        router.get("/me") { request in
            request.headers["Authorization"] == "Bearer fresh"
                ? try .json(Item(id: 1)) : Response(status: HTTPStatus(401))
        }
        let token = Locked("stale")
        let refreshes = HitCounter()
        let tokens = TokenProvider.bearer(
            token: { token.withLock { $0 } },
            refresh: {
                _ = refreshes.hit()
                token.withLock { $0 = "fresh" }
            })
        try await withLoopbackServer(router) { url, _ async throws in
            #expect(try await client(url, tokens: tokens).send(Endpoint<Item>.get("me")) == Item(id: 1))
            #expect(refreshes.value == 1)
        }
    }

    @Test func unauthorizedTwiceIsSignedOut() async throws {
        let hits = HitCounter()
        var router = Router()
        router.get("/me") { _ in
            _ = hits.hit()
            return Response(status: HTTPStatus(401))
        }
        let refreshes = HitCounter()
        let tokens = TokenProvider.bearer(token: { "t" }, refresh: { _ = refreshes.hit() })
        let log = ReportLog()
        try await withLoopbackServer(router) { url, _ async throws in
            await #expect(throws: APIError.signedOut) {
                try await client(url, log: log, tokens: tokens).send(Endpoint<Item>.get("me"))
            }
        }
        #expect(hits.value == 2)
        #expect(refreshes.value == 1)
        #expect(log.reports.map(\.0) == [.signedOut])
    }

    @Test func retryAfterFromTheServerIsWhatTheClientSleeps() async throws {
        let hits = HitCounter()
        var router = Router()
        router.get("/limited") { _ in
            hits.hit() == 1
                ? Response(status: HTTPStatus(429), headers: ["Retry-After": "2"]) : try .json(Item(id: 3))
        }
        try await withLoopbackServer(router) { url, _ async throws in
            let sleeper = RecordingSleeper()
            #expect(try await client(url, sleeper: sleeper).send(Endpoint<Item>.get("limited")) == Item(id: 3))
            #expect(sleeper.durations == [.seconds(2)])
        }
    }

    @Test func failurePostsServiceErrorOccurredOnTheDefaultCenter() async throws {
        var router = Router()
        router.get("/accounts/:id") { _ in
            try .json(
                ["type": "about:blank", "title": "Not Found", "detail": "No account with this ID."],
                status: HTTPStatus(404), headers: ["Content-Type": "application/problem+json"])
        }
        try await withLoopbackServer(router) { url, _ async throws in
            let expectedRequest = "GET \(url.absoluteString)/accounts/001%20x"
            let received = Locked<[[AnyHashable: Any]]>([])
            let observer = NotificationCenter.default.addObserver(
                forName: .serviceErrorOccurred, object: nil, queue: nil
            ) {
                note in
                guard note.userInfo?["request"] as? String == expectedRequest else { return }
                received.withLock { $0.append(note.userInfo ?? [:]) }
            }
            defer { NotificationCenter.default.removeObserver(observer) }
            var client = client(url)
            client.errorReporter = .notificationCenter()
            await #expect(throws: APIError.self) { try await client.send(Endpoint<Item>.get("accounts", "001 x")) }
            let info = try #require(received.withLock { $0.first })
            #expect(info["message"] as? String == "No account with this ID.")
            #expect(received.withLock { $0.count } == 1)
        }
    }

    @Test func cancelledCallPostsNothing() async throws {
        let started = AsyncStream<Void>.makeStream()
        var router = Router()
        router.get("/slow") { _ in
            started.continuation.yield()
            // NB: never answers on its own, so only the cancellation ends the call (a 5 s sleep could end first).
            await untilCancelled()
            throw CancellationError()
        }
        try await withLoopbackServer(router) { url, _ async throws in
            let log = ReportLog()
            let client = client(url, log: log)
            let task = Task { try await client.send(Endpoint<Data>(method: .get, path: ["slow"], response: .data)) }
            for await _ in started.stream { break }
            task.cancel()
            await #expect(throws: APIError.cancelled) { try await task.value }
            #expect(log.reports.isEmpty)
        }
    }

    @Test func conditionalGetGetsNotModifiedFromTheServer() async throws {
        var router = Router()
        router.get("/feed") { request in
            if request.headers["If-None-Match"] == #""v1""# {
                return Response(status: HTTPStatus(304), headers: ["ETag": #""v1""#])
            }
            return try .json(Item(id: 1), headers: ["ETag": #""v1""#])
        }
        try await withLoopbackServer(router) { url, _ async throws in
            let client = client(url)
            let first = try await client.sendConditional(Endpoint<Item>.get("feed"), validators: nil)
            #expect(first == .fresh(Item(id: 1), Validators(etag: #""v1""#)))
            #expect(
                try await client.sendConditional(Endpoint<Item>.get("feed"), validators: Validators(etag: #""v1""#))
                    == .notModified(Validators(etag: #""v1""#)))
        }
    }

    @Test func upload25MegabytesReportsProgressUpToTheTotal() async throws {
        var router = Router()
        router.post("/attachments") { request in try .json(["received": request.body.count]) }
        let size = 25 << 20
        let payload = Data(repeating: 0xA5, count: size)
        try await withLoopbackServer(router) { url, _ async throws in
            let reports = Locked<[TransferProgress]>([])
            let endpoint = Endpoint<[String: Int]>(
                method: .post, path: ["attachments"], body: .data(payload, contentType: "application/octet-stream"),
                response: .json())
            let answer = try await client(url).send(endpoint) { progress in reports.withLock { $0.append(progress) } }
            #expect(answer == ["received": size])
            let seen = reports.withLock { $0 }
            #expect(seen.last == TransferProgress(completed: Int64(size), total: Int64(size)))
            #expect(zip(seen, seen.dropFirst()).allSatisfy { $0.completed <= $1.completed })
        }
    }

    @Test func downloadReportsProgressUpToTheTotal() async throws {
        let size = 6 << 20
        let payload = Data((0..<size).map { UInt8(truncatingIfNeeded: $0) })
        var router = Router()
        router.get("/files/big") { _ in Response(headers: ["Content-Type": "application/octet-stream"], body: payload) }
        try await withLoopbackServer(router) { url, _ async throws in
            let reports = Locked<[TransferProgress]>([])
            let data = try await client(url).send(
                Endpoint<Data>(method: .get, path: ["files", "big"], response: .data)
            ) {
                progress in reports.withLock { $0.append(progress) }
            }
            #expect(data == payload)
            let seen = reports.withLock { $0 }
            #expect(seen.count > 2)
            #expect(seen.last == TransferProgress(completed: Int64(size), total: Int64(size)))
            #expect(seen.first?.completed == 0)
        }
    }

    /// A body the server compressed (`Content-Encoding: gzip`) arrives decoded, and its progress names no total: the
    /// `Content-Length` counted the compressed bytes, fewer than the ones that come out.
    @Test func aCompressedDownloadArrivesWholeWithNoTotalToOvershoot() async throws {
        let quake = #"{"id":"nc7","mag":5.1,"place":"12 km SW of Ocotillo"},"#
        let payload = Data(String(repeating: quake, count: 40_000).utf8)
        var router = Router()
        router.group("", middleware: [CompressionMiddleware()]) { api in
            api.get("/feed") { _ in Response(headers: ["Content-Type": "application/json"], body: payload) }
        }
        try await withLoopbackServer(router) { url, _ async throws in
            let reports = Locked<[TransferProgress]>([])
            let data = try await client(url).send(Endpoint<Data>(method: .get, path: ["feed"], response: .data)) {
                progress in reports.withLock { $0.append(progress) }
            }
            #expect(data == payload)
            let seen = reports.withLock { $0 }
            #expect(seen.last == TransferProgress(completed: Int64(payload.count), total: nil))
            #expect(seen.allSatisfy { $0.total == nil })
        }
    }
}
