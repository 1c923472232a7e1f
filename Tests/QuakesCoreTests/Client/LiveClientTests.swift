import APIClient
import Foundation
import Locking
import TestSupport
import Testing

@testable import QuakesCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The live feed client over a scripted network: what a 304 carries, and what a network that answers in the feed's
/// place (hotel Wi-Fi's sign-in page) becomes.
@Suite struct LiveClientTests {
    static let url = URL(string: "https://earthquake.usgs.gov/earthquakes/feed/v1.0/summary/all_month.geojson")!

    /// A live client whose network answers each request with the next of `answers`, recording the requests.
    static func client(
        _ answers: [(Int, [String: String], Data)], requests: Locked<[URLRequest]> = Locked([])
    ) -> QuakeFeedClient {
        let remaining = Locked(answers)
        let transport = HTTPTransport { request in
            requests.withLock { $0.append(request) }
            let (status, headers, body) = remaining.withLock { $0.removeFirst() }
            return (
                body,
                HTTPURLResponse(url: request.url!, statusCode: status, httpVersion: "HTTP/1.1", headerFields: headers)!
            )
        }
        return .live(transport: transport, retryPolicy: .never, timeout: 5, errorReporter: .silent)
    }

    /// RFC 9110 §15.4.5: a 304 sends the `ETag` a 200 would have. It came back as a bare "not modified", so the new
    /// validator never reached the cache.
    @Test func aNotModifiedAnswerCarriesItsValidators() async throws {
        let requests = Locked<[URLRequest]>([])
        let client = Self.client(
            [
                (304, ["ETag": #""v2""#], Data()),
                (304, ["ETag": #""v3""#, "Last-Modified": "Wed, 02 Mar 2016 12:52:00 GMT"], Data()),
            ], requests: requests)
        let sent = FeedValidators(etag: #""v1""#, lastModified: "Wed, 02 Mar 2016 12:50:00 GMT")
        #expect(try await client.fetch(Self.url, sent) == .notModified(FeedValidators(etag: #""v2""#)))
        #expect(
            try await client.fetch(Self.url, sent)
                == .notModified(FeedValidators(etag: #""v3""#, lastModified: "Wed, 02 Mar 2016 12:52:00 GMT")))
        #expect(requests.withLock { $0.first?.value(forHTTPHeaderField: "If-None-Match") } == #""v1""#)
    }

    /// Behind hotel or airport Wi-Fi not yet signed in to, the network answers with its own page (200, HTML) or a
    /// 511; Quakes said the feed "sent data that could not be read" or "is unavailable (error 511)", which gives the
    /// person nothing to do. JSON of another shape, or a feed cut short, is still the feed's.
    @Test(arguments: [
        (200, Data("<!DOCTYPE html><html><body>Welcome to Hotel Wi-Fi</body></html>".utf8)),
        (200, Data("\u{FEFF}\n  <html><form action=/login></form></html>".utf8)),
        (200, Data("Please accept the terms of use.".utf8)),
        (511, Data("<html>Network Authentication Required</html>".utf8)),
    ])
    func aPageInTheFeedsPlaceAsksToSignInToTheNetwork(_ status: Int, _ body: Data) async throws {
        await #expect(throws: QuakeFeedError.networkSignIn) {
            _ = try await Self.client([(status, ["Content-Type": "text/html"], body)]).fetch(Self.url, nil)
        }
        #expect(
            QuakeFeedError.networkSignIn.message
                == "This network answered with a web page instead of the earthquake feed. If you're on hotel or other "
                + "public Wi-Fi, sign in to it in your browser, then try again.")
    }

    @Test(arguments: [#"{"error":"rate limited"}"#, #"  {"type":"FeatureCollection","features":["#, "[]"])
    func jsonOrAFeedCutShortIsTheFeedsToRead(_ body: String) async throws {
        let answer = try await Self.client([(200, [:], Data(body.utf8))]).fetch(Self.url, nil)
        #expect(answer == .fresh(Data(body.utf8), FeedValidators()))
    }

    /// What the person sees: the saved list, under a banner that says what to do.
    @MainActor @Test func theListKeepsItsRowsUnderASignInBanner() async throws {
        let feed = TestFeed.collection([TestFeed.feature(id: "nc1", mag: 7.1, title: "M 7.1 - Napa")])
        let client = Self.client([
            (200, ["ETag": #""v1""#], feed), (200, ["Content-Type": "text/html"], Data("<html>Sign in</html>".utf8)),
        ])
        let start = ModelHarness.start
        let model = QuakeListModel(
            service: QuakeFeedService(feedURL: Self.url, client: client, cache: .inMemory(), formatter: testFormatter),
            now: { start })
        await model.refreshPulled()
        await model.refreshPulled()
        #expect(model.rows.map(\.id) == ["nc1"])
        #expect(
            model.banner
                == QuakeBanner(
                    message: QuakeFeedError.networkSignIn.message + " Showing the earthquakes saved on this device.",
                    canRetry: true))
    }
}
