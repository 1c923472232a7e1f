import Foundation
import SalesCore
import Testing

/// A note a colleague deleted in Salesforce while the rep had it open: their Save says so in plain words (not
/// Salesforce's NOT_FOUND), keeping what was typed.
@MainActor
@Suite struct DeletedElsewhereTests {
    /// The hospital's screen, appeared, listing a new note `Visit`, and the note's id.
    static func screenWithANote() async throws -> (AccountScreenModel, SalesforceClient, String) {
        let harness = try await DevServerHarness.make()
        let client = try await harness.client()
        let note = try await client.create(
            Note(name: "Visit", text: "Call back Tuesday"), accountID: DevServerHarness.hospitalID)
        let cache = AccountCache.inMemory()
        let screen = try await DevServerHarness.hospitalScreen(client, cache: cache)
        await screen.appeared()
        let id = try #require(note.id)
        #expect(screen.items.contains { $0.id == id })
        return (screen, client, id)
    }

    @Test func savingANoteDeletedElsewhereSaysSoAndKeepsWhatWasTyped() async throws {
        let (screen, client, id) = try await Self.screenWithANote()
        screen.itemEditTapped(id: id)
        let editor = try #require(screen.editor)
        editor.textEdited("Call back Wednesday")
        try await client.delete(Note.self, id: id)

        await screen.editorSaveTapped()

        #expect(screen.editor === editor)
        #expect(editor.text == "Call back Wednesday")
        #expect(
            editor.errorMessage
                == "“Visit” is no longer in Salesforce: someone deleted it. Copy what you typed to keep it.")
    }

    /// A note saved by another tool with a title of spaces is listed as Untitled, as a Know · Say · Show row of
    /// spaces is, not as a blank row.
    @Test func aTitleOfSpacesIsListedAsUntitled() {
        let row = ItemRow(.note(Note(id: "002Q000000Blank1IAB", name: "   ", text: "Body")))
        #expect(row.title == "Untitled")
    }
}
