import Database
import Foundation
import Testing

@testable import LocalStore

/// A device store gives back the space of what it no longer holds: a 25 MB upload, once sent, costs nothing.
@Suite struct LocalStoreSpaceTests {
    private let folder = FileManager.default.temporaryDirectory.appendingPathComponent("space-\(UUID().uuidString)")
    private var path: String { folder.appendingPathComponent("sales.sqlite").path }
    private static let megabyte = 1024 * 1024

    init() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    /// The bytes the store takes on disk: the database file and its write-ahead log.
    private func bytesOnDisk() -> Int {
        ["", "-wal"].reduce(0) { total, suffix in
            let size = (try? FileManager.default.attributesOfItem(atPath: path + suffix)[.size]) as? Int
            return total + (size ?? 0)
        }
    }

    private func outboxRows(_ store: LocalStore) async throws -> Int {
        try await store.database.read { db in
            try db.fetchValue(Int.self, "SELECT COUNT(*) FROM localstore_outbox") ?? -1
        }
    }

    @Test func theFileShrinksOnceA25MegabyteUploadIsDelivered() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try await LocalStore.open(path: path).store
        try await store.outbox.enqueue(
            method: .post, path: ["sobjects", "Attachment"], body: Data(repeating: 0x41, count: 25 * Self.megabyte),
            contentType: "application/json", label: "upload the attachment scan.pdf")
        #expect(bytesOnDisk() > 25 * Self.megabyte)

        let report = try await store.outbox.replay { _ in .delivered(body: Data()) }
        #expect(report.delivered.count == 1)
        #expect(try await outboxRows(store) == 0)
        #expect(bytesOnDisk() < Self.megabyte)
        await store.database.close()
    }

    @Test func aDiscardedChangeGivesItsSpaceBack() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try await LocalStore.open(path: path).store
        try await store.outbox.enqueue(
            method: .post, path: ["sobjects", "Attachment"], body: Data(repeating: 0x41, count: 8 * Self.megabyte))
        let refused = try await store.outbox.replay { _ in .rejected(status: 400, message: "no such account") }
        let operation = try #require(refused.failed.first)
        try await store.outbox.discard(operation.id)
        #expect(try await outboxRows(store) == 0)
        #expect(bytesOnDisk() < Self.megabyte)
        await store.database.close()
    }

    /// A file an older version wrote (no auto_vacuum, every delivered operation kept with its body) is rewritten
    /// once when opened: what was delivered goes, and so does its space.
    @Test func anOlderFileForgetsWhatItDeliveredAndShrinks() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let old = try SQLiteDatabase(path: path)
        try await LocalStore.migrator.prefix(through: "localstore.v2-cache-body-last").migrate(old)
        let body = Data(repeating: 0x42, count: 6 * Self.megabyte)
        try await old.write { db in
            _ = try db.execute(
                """
                INSERT INTO localstore_outbox
                    (method, path, query, body, idempotency_key, created_at, attempts, state)
                VALUES ('POST', '["notes"]', '[]', \(body), 'sent-long-ago', \(Date()), 1, 'delivered')
                """)
        }
        #expect(try await old.read { db in try db.fetchValue(Int.self, "PRAGMA auto_vacuum") } == 0)
        await old.close()
        #expect(bytesOnDisk() > 6 * Self.megabyte)

        let store = try await LocalStore.open(path: path).store
        #expect(try await outboxRows(store) == 0)
        #expect(
            try await store.database.read { db in try db.fetchValue(Int.self, "PRAGMA auto_vacuum") }
                == LocalStore.incrementalAutoVacuum)
        await store.reclaimSpace()
        #expect(bytesOnDisk() < Self.megabyte)
        await store.database.close()
    }
}
