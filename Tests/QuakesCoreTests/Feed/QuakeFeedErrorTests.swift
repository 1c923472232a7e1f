import APIClient
import Foundation
import QuakeFeedCodec
import Testing

@testable import QuakesCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A feed failure from a transport reads as the client layer reads it, so Quakes says "offline" for exactly the
/// failures the other apps do, "took too long" for a timeout, and "could not be read" for a body it cannot undo.
struct QuakeFeedErrorTests {
    static let codes: [URLError.Code] = [
        .notConnectedToInternet, .dataNotAllowed, .cannotConnectToHost, .cannotFindHost, .dnsLookupFailed,
        .secureConnectionFailed, .networkConnectionLost, .badServerResponse, .cannotParseResponse,
        .zeroByteResource, .badURL, .cancelled, .cannotDecodeContentData,
    ]

    @Test(arguments: codes)
    func aTransportFailureIsOfflineExactlyWhenTheClientLayerCallsItUnreachable(_ code: URLError.Code) {
        let unreachable = APIError(transportError: URLError(code)).isUnreachable
        #expect((QuakeFeedError(URLError(code)) == .offline) == unreachable)
        #expect((QuakeFeedError(APIError(transportError: URLError(code))) == .offline) == unreachable)
    }

    @Test func aTimeoutSaysSoAndAnUndecodableBodyIsUnreadable() {
        #expect(QuakeFeedError(URLError(.timedOut)) == .timedOut)
        #expect(QuakeFeedError(APIError.timeout) == .timedOut)
        #expect(QuakeFeedError(URLError(.cannotDecodeContentData)) == .unreadable)
        #expect(QuakeFeedError(URLError(.cannotDecodeRawData)) == .unreadable)
        #expect(QuakeFeedError(APIError.http(status: 503, problem: nil)) == .server(status: 503))
    }
}
