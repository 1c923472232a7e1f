import APIClient
import Foundation
import Locking
import SalesCore
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A Boolean behind a lock.
final class LockedFlag: Sendable {
    private let value = Locked(false)
    var isSet: Bool {
        get { value.withLock { $0 } }
        set { value.withLock { $0 = newValue } }
    }
}

@Suite struct SessionTests {
    @Test func anExpiredTokenIsRefreshedOnceAndTheCallRetried() async throws {
        let harness = try await DevServerHarness.make(tokenLifetime: 60)
        let center = NotificationCenter()
        let messages = ErrorMessages(center)
        let client = try await harness.client(center: center)
        let firstToken = await client.session?.accessToken
        harness.clock.advance(by: 120)

        let details = try await client.retrieveAccount(id: DevServerHarness.hospitalID)
        #expect(details.account.name == "St. Mary's Regional Medical Center")
        #expect(await client.session?.accessToken != firstToken)
        #expect(await client.session?.refreshToken != nil)
        #expect(harness.wire.count("POST", pathSuffix: "/services/oauth2/token") == 2)
        #expect(harness.wire.count("GET", pathSuffix: "/RetrieveAccount/\(DevServerHarness.hospitalID)") == 2)
        #expect(messages.all.isEmpty)
    }

    @Test func aFailedRefreshSignsOutWipesTheCacheAndSaysWhatFailed() async throws {
        let harness = try await DevServerHarness.make(tokenLifetime: 60)
        let center = NotificationCenter()
        let messages = ErrorMessages(center)
        let cache = AccountCache.inMemory()
        let client = try await harness.client(cache: cache, center: center)
        await cache.save(try await client.retrieveAccount(id: DevServerHarness.hospitalID))
        #expect(await cache.load(DevServerHarness.hospitalID) != nil)
        try await harness.revokeElsewhereAndExpire(client)

        await #expect(
            throws: SalesforceError.signedOut(
                operation: "load the account \(DevServerHarness.hospitalID)", sessionEnded: true)
        ) {
            _ = try await client.retrieveAccount(id: DevServerHarness.hospitalID)
        }
        #expect(await client.session == nil)
        #expect(await cache.load(DevServerHarness.hospitalID) == nil)
        #expect(
            messages.all == [
                "Could not load the account \(DevServerHarness.hospitalID): you are signed out; sign in again."
            ])
        // Exactly one refresh attempt, no retry loop.
        #expect(harness.wire.count("POST", pathSuffix: "/services/oauth2/token") == 2)
    }

    /// Two calls meet the expired token together and wait on one refresh, which the server refuses: both are
    /// signed out, each in its own operation's words (the one that waited used to get the raw `invalid_grant`).
    @Test func everyCallWaitingOnARefusedRefreshIsSignedOut() async throws {
        let harness = try await DevServerHarness.make(tokenLifetime: 60)
        let cache = AccountCache.inMemory()
        let refused = Locked(0)
        let holding = LockedFlag()
        let inner = harness.transport
        // NB: the refresh is held until both calls have had their 401, so the second one always waits on it.
        let transport = HTTPTransport { request in
            if holding.isSet, request.url?.path.hasSuffix("/services/oauth2/token") == true {
                while refused.withLock({ $0 }) < 2 { try await Task.sleep(for: .milliseconds(1)) }
            }
            let (data, response) = try await inner.send(request)
            if response.statusCode == 401 { refused.withLock { $0 += 1 } }
            return (data, response)
        }
        let client = SalesforceClient(
            configuration: SalesforceConfiguration(loginURL: DevServerHarness.instance), transport: transport,
            sessions: .inMemory(), onSignedOut: { await cache.wipe() })
        try await client.signIn(username: DevServerHarness.username, password: DevServerHarness.password)
        try await harness.revokeElsewhereAndExpire(client)
        holding.isSet = true

        let errors = await client.accountAndContentAtOnce(DevServerHarness.hospitalID)
        #expect(errors == SalesforceError.sessionEndedUnderAccountAndContent(DevServerHarness.hospitalID))
        #expect(await client.session == nil)
        // One refresh for the two calls.
        #expect(harness.wire.count("POST", pathSuffix: "/services/oauth2/token") == 2)
    }

    @Test func aLoginServerOutageDuringRefreshKeepsTheSession() async throws {
        let harness = try await DevServerHarness.make(tokenLifetime: 60)
        let outage = LockedFlag()
        let cache = AccountCache.inMemory()
        let client = try await harness.client(cache: cache) { request, standIn in
            if outage.isSet, request.url?.path == "/services/oauth2/token" {
                let response = HTTPURLResponse(url: request.url!, statusCode: 503, httpVersion: nil, headerFields: nil)!
                return (Data(), response)
            }
            return try await standIn.send(request)
        }
        await cache.save(try await client.retrieveAccount(id: DevServerHarness.hospitalID))
        harness.clock.advance(by: 120)
        outage.isSet = true
        do {
            _ = try await client.retrieveAccount(id: DevServerHarness.hospitalID)
            Issue.record("should fail while the login server is down")
        } catch let error as SalesforceError {
            #expect(error.isServerTrouble)
        }
        #expect(await client.session != nil)
        #expect(await cache.load(DevServerHarness.hospitalID) != nil)
        outage.isSet = false
        #expect(try await client.retrieveAccount(id: DevServerHarness.hospitalID).account.isHospital == true)
    }

    /// The renewal answered 200 with a page, not a token (a proxy's block page, a captive portal): the rep was
    /// signed out and the saved accounts wiped. The session and the copies are kept, the call fails as offline (an
    /// edit waits in the outbox), and the next renewal through a network that reaches Salesforce goes through.
    @Test func aRenewalAnsweredWithAPageInsteadOfATokenKeepsTheSession() async throws {
        let harness = try await DevServerHarness.make(tokenLifetime: 60)
        let portal = LockedFlag()
        let cache = AccountCache.inMemory()
        let client = try await harness.client(cache: cache) { request, standIn in
            if portal.isSet, request.url?.path == "/services/oauth2/token" {
                let response = HTTPURLResponse(
                    url: request.url!, statusCode: 200, httpVersion: nil,
                    headerFields: ["Content-Type": "text/html"])!
                return (Data("<html><body>Sign in to the hotel Wi-Fi</body></html>".utf8), response)
            }
            return try await standIn.send(request)
        }
        await cache.save(try await client.retrieveAccount(id: DevServerHarness.hospitalID))
        harness.clock.advance(by: 120)
        portal.isSet = true
        do {
            _ = try await client.retrieveAccount(id: DevServerHarness.hospitalID)
            Issue.record("should fail while the renewal is answered by a page")
        } catch let error as SalesforceError {
            #expect(error.isOffline)
            #expect(
                error.message
                    == "Could not load the account \(DevServerHarness.hospitalID): the network is unavailable "
                    + "(something other than Salesforce answered the renewal of the session).")
        }
        #expect(await client.session != nil)
        #expect(await cache.load(DevServerHarness.hospitalID) != nil)
        portal.isSet = false
        #expect(try await client.retrieveAccount(id: DevServerHarness.hospitalID).account.isHospital == true)
    }

    @Test func aWrongPasswordIsReportedAndLeavesNoSession() async throws {
        let harness = try await DevServerHarness.make()
        let center = NotificationCenter()
        let messages = ErrorMessages(center)
        let client = try await harness.client(signedIn: false, center: center)
        await #expect(throws: SalesforceError.self) {
            try await client.signIn(username: DevServerHarness.username, password: "nope")
        }
        #expect(await client.session == nil)
        #expect(messages.all == [SignInRefusalTests.wrongPassword])
    }

    @Test func serviceErrorsPostTheSalesforceMessageNamingTheOperation() async throws {
        let harness = try await DevServerHarness.make()
        let center = NotificationCenter()
        let messages = ErrorMessages(center)
        let client = try await harness.client(center: center)
        await #expect(throws: SalesforceError.self) {
            _ = try await client.retrieveAccount(id: "001Q000000Demo9IAB")
        }
        await #expect(throws: SalesforceError.self) {
            try await client.delete(Note.self, id: "not-an-id")
        }
        #expect(
            messages.all == [
                "Could not load the account 001Q000000Demo9IAB. Salesforce does not have it; it may have been deleted.",
                "Could not delete the note not-an-id: 'not-an-id' is not a record id (15 or 18 letters and digits).",
            ])
    }

    @Test func anUnreachableServerIsAnOfflineError() async throws {
        let harness = try await DevServerHarness.make()
        let center = NotificationCenter()
        let messages = ErrorMessages(center)
        let client = try await harness.client(center: center)
        harness.wire.isDown = true
        do {
            _ = try await client.webContent(accountID: DevServerHarness.hospitalID)
            Issue.record("should fail")
        } catch let error as SalesforceError {
            #expect(error.isOffline)
        }
        #expect(
            messages.all.first?.hasPrefix(
                "Could not load Know · Say · Show for \(DevServerHarness.hospitalID): the network is unavailable")
                == true)
    }

    @Test func aTransportsOwnErrorIsToldInWordsNotByItsInsides() async throws {
        struct ProxyFailure: Error { let upstream = "10.0.0.7:8443 token=abc" }
        let harness = try await DevServerHarness.make()
        let signedIn = try await harness.client()
        let transports: [(HTTPTransport, String)] = [
            (HTTPTransport { _ in throw ProxyFailure() }, "the server could not be reached"),
            (HTTPTransport { _ in throw APIError.timeout }, "the server did not answer in time"),
            (HTTPTransport { _ in throw APIError.connectionLost }, "the connection dropped"),
        ]
        for (transport, reason) in transports {
            let client = SalesforceClient(
                configuration: SalesforceConfiguration(loginURL: DevServerHarness.instance), transport: transport,
                sessions: .inMemory(await signedIn.session), notificationCenter: NotificationCenter())
            do {
                _ = try await client.webContent(accountID: DevServerHarness.hospitalID)
                Issue.record("should fail")
            } catch let error as SalesforceError {
                #expect(error.isOffline)
                #expect(error.message.contains("the network is unavailable (\(reason))"), "\(error.message)")
                #expect(!error.message.contains("ProxyFailure") && !error.message.contains("token"))
            }
        }
    }

    /// Texts whose every letter is in base64's alphabet (with `.ignoreUnknownCharacters` any text is): a body is
    /// the file, byte for byte, whatever it says and whatever type it is declared as.
    static let base64LookingBodies: [Data] = [
        Data("Dock opens at 7am, ask for Luis.\n".utf8), Data("abcd".utf8), Data("QUJD".utf8),
        Data("Meeting notes\n".utf8), Data("SGVsbG8gd29ybGQ=".utf8),
        Data(Data("a real file".utf8).base64EncodedString().utf8),
        Data([0xFF, 0xD8, 0xFF, 0xE0, 1, 2, 3]), Data((0...255).map { UInt8($0) }),
    ]

    @Test(arguments: base64LookingBodies)
    func attachmentDownloadsAreTheBytesSent(body: Data) {
        for header in ["text/plain", "text/plain; charset=UTF-8", "application/base64", nil] as [String?] {
            let file = DownloadedFile(body: body, contentTypeHeader: header, fallbackType: nil)
            #expect(file.data == body, "\(header ?? "no type")")
        }
        let typed = DownloadedFile(body: body, contentTypeHeader: "text/plain; charset=UTF-8", fallbackType: nil)
        #expect(typed.contentType == "text/plain")
    }

    @Test func theDeclaredTypeWinsUnlessGeneric() {
        let bytes = Data([0xFF, 0xD8, 0xFF, 0xE0, 1, 2, 3])
        let raw = DownloadedFile(body: bytes, contentTypeHeader: "image/png", fallbackType: "image/jpeg")
        #expect(raw == DownloadedFile(data: bytes, contentType: "image/png"))
        for generic in ["application/octetstream", "application/octet-stream", nil] {
            let file = DownloadedFile(body: bytes, contentTypeHeader: generic, fallbackType: "application/pdf")
            #expect(file == DownloadedFile(data: bytes, contentType: "application/pdf"))
        }
        let unknown = DownloadedFile(body: bytes, contentTypeHeader: nil, fallbackType: nil)
        #expect(unknown.contentType == "application/octet-stream")
    }
}
