import Foundation
import SalesCore
import Testing

/// Two reps on one account: a save (online, queued, or sent over a newer version with Send Mine) writes only the
/// fields this rep changed, so the other rep's changes to every other field stay.
@MainActor
@Suite struct UntouchedFieldsTests {
    let en = Locale(identifier: "en_US")
    let utc = TimeZone(identifier: "UTC")!
    let hospital = DevServerHarness.hospitalID

    func makeModel(_ harness: DevServerHarness) async throws -> (AccountScreenModel, SalesOutbox) {
        let cache = AccountCache.inMemory()
        let outbox = try await makeOutbox()
        let model = AccountScreenModel(
            accountID: hospital, client: try await harness.client(cache: cache), outbox: outbox, cache: cache,
            locale: en, timeZone: utc)
        return (model, outbox)
    }

    /// QA's repro: device 1 edits the beds and a note's body offline; device 2 renames the note and changes the
    /// hospital type; device 1's two changes conflict, and Send Mine on each applies device 1's fields only.
    @Test func sendMineAfterOfflineEditsKeepsTheOtherRepsFields() async throws {
        let harness = try await DevServerHarness.make()
        let (model, outbox) = try await makeModel(harness)
        let other = try await harness.client()
        await model.appeared()
        let noteID = try #require(model.details?.notes.first?.id)
        #expect(model.details?.notes.first?.name == "Visit with Dr. Alvarez")
        #expect(model.details?.account.hospitalType == "Short Term Acute Care")

        harness.wire.isDown = true
        model.itemEditTapped(id: noteID)
        model.editor?.textEdited("Bring the gown samples")
        await model.editorSaveTapped()
        model.editTapped()
        model.fieldEdited(.numBeds, text: "260")
        await model.saveTapped()
        #expect(model.pendingEditCount == 2)
        #expect(model.banner == .notice("Saved offline; it will be sent when the network returns."))
        #expect(model.details?.account.numBeds == 260)
        #expect(model.details?.notes.first { $0.id == noteID }?.text == "Bring the gown samples")

        harness.clock.advance(by: 10)
        harness.wire.isDown = false
        var theirNote = try await other.record(Note.self, id: noteID)
        let readNote = theirNote
        theirNote.name = "Visit with Dr. Alvarez (moved)"
        try await other.save(theirNote, changedFrom: readNote)
        var theirAccount = try await other.retrieveAccount(id: hospital).account
        theirAccount.hospitalType = "Childrens"
        try await other.saveAccount(theirAccount, fields: [.hospitalType])

        await model.networkReturned()
        #expect(
            model.banner == .failure("2 changes were not sent; choose what to do with them under “Changes Not Sent”."))
        #expect(model.unsentEdits.count == 2)
        #expect(model.unsentEdits.map(\.canSendOver) == [true, true])
        // Until the rep decides, the screen shows the server's version.
        #expect(model.details?.account.numBeds == 240)
        #expect(model.details?.account.hospitalType == "Childrens")

        for row in model.unsentEdits { await model.sendOverTapped(id: row.id) }
        #expect(model.unsentEdits.isEmpty)
        #expect(try await outbox.unsent().isEmpty)
        #expect(model.banner == nil)

        let account = try await other.retrieveAccount(id: hospital).account
        #expect(account.numBeds == 260)
        #expect(account.hospitalType == "Childrens")
        let note = try await other.record(Note.self, id: noteID)
        #expect(note.name == "Visit with Dr. Alvarez (moved)")
        #expect(note.text == "Bring the gown samples")
        #expect(model.details?.account == account)
        #expect(model.details?.notes.first { $0.id == noteID }?.name == "Visit with Dr. Alvarez (moved)")
    }

    /// Online: the form's save meets a newer version; Send Mine writes the beds the rep typed and leaves the
    /// hospital type the other rep set.
    @Test func sendMineFromTheFormKeepsTheOtherRepsFields() async throws {
        let harness = try await DevServerHarness.make()
        let (model, _) = try await makeModel(harness)
        let other = try await harness.client()
        await model.appeared()
        model.editTapped()
        model.fieldEdited(.numBeds, text: "5")

        harness.clock.advance(by: 10)
        var theirs = try await other.retrieveAccount(id: hospital).account
        theirs.hospitalType = "Childrens"
        theirs.operatingIncome = 1_000_000
        try await other.saveAccount(theirs, fields: [.hospitalType, .operatingIncome])

        await model.saveTapped()
        #expect(model.conflict != nil)
        #expect(model.form?.text[.hospitalType] == "Short Term Acute Care", "the form keeps what the rep saw")
        await model.sendMineTapped()
        #expect(model.conflict == nil)
        #expect(model.form == nil)
        let account = try await other.retrieveAccount(id: hospital).account
        #expect(account.numBeds == 5)
        #expect(account.hospitalType == "Childrens")
        #expect(account.operatingIncome == 1_000_000)
        #expect(model.details?.account == account)
    }

    /// Each save's body: the edited fields, by Salesforce name, and nothing else.
    @Test func aSaveSendsOnlyTheEditedFields() async throws {
        let harness = try await DevServerHarness.make()
        let (model, _) = try await makeModel(harness)
        await model.appeared()
        model.editTapped()
        model.fieldEdited(.numBeds, text: "260")
        model.fieldEdited(.gpoAffiliations, text: "")
        await model.saveTapped()
        let accountPath = "/sobjects/Account/\(hospital)"
        #expect(
            harness.wire.bodies("PATCH", path: accountPath)
                == [[AccountField.numBeds: .number(260), AccountField.gpoAffiliations: .null]])

        let noteID = try #require(model.details?.notes.first?.id)
        model.itemEditTapped(id: noteID)
        model.editor?.nameEdited("Renamed")
        await model.editorSaveTapped()
        #expect(
            harness.wire.bodies("PATCH", path: "/sobjects/Note/\(noteID)")
                == [["Id": .string(noteID), "Title": .string("Renamed")]])
    }

    /// Save with nothing edited (or typed back as it was) closes the form and writes nothing.
    @Test func aSaveWithNothingEditedSendsNothing() async throws {
        let harness = try await DevServerHarness.make()
        let (model, outbox) = try await makeModel(harness)
        await model.appeared()
        let before = model.details
        model.editTapped()
        model.fieldEdited(.numBeds, text: "1")
        model.fieldEdited(.numBeds, text: "240")
        await model.saveTapped()
        #expect(model.form == nil)
        #expect(model.banner == nil)
        #expect(model.details == before)
        #expect(harness.wire.count("PATCH", pathSuffix: "/sobjects/Account/\(hospital)") == 0)
        #expect(try await outbox.pending().isEmpty)
    }

    /// An edit an older version queued holds every field: it still decodes and is replayed as it was made.
    @Test func anEditQueuedByAnOlderVersionStillSendsEveryField() async throws {
        let harness = try await DevServerHarness.make()
        let (model, outbox) = try await makeModel(harness)
        await model.appeared()
        var account = try #require(model.details?.account)
        account.numBeds = 300
        let old = PendingEdit.saving(account, id: hospital, basedOn: account.lastModifiedDate)
        guard case .update(_, _, let fields, _) = old.change else {
            Issue.record("expected an update")
            return
        }
        #expect(fields.count == 9)
        let stored = try JSONEncoder().encode(old)
        try await outbox.enqueue(try JSONDecoder().decode(PendingEdit.self, from: stored))
        await model.networkReturned()
        #expect(harness.wire.bodies("PATCH", path: "/sobjects/Account/\(hospital)") == [fields])
        #expect(model.details?.account.numBeds == 300)
    }
}
