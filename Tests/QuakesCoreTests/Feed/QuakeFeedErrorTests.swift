import APIClient
import Foundation
import QuakeFeedCodec
import Testing

@testable import QuakesCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A feed failure from a transport reads as the client layer reads it: "offline" only when the device has no
/// network, "could not be reached" for a refused or unknown host, "dropped" for a cut answer, "took too long" for
/// a timeout, and "could not be read" for a body it cannot undo.
struct QuakeFeedErrorTests {
    static let codes: [URLError.Code] = [
        .notConnectedToInternet, .dataNotAllowed, .cannotConnectToHost, .cannotFindHost, .dnsLookupFailed,
        .secureConnectionFailed, .networkConnectionLost, .badServerResponse, .cannotParseResponse,
        .zeroByteResource, .badURL, .cancelled, .cannotDecodeContentData,
    ]

    @Test(arguments: codes)
    func aTransportFailureSaysWhichOfOfflineUnreachableOrDroppedItIs(_ code: URLError.Code) {
        // Only a device with no network is "offline": a refused connection or a dropped answer says so, as a
        // server that drops the line while the network is fine is no reason to check the Wi-Fi.
        let expected: QuakeFeedError? =
            switch APIError(transportError: URLError(code)) {
            case .offline: .offline
            case .cannotConnect: .unreachable
            case .connectionLost: .connectionLost
            default: nil
            }
        guard let expected else { return }
        #expect(QuakeFeedError(URLError(code)) == expected)
        #expect(QuakeFeedError(APIError(transportError: URLError(code))) == expected)
    }

    @Test func eachTransportFailureHasItsOwnSentence() {
        #expect(QuakeFeedError(URLError(.notConnectedToInternet)).message == "You're offline.")
        #expect(
            QuakeFeedError(URLError(.cannotConnectToHost)).message == "The earthquake feed could not be reached.")
        #expect(
            QuakeFeedError(URLError(.networkConnectionLost)).message
                == "The connection to the earthquake feed dropped.")
    }

    @Test func aTimeoutSaysSoAndAnUndecodableBodyIsUnreadable() {
        #expect(QuakeFeedError(URLError(.timedOut)) == .timedOut)
        #expect(QuakeFeedError(APIError.timeout) == .timedOut)
        #expect(QuakeFeedError(URLError(.cannotDecodeContentData)) == .unreadable)
        #expect(QuakeFeedError(URLError(.cannotDecodeRawData)) == .unreadable)
        #expect(QuakeFeedError(APIError.http(status: 503, problem: nil)) == .server(status: 503))
    }
}
