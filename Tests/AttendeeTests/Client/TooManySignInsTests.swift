import APIClient
import AttendeeCore
import AttendeeModels
import Foundation
import Locking
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A sign-in the server will not check for a while reads as ``TooManySignIns``, whose sentence says how long to
/// wait in whole minutes, rounded up, from the core's strings table.
@Suite struct TooManySignInsTests {
    /// The live client over a transport that answers every request with `answer`'s status, headers and body.
    static func live(answering answer: Locked<(Int, [String: String], String)>) throws -> AttendeeClient {
        let transport = HTTPTransport { request in
            let (status, headers, body) = answer.withLock { $0 }
            let url = try #require(request.url)
            let response = try #require(
                HTTPURLResponse(url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: headers))
            return (Data(body.utf8), response)
        }
        return AttendeeClient.live(
            baseURL: try #require(URL(string: "http://attendee.test")), transport: transport,
            tokens: TokenStore(load: { nil }, save: { _ in }))
    }

    @Test func theSentenceSaysTheWaitInWholeMinutesRoundedUp() {
        func sentence(_ wait: Duration?) -> String { TooManySignIns(retryAfter: wait).message }
        #expect(sentence(.seconds(900)) == "Too many attempts. Try again in 15 minutes.")
        #expect(sentence(.seconds(901)) == "Too many attempts. Try again in 16 minutes.")
        #expect(sentence(.seconds(61)) == "Too many attempts. Try again in 2 minutes.")
        #expect(sentence(.seconds(60)) == "Too many attempts. Try again in 1 minute.")
        #expect(sentence(.seconds(1)) == "Too many attempts. Try again in 1 minute.")
        #expect(sentence(.milliseconds(60_001)) == "Too many attempts. Try again in 2 minutes.")
        #expect(sentence(.zero) == "Too many attempts. Try again in 1 minute.")
        #expect(sentence(nil) == "Too many attempts. Try again later.")
        #expect(AttendeeFailure.message(TooManySignIns(retryAfter: .seconds(120))) == sentence(.seconds(120)))
    }

    /// The live client turns any 429 to sign-in into the error, reading `Retry-After` (seconds or a date), with
    /// or without a problem document (a proxy's limit sends none); other refusals stay as they were.
    @Test func theLiveClientReadsA429ToSignInAsTooManySignIns() async throws {
        let answer = Locked<(Int, [String: String], String)>((429, ["Retry-After": "120"], ""))
        let client = try Self.live(answering: answer)
        let request = SignInRequest(email: "ana@example.com", password: "correct horse")
        await #expect(throws: TooManySignIns(retryAfter: .seconds(120))) { _ = try await client.signIn(request) }

        answer.withLock {
            $0 = (
                429, ["Retry-After": "900", "Content-Type": "application/problem+json"],
                #"{"title":"Too Many Requests","status":429,"detail":"Too many failed sign-ins."}"#
            )
        }
        await #expect(throws: TooManySignIns(retryAfter: .seconds(900))) { _ = try await client.signIn(request) }

        answer.withLock { $0 = (429, [:], "") }
        await #expect(throws: TooManySignIns(retryAfter: nil)) { _ = try await client.signIn(request) }

        answer.withLock {
            $0 = (
                401, ["Content-Type": "application/problem+json"],
                #"{"title":"Unauthorized","status":401,"detail":"The e-mail or the password is not right."}"#
            )
        }
        await #expect {
            _ = try await client.signIn(request)
        } throws: { error in
            AttendeeFailure.status(error) == 401
                && AttendeeFailure.message(error) == "The e-mail or the password is not right."
        }
    }

    /// A sign-up refused for too many taken e-mails from this address reads the same way; its 409 stays a 409.
    @Test func theLiveClientReadsA429ToSignUpAsTooManySignIns() async throws {
        let answer = Locked<(Int, [String: String], String)>((429, ["Retry-After": "900"], ""))
        let client = try Self.live(answering: answer)
        let request = SignUpRequest(email: "ana@example.com", password: "correct horse", name: "Ana")
        await #expect {
            _ = try await client.signUp(request)
        } throws: { error in
            error as? TooManySignIns == TooManySignIns(retryAfter: .seconds(900))
                && AttendeeFailure.message(error) == "Too many attempts. Try again in 15 minutes."
        }

        answer.withLock {
            $0 = (
                409, ["Content-Type": "application/problem+json"],
                #"{"title":"Conflict","status":409,"detail":"An account with this e-mail already exists."}"#
            )
        }
        await #expect {
            _ = try await client.signUp(request)
        } throws: { error in
            AttendeeFailure.status(error) == 409
                && AttendeeFailure.message(error) == "An account with this e-mail already exists."
        }
    }
}
