import Foundation
import SalesCore
import Testing

/// Salesforce ends the session while the rep saves (the token expired and the refresh is refused): what the rep typed
/// waits on the device for their next sign-in, as an edit made offline does, instead of going with the screen.
@MainActor
@Suite struct SessionEndedWhileSavingTests {
    /// The rep signs in again; the screen that opens sends what waited.
    func signInAgain(_ device: SalesDevice) async throws -> AccountScreenModel {
        device.app.password = DevServerHarness.password
        await device.app.signInTapped()
        let screen = try #require(device.app.account)
        await screen.appeared()
        #expect(try await device.outbox.pending().isEmpty)
        return screen
    }

    @Test func theHealthCareFormSavedAsTheSessionEndsIsSentAfterTheNextSignIn() async throws {
        let device = try await SalesDevice.signedIn()
        let screen = try #require(device.app.account)
        await screen.appeared()
        screen.editTapped()
        screen.fieldEdited(.numBeds, text: "312")
        try await device.harness.revokeElsewhereAndExpire(device.client)
        await screen.saveTapped()

        #expect(device.app.account == nil)
        #expect(device.app.banner == .notice("Your session ended. Sign in again."))
        #expect(try await device.outbox.pending().count == 1)
        // NB: the account's copy still goes with the session; only the rep's change stays.
        #expect(await device.cache.load(DevServerHarness.hospitalID) == nil)

        let again = try await signInAgain(device)
        #expect(again.details?.account.numBeds == 312)
    }

    @Test func aNoteSavedAsTheSessionEndsIsSentAfterTheNextSignIn() async throws {
        let device = try await SalesDevice.signedIn()
        let screen = try await device.typingANote()
        try await device.harness.revokeElsewhereAndExpire(device.client)
        await screen.editorSaveTapped()

        #expect(device.app.account == nil)
        #expect(try await device.outbox.pending().count == 1)
        #expect(await device.cache.load(DevServerHarness.hospitalID) == nil)

        let again = try await signInAgain(device)
        #expect(again.details?.notes.contains { $0.text == SalesDevice.noteText } == true)
    }

    /// An upload the session ends under keeps the picked file's bytes and the typed name for the next sign-in.
    @Test func anAttachmentUploadedAsTheSessionEndsIsSentWithItsBytesAfterTheNextSignIn() async throws {
        let device = try await SalesDevice.signedIn()
        let screen = try #require(device.app.account)
        await screen.appeared()
        screen.addTapped(.attachment)
        let editor = try #require(screen.editor)
        let bytes = Data("%PDF-1.4 site plan".utf8)
        editor.filePicked(name: "scan.pdf", data: bytes)
        editor.nameEdited("Site plan “north”.pdf")
        try await device.harness.revokeElsewhereAndExpire(device.client)
        await screen.editorSaveTapped()

        #expect(device.app.account == nil)
        #expect(device.app.banner == .notice("Your session ended. Sign in again."))
        #expect(try await device.outbox.pending().count == 1)

        let again = try await signInAgain(device)
        let sent = try #require(again.details?.attachments.first { $0.name == "Site plan “north”.pdf" })
        let body = try await device.client.downloadAttachment(id: try #require(sent.id), contentType: sent.contentType)
        #expect(body.data == bytes)
    }

    /// A write with no session at all (signed out by choice, nothing waiting) is refused as before: nobody is there
    /// to send it for.
    @Test func aWriteWhileSignedOutIsRefusedNotQueued() async throws {
        let device = try await SalesDevice.signedIn()
        await device.app.signOutTapped()
        let note = PendingEdit.adding(Note(name: "N", text: "T"), to: DevServerHarness.hospitalID)
        await #expect(throws: SalesforceError.self) {
            _ = try await device.outbox.send(note) {
                try await device.client.create(Note(name: "N", text: "T"), accountID: DevServerHarness.hospitalID)
            }
        }
        #expect(try await device.outbox.pending().isEmpty)
    }
}
