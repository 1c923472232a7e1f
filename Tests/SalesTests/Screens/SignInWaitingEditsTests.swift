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
        let screen = try #require(device.app.account)
        await screen.appeared()
        screen.addTapped(.note)
        let editor = try #require(screen.editor)
        editor.nameEdited("Visit")
        editor.textEdited("Two pages of what the buyer said")
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
