import APIClient
import ChangeJarCore
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A failure from a transport reads as the client layer reads it: the banner says "offline" for exactly the
/// failures ``APIError/isUnreachable`` names, and a sentence from a strings table for the rest.
struct ChangeJarErrorTests {
    static let codes: [URLError.Code] = [
        .notConnectedToInternet, .dataNotAllowed, .internationalRoamingOff, .cannotConnectToHost, .cannotFindHost,
        .dnsLookupFailed, .secureConnectionFailed, .serverCertificateUntrusted, .timedOut, .networkConnectionLost,
        .badServerResponse, .zeroByteResource, .cannotDecodeContentData, .badURL, .cancelled,
    ]

    @Test(arguments: codes)
    func aTransportFailureIsOfflineExactlyWhenTheClientLayerCallsItUnreachable(_ code: URLError.Code) {
        let unreachable = APIError(transportError: URLError(code)).isUnreachable
        #expect((ChangeJarError(URLError(code)) == .offline) == unreachable)
        #expect((ChangeJarError(APIError(transportError: URLError(code))) == .offline) == unreachable)
    }

    @Test func noBannerShowsTheSystemsErrorNumber() {
        for code in Self.codes {
            #expect(!ChangeJarError(URLError(code)).message.contains("NSURLErrorDomain"), "\(code.rawValue)")
        }
    }

    @Test func anUnexplainedStatusShowsTheClientLayersSentence() {
        #expect(
            ChangeJarError(APIError.http(status: 500, problem: nil))
                == .service("The server had a problem (500). Try again later."))
        #expect(ChangeJarError(APIError.signedOut) == .signInRequired)
        #expect(ChangeJarError(APIError.notSignedIn) == .signInRequired)
        #expect(
            ChangeJarError(APIError.decoding(path: "", message: "x"))
                == .service(APIError.decoding(path: "", message: "x").message))
    }
}
