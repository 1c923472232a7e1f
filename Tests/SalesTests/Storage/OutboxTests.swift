import Database
import Foundation
import LocalStore
import SalesCore
import Testing

@Suite struct OutboxTests {
    func noteEdit(_ title: String) -> PendingEdit {
        PendingEdit(
            change: .create(
                object: "Note",
                fields: ItemMapping.noteInsert(Note(name: title, text: "x"), accountID: DevServerHarness.hospitalID)),
            summary: "add the note \(title)")
    }

    @Test func anOfflineEditIsSentExactlyOnceOnReconnect() async throws {
        let harness = try await DevServerHarness.make()
        let client = try await harness.client()
        let outbox = try await makeOutbox()
        let account = try await client.retrieveAccount(id: DevServerHarness.hospitalID).account
        let note = noteEdit("Offline visit")
        try await outbox.enqueue(note)
        var edited = account
        edited.numBeds = 260
        try await outbox.enqueue(
            PendingEdit(
                change: .update(
                    object: "Account", id: DevServerHarness.hospitalID, fields: accountToUpdateParams(edited),
                    expectedLastModified: account.lastModifiedDate),
                summary: "save the account"))

        // Still offline: nothing leaves, nothing is lost.
        harness.wire.isDown = true
        let offline = try await outbox.flush(using: client)
        #expect(offline.stoppedBecause != nil)
        #expect(offline.sent.isEmpty)
        #expect(try await outbox.pending().count == 2)

        // Reconnect; two flushes race (two screens noticed the network): each edit still goes once.
        harness.wire.isDown = false
        async let first = outbox.flush(using: client)
        async let second = outbox.flush(using: client)
        let reports = try await [first, second]
        #expect(reports.map(\.sent.count).reduce(0, +) == 2)
        #expect(try await outbox.pending().isEmpty)
        #expect(harness.wire.count("POST", pathSuffix: "/sobjects/Note") == 1)
        #expect(harness.wire.count("PATCH", pathSuffix: "/sobjects/Account/\(DevServerHarness.hospitalID)") == 1)
        let createdID = try #require(reports.compactMap { $0.createdIDs[note.id] }.first)
        #expect(createdID.hasPrefix("002"))

        // A later flush sends nothing again.
        #expect(try await outbox.flush(using: client).sent.isEmpty)
        let details = try await client.retrieveAccount(id: DevServerHarness.hospitalID)
        #expect(details.notes.filter { $0.name == "Offline visit" }.map(\.id) == [createdID])
        #expect(details.account.numBeds == 260)
    }

    /// The app died after the server created the note but before the outbox recorded it: the replay
    /// carries the same idempotency key and the server answers with the first record.
    @Test func aReplayAfterALostAnswerMakesNoDuplicate() async throws {
        let harness = try await DevServerHarness.make()
        let client = try await harness.client()
        let outbox = try await makeOutbox()
        let edit = noteEdit("Sent twice")
        guard case .create(let object, let fields) = edit.change else { return }
        let firstID = try await client.create(
            object, fields: fields, idempotencyKey: edit.id.uuidString, operation: edit.summary)
        try await outbox.enqueue(edit)
        let report = try await outbox.flush(using: client)
        #expect(report.createdIDs[edit.id] == firstID)
        let notes = try await client.retrieveAccount(id: DevServerHarness.hospitalID).notes
        #expect(notes.filter { $0.name == "Sent twice" }.count == 1)
    }

    @Test func aRecordChangedOnTheServerIsAConflictAndNothingIsOverwritten() async throws {
        let harness = try await DevServerHarness.make()
        let client = try await harness.client()
        let other = try await harness.client()
        let account = try await client.retrieveAccount(id: DevServerHarness.hospitalID).account

        // Someone else saves first.
        harness.clock.advance(by: 5)
        var theirs = account
        theirs.numBeds = 999
        try await other.saveAccount(theirs)

        // Our offline edit, based on the older version, is replayed.
        var ours = account
        ours.numBeds = 1
        let outbox = try await makeOutbox()
        try await outbox.enqueue(
            PendingEdit(
                change: .update(
                    object: "Account", id: DevServerHarness.hospitalID, fields: accountToUpdateParams(ours),
                    expectedLastModified: account.lastModifiedDate),
                summary: "save the account St. Mary's"))
        let report = try await outbox.flush(using: client)
        #expect(report.conflicts.map(\.summary) == ["save the account St. Mary's"])
        #expect(report.sent.isEmpty)
        #expect(try await outbox.pending().isEmpty)
        let unsent = try await outbox.unsent()
        #expect(unsent.map(\.edit.summary) == ["save the account St. Mary's"])
        #expect(unsent.map(\.reason) == [.conflict])
        #expect(unsent.first?.canBeSentOver == true)
        #expect(try await client.retrieveAccount(id: DevServerHarness.hospitalID).account.numBeds == 999)

        // The person keeps theirs: it is sent once more, without the version check, and written over.
        let edit = try #require(unsent.first?.edit)
        #expect(try await outbox.sendOver(edit.id))
        #expect(try await outbox.unsent().isEmpty)
        #expect(try await outbox.pending().count == 1)
        let again = try await outbox.flush(using: client)
        #expect(again.sent == [edit.id])
        #expect(again.conflicts.isEmpty)
        #expect(try await client.retrieveAccount(id: DevServerHarness.hospitalID).account.numBeds == 1)
        #expect(try await outbox.sendOver(edit.id) == false)
        #expect(try await outbox.discard(edit.id) == false)
    }

    /// A delete made offline must not destroy what someone wrote meanwhile: it is a conflict, like a save, and
    /// goes through only when the person sends it over the newer version.
    @Test func anOfflineDeleteOfARecordEditedSinceIsAConflictAndDeletesNothing() async throws {
        let harness = try await DevServerHarness.make()
        let client = try await harness.client()
        let other = try await harness.client()
        let details = try await client.retrieveAccount(id: DevServerHarness.hospitalID)
        let note = try #require(details.notes.first)
        let noteID = try #require(note.id)

        harness.clock.advance(by: 5)
        var theirs = note
        theirs.text = "Their newer words."
        _ = try await other.save(theirs)

        let outbox = try await makeOutbox()
        let deletion = PendingEdit.deleting(
            "Note", id: noteID, name: note.name, basedOn: note.lastModifiedDate, on: DevServerHarness.hospitalID)
        try await outbox.enqueue(deletion)
        let report = try await outbox.flush(using: client)
        #expect(report.conflicts.map(\.id) == [deletion.id])
        #expect(report.sent.isEmpty)
        let kept = try await client.retrieveAccount(id: DevServerHarness.hospitalID).notes.first { $0.id == noteID }
        #expect(kept?.text == "Their newer words.")
        let unsent = try await outbox.unsent()
        #expect(unsent.first?.canBeSentOver == true)

        #expect(try await outbox.sendOver(deletion.id))
        #expect(try await outbox.flush(using: client).sent == [deletion.id])
        #expect(
            try await client.retrieveAccount(id: DevServerHarness.hospitalID).notes.contains { $0.id == noteID }
                == false)

        // A delete based on the version the server still has goes through at once.
        let doc = try #require(details.docs.first)
        let plain = PendingEdit.deleting(
            "GoogleDoc", id: try #require(doc.id), basedOn: doc.lastModifiedDate, on: DevServerHarness.hospitalID)
        try await outbox.enqueue(plain)
        #expect(try await outbox.flush(using: client).sent == [plain.id])
    }

    @Test func aDirectSaveOverANewerServerVersionIsAConflict() async throws {
        let harness = try await DevServerHarness.make()
        let center = NotificationCenter()
        let messages = ErrorMessages(center)
        let client = try await harness.client(center: center)
        var note = try #require(try await client.retrieveAccount(id: DevServerHarness.hospitalID).notes.first)
        harness.clock.advance(by: 5)
        var theirs = note
        theirs.text = "theirs"
        theirs.lastModifiedDate = nil
        try await client.save(theirs)

        note.text = "ours"
        do {
            try await client.save(note)
            Issue.record("should be a conflict")
        } catch let error as SalesforceError {
            guard case .conflict(_, let object, let id, _) = error else {
                Issue.record("expected a conflict, got \(error)")
                return
            }
            #expect(object == "Note")
            #expect(id == note.id)
        }
        let stored = try await client.retrieveAccount(id: DevServerHarness.hospitalID).notes.first { $0.id == note.id }
        #expect(stored?.text == "theirs")
        #expect(messages.all.last?.contains("changed on the server since it was read; nothing was overwritten") == true)
    }

    @Test func refusedEditsAreReportedAndLeaveTheQueue() async throws {
        let harness = try await DevServerHarness.make()
        let client = try await harness.client()
        let outbox = try await makeOutbox()
        try await outbox.enqueue(
            PendingEdit(
                change: .create(
                    object: "Note", fields: ["ParentId": .string("001Q000000Demo9IAB"), "Title": .string("x")]),
                summary: "add an orphan note"))
        try await outbox.enqueue(noteEdit("After the orphan"))
        let report = try await outbox.flush(using: client)
        #expect(report.rejected.map(\.summary) == ["add an orphan note"])
        #expect(report.sent.count == 1)
        #expect(try await outbox.pending().isEmpty)

        // Kept, with the server's reason, until the person lets it go; sending it again is not offered.
        let unsent = try #require(try await outbox.unsent().first)
        #expect(unsent.edit.summary == "add an orphan note")
        guard case .refused(let message) = unsent.reason else {
            Issue.record("expected a refusal, got \(unsent.reason)")
            return
        }
        #expect(!message.isEmpty)
        #expect(unsent.canBeSentOver == false)
        #expect(try await outbox.sendOver(unsent.id) == false)
        #expect(try await outbox.discard(unsent.id))
        #expect(try await outbox.unsent().isEmpty)
    }

    @Test func pendingEditsSurviveARelaunchInTheLocalStore() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("outbox-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("sales.sqlite").path
        let edit = PendingEdit(change: .delete(object: "Note", id: "002Q000000Demo1IAB"), summary: "delete the note")
        try await SalesOutbox(store: try await LocalStore(database: SQLiteDatabase(path: path))).enqueue(edit)
        let reopened = SalesOutbox(store: try await LocalStore(database: SQLiteDatabase(path: path)))
        #expect(try await reopened.pending() == [edit])
        try await reopened.clear()
        #expect(try await reopened.pending().isEmpty)
    }

    @Test func theAccountCacheSurvivesInTheLocalStoreAndIsWiped() async throws {
        let harness = try await DevServerHarness.make()
        let client = try await harness.client()
        let store = try await LocalStore(database: SQLiteDatabase(url: "sqlite::memory:"))
        let cache = AccountCache.localStore(store)
        let details = try await client.retrieveAccount(id: DevServerHarness.hospitalID)
        await cache.save(details)
        await cache.save(try await client.retrieveAccount(id: DevServerHarness.nonHospitalID))
        #expect(await cache.load(DevServerHarness.hospitalID) == details)
        await cache.wipe()
        #expect(await cache.load(DevServerHarness.hospitalID) == nil)
        #expect(await cache.load(DevServerHarness.nonHospitalID) == nil)
    }

    /// Removing one account (deleted in Salesforce) forgets it and its content, and keeps the others.
    @Test(arguments: [false, true])
    func oneAccountIsRemovedFromTheCache(inLocalStore: Bool) async throws {
        let harness = try await DevServerHarness.make()
        let client = try await harness.client()
        let cache = try await accountCache(inLocalStore: inLocalStore)
        let hospital = try await client.retrieveAccount(id: DevServerHarness.hospitalID)
        let other = try await client.retrieveAccount(id: DevServerHarness.nonHospitalID)
        await cache.save(hospital)
        await cache.saveContent(
            DevServerHarness.hospitalID, try await client.webContent(accountID: DevServerHarness.hospitalID))
        await cache.save(other)
        await cache.remove(DevServerHarness.hospitalID)
        #expect(await cache.load(DevServerHarness.hospitalID) == nil)
        #expect(await cache.loadContent(DevServerHarness.hospitalID) == nil)
        #expect(await cache.accountIDs() == [DevServerHarness.nonHospitalID])
        #expect(await cache.load(DevServerHarness.nonHospitalID) == other)
    }

    /// The account cache the app keeps in its local store, or the in-memory one.
    private func accountCache(inLocalStore: Bool) async throws -> AccountCache {
        inLocalStore
            ? AccountCache.localStore(try await LocalStore(database: SQLiteDatabase(url: "sqlite::memory:")))
            : AccountCache.inMemory()
    }

    /// Both caches keep an account's Know · Say · Show beside it, and forget it on wipe (it is the org's content,
    /// which the next person signing in on the device may not see).
    @Test(arguments: [false, true])
    func theCacheKeepsAnAccountsContentUntilWiped(inLocalStore: Bool) async throws {
        let harness = try await DevServerHarness.make()
        let client = try await harness.client()
        let cache = try await accountCache(inLocalStore: inLocalStore)
        let content = try await client.webContent(accountID: DevServerHarness.hospitalID)
        #expect(await cache.loadContent(DevServerHarness.hospitalID) == nil)
        await cache.save(try await client.retrieveAccount(id: DevServerHarness.hospitalID))
        await cache.saveContent(DevServerHarness.hospitalID, content)
        #expect(await cache.loadContent(DevServerHarness.hospitalID) == content)
        #expect(await cache.loadContent(DevServerHarness.nonHospitalID) == nil)
        await cache.wipe()
        #expect(await cache.loadContent(DevServerHarness.hospitalID) == nil)
    }

    /// Both caches find the kept account an item belongs to, and forget it on wipe.
    @Test(arguments: [false, true])
    func theCacheFindsTheAccountThatListsAnItem(inLocalStore: Bool) async throws {
        let harness = try await DevServerHarness.make()
        let client = try await harness.client()
        let cache = try await accountCache(inLocalStore: inLocalStore)
        let hospital = try await client.retrieveAccount(id: DevServerHarness.hospitalID)
        let other = try await client.retrieveAccount(id: DevServerHarness.nonHospitalID)
        let item = try #require(hospital.items.first?.id)
        #expect(await cache.account(holding: item) == nil)
        await cache.save(other)
        await cache.save(hospital)
        await cache.save(hospital)
        #expect(await cache.accountIDs() == [DevServerHarness.nonHospitalID, DevServerHarness.hospitalID])
        #expect(await cache.account(holding: item) == hospital)
        #expect(await cache.account(holding: "00PQ000000Nothing") == nil)
        await cache.wipe()
        #expect(await cache.accountIDs().isEmpty)
        #expect(await cache.account(holding: item) == nil)
    }
}
