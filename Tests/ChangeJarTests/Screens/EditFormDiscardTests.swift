import ChangeJarModels
import Foundation
import Localization
import Testing

@testable import ChangeJarCore

/// The edit form of one's own action asks before its Cancel (or a swipe down) throws away what was typed, and
/// closes at once when nothing changed; as Sales' item editor does.
@MainActor
@Suite("Change Jar: cancelling the edit form")
struct EditFormDiscardTests {
    /// Alice's page of her own action ("Cycle to work", "Twice a week."), read from the server so it offers Edit,
    /// with its edit form open.
    static func editing(_ server: TestServer) async throws -> (CoreHarness, ActionDetailModel, ActionEditorModel) {
        let harness = try await ActionDetailTests.jar(server)
        await harness.app.mine.refreshPulled()
        let id = try #require(harness.app.mine.rows.first { $0.title == "Cycle to work" }?.id)
        harness.app.mine.rowTapped(id)
        let page = try #require(harness.app.mine.detail)
        await page.opened()
        page.editTapped()
        return (harness, page, try #require(page.editor))
    }

    @Test func cancelClosesAtOnceWhenNothingChanged() async throws {
        try await withServer(.sqliteMemory) { server in
            let (_, page, editor) = try await Self.editing(server)
            #expect(!editor.hasUnsavedChanges)
            // Typed, then typed back: nothing is lost.
            editor.title = "Cycle to work!"
            editor.title = "Cycle to work"
            #expect(!editor.hasUnsavedChanges)
            page.editorCancelTapped()
            #expect(page.editor == nil && page.editorConfirmation == nil)

            page.editTapped()
            page.presentationDismissed()
            #expect(page.editor == nil && page.editorConfirmation == nil)
        }
    }

    @Test func cancelAsksFirstWhenSomethingWasTyped() async throws {
        try await withServer(.sqliteMemory) { server in
            let (harness, page, editor) = try await Self.editing(server)
            editor.content = "Three times a week."
            #expect(editor.hasUnsavedChanges)

            page.editorCancelTapped()
            let question = try #require(page.editorConfirmation)
            #expect(question.title == "Discard Changes?")
            #expect(question.message == "Your changes to this action are not saved, and cannot be had back.")
            #expect([question.confirmTitle, question.cancelTitle] == ["Discard", "Keep Editing"])
            #expect(page.confirmation == nil)
            // Keep Editing: the form stays, with what was typed.
            page.editorConfirmationDismissed()
            #expect(page.editorConfirmation == nil)
            #expect(page.editor === editor && editor.content == "Three times a week.")

            // A swipe down asks the same; Discard closes the form and sends nothing.
            page.presentationDismissed()
            let again = try #require(page.editorConfirmation)
            #expect(again == question)
            page.editorConfirmTapped(again.action)
            #expect(page.editor == nil && page.editorConfirmation == nil)
            #expect(page.detail?.content == "Twice a week.")
            #expect(harness.network.count("PUT /changejar/v1/actions/\(page.actionID)") == 0)
        }
    }

    /// A refused Save leaves the form open with the typing in it: Cancel then asks too. Once saved, the form is
    /// gone and there is nothing to lose.
    @Test func aRefusedSaveStillAsksAndASavedEditDoesNot() async throws {
        try await withServer(.sqliteMemory) { server in
            let (_, page, editor) = try await Self.editing(server)
            editor.title = ""
            await page.saveTapped()
            #expect(page.editor != nil)
            page.editorCancelTapped()
            #expect(page.editorConfirmation != nil)
            page.editorConfirmationDismissed()

            editor.title = "Cycle to work, rain or shine"
            await page.saveTapped()
            #expect(page.editor == nil)
            #expect(!editor.hasUnsavedChanges)
        }
    }
}
