import ChangeJarModels
import Foundation
import Locking
import Testing

@testable import ChangeJarCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The sign-in keeps the provider login, and a renewal is `GetOpenIdToken` with it: what ends a session, and what
/// does not.
@Suite("Change Jar sign-in and renewal")
struct SignInServiceTests {
    static let start = Date(timeIntervalSince1970: 1_780_000_000)
    static let unavailable = "The sign-in service is not answering right now. Please try again in a moment."

    static func service(
        getOpenIDToken: @escaping GetOpenIDToken
    ) -> SignInService {
        SignInService(
            providers: ProviderSignIn(availableSources: [.twitter]) { source in
                ProviderCredential(source: source, token: "access;secret", userID: "dave", displayName: "Dave")
            },
            identity: CognitoIdentityClient(getID: { _, _ in "us-east-1:1" }, getOpenIDToken: getOpenIDToken),
            identityPoolID: "us-east-1:5d8b7c2e-0f3a-4c1e-9a6b-2f4d8e1c7a90",
            clock: ChangeJarClock(now: { start }, sleep: { _ in }))
    }

    @Test func theSignInKeepsTheLoginCognitoTookAndTheRenewalSendsItBack() async throws {
        let sent = Locked<[(String, [String: String])]>([])
        let service = Self.service { identityID, logins in
            let serial = sent.withLock {
                $0.append((identityID, logins))
                return $0.count
            }
            return (identityID, "token-\(serial)")
        }
        let session = try await service.signIn(with: .twitter)
        #expect(session.providerLogin == "access;secret")
        #expect(session.canRenew)

        let renewed = try await service.renew(session)
        #expect(renewed.token == "token-2")
        #expect(renewed.expiresAt == Self.start.addingTimeInterval(600))
        #expect(renewed.providerLogin == "access;secret")
        #expect(renewed.providerUserID == "dave" && renewed.displayName == "Dave" && renewed.authSource == .twitter)
        let calls = sent.withLock { $0 }
        #expect(calls.count == 2)
        #expect(calls[1].0 == "us-east-1:1")
        #expect(calls[1].1 == ["api.twitter.com": "access;secret"])
    }

    @Test func aSessionWithoutALoginCannotRenewAndAsksNothing() async throws {
        let asked = Locked(false)
        let service = Self.service { identityID, _ in
            asked.withLock { $0 = true }
            return (identityID, "t")
        }
        let older = AuthSession(
            identityID: "us-east-1:1", token: "t", expiresAt: Self.start, authSource: .google,
            providerUserID: "alice")
        #expect(!older.canRenew)
        await #expect(throws: ChangeJarError.signInRequired) { try await service.renew(older) }
        #expect(asked.withLock { $0 } == false)
    }

    /// Only a refusal for good ends the session; Cognito out of reach is offline, and a passing refusal a failure
    /// of this call alone.
    @Test(arguments: [
        ("NotAuthorizedException", ChangeJarError.signInRequired),
        ("ResourceNotFoundException", .signInRequired),
        ("InvalidParameterException", .signInRequired),
        ("ValidationException", .signInRequired),
        ("TooManyRequestsException", .service("The sign-in service is busy right now. Please try again in a moment.")),
        ("InternalErrorException", .service(unavailable)),
        ("ExternalServiceException", .service("Something went wrong. Please try again.")),
    ])
    func cognitoRefusalsEndTheSessionOnlyWhenFinal(type: String, expected: ChangeJarError) async throws {
        let service = Self.service { _, _ in throw CognitoIdentityError(type: type, message: "Refused.") }
        let session = AuthSession(
            identityID: "us-east-1:1", token: "t", expiresAt: Self.start, authSource: .google,
            providerUserID: "alice", providerLogin: "login")
        await #expect(throws: expected) { try await service.renew(session) }
    }

    @Test func cognitoOutOfReachIsNoRefusal() async throws {
        let service = Self.service { _, _ in throw URLError(.cannotConnectToHost) }
        let session = AuthSession(
            identityID: "us-east-1:1", token: "t", expiresAt: Self.start, authSource: .google,
            providerUserID: "alice", providerLogin: "login")
        await #expect(throws: ChangeJarError.unreachable) { try await service.renew(session) }
    }

    /// A sign-in whose provider or Cognito is out of reach said "The jar can't be reached", though a sign-in never
    /// asks the jar: it is the sign-in service's silence, in the sign-in's words.
    @Test(arguments: [true, false])
    func aSignInOutOfReachIsTheSignInServicesNotTheJars(providerFails: Bool) async throws {
        let service = SignInService(
            providers: ProviderSignIn(availableSources: [.google]) { source in
                if providerFails { throw URLError(.cannotConnectToHost) }
                return ProviderCredential(source: source, token: "p", userID: "al", displayName: "Al")
            },
            identity: CognitoIdentityClient(
                getID: { _, _ in throw URLError(.cannotConnectToHost) }, getOpenIDToken: { id, _ in (id, "t") }),
            identityPoolID: "us-east-1:5d8b7c2e-0f3a-4c1e-9a6b-2f4d8e1c7a90",
            clock: ChangeJarClock(now: { Self.start }, sleep: { _ in }))
        let error = await #expect(throws: ChangeJarError.self) { try await service.signIn(with: .google) }
        #expect(error == .signInFailed(Self.unavailable))
        #expect(error?.message.contains("jar") == false)
    }

    /// Cognito over the wire, answering each call with the next of `statuses` (`200` a token, else a throttling), and
    /// the calls and pauses it saw.
    struct ThrottlingCognito {
        let statuses: Locked<[Int]>
        let calls = Locked<[String]>([])
        let pauses = Locked<[Duration]>([])

        init(_ statuses: [Int]) { self.statuses = Locked(statuses) }

        var client: CognitoIdentityClient {
            let (statuses, calls) = (statuses, calls)
            let pauses = pauses
            return .live(
                endpoint: URL(string: "https://cognito-identity.us-east-1.amazonaws.com/")!,
                send: { request in
                    calls.withLock { $0.append(request.value(forHTTPHeaderField: "X-Amz-Target") ?? "") }
                    let status = statuses.withLock { $0.isEmpty ? 200 : $0.removeFirst() }
                    let body =
                        status == 200
                        ? #"{"IdentityId":"us-east-1:1","Token":"renewed"}"#
                        : #"{"__type":"TooManyRequestsException","message":"Rate exceeded"}"#
                    let headers =
                        status == 200
                        ? ["Content-Type": "application/x-amz-json-1.1"]
                        : [
                            "Content-Type": "application/x-amz-json-1.1",
                            "X-Amzn-ErrorType": "TooManyRequestsException",
                        ]
                    return (
                        Data(body.utf8),
                        HTTPURLResponse(url: request.url!, statusCode: status, httpVersion: nil, headerFields: headers)!
                    )
                },
                pause: { duration in pauses.withLock { $0.append(duration) } })
        }

        func service() -> SignInService {
            var service = SignInServiceTests.service { _, _ in ("", "") }
            service.identity = client
            return service
        }
    }

    static let kept = AuthSession(
        identityID: "us-east-1:1", token: "t", expiresAt: start, authSource: .twitter, providerUserID: "dave",
        providerLogin: "access;secret")

    /// Cognito throttles a renewal: the call is made again after a pause, as AWS's SDKs do, and the session is
    /// renewed without the person seeing anything.
    @Test func aThrottledRenewalIsMadeAgainAfterAPause() async throws {
        let cognito = ThrottlingCognito([400, 400, 200])
        let renewed = try await cognito.service().renew(Self.kept)
        #expect(renewed.token == "renewed")
        #expect(cognito.calls.withLock { $0.count } == 3)
        #expect(cognito.pauses.withLock { $0 } == [.milliseconds(500), .milliseconds(1000)])
    }

    /// Throttled at every try: the renewal stops after three, and says the service is busy; the session is not
    /// ended (it is not the person's to sign in again). A sign-in says the same in its own sentence.
    @Test func aRenewalOrSignInThrottledAtEveryTryStopsAndSaysSo() async throws {
        let cognito = ThrottlingCognito(Array(repeating: 400, count: 10))
        let busy = "The sign-in service is busy right now. Please try again in a moment."
        await #expect(throws: ChangeJarError.service(busy)) { try await cognito.service().renew(Self.kept) }
        #expect(cognito.calls.withLock { $0 } == Array(repeating: "AWSCognitoIdentityService.GetOpenIdToken", count: 3))

        cognito.calls.withLock { $0 = [] }
        do {
            _ = try await cognito.service().signIn(with: .twitter)
            Issue.record("a throttled sign-in went through")
        } catch {
            #expect(error == .signInFailed(busy))
            #expect(error.message == "Sign-in failed. " + busy)
        }
        #expect(cognito.calls.withLock { $0 } == Array(repeating: "AWSCognitoIdentityService.GetId", count: 3))
    }

    /// A sign-in through the live Cognito client whose call number `failingCall` (0: `GetId`, 1: `GetOpenIdToken`)
    /// is answered `status` with `body`, and every other call succeeds.
    static func service(cognitoAnswering status: Int, _ body: String, atCall failingCall: Int) -> SignInService {
        let calls = Locked(0)
        var service = Self.service { _, _ in ("", "") }
        service.identity = .live(
            endpoint: URL(string: "https://cognito-identity.us-east-1.amazonaws.com/")!,
            send: { request in
                let call = calls.withLock { count in
                    defer { count += 1 }
                    return count
                }
                let answer =
                    call == failingCall
                    ? (status, body) : (200, #"{"IdentityId":"us-east-1:1","Token":"t"}"#)
                return (
                    Data(answer.1.utf8),
                    HTTPURLResponse(url: request.url!, statusCode: answer.0, httpVersion: nil, headerFields: nil)!
                )
            })
        return service
    }

    /// Cognito fails on its side (a 500, or a gateway's 502, 503 or 504 with a page or nothing for a body), at the
    /// sign-in's GetId or GetOpenIdToken: the sign-in says the service is not answering, in the app's words; it said
    /// Foundation's status text ("Sign-in failed: service unavailable") or AWS's own message.
    @Test(arguments: [
        (500, #"{"__type":"InternalErrorException","message":"An internal error occurred (request 4f2a)."}"#, 0),
        (502, "<html><body>502 Bad Gateway</body></html>", 0), (503, "", 0), (504, "", 1),
    ])
    func aSignInThatMeetsAFaultOfCognitoSaysSoInTheAppsWords(status: Int, body: String, failingCall: Int) async {
        let service = Self.service(cognitoAnswering: status, body, atCall: failingCall)
        await #expect(
            throws: ChangeJarError.signInFailed(
                "The sign-in service is not answering right now. Please try again in a moment.")
        ) { try await service.signIn(with: .twitter) }
    }

    /// Cognito refuses a sign-in (at `GetId` or `GetOpenIdToken`): the person reads the app's sentence for the
    /// refusal, by its exception, never AWS's developer English (it was "Sign-in failed: Invalid login token. Token
    /// is expired.").
    @Test(arguments: [
        (
            "NotAuthorizedException", "Invalid login token. Token is expired.", 0,
            "The sign-in service did not accept your Twitter sign-in. Sign in with Twitter again."
        ),
        (
            "NotAuthorizedException", "Token is not from a supported provider of this identity pool.", 1,
            "The sign-in service did not accept your Twitter sign-in. Sign in with Twitter again."
        ),
        (
            "ExternalServiceException", "api.twitter.com: 503", 0,
            "Twitter is not answering the sign-in service right now. Please try again in a moment."
        ),
        (
            "ResourceConflictException", "Logins are already linked to identity us-east-1:9", 0,
            "This Twitter account is already linked to another identity in the jar."
        ),
        (
            "ResourceNotFoundException", "IdentityPool 'us-east-1:5d8b' not found.", 0,
            "Signing in to the jar is not set up correctly right now. Please try again later."
        ),
        (
            "InvalidIdentityPoolConfigurationException", "Invalid identity pool configuration.", 1,
            "Signing in to the jar is not set up correctly right now. Please try again later."
        ),
        (
            "LimitExceededException", "Limit exceeded.", 0,
            "The sign-in service is busy right now. Please try again in a moment."
        ),
        (
            "InvalidParameterException", "1 validation error detected: Value at 'logins' failed", 0,
            "The sign-in service refused the sign-in. Please try again."
        ),
    ])
    func aSignInCognitoRefusesIsSaidInTheAppsWords(
        exception: String, awsMessage: String, failingCall: Int, sentence: String
    ) async {
        let service = Self.service(
            cognitoAnswering: 400, #"{"__type":"\#(exception)","message":"\#(awsMessage)"}"#, atCall: failingCall)
        do {
            _ = try await service.signIn(with: .twitter)
            Issue.record("a refused sign-in went through")
        } catch {
            #expect(error == .signInFailed(sentence))
            #expect(error.message == "Sign-in failed. " + sentence)
            #expect(!error.message.contains(awsMessage))
        }
    }

    /// Cognito fails on its side while a session is renewed (an expired token, before a submission or a list): the
    /// renewal says the sentence the sign-in says, not "Something went wrong", and the session is not ended.
    @Test(arguments: [
        (500, #"{"__type":"InternalErrorException","message":"An internal error occurred (request 4f2a)."}"#),
        (502, "<html><body>502 Bad Gateway</body></html>"), (503, ""), (504, ""),
    ])
    func aRenewalThatMeetsAFaultOfCognitoSaysSoInTheSignInsWords(status: Int, body: String) async {
        var service = Self.service { _, _ in ("", "") }
        service.identity = .live(
            endpoint: URL(string: "https://cognito-identity.us-east-1.amazonaws.com/")!,
            send: { request in
                (
                    Data(body.utf8),
                    HTTPURLResponse(url: request.url!, statusCode: status, httpVersion: nil, headerFields: nil)!
                )
            })
        await #expect(throws: ChangeJarError.service(Self.unavailable)) { try await service.renew(Self.kept) }
    }
}
