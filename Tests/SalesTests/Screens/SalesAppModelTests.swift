import Foundation
import SalesCore
import Testing

/// The app from the sign-in form to the Account screen, and back when Salesforce ends the session.
@MainActor
@Suite struct SalesAppModelTests {
    /// A session Salesforce no longer takes ends on the sign-in form, which says why; the edit made offline waits
    /// for the same rep's next sign-in and is sent by the Account screen that opens then.
    @Test func anEndedSessionGoesBackToTheSignInFormKeepingTheRepsEdits() async throws {
        let device = try await SalesDevice.signedIn()
        let (harness, cache, outbox, client, app) =
            (device.harness, device.cache, device.outbox, device.client, device.app)
        let screen = try #require(app.account)
        await screen.appeared()
        harness.wire.isDown = true
        screen.editTapped()
        screen.fieldEdited(.numBeds, text: "300")
        await screen.saveTapped()
        harness.wire.isDown = false
        #expect(try await outbox.pending().count == 1)

        try await harness.revokeElsewhereAndExpire(client)
        await screen.refreshPulled()
        #expect(app.account == nil)
        #expect(app.banner == .notice("Your session ended. Sign in again."))
        #expect(app.username == DevServerHarness.username)
        #expect(app.password.isEmpty)
        #expect(await client.session == nil)
        #expect(await cache.load(DevServerHarness.hospitalID) == nil)
        #expect(try await outbox.pending().count == 1)

        app.password = DevServerHarness.password
        await app.signInTapped()
        #expect(app.banner == nil)
        let again = try #require(app.account)
        #expect(again !== screen)
        await again.appeared()
        #expect(again.phase == .loaded)
        #expect(again.details?.account.numBeds == 300)
        #expect(try await outbox.pending().isEmpty)
    }

    /// The command line's sync is the app model's: the edits that wait are sent once and the outcome says so in
    /// the core's sentences; a change the server did not take fails it, and says it waits for a decision.
    @Test func sendingWhatWaitsSaysWhatWasSentAndWhatWaitsForADecision() async throws {
        let device = try await SalesDevice.signedIn()
        let (outbox, client, app) = (device.outbox, device.client, device.app)
        #expect(app.session?.instanceURL != nil)
        var account = try await client.retrieveAccount(id: DevServerHarness.hospitalID).account
        account.numBeds = 260
        try await outbox.enqueue(.saving(account, id: DevServerHarness.hospitalID, basedOn: account.lastModifiedDate))
        await app.sendWaitingTapped()
        #expect(app.sync?.sentText == "sent 1 edit")
        #expect(app.sync?.problems == [])
        #expect(app.sync?.succeeded == true)

        // Saved over a version older than the server's: a conflict, which waits for the rep's decision.
        account.numBeds = 270
        try await outbox.enqueue(
            .saving(account, id: DevServerHarness.hospitalID, basedOn: Date(timeIntervalSince1970: 0)))
        await app.sendWaitingTapped()
        #expect(app.sync?.sentText == "sent 0 edits")
        #expect(app.sync?.problems.count == 2)
        #expect(app.sync?.problems.last?.hasPrefix("1 change was not sent") == true, "\(app.sync?.problems ?? [])")
        #expect(app.sync?.succeeded == false)

        await app.signOutTapped()
        #expect(app.session == nil)
    }

    /// Calls refused together end the session once: the form is shown once, and a sign-out the person asked for
    /// says nothing.
    @Test func callsRefusedTogetherEndTheSessionOnceAndASignOutSaysNothing() async throws {
        let harness = try await DevServerHarness.make(tokenLifetime: 60)
        let client = try await harness.client(signedIn: false)
        let ended = Counter()
        client.sessionEnd.listen { ended.value += 1 }
        try await client.signIn(username: DevServerHarness.username, password: DevServerHarness.password)
        try await harness.revokeElsewhereAndExpire(client)
        async let account = client.retrieveAccount(id: DevServerHarness.hospitalID)
        async let content = client.webContent(accountID: DevServerHarness.hospitalID)
        _ = try? await account
        _ = try? await content
        #expect(ended.value == 1)

        try await client.signIn(username: DevServerHarness.username, password: DevServerHarness.password)
        await client.signOut()
        #expect(ended.value == 1)
    }
}

@MainActor
private final class Counter {
    var value = 0
}
