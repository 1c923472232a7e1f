import Database
import Foundation
import LocalStore
import SalesCore
import Testing

/// An item added offline and still waiting in the outbox: an attachment is renamed in its waiting upload (sent
/// once, under the new name), any kind is deleted after asking (nothing of it is ever sent), and a delete that comes
/// after the sync sent it deletes nothing and shows Salesforce's copy.
@MainActor
@Suite struct WaitingItemTests {
    let en = Locale(identifier: "en_US")
    let utc = TimeZone(identifier: "UTC")!

    /// The hospital's screen, loaded online, over its own outbox (and the database under it) and cache.
    func screen(_ harness: DevServerHarness, cache: AccountCache = .inMemory()) async throws
        -> (AccountScreenModel, SalesOutbox, SQLiteDatabase)
    {
        let database = try SQLiteDatabase(url: "sqlite::memory:")
        let outbox = SalesOutbox(store: try await LocalStore(database: database))
        let model = AccountScreenModel(
            accountID: DevServerHarness.hospitalID, client: try await harness.client(cache: cache), outbox: outbox,
            cache: cache, locale: en, timeZone: utc)
        await model.appeared()
        return (model, outbox, database)
    }

    /// Adds an item through the screen's add button, as a person would, and returns its row.
    func add(_ kind: ItemEditorModel.Kind, _ name: String, to model: AccountScreenModel, bytes: Data = Data("x".utf8))
        async throws -> ItemRow
    {
        model.addTapped(kind)
        let editor = try #require(model.editor)
        switch kind {
        case .note: editor.textEdited("text of \(name)")
        case .doc: editor.urlEdited("https://docs.google.com/d/\(name.count)")
        case .attachment: editor.filePicked(name: name, data: bytes)
        }
        editor.nameEdited(name)
        await model.editorSaveTapped()
        return try #require(model.items.first { $0.title == name })
    }

    // MARK: - Rename

    @Test func anAttachmentAddedOfflineIsRenamedInItsPlaceAndUploadedOnceUnderTheNewName() async throws {
        let harness = try await DevServerHarness.make()
        let (model, outbox, _) = try await screen(harness)
        harness.wire.isDown = true
        _ = try await add(.note, "Before", to: model)
        let bytes = Data("Minutes of the visit: the wing opens in May.".utf8)
        let row = try await add(.attachment, "minutes.txt", to: model, bytes: bytes)
        _ = try await add(.note, "After", to: model)
        let queuedBefore = try await outbox.pending()

        model.itemEditTapped(id: row.id)
        let editor = try #require(model.editor)
        #expect(editor.canSave)
        #expect(editor.saveRefusal == nil)
        editor.nameEdited("Visit minutes.txt")
        await model.editorSaveTapped()
        #expect(editor.errorMessage == nil)
        #expect(editor.outcome == .queued)
        #expect(model.editor == nil)
        #expect(model.banner == .notice("Saved offline; it will be sent when the network returns."))
        #expect(
            model.items.filter { $0.waiting != nil }.map(\.title).sorted() == ["After", "Before", "Visit minutes.txt"])
        #expect(model.items.first { $0.id == row.id }?.title == "Visit minutes.txt")

        let queued = try await outbox.pending()
        #expect(queued.map(\.id) == queuedBefore.map(\.id))
        #expect(
            queued.map(\.summary) == [
                "add the note Before", "upload the attachment Visit minutes.txt", "add the note After",
            ])
        #expect(model.pendingEditCount == 3)

        harness.wire.isDown = false
        await model.networkReturned()
        let uploads = harness.wire.bodies("POST", path: "/sobjects/Attachment")
        #expect(uploads.count == 1)
        #expect(uploads.first?["Name"] == .string("Visit minutes.txt"))
        let sent = try #require(model.details?.attachments.first { $0.name == "Visit minutes.txt" })
        #expect(model.details?.attachments.contains { $0.name == "minutes.txt" } == false)
        let client = try await harness.client()
        #expect(
            try await client.downloadAttachment(id: try #require(sent.id), contentType: sent.contentType).data == bytes)
    }

    @Test func aWaitingAttachmentKeepsTheNameRulesOfASentOne() async throws {
        let harness = try await DevServerHarness.make()
        let (model, outbox, _) = try await screen(harness)
        harness.wire.isDown = true
        let row = try await add(.attachment, "minutes.txt", to: model)
        model.itemEditTapped(id: row.id)
        let editor = try #require(model.editor)

        editor.nameEdited("   ")
        #expect(!editor.canSave)
        #expect(editor.saveRefusal == "Give it a name to save it.")
        editor.nameEdited(String(repeating: "n", count: 300))
        #expect(!editor.canSave)
        #expect(
            editor.saveRefusal == "The name is 300 characters long; Salesforce keeps at most 255. Shorten it to save.")
        await model.editorSaveTapped()
        #expect(model.editor === editor)
        #expect(try await outbox.pending().map(\.summary) == ["upload the attachment minutes.txt"])

        editor.nameEdited("minutes.txt")
        await model.editorSaveTapped()
        #expect(editor.outcome == .unchanged)
    }

    /// The sync sent the attachment while its editor was open: the rename says so and changes nothing, and the file
    /// went up once under its first name.
    @Test func renamingAWaitingAttachmentTheSyncHasSentSaysSo() async throws {
        let harness = try await DevServerHarness.make()
        let (model, outbox, _) = try await screen(harness)
        harness.wire.isDown = true
        let row = try await add(.attachment, "minutes.txt", to: model)
        model.itemEditTapped(id: row.id)
        let editor = try #require(model.editor)
        harness.wire.isDown = false
        #expect(try await outbox.flush(using: try await harness.client()).sent.count == 1)

        editor.nameEdited("Visit minutes.txt")
        await model.editorSaveTapped()
        #expect(editor.errorMessage == "This item was just sent to Salesforce. Open it again to change it there.")
        #expect(editor.saved == nil)
        #expect(
            harness.wire.bodies("POST", path: "/sobjects/Attachment").map { $0["Name"] } == [.string("minutes.txt")])
        #expect(try await outbox.pending().isEmpty)
    }

    /// An outbox whose waiting upload cannot be read as JSON (damaged on the device): the rename says it failed,
    /// the editor stays open on what was typed, and the row keeps its name.
    @Test func renamingOverADamagedOutboxSaysSoAndChangesNothing() async throws {
        let harness = try await DevServerHarness.make()
        let (model, outbox, database) = try await screen(harness)
        harness.wire.isDown = true
        let row = try await add(.attachment, "minutes.txt", to: model)
        try await database.write { db in _ = try db.execute("UPDATE localstore_outbox SET body = X'00FF7B22'") }

        model.itemEditTapped(id: row.id)
        let editor = try #require(model.editor)
        editor.nameEdited("Visit minutes.txt")
        await model.editorSaveTapped()
        #expect(editor.errorMessage?.isEmpty == false)
        #expect(editor.saved == nil)
        #expect(model.editor === editor)
        #expect(model.items.first { $0.id == row.id }?.title == "minutes.txt")
        #expect(try await outbox.pending().isEmpty)  // unreadable, as before: nothing was made of it
        let stored = try await database.read { db in try db.fetchColumn(Data.self, "SELECT body FROM localstore_outbox")
        }
        #expect(stored == [Data([0x00, 0xFF, 0x7B, 0x22])])
    }

    // MARK: - Delete

    @Test(arguments: [ItemEditorModel.Kind.note, .attachment, .doc])
    func anItemAddedOfflineIsDeletedAfterAskingAndNeverSent(kind: ItemEditorModel.Kind) async throws {
        let harness = try await DevServerHarness.make()
        let cache = AccountCache.inMemory()
        let (model, outbox, _) = try await screen(harness, cache: cache)
        let reopenedClient = try await harness.client(cache: cache)
        harness.wire.isDown = true
        let row = try await add(kind, "Call back", to: model)
        _ = try await add(.note, "Kept", to: model)
        #expect(model.pendingEditCount == 2)

        model.itemDeleteTapped(id: row.id)
        let question = try #require(model.pageConfirmation)
        #expect(question.title == "Delete “Call back”?")
        #expect(
            question.message
                == "It was never sent to Salesforce: it goes from this device, and is not sent. This cannot be undone.")
        model.confirmationDismissed()
        #expect(model.items.contains { $0.id == row.id })
        #expect(model.pendingEditCount == 2)

        model.itemDeleteTapped(id: row.id)
        await model.confirmTapped(try #require(model.confirmation?.action))
        #expect(!model.items.contains { $0.id == row.id })
        #expect(!model.deletionRefused)
        #expect(model.banner != .failure(SalesText.waitingItemSent("Call back")))
        #expect(model.pendingEditCount == 1)
        #expect(try await outbox.pending().map(\.summary) == ["add the note Kept"])

        // The copy saved on the device lost it too: the screen opened again offline does not list it.
        let reopened = AccountScreenModel(
            accountID: DevServerHarness.hospitalID, client: reopenedClient, outbox: outbox, cache: cache, locale: en,
            timeZone: utc)
        await reopened.appeared()
        #expect(reopened.items.map(\.title).contains("Kept"))
        #expect(!reopened.items.map(\.title).contains("Call back"))

        harness.wire.isDown = false
        await model.networkReturned()
        let creates = harness.wire.requests.filter {
            $0.httpMethod == "POST" && $0.url?.path.contains("/sobjects/") == true
        }
        #expect(creates.count == 1)
        #expect(!model.items.map(\.title).contains("Call back"))
        #expect(model.items.map(\.title).contains("Kept"))
    }

    /// The race: the sync sent the item after the screen listed it as waiting. Deleting it then deletes nothing
    /// (neither here nor in Salesforce, unasked), says so, and shows Salesforce's copy, to be deleted there after
    /// asking as any sent item.
    @Test func deletingAnItemTheSyncHasJustSentDeletesNothingAndShowsSalesforcesCopy() async throws {
        let harness = try await DevServerHarness.make()
        let (model, outbox, _) = try await screen(harness)
        harness.wire.isDown = true
        let row = try await add(.note, "Call back", to: model)
        harness.wire.isDown = false
        #expect(try await outbox.flush(using: try await harness.client()).sent.count == 1)

        model.itemDeleteTapped(id: row.id)
        await model.confirmTapped(try #require(model.confirmation?.action))
        #expect(model.banner == .failure(SalesText.waitingItemSent("Call back")))
        #expect(model.deletionRefused)
        #expect(
            model.banner?.text
                == "“Call back” was sent to Salesforce before it could be taken back, so nothing was deleted. It shows as "
                + "Salesforce has it; delete it there if you still want it gone.")
        let sent = try #require(model.items.first { $0.title == "Call back" })
        #expect(sent.waiting == nil)
        #expect(harness.wire.count("DELETE", pathSuffix: sent.id) == 0)
        #expect(harness.wire.count("POST", pathSuffix: "/sobjects/Note") == 1)

        model.itemDeleteTapped(id: sent.id)
        #expect(model.confirmation?.message == SalesText.confirmDeleteMessage)
    }

    /// An id neither waiting nor listed asks nothing and deletes nothing.
    @Test func anIdThatIsNeitherWaitingNorListedIsNotDeleted() async throws {
        let harness = try await DevServerHarness.make()
        let (model, outbox, _) = try await screen(harness)
        harness.wire.isDown = true
        _ = try await add(.note, "Call back", to: model)
        for id in [AccountItem.localIDPrefix + UUID().uuidString, "local-nonsense", "00PQ000000Nope1IAB"] {
            model.itemDeleteTapped(id: id)
            #expect(model.confirmation == nil)
            await model.confirmTapped(.deleteItem(id))
            #expect(try await outbox.withdraw(waiting: id) == false)
        }
        #expect(try await outbox.pending().map(\.summary) == ["add the note Call back"])
        #expect(model.items.map(\.title).contains("Call back"))
    }

    /// The outbox cannot be written (its table is gone): the delete says why and the row stays.
    @Test func deletingOverABrokenOutboxSaysWhyAndKeepsTheRow() async throws {
        let harness = try await DevServerHarness.make()
        let (model, _, database) = try await screen(harness)
        harness.wire.isDown = true
        let row = try await add(.note, "Call back", to: model)
        try await database.write { db in try db.execute("DROP TABLE localstore_outbox") }

        model.itemDeleteTapped(id: row.id)
        await model.confirmTapped(try #require(model.confirmation?.action))
        #expect(model.items.contains { $0.id == row.id })
        #expect(model.deletionRefused)
        let text = try #require(model.banner?.text)
        #expect(text.hasPrefix("“Call back” could not be deleted: "), "\(text)")
        #expect(text.hasSuffix(" It waits to be sent, as before."), "\(text)")
    }

    // MARK: - Retry

    /// Offline with nothing saved, the page offers Retry; tapped still offline, the page stays as it was, Retry
    /// included; tapped with the network back, the account loads and Retry goes.
    @Test func theEmptyOfflinePageOffersRetryUntilTheAccountLoads() async throws {
        let harness = try await DevServerHarness.make()
        let model = AccountScreenModel(
            accountID: DevServerHarness.hospitalID, client: try await harness.client(), outbox: try await makeOutbox(),
            cache: .inMemory(), locale: en, timeZone: utc)
        harness.wire.isDown = true
        #expect(!model.canRetry)
        await model.appeared()
        let offline = "You're offline, and this account has not been opened on this device before."
        #expect(model.phase == .failed(offline))
        #expect(model.canRetry)

        await model.retryTapped()
        #expect(model.phase == .failed(offline))
        #expect(model.banner == .failure(offline))
        #expect(model.canRetry)
        #expect(!model.isBusy)

        harness.wire.isDown = false
        await model.retryTapped()
        #expect(model.phase == .loaded)
        #expect(model.title == "St. Mary's Regional Medical Center")
        #expect(model.banner == nil)
        #expect(!model.canRetry)
        await model.retryTapped()
        #expect(model.phase == .loaded)
    }

    /// Retry is for a page that shows nothing because the network was not there: a page showing its saved copy
    /// reloads with a pull, and an id Salesforce does not know would only fail again.
    @Test func retryIsOfferedOnlyWhereTryingAgainMayWork() async throws {
        let harness = try await DevServerHarness.make()
        let cache = AccountCache.inMemory()
        let (model, _, _) = try await screen(harness, cache: cache)
        harness.wire.isDown = true
        await model.refreshPulled()
        #expect(
            model.banner
                == .notice(
                    "You're offline. Showing the copy saved on this device; changes are sent when the network returns.")
        )
        #expect(!model.canRetry)

        harness.wire.isDown = false
        let missing = AccountScreenModel(
            accountID: "001Q000000Nope1IAB", client: try await harness.client(), outbox: try await makeOutbox(),
            cache: .inMemory(), locale: en, timeZone: utc)
        await missing.appeared()
        #expect(missing.details == nil)
        #expect(!missing.canRetry)
    }
}
