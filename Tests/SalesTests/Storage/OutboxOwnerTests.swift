import Foundation
import SalesCore
import Testing

/// Edits made offline belong to the rep who made them: an ended session keeps them for that rep's next sign-in,
/// and another rep signing in on the same iPad discards them (with the accounts cached for the first).
@Suite struct OutboxOwnerTests {
    /// A note added while offline: it waits in the outbox.
    func queueANote(_ outbox: SalesOutbox, harness: DevServerHarness, client: SalesforceClient) async throws
        -> PendingEdit
    {
        let note = Note(name: "Offline visit", text: "Bring samples")
        let edit = PendingEdit.adding(note, to: DevServerHarness.hospitalID)
        harness.wire.isDown = true
        let delivery = try await outbox.send(edit) {
            try await client.create(note, accountID: DevServerHarness.hospitalID, idempotencyKey: edit.id.uuidString)
        }
        harness.wire.isDown = false
        #expect(delivery.isQueued)
        #expect(delivery.queueReason == .offline)
        return edit
    }

    @Test func anExpiredSessionKeepsTheEditsAndTheSameRepsSignInSendsThem() async throws {
        let harness = try await DevServerHarness.make(tokenLifetime: 60)
        let outbox = try await makeOutbox()
        let cache = AccountCache.inMemory()
        let client = try await harness.deviceClient(cache: cache, outbox: outbox)
        await cache.save(try await client.retrieveAccount(id: DevServerHarness.hospitalID))
        let edit = try await queueANote(outbox, harness: harness, client: client)

        try await harness.revokeElsewhereAndExpire(client)
        let stopped = try await outbox.flush(using: client)
        #expect(stopped.sent.isEmpty)
        #expect(await client.session == nil)
        #expect(try await outbox.pending().map(\.id) == [edit.id])
        #expect(await cache.load(DevServerHarness.hospitalID) == nil)

        try await client.signIn(username: DevServerHarness.username, password: DevServerHarness.password)
        #expect(try await outbox.pending().map(\.id) == [edit.id])
        let report = try await outbox.flush(using: client)
        #expect(report.sent == [edit.id])
        let details = try await client.retrieveAccount(id: DevServerHarness.hospitalID)
        #expect(details.notes.filter { $0.name == "Offline visit" }.count == 1)
    }

    @Test func signingOutKeepsTheEditsForTheSameRep() async throws {
        let harness = try await DevServerHarness.make()
        let outbox = try await makeOutbox()
        let client = try await harness.deviceClient(cache: .inMemory(), outbox: outbox)
        let edit = try await queueANote(outbox, harness: harness, client: client)
        await client.signOut()
        #expect(try await outbox.pending().map(\.id) == [edit.id])
        try await client.signIn(username: DevServerHarness.username, password: DevServerHarness.password)
        #expect(try await outbox.flush(using: client).sent == [edit.id])
    }

    @Test func anotherRepSigningInDiscardsThePreviousRepsEditsAndCachedAccounts() async throws {
        let harness = try await DevServerHarness.make(tokenLifetime: 60, withColleague: true)
        let outbox = try await makeOutbox()
        let cache = AccountCache.inMemory()
        let client = try await harness.deviceClient(cache: cache, outbox: outbox)
        _ = try await queueANote(outbox, harness: harness, client: client)
        try await harness.revokeElsewhereAndExpire(client)
        _ = try? await client.retrieveAccount(id: DevServerHarness.hospitalID)
        #expect(await client.session == nil)
        #expect(try await outbox.pending().count == 1)
        // Someone opened an account before the colleague's sign-in (the cache is wiped at sign-out already).
        await cache.save(AccountDetails(account: Account(id: DevServerHarness.hospitalID, name: "St. Mary's")))

        try await client.signIn(
            username: DevServerHarness.colleague.username, password: DevServerHarness.colleague.password)
        #expect(await client.session?.person == "00DQ0000000QuartQAA/005Q00000000002IAA")
        #expect(try await outbox.pending().isEmpty)
        #expect(try await outbox.unsent().isEmpty)
        #expect(await cache.load(DevServerHarness.hospitalID) == nil)
        #expect(try await outbox.flush(using: client).sent.isEmpty)
        #expect(harness.wire.count("POST", pathSuffix: "/sobjects/Note") == 0)
    }

    @Test func theSameRepThroughAnotherHostIsTheSamePerson() {
        let rep = SalesforceSession(
            accessToken: "a", instanceURL: URL(string: "https://na1.salesforce.com")!,
            identityURL: "https://login.salesforce.com/id/00DQ0000000QuartQAA/005Q00000000001IAA")
        var again = rep
        again.identityURL = "https://quartet.my.salesforce.com/id/00DQ0000000QuartQAA/005Q00000000001IAA"
        #expect(rep.person == "00DQ0000000QuartQAA/005Q00000000001IAA")
        #expect(rep.person == again.person)
        again.identityURL = nil
        #expect(again.person == nil)
    }
}
