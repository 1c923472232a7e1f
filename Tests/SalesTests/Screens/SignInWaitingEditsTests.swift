import Foundation
import SalesCore
import Testing

/// The sign-in form after Salesforce ended the session: it says when the rep's edits wait on the device for their
/// next sign-in (and that someone else's sign-in discards them), says nothing when none wait, and stops saying it
/// once the rep has signed in again and they are sent.
@MainActor
@Suite struct SignInWaitingEditsTests {
    @Test func theFormSaysAnEditWaitsUntilTheSameRepSignsInAndItIsSent() async throws {
        let device = try await SalesDevice.signedIn()
        let screen = try await device.typingANote()
        try await device.harness.revokeElsewhereAndExpire(device.client)
        await screen.editorSaveTapped()
        #expect(device.app.account == nil)

        await device.app.signInAppeared()
        #expect(
            device.app.waitingEditsText
                == "1 change you made has not been sent yet; it waits on this device. Sign in again as the same user "
                + "to send it. If someone else signs in here, it is discarded.")
        #expect(device.app.waitingEditsText?.contains(DevServerHarness.username) == false)

        device.app.password = DevServerHarness.password
        await device.app.signInTapped()
        let again = try #require(device.app.account)
        #expect(device.app.waitingEditsText == nil)
        await again.appeared()
        #expect(try await device.outbox.pending().isEmpty)

        await device.app.signOutTapped()
        await device.app.signInAppeared()
        #expect(device.app.waitingEditsText == nil)
    }

    @Test func theFormCountsEveryEditThatWaits() async throws {
        let device = try await SalesDevice.signedIn()
        let screen = try #require(device.app.account)
        await screen.appeared()
        device.harness.wire.isDown = true
        for name in ["One", "Two"] {
            screen.addTapped(.note)
            screen.editor?.nameEdited(name)
            screen.editor?.textEdited("text")
            await screen.editorSaveTapped()
        }
        #expect(try await device.outbox.pending().count == 2)
        device.harness.wire.isDown = false
        await device.app.signOutTapped()
        await device.app.signInAppeared()
        #expect(device.app.waitingEditsText?.hasPrefix("2 changes you made have not been sent yet;") == true)
    }

    /// A save on its way as Salesforce ended the session comes to wait after the form appeared: the form says so
    /// then, not only the next time it appears.
    @Test func aSaveOnItsWayAsTheSessionEndsIsCountedWhenItComesToWait() async throws {
        var held: OutboxWithdrawTests.Gate?
        let device = try await SalesDevice.signedIn { harness in
            let gate = OutboxWithdrawTests.Gate(harness)
            held = gate
            return gate.transport
        }
        let gate = try #require(held)
        let screen = try await device.typingANote()
        let saving = Task { await screen.editorSaveTapped() }
        for await _ in gate.entered { break }

        try await device.harness.revokeElsewhereAndExpire(device.client)
        await screen.refreshPulled()
        #expect(device.app.account == nil)
        await device.app.signInAppeared()
        #expect(device.app.waitingEditsText == nil)

        gate.release.yield()
        await saving.value
        #expect(try await device.outbox.pending().count == 1)
        #expect(device.app.waitingEditsText?.hasPrefix("1 change you made has not been sent yet;") == true)
    }

    /// An edit Salesforce did not take (listed under "Changes Not Sent") waits for the rep too, and someone else's
    /// sign-in discards it as it does the others: the form counts it.
    @Test func theFormCountsAnEditSalesforceDidNotTake() async throws {
        let device = try await SalesDevice.signedIn()
        let screen = try #require(device.app.account)
        await screen.appeared()
        let colleague = try await device.harness.client()
        screen.editTapped()
        screen.fieldEdited(.numBeds, text: "5")
        device.harness.wire.isDown = true
        await screen.saveTapped()
        device.harness.clock.advance(by: 10)
        device.harness.wire.isDown = false
        var theirs = try await colleague.retrieveAccount(id: DevServerHarness.hospitalID).account
        theirs.numBeds = 999
        try await colleague.saveAccount(theirs)
        await screen.networkReturned()
        #expect(screen.unsentEdits.count == 1)
        #expect(try await device.outbox.pending().isEmpty)

        try await device.harness.revokeElsewhereAndExpire(device.client)
        await screen.refreshPulled()
        #expect(device.app.account == nil)
        await device.app.signInAppeared()
        #expect(device.app.waitingEditsText?.hasPrefix("1 change you made has not been sent yet;") == true)
    }

    @Test func theFormSaysNothingWhenNothingWaits() async throws {
        let device = try await SalesDevice.signedIn()
        let screen = try #require(device.app.account)
        await screen.appeared()
        try await device.harness.revokeElsewhereAndExpire(device.client)
        await screen.refreshPulled()
        #expect(device.app.account == nil)
        await device.app.signInAppeared()
        #expect(device.app.waitingEditsText == nil)
        #expect(device.app.banner == .notice("Your session ended. Sign in again."))
    }
}
