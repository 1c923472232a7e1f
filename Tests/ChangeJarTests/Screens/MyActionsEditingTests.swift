import ChangeJarModels
import Foundation
import Testing

@testable import ChangeJarCore

/// My Actions: a person edits (a row's page, its Edit) and deletes (swipe) their own actions, against the real
/// server; what the screen shows after each step, and what a refusal leaves.
@MainActor
@Suite("Change Jar: editing and deleting one's actions")
struct MyActionsEditingTests {
    /// Alice signed in with Google, with two actions of her own and one of Bob's in the jar.
    static func alicesActions(_ server: TestServer) async throws -> CoreHarness {
        try await server.create("Bob's", as: .google, user: "bob")
        let harness = CoreHarness(server: server)
        let app = harness.app
        await app.settings.providerTapped(.google)
        for title in ["Cycle to work", "Call my grandmother"] {
            app.submit.title = title
            app.submit.content = "Every week."
            await app.submit.submitTapped()
        }
        await app.mine.refreshPulled()
        return harness
    }

    @Test func aRowsPageOpensTheFormAndSaveShowsTheEditInBothLists() async throws {
        try await withServer(.sqliteMemory) { server in
            let harness = try await Self.alicesActions(server)
            let mine = harness.app.mine
            #expect(mine.canChange)
            #expect(!harness.app.all.canChange)
            let row = try #require(mine.rows.first { $0.title == "Cycle to work" })

            mine.rowTapped(row.id)
            let page = try #require(mine.detail)
            page.editTapped()
            let editor = try #require(page.editor)
            #expect(editor.title == "Cycle to work" && editor.content == "Every week.")
            #expect(editor.screenTitle == "Edit Action")
            editor.title = "   "
            await page.saveTapped()
            #expect(page.editor != nil)
            #expect(editor.invalidField == .title)
            #expect(editor.banner == .failure("The title must be 1 to 120 characters."))
            #expect(harness.network.count("PUT /changejar/v1/actions/\(row.id)") == 0)

            editor.title = "  Cycle to work, rain or shine "
            await page.saveTapped()
            #expect(page.editor == nil)
            #expect(page.banner == .confirmation("Saved “Cycle to work, rain or shine”."))
            #expect(mine.rows.map(\.title).contains("Cycle to work, rain or shine"))
            #expect(harness.app.all.rows.map(\.title).contains("Cycle to work, rain or shine"))

            page.editTapped()
            page.editorClosed()
            #expect(page.editor == nil)
            mine.detailClosed()
            #expect(mine.detail == nil)
        }
    }

    @Test func aSwipeAsksThenDeletesFromTheJarAndTheSavedCopy() async throws {
        try await withServer(.sqliteMemory) { server in
            let harness = try await Self.alicesActions(server)
            let mine = harness.app.mine
            let row = try #require(mine.rows.first { $0.title == "Call my grandmother" })

            // The swipe only asks; Cancel leaves the action in the jar.
            mine.rowDeleteTapped(row.id)
            let question = try #require(mine.confirmation)
            #expect(question.title == "Delete “Call my grandmother”?")
            #expect(question.message == "It leaves the jar for everyone. This cannot be undone.")
            #expect([question.confirmTitle, question.cancelTitle] == ["Delete", "Cancel"])
            mine.confirmationDismissed()
            #expect(mine.confirmation == nil)
            #expect(harness.network.count("DELETE /changejar/v1/actions/\(row.id)") == 0)
            #expect(mine.rows.count == 2)

            mine.rowDeleteTapped(row.id)
            await mine.confirmTapped(question.action)
            #expect(mine.confirmation == nil)
            #expect(mine.banner == .confirmation("Deleted “Call my grandmother”."))
            #expect(mine.rows.map(\.title) == ["Cycle to work"])
            #expect(!harness.app.all.rows.map(\.title).contains("Call my grandmother"))
            let saved = await harness.cache.load(.mine(.google, providerUserID: "alice"))
            #expect(saved?.map(\.title) == ["Cycle to work"])

            // Offline: nothing is deleted, and the row stays.
            harness.network.isOffline = true
            let left = try #require(mine.rows.first)
            mine.rowDeleteTapped(left.id)
            await mine.confirmTapped(left.id)
            #expect(mine.rows.map(\.id) == [left.id])
            #expect(mine.banner == .failure(ChangeJarError.offline.message))
            harness.network.isOffline = false
        }
    }

    /// A session that can no longer be renewed (two hours on, the provider's login has expired as well).
    @Test func anExpiredSessionSignsOutAndChangesNothing() async throws {
        try await withServer(.sqliteMemory) { server in
            let harness = try await Self.alicesActions(server)
            let mine = harness.app.mine
            let row = try #require(mine.rows.first)
            mine.rowTapped(row.id)
            let page = try #require(mine.detail)
            page.editTapped()
            let editor = try #require(page.editor)
            server.clock.advance(by: 2 * 3_600)
            editor.title = "Too late"
            await page.saveTapped()
            #expect(editor.banner == .failure("Your sign-in has expired. Please sign in again."))
            #expect(page.editor != nil)
            page.editorClosed()
            #expect(!page.canChange)
            mine.detailClosed()

            mine.rowDeleteTapped(row.id)
            await mine.confirmTapped(row.id)
            #expect(mine.banner == .failure("Your sign-in has expired. Please sign in again."))
            #expect(mine.rows.isEmpty)
            #expect(mine.emptyMessage == "Sign in to see your actions.")
            #expect(harness.network.count("DELETE /changejar/v1/actions/\(row.id)") == 0)
            #expect(harness.network.count("PUT /changejar/v1/actions/\(row.id)") == 0)
        }
    }

    @Test func theSavedCopyOfflineCannotBeChanged() async throws {
        try await withServer(.sqliteMemory) { server in
            let harness = try await Self.alicesActions(server)
            let mine = harness.app.mine
            harness.network.isOffline = true
            await mine.refreshPulled()
            #expect(!mine.canChange)
            let row = try #require(mine.rows.first)
            mine.rowTapped(row.id)
            let page = try #require(mine.detail)
            await page.opened()
            page.editTapped()
            #expect(page.editor == nil)
            mine.rowDeleteTapped(row.id)
            #expect(mine.confirmation == nil)
            await mine.confirmTapped(row.id)
            #expect(mine.rows.contains(row))
        }
    }
}
