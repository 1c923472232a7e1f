import Foundation
import SalesCore
import Testing

/// A note or Google Doc saved after someone else changed it: nothing is overwritten, the editor keeps what the rep
/// typed and offers Send Mine, which writes the rep's changed fields over the newer version (a field the rep left
/// alone stays the colleague's). Before, Save met the conflict again and again, and only Cancel (losing the typing)
/// closed the form.
@MainActor
@Suite struct EditorConflictTests {
    func screen(_ harness: DevServerHarness) async throws -> (AccountScreenModel, SalesforceClient) {
        let client = try await harness.client()
        let model = try await DevServerHarness.hospitalScreen(client)
        await model.appeared()
        return (model, client)
    }

    @Test func aConflictedNoteKeepsTheTypingAndSendMineSavesItOverTheNewerVersion() async throws {
        let harness = try await DevServerHarness.make()
        let (model, client) = try await screen(harness)
        let note = try #require(model.details?.notes.first)
        let id = try #require(note.id)

        model.itemEditTapped(id: id)
        let editor = try #require(model.editor)
        #expect(editor.conflict == nil)
        // NB: a colleague renames the note meanwhile, a second later.
        harness.clock.advance(by: 1)
        var renamed = note
        renamed.name = "Renamed by a colleague"
        _ = try await client.save(renamed, changedFrom: note)
        harness.clock.advance(by: 1)

        editor.textEdited("What the buyer said, at length")
        await model.editorSaveTapped()
        #expect(model.editor === editor)
        #expect(editor.conflict != nil)
        #expect(editor.text == "What the buyer said, at length")
        #expect(editor.saved == nil)
        await model.editorSaveTapped()
        #expect(editor.conflict != nil)
        #expect(try await client.record("Note", id: id)["Body"] != .string("What the buyer said, at length"))

        await model.editorSendMineTapped()
        #expect(model.editor == nil)
        let stored = try await client.record("Note", id: id)
        #expect(stored["Body"] == .string("What the buyer said, at length"))
        #expect(stored["Title"] == .string("Renamed by a colleague"))
        #expect(model.details?.notes.first { $0.id == id }?.text == "What the buyer said, at length")
    }

    /// Send Mine is only for a form that met a conflict.
    @Test func sendMineWithoutAConflictSendsNothing() async throws {
        let harness = try await DevServerHarness.make()
        let (model, _) = try await screen(harness)
        let id = try #require(model.details?.notes.first?.id)
        model.itemEditTapped(id: id)
        let editor = try #require(model.editor)
        editor.textEdited("Typed")
        let before = harness.wire.requests.count
        await model.editorSendMineTapped()
        #expect(harness.wire.requests.count == before)
        #expect(model.editor === editor)
    }
}
