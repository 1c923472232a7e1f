import Database
import Foundation
import LocalStore
import SalesCore
import Testing

/// The device keeps what it has not sent, and nothing else: a sent edit leaves no copy, and signing out leaves
/// nothing of the rep's accounts (only the edits still waiting for the rep's next sign-in, as promised).
@Suite struct OutboxForgetsTests {
    struct Device {
        let store: LocalStore
        let cache: AccountCache
        let outbox: SalesOutbox
        let client: SalesforceClient
    }

    func device(_ harness: DevServerHarness) async throws -> Device {
        let store = try await LocalStore(database: SQLiteDatabase(url: "sqlite::memory:"))
        let cache = AccountCache.localStore(store)
        let outbox = SalesOutbox(store: store)
        return Device(
            store: store, cache: cache, outbox: outbox,
            client: try await harness.deviceClient(cache: cache, outbox: outbox))
    }

    /// How many rows each table of the store holds.
    func rows(_ store: LocalStore) async throws -> [String: Int] {
        try await store.database.read { db in
            var counts: [String: Int] = [:]
            for table in ["localstore_outbox", "localstore_list", "localstore_cache", "localstore_hidden"] {
                counts[table] = try db.fetchValue(Int.self, "SELECT COUNT(*) FROM \(raw: table)") ?? -1
            }
            return counts
        }
    }

    /// A note added offline, and (`sent`) sent once the network is back.
    func addNote(_ device: Device, harness: DevServerHarness, text: String, sent: Bool) async throws -> PendingEdit {
        let note = Note(name: "Visit", text: text)
        let edit = PendingEdit.adding(note, to: DevServerHarness.hospitalID)
        harness.wire.isDown = true
        _ = try await device.outbox.send(edit) {
            try await device.client.create(note, accountID: DevServerHarness.hospitalID, idempotencyKey: "unused")
        }
        harness.wire.isDown = false
        if sent { #expect(try await device.outbox.flush(using: device.client).sent == [edit.id]) }
        return edit
    }

    @Test func aSentEditLeavesNothingOnTheDevice() async throws {
        let harness = try await DevServerHarness.make()
        let device = try await device(harness)
        _ = try await addNote(device, harness: harness, text: "private words", sent: true)
        #expect(try await rows(device.store)["localstore_outbox"] == 0)
        #expect(harness.wire.count("POST", pathSuffix: "/sobjects/Note") == 1)
    }

    @Test func signingOutLeavesNothingOfTheRepsAccounts() async throws {
        let harness = try await DevServerHarness.make()
        let device = try await device(harness)
        let details = try await device.client.retrieveAccount(id: DevServerHarness.hospitalID)
        await device.cache.save(details)
        await device.cache.saveContent(
            DevServerHarness.hospitalID, try await device.client.webContent(accountID: DevServerHarness.hospitalID))
        _ = try await addNote(device, harness: harness, text: "private words", sent: true)
        #expect(try await rows(device.store)["localstore_list"] ?? 0 > 0)

        await device.client.signOut()
        #expect(
            try await rows(device.store)
                == ["localstore_outbox": 0, "localstore_list": 0, "localstore_cache": 0, "localstore_hidden": 0])
    }

    @Test func signingOutKeepsOnlyTheEditsStillWaiting() async throws {
        let harness = try await DevServerHarness.make()
        let device = try await device(harness)
        await device.cache.save(try await device.client.retrieveAccount(id: DevServerHarness.hospitalID))
        _ = try await addNote(device, harness: harness, text: "sent already", sent: true)
        let waiting = try await addNote(device, harness: harness, text: "not sent yet", sent: false)

        await device.client.signOut()
        #expect(try await device.outbox.pending() == [waiting])
        #expect(try await rows(device.store)["localstore_outbox"] == 1)
        // The cached accounts are gone; what stays is whose the waiting edit is.
        #expect(try await rows(device.store)["localstore_list"] == 1)
        #expect(await device.cache.load(DevServerHarness.hospitalID) == nil)
        try await device.client.signIn(username: DevServerHarness.username, password: DevServerHarness.password)
        #expect(try await device.outbox.flush(using: device.client).sent == [waiting.id])
    }
}
