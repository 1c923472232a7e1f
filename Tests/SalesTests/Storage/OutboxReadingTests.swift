import Database
import Foundation
import LocalStore
import SalesCore
import Testing

/// What the Account screen and `quartet sales` read of the outbox (the count waiting, the changes not sent, the one
/// let go) is read without the bodies an attachment added offline waits with (its file, up to 25 MB as base64).
///
/// NB: "not read" is shown by bodies no decoder takes: read, they would drop out of the count and the list.
@Suite struct OutboxReadingTests {
    let hospital = DevServerHarness.hospitalID
    let clinic = DevServerHarness.nonHospitalID

    /// A Sales outbox over a store whose database the test can also write to.
    func makeStore() async throws -> (SalesOutbox, LocalStore) {
        let store = try await LocalStore(database: SQLiteDatabase(url: "sqlite::memory:"))
        return (SalesOutbox(store: store), store)
    }

    func upload(_ name: String, on accountID: String) -> PendingEdit {
        PendingEdit(
            change: .create(
                object: Attachment.objectName,
                fields: ItemMapping.attachmentInsert(
                    name: name, body: Data(repeating: 7, count: 4096), contentType: "application/pdf",
                    accountID: accountID)),
            summary: SalesText.Operation.uploadAttachment(name), accountID: accountID)
    }

    /// Replaces every stored body with bytes that are not JSON.
    func spoilBodies(_ store: LocalStore) async throws {
        try await store.database.write { db in
            _ = try db.execute("UPDATE localstore_outbox SET body = \(Data("not JSON".utf8))")
        }
    }

    /// The edits whose stored bodies still decode: none, once ``spoilBodies(_:)`` has run.
    func readableBodies(_ store: LocalStore) async throws -> [PendingEdit] {
        try await store.outbox.operations().compactMap { operation in
            operation.body.flatMap { try? JSONDecoder().decode(PendingEdit.self, from: $0) }
        }
    }

    /// An outbox holding two uploads the server refused: one on the hospital's account, one on the clinic's.
    func twoRefusedUploads() async throws -> (SalesOutbox, LocalStore, mine: PendingEdit, theirs: PendingEdit) {
        let (outbox, store) = try await makeStore()
        let mine = upload("Scan.pdf", on: hospital)
        let theirs = upload("Plan.pdf", on: clinic)
        try await outbox.enqueue(mine)
        try await outbox.enqueue(theirs)
        try await refuseAll(store)
        return (outbox, store, mine, theirs)
    }

    /// Sends what waits to a server that refuses everything.
    func refuseAll(_ store: LocalStore) async throws {
        _ = try await store.outbox.replay { _ in .rejected(status: 400, message: "The file is too large.") }
    }

    @Test func aWaitingUploadIsCountedWithoutReadingItsBody() async throws {
        let (outbox, store) = try await makeStore()
        try await outbox.enqueue(upload("Scan.pdf", on: hospital))
        try await outbox.enqueue(upload("Plan.pdf", on: clinic))
        #expect(try await outbox.pendingCount() == 2)

        try await spoilBodies(store)
        #expect(try await outbox.pending().isEmpty)  // what reading the bodies sees now
        #expect(try await outbox.pendingCount() == 2)
    }

    @Test func refusedUploadsAreListedOnTheirAccountWithoutReadingTheirBodies() async throws {
        let (outbox, store, mine, theirs) = try await twoRefusedUploads()
        let before = try await outbox.unsent(accountID: hospital)

        try await spoilBodies(store)
        #expect(try await readableBodies(store).isEmpty)  // what reading the bodies would see now
        let listed = try await outbox.unsent(accountID: hospital)
        #expect(listed.map(\.id) == [mine.id])
        #expect(listed.map(\.edit.summary) == ["upload the attachment Scan.pdf"])
        #expect(listed.map(\.edit.accountID) == [hospital])
        #expect(listed.map(\.reason) == [.refused("The file is too large.")])
        #expect(listed.map(UnsentEditRow.init) == before.map(UnsentEditRow.init))
        #expect(try await outbox.unsent(accountID: clinic).map(\.id) == [theirs.id])
        // NB: every account's, as `quartet sales sync` counts what waits for a decision.
        #expect(try await outbox.unsent().map(\.id) == [mine.id, theirs.id])
    }

    /// A sync the server refuses uploads in reports each without its file, as "Changes Not Sent" lists it; the
    /// bytes stay stored with the edit.
    @Test func aSyncReportsRefusedUploadsWithoutTheirFiles() async throws {
        let harness = try await DevServerHarness.make()
        let (outbox, store) = try await makeStore()
        let orphan = upload("Scan.pdf", on: "001Q000000Demo9IAB")  // no such account: refused
        try await outbox.enqueue(orphan)
        let report = try await outbox.flush(using: try await harness.client())

        #expect(report.rejected.map(\.id) == [orphan.id])
        #expect(report.rejected.map(\.summary) == ["upload the attachment Scan.pdf"])
        #expect(report.rejected.map(\.accountID) == ["001Q000000Demo9IAB"])
        guard case .create(let object, let fields) = report.rejected.first?.change else {
            Issue.record("expected the upload's create, got \(report.rejected)")
            return
        }
        #expect(object == Attachment.objectName)
        #expect(fields.isEmpty)
        #expect(try await readableBodies(store).map(\.id) == [orphan.id])
    }

    /// Letting a refused upload go finds it by its row, as the list does: a body that does not decode is no
    /// obstacle, and only the one let go leaves.
    @Test func aRefusedUploadIsLetGoWithoutReadingItsBody() async throws {
        let (outbox, store, mine, theirs) = try await twoRefusedUploads()
        try await spoilBodies(store)

        #expect(try await outbox.sendOver(mine.id) == false)  // a create is never sent over
        #expect(try await outbox.discard(mine.id))
        #expect(try await outbox.unsent().map(\.id) == [theirs.id])
        #expect(try await outbox.discard(mine.id) == false)
    }

    /// Forgetting the outbox (someone else signed in) and a sign-out with nothing waiting leave nothing behind,
    /// whatever the bodies hold.
    @Test func clearingAndSigningOutDoNotNeedTheBodies() async throws {
        let (outbox, store) = try await makeStore()
        #expect(try await outbox.signedIn(as: "005Q000000Rep1"))
        try await outbox.enqueue(upload("Scan.pdf", on: hospital))
        try await outbox.enqueue(PendingEdit.adding(Note(name: "Visit", text: "Wing"), to: hospital))
        try await refuseAll(store)
        try await outbox.enqueue(upload("Plan.pdf", on: clinic))
        try await spoilBodies(store)

        try await outbox.clear()
        #expect(try await store.outbox.operations().isEmpty)
        await outbox.signedOut()
        // NB: the owner went with the last edit, so even the same person starts afresh.
        #expect(try await outbox.signedIn(as: "005Q000000Rep1"))
    }

    /// Other edits (a note with its text, an account's save) are listed as ``SalesOutbox/unsent(accountID:)`` lists
    /// them, text and all, and so is an upload queued before the outbox kept its account.
    @Test func otherEditsAndOlderUploadsAreListedAsBefore() async throws {
        let (outbox, store) = try await makeStore()
        let note = PendingEdit.adding(Note(name: "Visit", text: "The wing opens in May."), to: hospital)
        let save = PendingEdit(
            change: .update(
                object: "Account", id: hospital, fields: ["NoSuchField__c": .string("x")], expectedLastModified: nil),
            summary: "save the account St. Mary's", accountID: hospital)
        let unknown = PendingEdit(
            change: .delete(object: "Note", id: "002Q000000Demo1IAB"), summary: "delete the note")
        let older = upload("Old.pdf", on: hospital)
        for edit in [note, save, unknown] { try await outbox.enqueue(edit) }
        // NB: queued as an older version did, with no scope.
        try await store.outbox.enqueue(
            method: .post, path: ["services", "data", "v32.0", "sobjects", Attachment.objectName],
            body: try JSONEncoder().encode(older), contentType: "application/json", label: older.summary,
            idempotencyKey: older.id.uuidString)
        try await outbox.enqueue(upload("Elsewhere.pdf", on: clinic))
        try await refuseAll(store)

        let listed = try await outbox.unsent(accountID: hospital)
        // NB: what the bodies themselves say, where the list had to read them (or may: the note's text).
        #expect(listed.map(\.edit) == (try await readableBodies(store)).filter { $0.isListed(on: hospital) })
        #expect(listed.map(\.id) == [note.id, save.id, unknown.id, older.id])
        #expect(listed.first.map(UnsentEditRow.init)?.text == "The wing opens in May.")
    }

    @MainActor
    @Test func theAccountScreenListsRefusedUploadsWithoutReadingTheirBodies() async throws {
        let harness = try await DevServerHarness.make()
        let (outbox, store) = try await makeStore()
        let mine = upload("Scan.pdf", on: hospital)
        try await outbox.enqueue(mine)
        try await outbox.enqueue(upload("Plan.pdf", on: clinic))
        try await refuseAll(store)
        try await spoilBodies(store)

        let model = AccountScreenModel(
            accountID: hospital, client: try await harness.client(), outbox: outbox, cache: .inMemory(),
            locale: Locale(identifier: "en_US"), timeZone: TimeZone(identifier: "UTC")!)
        await model.appeared()
        #expect(model.pendingEditCount == 0)
        #expect(model.unsentEdits.map(\.id) == [mine.id])
        #expect(model.unsentEdits.map(\.title) == ["Upload the attachment Scan.pdf"])
        #expect(model.unsentEdits.map(\.reason) == ["The file is too large."])
        #expect(model.unsentEdits.map(\.canSendOver) == [false])
        #expect(model.unsentEdits.map(\.text) == [nil])
    }
}
