import APIClient
import Foundation
import SalesCore
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Salesforce's OAuth username-password flow answers with no refresh token, so a 401 after the access token expires
/// ends the session for good: it must end as a refused refresh ends one (forgotten, the device's account copies
/// wiped, the app sent back to its sign-in form, the rep's unsent edits kept for their next sign-in), not leave a
/// dead session behind that every later call meets again.
@MainActor
@Suite struct NoRefreshTokenTests {
    /// `inner`, with the refresh token taken out of every token answer, as real Salesforce answers the password grant.
    nonisolated static func withoutRefreshTokens(_ inner: HTTPTransport) -> HTTPTransport {
        HTTPTransport { request in
            let (data, response) = try await inner.send(request)
            guard request.url?.path.hasSuffix("/services/oauth2/token") == true,
                var token = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
            else { return (data, response) }
            token["refresh_token"] = nil
            return (try JSONSerialization.data(withJSONObject: token), response)
        }
    }

    @Test func anExpiredSessionWithNoRefreshTokenEndsAsARefusedRefreshDoes() async throws {
        let harness = try await DevServerHarness.make(tokenLifetime: 60)
        let center = NotificationCenter()
        let messages = ErrorMessages(center)
        let cache = AccountCache.inMemory()
        let client = SalesforceClient(
            configuration: SalesforceConfiguration(loginURL: DevServerHarness.instance),
            transport: Self.withoutRefreshTokens(harness.transport), sessions: .inMemory(),
            notificationCenter: center, onSignedOut: { await cache.wipe() })
        var ended = 0
        client.sessionEnd.listen { ended += 1 }
        try await client.signIn(username: DevServerHarness.username, password: DevServerHarness.password)
        #expect(await client.session?.refreshToken == nil)
        await cache.save(try await client.retrieveAccount(id: DevServerHarness.hospitalID))
        harness.clock.advance(by: 120)

        let errors = await client.accountAndContentAtOnce(DevServerHarness.hospitalID)

        #expect(errors == SalesforceError.sessionEndedUnderAccountAndContent(DevServerHarness.hospitalID))
        #expect(await client.session == nil)
        #expect(await cache.load(DevServerHarness.hospitalID) == nil)
        // Told once, however many calls met the 401.
        #expect(ended == 1)
        #expect(
            messages.all.sorted() == [
                "Could not load Know · Say · Show for \(DevServerHarness.hospitalID): you are signed out; sign in again.",
                "Could not load the account \(DevServerHarness.hospitalID): you are signed out; sign in again.",
            ])
        // Nothing to renew with: no refresh was asked for.
        #expect(harness.wire.count("POST", pathSuffix: "/services/oauth2/token") == 1)
    }

    @Test func aNoteSavedAsTheSessionWithNoRefreshTokenEndsWaitsForTheNextSignIn() async throws {
        let device = try await SalesDevice.signedIn(transport: { Self.withoutRefreshTokens($0.transport) })
        #expect(await device.client.session?.refreshToken == nil)
        let screen = try await device.typingANote()
        device.harness.clock.advance(by: 120)
        await screen.editorSaveTapped()

        #expect(device.app.account == nil)
        #expect(device.app.banner == .notice("Your session ended. Sign in again."))
        #expect(try await device.outbox.pending().count == 1)
        #expect(await device.cache.load(DevServerHarness.hospitalID) == nil)

        device.app.password = DevServerHarness.password
        await device.app.signInTapped()
        let again = try #require(device.app.account)
        await again.appeared()
        #expect(try await device.outbox.pending().isEmpty)
        #expect(again.details?.notes.contains { $0.text == SalesDevice.noteText } == true)
    }
}
