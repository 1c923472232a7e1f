import APIClient
import Database
import Foundation
import Locking
import TestSupport
import Testing

@testable import LocalStore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

private struct Feed: Codable, Equatable, Sendable {
    var version: Int
}

/// Reading through the cache: conditional GETs, 304s and offline fallbacks.
@Suite struct LocalStoreFetchTests {
    private let clock = TestClock()
    private let endpoint = Endpoint<Feed>.get("feed")

    /// A server with a current version; `down` makes it unreachable, `body` overrides what it sends.
    private final class FeedServer: Sendable {
        let version = Locked(1)
        let down = Locked(false)
        let body = Locked<String?>(nil)
        let seen = Locked<[String?]>([])

        var client: APIClient {
            let transport = HTTPTransport { request in
                self.seen.withLock { $0.append(request.value(forHTTPHeaderField: "If-None-Match")) }
                if self.down.withLock({ $0 }) { throw URLError(.notConnectedToInternet) }
                let etag = "\"v\(self.version.withLock { $0 })\""
                let url = request.url ?? URL(fileURLWithPath: "/")
                if request.value(forHTTPHeaderField: "If-None-Match") == etag {
                    return (Data(), HTTPURLResponse(url: url, statusCode: 304, httpVersion: nil, headerFields: nil)!)
                }
                let body = self.body.withLock { $0 } ?? #"{"version": \#(self.version.withLock { $0 })}"#
                let response = HTTPURLResponse(
                    url: url, statusCode: 200, httpVersion: nil, headerFields: ["ETag": etag])!
                return (Data(body.utf8), response)
            }
            return APIClient(
                baseURL: URL(string: "http://feed.test")!, transport: transport, retryPolicy: .never,
                errorReporter: .silent)
        }
    }

    private func makeStore() async throws -> LocalStore {
        try await LocalStore(database: SQLiteDatabase(url: "sqlite::memory:"), now: clock.closure)
    }

    @Test func firstFetchStoresThenNotModifiedServesTheCache() async throws {
        let store = try await makeStore()
        let server = FeedServer()
        let first = try await store.fetch(endpoint, cacheKey: "feed", using: server.client)
        #expect(first == CachedFetch(value: Feed(version: 1), source: .network, fetchedAt: clock.now))
        #expect(try await store.cachedEntry(for: "feed")?.validators.etag == #""v1""#)
        clock.advance(by: 120)
        let second = try await store.fetch(endpoint, cacheKey: "feed", using: server.client)
        #expect(second == CachedFetch(value: Feed(version: 1), source: .notModified, fetchedAt: clock.now))
        #expect(try await store.cachedEntry(for: "feed")?.fetchedAt == clock.now)
        #expect(server.seen.withLock { $0 } == [nil, #""v1""#])
    }

    @Test func changedResourceReplacesTheCache() async throws {
        let store = try await makeStore()
        let server = FeedServer()
        _ = try await store.fetch(endpoint, cacheKey: "feed", using: server.client)
        server.version.withLock { $0 = 2 }
        #expect(try await store.fetch(endpoint, cacheKey: "feed", using: server.client).value == Feed(version: 2))
        #expect(try await store.cachedEntry(for: "feed")?.validators.etag == #""v2""#)
    }

    @Test func offlineFallsBackToTheCachedCopyWithItsAge() async throws {
        let store = try await makeStore()
        let server = FeedServer()
        let fetchedAt = clock.now
        _ = try await store.fetch(endpoint, cacheKey: "feed", using: server.client)
        clock.advance(by: 600)
        server.down.withLock { $0 = true }
        let offline = try await store.fetch(endpoint, cacheKey: "feed", using: server.client)
        #expect(offline == CachedFetch(value: Feed(version: 1), source: .cache(.offline), fetchedAt: fetchedAt))
    }

    @Test func offlineWithoutCacheThrows() async throws {
        let store = try await makeStore()
        let server = FeedServer()
        server.down.withLock { $0 = true }
        await #expect(throws: APIError.offline) {
            try await store.fetch(endpoint, cacheKey: "feed", using: server.client)
        }
    }

    @Test func unreadableNewBodyNeverReplacesTheCache() async throws {
        let store = try await makeStore()
        let server = FeedServer()
        _ = try await store.fetch(endpoint, cacheKey: "feed", using: server.client)
        server.version.withLock { $0 = 2 }
        server.body.withLock { $0 = #"{"version": 2"# }
        let reports = Locked<[String]>([])
        var client = server.client
        client.errorReporter = ErrorReporter { _, request in reports.withLock { $0.append(request) } }
        await #expect(throws: APIError.self) { try await store.fetch(endpoint, cacheKey: "feed", using: client) }
        #expect(try await store.cachedEntry(for: "feed")?.body == Data(#"{"version": 1}"#.utf8))
        #expect(reports.withLock { $0 } == ["GET http://feed.test/feed"])
    }
}
