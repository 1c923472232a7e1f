import Foundation
import SalesCore
import Testing

@Suite struct OutboxTests {
    @Test func anOfflineEditIsSentExactlyOnceOnReconnect() async throws {
        let harness = try await DevServerHarness.make()
        let client = try await harness.client()
        let outbox = SalesOutbox(store: .inMemory())
        let account = try await client.retrieveAccount(id: DevServerHarness.hospitalID).account
        await outbox.enqueue(
            PendingEdit(
                change: .create(
                    object: "Note",
                    fields: ItemMapping.noteInsert(
                        Note(name: "Offline visit", text: "x"), accountID: DevServerHarness.hospitalID)),
                summary: "add the note Offline visit"))
        var edited = account
        edited.numBeds = 260
        await outbox.enqueue(
            PendingEdit(
                change: .update(
                    object: "Account", id: DevServerHarness.hospitalID, fields: accountToUpdateParams(edited),
                    expectedLastModified: account.lastModifiedDate),
                summary: "save the account"))

        // Still offline: nothing leaves, nothing is lost.
        harness.wire.isDown = true
        let offline = await outbox.flush(using: client)
        #expect(offline.stoppedOffline)
        #expect(offline.sent.isEmpty)
        #expect(await outbox.pending.count == 2)

        // Reconnect; two flushes race (two screens noticed the network): each edit still goes once.
        harness.wire.isDown = false
        async let first = outbox.flush(using: client)
        async let second = outbox.flush(using: client)
        let reports = await [first, second]
        #expect(reports.allSatisfy { $0.sent.count == 2 })
        #expect(await outbox.pending.isEmpty)
        #expect(harness.wire.count("POST", pathSuffix: "/sobjects/Note") == 1)
        #expect(harness.wire.count("PATCH", pathSuffix: "/sobjects/Account/\(DevServerHarness.hospitalID)") == 1)

        // A later flush sends nothing again.
        let third = await outbox.flush(using: client)
        #expect(third.sent.isEmpty)
        let details = try await client.retrieveAccount(id: DevServerHarness.hospitalID)
        #expect(details.notes.filter { $0.name == "Offline visit" }.count == 1)
        #expect(details.account.numBeds == 260)
    }

    @Test func aRecordChangedOnTheServerIsAConflictAndNothingIsOverwritten() async throws {
        let harness = try await DevServerHarness.make()
        let client = try await harness.client()
        let other = try await harness.client()
        let account = try await client.retrieveAccount(id: DevServerHarness.hospitalID).account

        // Someone else saves first.
        harness.clock.advance(5)
        var theirs = account
        theirs.numBeds = 999
        try await other.saveAccount(theirs)

        // Our offline edit, based on the older version, is replayed.
        var ours = account
        ours.numBeds = 1
        let outbox = SalesOutbox(store: .inMemory())
        await outbox.enqueue(
            PendingEdit(
                change: .update(
                    object: "Account", id: DevServerHarness.hospitalID, fields: accountToUpdateParams(ours),
                    expectedLastModified: account.lastModifiedDate),
                summary: "save the account St. Mary's"))
        let report = await outbox.flush(using: client)
        #expect(report.conflicts.map(\.summary) == ["save the account St. Mary's"])
        #expect(report.sent.isEmpty)
        #expect(await outbox.pending.isEmpty)
        #expect(try await client.retrieveAccount(id: DevServerHarness.hospitalID).account.numBeds == 999)
    }

    @Test func aDirectSaveOverANewerServerVersionIsAConflict() async throws {
        let harness = try await DevServerHarness.make()
        let center = NotificationCenter()
        let messages = ErrorMessages(center)
        let client = try await harness.client(center: center)
        var note = try #require(try await client.retrieveAccount(id: DevServerHarness.hospitalID).notes.first)
        harness.clock.advance(5)
        var theirs = note
        theirs.text = "theirs"
        theirs.lastModifiedDate = nil
        try await client.updateNote(theirs)

        note.text = "ours"
        do {
            try await client.updateNote(note)
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

    @Test func pendingEditsSurviveARelaunchInTheirFile() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("outbox-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        let edit = PendingEdit(change: .delete(object: "Note", id: "002Q000000Demo1IAB"), summary: "delete the note")
        await SalesOutbox(store: .file(file)).enqueue(edit)
        #expect(await SalesOutbox(store: .file(file)).pending == [edit])
        try Data("garbage".utf8).write(to: file)
        #expect(await SalesOutbox(store: .file(file)).pending.isEmpty)
    }
}
