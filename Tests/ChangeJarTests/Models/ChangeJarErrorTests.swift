import APIClient
import ChangeJarCore
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A failure from a transport reads as the client layer reads it: out of reach for exactly the failures
/// ``APIError/isUnreachable`` names, "offline" only for a device with no network, and a sentence from a strings
/// table for the rest.
struct ChangeJarErrorTests {
    static let codes: [URLError.Code] = [
        .notConnectedToInternet, .dataNotAllowed, .internationalRoamingOff, .cannotConnectToHost, .cannotFindHost,
        .dnsLookupFailed, .secureConnectionFailed, .serverCertificateUntrusted, .timedOut, .networkConnectionLost,
        .badServerResponse, .zeroByteResource, .cannotDecodeContentData, .badURL, .cancelled,
    ]

    @Test(arguments: codes)
    func aTransportFailureIsOutOfReachExactlyWhenTheClientLayerCallsItUnreachable(_ code: URLError.Code) {
        let failure = APIError(transportError: URLError(code))
        for error in [ChangeJarError(URLError(code)), ChangeJarError(failure)] {
            #expect(error.isOutOfReach == failure.isUnreachable)
            #expect((error == .offline) == (failure == .offline))
        }
    }

    /// Only a device without a network is told it is offline: a jar that refuses, drops or times out the
    /// connection is out of reach, and says so over the saved copy as well as on its own.
    @Test func aServerThatCannotBeReachedIsNotCalledOffline() {
        #expect(ChangeJarError(URLError(.notConnectedToInternet)) == .offline)
        for code: URLError.Code in [.cannotConnectToHost, .networkConnectionLost, .timedOut] {
            let error = ChangeJarError(URLError(code))
            #expect(error == .unreachable, "\(code.rawValue)")
            #expect(error.message == "The jar can't be reached right now. Please try again in a moment.")
            #expect(!error.message.contains("offline"))
        }
    }

    @Test func noBannerShowsTheSystemsErrorNumber() {
        for code in Self.codes {
            #expect(!ChangeJarError(URLError(code)).message.contains("NSURLErrorDomain"), "\(code.rawValue)")
        }
    }

    /// A fault on the server's side is said in the app's words: never its `detail` (which a misconfigured server or
    /// proxy may fill with internals), nor its status (kept for the report, not the person); a gateway's 502–504 is
    /// the jar out of reach, as the client reads it.
    @Test func aServerFaultIsSaidInTheAppsWordsWithoutItsDetailOrStatus() throws {
        let problem = try #require(ProblemDetails.parse(Data(#"{"status":500,"detail":"SELECT * FROM action"}"#.utf8)))
        for error in [APIError.http(status: 500, problem: nil), .http(status: 500, problem: problem)] {
            let read = ChangeJarError(error)
            #expect(read == .service("The jar had a problem on its side. Please try again later."))
            #expect(!read.message.contains("500") && !read.message.contains("SELECT"))
        }
        for status in [502, 503, 504] {
            #expect(ChangeJarError(APIError.http(status: status, problem: problem)) == .unreachable)
        }
    }

    @Test func anUnexplainedFailureShowsTheClientLayersSentence() {
        #expect(ChangeJarError(APIError.signedOut) == .signInRequired)
        #expect(ChangeJarError(APIError.notSignedIn) == .signInRequired)
        #expect(
            ChangeJarError(APIError.decoding(path: "", message: "x"))
                == .service(APIError.decoding(path: "", message: "x").message))
    }
}
