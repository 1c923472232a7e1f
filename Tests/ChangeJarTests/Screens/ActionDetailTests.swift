import ChangeJarModels
import Foundation
import Localization
import Testing

@testable import ChangeJarCore

/// An action's page, opened by a tap on its row in any list, against the real server: the whole text, who and
/// when; Edit and Delete on one's own action only; what the other lists show after.
@MainActor
@Suite("Change Jar: an action's page")
struct ActionDetailTests {
    /// A pledge of 2,000 characters over several paragraphs: a row shows three lines of it.
    static let longText =
        String(
            (1...20).map { "Paragraph \($0): " + String(repeating: "walk more, ", count: 8) }.joined(separator: "\n")
                .prefix(1_999)) + "."

    /// Bob (who gave the provider no name) pledged the long text; Alice has one action of her own; Alice's app is
    /// signed in and has read All Actions.
    static func jar(_ server: TestServer) async throws -> CoreHarness {
        try await server.create("Walk everywhere", content: longText, as: .facebook, user: "bob")
        server.clock.advance(by: 60)
        let harness = CoreHarness(server: server)
        let app = harness.app
        await app.settings.providerTapped(.google)
        app.submit.title = "Cycle to work"
        app.submit.content = "Twice a week."
        await app.submit.submitTapped()
        return harness
    }

    @Test func everyListsRowOpensTheWholeAction() async throws {
        try await withServer(.sqliteMemory) { server in
            let harness = try await Self.jar(server)
            let app = harness.app
            #expect(Self.longText.count == 2_000)
            let expected = ActionDetail(
                title: "Walk everywhere", content: Self.longText, author: "Someone", source: "Facebook",
                added: "May 28, 2026 at 8:26\u{202F}PM", edited: nil)

            await app.all.refreshPulled()
            let allID = try #require(app.all.rows.first { $0.title == "Walk everywhere" }?.id)
            #expect(app.all.rows.first { $0.id == allID }?.byline == "Someone via Facebook")
            app.all.rowTapped(allID)
            let page = try #require(app.all.detail)
            // The row's copy at once, then the server's: the same words, whole, and not Alice's to change.
            #expect(page.detail == expected)
            #expect(!page.canChange)
            await page.opened()
            #expect(page.detail == expected)
            #expect(page.banner == nil && !page.isBusy)
            #expect(page.screenTitle == "Action")
            #expect(!page.canChange)
            page.editTapped()
            page.deleteTapped()
            #expect(page.editor == nil && page.confirmation == nil)
            app.all.detailClosed()
            #expect(app.all.detail == nil)

            await app.new.opened()
            app.new.rowTapped(allID)
            #expect(app.new.detail?.detail == expected)

            app.search.queryChanged("everywhere")
            await harness.sleeper.untilWaiting(1)
            await harness.sleeper.releaseAll()
            await app.search.activeSearch?.value
            app.search.rowTapped(allID)
            #expect(app.search.detail?.detail == expected)

            // The command line's `show ID`: from the id alone.
            let linked = app.actionPage(id: allID)
            #expect(linked.detail == nil)
            await linked.opened()
            #expect(linked.detail == expected)
            #expect(linked.action?.isMine == false)
        }
    }

    @Test func onesOwnActionIsEditedAndDeletedFromItsPage() async throws {
        try await withServer(.sqliteMemory) { server in
            let harness = try await Self.jar(server)
            let app = harness.app
            await app.all.refreshPulled()
            await app.mine.refreshPulled()
            await app.new.opened()
            let id = try #require(app.all.rows.first { $0.title == "Cycle to work" }?.id)

            // From All Actions, whose rows are anyone's, only the server's answer says it is Alice's.
            app.all.rowTapped(id)
            let page = try #require(app.all.detail)
            #expect(!page.canChange)
            await page.opened()
            #expect(page.canChange)
            #expect([page.editTitle, page.deleteTitle] == ["Edit", "Delete"])

            page.editTapped()
            let editor = try #require(page.editor)
            #expect(editor.title == "Cycle to work" && editor.content == "Twice a week.")
            editor.content = "   "
            await page.saveTapped()
            #expect(page.editor != nil)
            #expect(editor.banner == .failure("The content must be 1 to 2,000 characters."))
            page.editorClosed()
            #expect(page.editor == nil)
            #expect(harness.network.count("PUT /changejar/v1/actions/\(id)") == 0)

            server.clock.advance(by: 120)
            page.editTapped()
            page.editor?.content = "Three times a week, rain or shine."
            await page.saveTapped()
            #expect(page.editor == nil)
            #expect(page.banner == .confirmation("Saved “Cycle to work”."))
            #expect(page.detail?.content == "Three times a week, rain or shine.")
            #expect(page.detail?.edited == "May 28, 2026 at 8:29\u{202F}PM")
            // NB: New has none of one's own actions (they are not new to their author).
            #expect(!app.new.rows.contains { $0.id == id })
            for (name, rows) in [("all", app.all.rows), ("mine", app.mine.rows)] {
                #expect(rows.first { $0.id == id }?.content == "Three times a week, rain or shine.", "\(name)")
            }
            #expect(app.all.actions.first { $0.id == id }?.isMine == nil)

            // Delete asks first; Cancel keeps it.
            page.deleteTapped()
            let question = try #require(page.confirmation)
            #expect(question.title == "Delete “Cycle to work”?")
            page.confirmationDismissed()
            #expect(harness.network.count("DELETE /changejar/v1/actions/\(id)") == 0)
            page.deleteTapped()
            await page.confirmTapped(question.action)
            // The page closes, All says so, and no list shows it any more.
            #expect(app.all.detail == nil)
            #expect(app.all.banner == .confirmation("Deleted “Cycle to work”."))
            #expect(harness.network.count("DELETE /changejar/v1/actions/\(id)") == 1)
            // NB: New has none of one's own actions (they are not new to their author).
            #expect(!app.new.rows.contains { $0.id == id })
            for (name, rows) in [("all", app.all.rows), ("mine", app.mine.rows)] {
                #expect(!rows.contains { $0.id == id }, "\(name)")
            }
            #expect(app.mine.emptyMessage == "You haven't added an action yet.")
            let saved = await harness.cache.load(.mine(.google, providerUserID: "alice"))
            #expect(saved?.isEmpty == true)
        }
    }

    /// Nothing but the server's word makes an action the person's: not a copy in a list anyone reads, not a
    /// session that ended, not a copy shown offline.
    @Test func editAndDeleteNeedTheServersWordAndASession() async throws {
        try await withServer(.sqliteMemory) { server in
            let harness = try await Self.jar(server)
            let app = harness.app
            await app.mine.refreshPulled()
            let id = try #require(app.mine.rows.first?.id)

            // My Actions' rows are Alice's: her page offers Edit before it is read again.
            app.mine.rowTapped(id)
            #expect(app.mine.detail?.canChange == true)

            // Offline, the page shows the row's copy, and changes nothing.
            harness.network.isOffline = true
            let offline = try #require(app.mine.detail)
            await offline.opened()
            #expect(offline.banner == .notice("You're offline. Showing the actions saved on this device."))
            #expect(offline.detail?.title == "Cycle to work")
            #expect(!offline.canChange)
            harness.network.isOffline = false

            // Signed out, it is anyone's action.
            await app.settings.signOutTapped()
            app.mine.rowTapped(id)
            #expect(app.mine.detail?.canChange == false)
            let signedOut = app.actionPage(id: id)
            await signedOut.opened()
            #expect(signedOut.detail?.title == "Cycle to work")
            #expect(!signedOut.canChange)
            #expect(signedOut.action?.isMine == nil)
        }
    }

    /// A session the server no longer takes: the page is read as anyone's and says why Edit is gone.
    @Test func aRefusedSessionReadsThePageAsAnyonesAndSaysSo() async throws {
        try await withServer(.sqliteMemory) { server in
            let action = try await server.create("Plant a tree", user: "alice")
            let stale = AuthSession(
                identityID: "us-east-1:00000000-0000-0000-0000-000000000000", token: "revoked.token.value",
                expiresAt: server.clock.now.addingTimeInterval(3_600), authSource: .google, providerUserID: "alice")
            let harness = CoreHarness(server: server, sessionStore: SessionStore(load: { stale }, save: { _ in }))
            let page = harness.app.actionPage(id: action.id)
            await page.opened()
            #expect(page.detail?.title == "Plant a tree")
            #expect(page.banner == .notice("Your sign-in has expired. Please sign in again."))
            #expect(!page.canChange)
            #expect(harness.app.session.session == nil)
            #expect(harness.network.count("GET /changejar/v1/actions/\(action.id)") == 2)
        }
    }

    @Test func anActionDeletedElsewhereSaysItIsGone() async throws {
        try await withServer(.sqliteMemory) { server in
            let bob = try await server.signIn(.google, "bob")
            let action = try await server.create("Short-lived", user: "bob", token: bob)
            let harness = CoreHarness(server: server)
            await harness.app.all.refreshPulled()
            harness.app.all.rowTapped(action.id)
            let page = try #require(harness.app.all.detail)
            _ = await server.send(.delete, "/changejar/v1/actions/\(action.id)", token: bob, body: Data())
            await page.opened()
            #expect(page.detail == nil)
            #expect(page.banner == .failure("This action no longer exists."))
        }
    }
}
