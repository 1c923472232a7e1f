import APIClient
import Foundation
import Locking
import SalesCore
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Edits of one record made one after another while offline are all based on the version the device read: the
/// second was made over the first (the screen showed it), so the first one's save is not someone else's change.
@Suite struct OutboxSameRecordTests {
    /// The hospital's first note, as the device read it.
    private func firstNote(_ client: SalesforceClient) async throws -> (Note, String) {
        let note = try #require(try await client.retrieveAccount(id: DevServerHarness.hospitalID).notes.first)
        return (note, try #require(note.id))
    }

    /// The edit the item editor queues for `note` changed as `change` says from `original`.
    private func saving(_ original: Note, _ change: (inout Note) -> Void) -> PendingEdit {
        var edited = original
        change(&edited)
        return PendingEdit.saving(
            edited, changedFrom: original, id: original.id ?? "", on: DevServerHarness.hospitalID)
    }

    /// Edit the title, edit the text, then delete the note, all offline: the sync sends the three, none meets the
    /// one before it as a conflict, and nothing waits under "Changes Not Sent".
    @Test func editsThenADeleteOfOneNoteMadeOfflineAreAllSent() async throws {
        let harness = try await DevServerHarness.make()
        let client = try await harness.client()
        let outbox = try await makeOutbox()
        let (note, noteID) = try await firstNote(client)
        let title = saving(note) { $0.name = "Visit, first pass" }
        var retitled = note
        retitled.name = "Visit, first pass"
        let text = saving(retitled) { $0.text = "What the buyer said" }
        let deletion = PendingEdit.deleting(
            "Note", id: noteID, name: retitled.name, basedOn: note.lastModifiedDate, on: DevServerHarness.hospitalID)
        for edit in [title, text, deletion] { try await outbox.enqueue(edit) }

        harness.clock.advance(by: 5)
        let report = try await outbox.flush(using: client)
        #expect(report.conflicts.map(\.summary) == [])
        #expect(report.sent == [title.id, text.id, deletion.id])
        #expect(try await outbox.unsent().isEmpty)
        #expect(
            try await client.retrieveAccount(id: DevServerHarness.hospitalID).notes.contains { $0.id == noteID }
                == false)
    }

    /// The network goes between the two edits: the sync that sends the second one later still knows the first was
    /// this device's, and writes it.
    @Test func theSecondEditSentByALaterSyncIsNoConflict() async throws {
        let harness = try await DevServerHarness.make()
        let outbox = try await makeOutbox()
        let reads = Locked(0)
        let client = try await harness.client { request, standIn in
            // NB: the first edit reads the note, patches it and reads its new version; the network is gone for the
            // second edit's first read.
            if request.httpMethod == "GET", request.url?.path.contains("/sobjects/Note/") == true {
                let count = reads.withLock {
                    $0 += 1
                    return $0
                }
                if count == 3 { throw URLError(.notConnectedToInternet) }
            }
            return try await standIn.send(request)
        }
        let (note, noteID) = try await firstNote(client)
        let first = saving(note) { $0.name = "Visit, first pass" }
        var retitled = note
        retitled.name = "Visit, first pass"
        let second = saving(retitled) { $0.text = "What the buyer said" }
        try await outbox.enqueue(first)
        try await outbox.enqueue(second)

        harness.clock.advance(by: 5)
        let stopped = try await outbox.flush(using: client)
        #expect(stopped.sent == [first.id])
        #expect(stopped.stoppedBecause != nil)
        harness.clock.advance(by: 5)
        let later = try await outbox.flush(using: client)
        #expect(later.conflicts.map(\.summary) == [])
        #expect(later.sent == [second.id])
        let stored = try await client.record(Note.self, id: noteID)
        #expect(stored.name == "Visit, first pass")
        #expect(stored.text == "What the buyer said")
    }

    /// A colleague's save between the device's two edits is still a conflict: only the device's own save is taken
    /// for the version the second edit was made over.
    @Test func aColleaguesSaveBetweenTheTwoIsStillAConflict() async throws {
        let harness = try await DevServerHarness.make()
        let client = try await harness.client()
        let colleague = try await harness.client()
        let outbox = try await makeOutbox()
        let (note, noteID) = try await firstNote(client)
        let first = saving(note) { $0.name = "Visit, first pass" }
        var retitled = note
        retitled.name = "Visit, first pass"
        let second = saving(retitled) { $0.text = "What the buyer said" }
        try await outbox.enqueue(first)
        harness.clock.advance(by: 5)
        #expect(try await outbox.flush(using: client).sent == [first.id])

        harness.clock.advance(by: 5)
        var theirs = try await colleague.record(Note.self, id: noteID)
        theirs.text = "Their words"
        try await colleague.save(theirs)
        try await outbox.enqueue(second)
        harness.clock.advance(by: 5)
        let report = try await outbox.flush(using: client)
        #expect(report.conflicts.map(\.id) == [second.id])
        #expect(try await colleague.record(Note.self, id: noteID).text == "Their words")
    }
}
