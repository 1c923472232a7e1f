import DatabaseTestSupport
import Foundation
import LocalStore
import SalesCore
import Testing

/// A change the Account screen keeps in the outbox says why it waits, as the outbox answered: offline, that it goes
/// when the network returns; when Salesforce ended the session as it went, that it is kept on the device for the same
/// person's next sign-in. The screen said "Saved offline" for both, and sent the rep to wait for a network that was
/// never down. Each runs with the device's outbox on both engines.
@MainActor
@Suite struct QueuedBecauseTests {
    nonisolated static let offline = "Saved offline; it will be sent when the network returns."
    nonisolated static let sessionEnded =
        "Your session ended as this was saved. It is kept on this device and sent after you sign in again as the "
        + "same user; if someone else signs in here, it is discarded."

    enum Ending: String, CaseIterable, CustomTestStringConvertible {
        case offline, sessionEnded
        var testDescription: String { rawValue }
        var reason: QueueReason { self == .offline ? .offline : .sessionEnded }
        var sentence: String { self == .offline ? QueuedBecauseTests.offline : QueuedBecauseTests.sessionEnded }
    }

    /// The Account screen of a signed-in device whose outbox is on `kind`, appeared.
    func screen(_ kind: DatabaseKind, _ run: (SalesDevice, AccountScreenModel) async throws -> Void) async throws {
        try await withTestDatabase(kind) { test in
            let outbox = SalesOutbox(store: try await LocalStore(database: test.database))
            let device = try await SalesDevice.signedIn(outbox: outbox)
            let screen = try #require(device.app.account)
            await screen.appeared()
            try await run(device, screen)
        }
    }

    /// The network goes down, or Salesforce ends the session, before the next request.
    func end(_ ending: Ending, on device: SalesDevice) async throws {
        switch ending {
        case .offline: device.harness.wire.isDown = true
        case .sessionEnded: try await device.harness.revokeElsewhereAndExpire(device.client)
        }
    }

    /// What the screen says of a change that waits, and what it keeps of why.
    func expectWaits(_ screen: AccountScreenModel, _ ending: Ending, _ summary: String) async throws {
        #expect(screen.banner == .notice(ending.sentence))
        #expect(screen.banner == .notice(SalesText.savedToSend(because: ending.reason)))
        #expect(screen.queuedBecause == ending.reason)
        #expect(screen.queued?.summary == summary)
    }

    @Test(arguments: DatabaseKind.eachDialect, Ending.allCases)
    func theHealthCareSaveSaysWhyItWaits(kind: DatabaseKind, ending: Ending) async throws {
        try await screen(kind) { device, screen in
            screen.editTapped()
            screen.fieldEdited(.numBeds, text: "312")
            try await end(ending, on: device)
            await screen.saveTapped()
            #expect(screen.saveOutcome == .queued)
            try await expectWaits(screen, ending, "save the account St. Mary's Regional Medical Center")
            #expect(try await device.outbox.pending().count == 1)
        }
    }

    @Test(arguments: DatabaseKind.eachDialect, Ending.allCases)
    func aNoteAddedSaysWhyItWaits(kind: DatabaseKind, ending: Ending) async throws {
        try await screen(kind) { device, screen in
            screen.addTapped(.note)
            let editor = try #require(screen.editor)
            editor.nameEdited("Visit")
            editor.textEdited(SalesDevice.noteText)
            try await end(ending, on: device)
            await screen.editorSaveTapped()
            // NB: the form and the screen say the same reason.
            #expect(editor.queuedBecause == ending.reason)
            try await expectWaits(screen, ending, "add the note Visit")
        }
    }

    @Test(arguments: DatabaseKind.eachDialect, Ending.allCases)
    func aNoteEditedSaysWhyItWaits(kind: DatabaseKind, ending: Ending) async throws {
        try await screen(kind) { device, screen in
            let note = try #require(screen.details?.notes.first?.id)
            screen.itemEditTapped(id: note)
            let editor = try #require(screen.editor)
            editor.nameEdited("Renamed")
            try await end(ending, on: device)
            await screen.editorSaveTapped()
            #expect(editor.queuedBecause == ending.reason)
            try await expectWaits(screen, ending, "save the note Renamed")
        }
    }

    @Test(arguments: DatabaseKind.eachDialect, Ending.allCases)
    func aDeletionSaysWhyItWaits(kind: DatabaseKind, ending: Ending) async throws {
        try await screen(kind) { device, screen in
            let doc = try #require(screen.details?.docs.first)
            let id = try #require(doc.id)
            screen.itemDeleteTapped(id: id)
            try await end(ending, on: device)
            await screen.confirmTapped(.deleteItem(id))
            #expect(!screen.items.contains { $0.id == id })
            try await expectWaits(screen, ending, "delete the Google Doc \(doc.name ?? "")")
        }
    }

    /// A save that went leaves nothing said to be waiting from the one before it.
    @Test func aSaveThatWentForgetsTheOneThatWaited() async throws {
        try await screen(.sqliteMemory) { device, screen in
            screen.editTapped()
            screen.fieldEdited(.numBeds, text: "312")
            device.harness.wire.isDown = true
            await screen.saveTapped()
            #expect(screen.queuedBecause == .offline)
            device.harness.wire.isDown = false
            screen.editTapped()
            screen.fieldEdited(.numBeds, text: "313")
            await screen.saveTapped()
            #expect(screen.saveOutcome == .saved)
            #expect(screen.queued == nil)
            #expect(screen.queuedBecause == nil)
        }
    }
}
