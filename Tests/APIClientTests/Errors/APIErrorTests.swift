import APIClient
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The one reading of a failed call that every app shares: which failures mean "offline", which may pass, and
/// the sentence a banner shows when an app has no words of its own.
struct APIErrorTests {
    static let every: [APIError] = [
        .offline, .cannotConnect, .connectionLost, .timeout, .cancelled, .http(status: 404, problem: nil),
        .decoding(path: "features[0]", message: "bad"), .signedOut, .invalidRequest("no URL"),
    ]

    @Test func unreachableIsTheFourFailuresOfTheNetwork() {
        let unreachable = Self.every.filter(\.isUnreachable)
        #expect(unreachable == [.offline, .cannotConnect, .connectionLost, .timeout])
    }

    @Test(arguments: [
        (408, true), (429, true), (500, true), (503, true), (599, true),
        (400, false), (401, false), (404, false), (409, false), (413, false), (422, false),
    ])
    func aStatusIsTransientWhenWaitingMayHelp(_ status: Int, _ transient: Bool) {
        #expect(APIError.http(status: status, problem: nil).isTransient == transient)
    }

    @Test func otherFailuresAreTransientExactlyWhenUnreachable() {
        for error in Self.every where error.status == nil {
            #expect(error.isTransient == error.isUnreachable, "\(error)")
        }
    }

    @Test func aBodyWhoseContentEncodingFailsIsUnreadableNotAnUnreachableServer() {
        for code in [URLError.Code.cannotDecodeContentData, .cannotDecodeRawData] {
            let error = APIError(transportError: URLError(code))
            guard case .decoding = error else {
                Issue.record("\(code.rawValue) read as \(error)")
                continue
            }
            #expect(!error.isUnreachable)
        }
    }

    @Test func aFailedTLSHandshakeOrUnknownHostIsAnUnreachableServer() {
        for code in [URLError.Code.secureConnectionFailed, .cannotFindHost, .dnsLookupFailed, .cannotConnectToHost] {
            #expect(APIError(transportError: URLError(code)) == .cannotConnect, "\(code.rawValue)")
        }
    }

    @Test func everyFailureHasASentenceFromTheStringsTable() {
        for error in Self.every + [400, 401, 409, 413, 429, 500, 302].map({ APIError.http(status: $0, problem: nil) }) {
            #expect(!error.message.isEmpty)
            #expect(!error.message.hasPrefix("failure."), "\(error) has no sentence: \(error.message)")
        }
        #expect(APIError.offline.message == "You're offline. Check your connection and try again.")
        #expect(APIError.http(status: 412, problem: nil).message == "Someone else changed this item first (412).")
        #expect(APIError.http(status: 302, problem: nil).message == "The request failed (302).")
    }

    @Test func theServersOwnWordsWinOverTheStatusSentence() {
        let explained = APIError.http(status: 409, problem: ProblemDetails(title: "Conflict", detail: "Seat taken."))
        #expect(explained.message == "Seat taken.")
        let titled = APIError.http(status: 409, problem: ProblemDetails(title: "Conflict"))
        #expect(titled.message == "Conflict")
        let blank = APIError.http(status: 409, problem: ProblemDetails(detail: ""))
        #expect(blank.message == "Someone else changed this item first (409).")
    }

    @Test func anyErrorsSentenceNeverPrintsItsInsides() {
        struct StoreFailure: Error, CustomStringConvertible {
            var description: String { "SQLITE_FULL: INSERT INTO outbox (token) VALUES ('secret')" }
        }
        struct Refusal: LocalizedError { var errorDescription: String? { "The seat is taken." } }
        let unexpected = APIError.message(for: StoreFailure())
        #expect(unexpected == "Something went wrong on this device. Try again.")
        #expect(APIError.message(for: Refusal()) == "The seat is taken.")
        #expect(APIError.message(for: URLError(.notConnectedToInternet)) == APIError.offline.message)
        #expect(APIError.message(for: CancellationError()) == APIError.cancelled.message)
        #expect(APIError.message(for: APIError.http(status: 404, problem: nil)) == "This item no longer exists (404).")
    }

    /// A photo to upload or a place to save to that fails names the file, instead of "something went wrong".
    @Test func aFileThatCannotBeReadOrWrittenIsNamed() throws {
        let missing = URL(fileURLWithPath: "/nonexistent-\(UUID().uuidString)/photo.png")
        let reading = #expect(throws: (any Error).self) { try Data(contentsOf: missing) }
        #expect(APIError.message(for: try #require(reading)) == "There is no such file or folder: \(missing.path).")
        let writing = #expect(throws: (any Error).self) { try Data("x".utf8).write(to: missing) }
        #expect(APIError.message(for: try #require(writing)) == "There is no such file or folder: \(missing.path).")
        let folder = FileManager.default.temporaryDirectory
        let directory = #expect(throws: (any Error).self) { try Data(contentsOf: folder) }
        #expect(APIError.message(for: try #require(directory)).hasSuffix("could not be read or written."))
        let denied = CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: "/etc/quartet"])
        #expect(APIError.message(for: denied) == "This app may not open /etc/quartet.")
    }
}
