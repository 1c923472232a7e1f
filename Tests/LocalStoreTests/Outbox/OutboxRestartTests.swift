import APIClient
import Database
import Foundation
import Testing

@testable import LocalStore

/// A replay cut short by the app dying loses nothing and repeats nothing, when the store is on disk.
@Suite struct OutboxRestartTests {
    private struct Interrupted: Error {}

    private func temporaryDatabase() -> (url: String, folder: URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("outbox-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return ("sqlite://\(folder.appendingPathComponent("store.sqlite").path)", folder)
    }

    private func fill(_ url: String, count: Int) async throws -> [String] {
        let database = try SQLiteDatabase(url: url)
        let store = try await LocalStore(database: database)
        var keys: [String] = []
        for index in 0..<count {
            keys.append(
                try await store.outbox.enqueue(method: .post, path: ["notes", "\(index)"], json: ["n": index])
                    .idempotencyKey)
        }
        await database.close()
        return keys
    }

    /// The server applies operation `k`, then the app "dies" before it can record the answer.
    @Test(arguments: [1, 3, 6])
    func transportFailureAfterTheServerAppliedKeepsExactlyOnce(k: Int) async throws {
        let (url, folder) = temporaryDatabase()
        defer { try? FileManager.default.removeItem(at: folder) }
        let keys = try await fill(url, count: 6)
        let server = IdempotentServer(afterApply: { count in if count == k { throw URLError(.networkConnectionLost) } })

        let database = try SQLiteDatabase(url: url)
        let first = try await LocalStore(database: database).outbox.replay(using: server.client())
        #expect(first.delivered.count == k - 1)
        await database.close()

        let reopened = try SQLiteDatabase(url: url)
        let store = try await LocalStore(database: reopened)
        #expect(try await store.outbox.pendingCount() == 6 - (k - 1))
        let second = try await store.outbox.replay(using: server.client())
        #expect(second.remaining == 0)
        #expect(server.applied == keys)
        #expect(try await store.outbox.operations().isEmpty)
        // The interrupted one was sent twice, with the same key; the others once.
        #expect(server.received == 6 + 1)
        await reopened.close()
    }

    /// The replaying task is cancelled while the server is answering operation `k`.
    @Test(arguments: [2, 5])
    func cancellationMidReplayKeepsExactlyOnce(k: Int) async throws {
        let (url, folder) = temporaryDatabase()
        defer { try? FileManager.default.removeItem(at: folder) }
        let keys = try await fill(url, count: 5)
        let (reached, reachedK) = AsyncStream<Void>.makeStream()
        let server = IdempotentServer(afterApply: { count in
            guard count == k else { return }
            reachedK.yield()
            try await Task.sleep(for: .seconds(60))
        })

        let database = try SQLiteDatabase(url: url)
        let store = try await LocalStore(database: database)
        let replay = Task { try await store.outbox.replay(using: server.client()) }
        for await _ in reached { break }
        replay.cancel()
        let first = try await replay.value
        #expect(first.delivered.count == k - 1)
        #expect(first.stoppedBecause != nil)
        await database.close()

        let reopened = try SQLiteDatabase(url: url)
        let second = try await LocalStore(database: reopened).outbox.replay(using: server.client())
        #expect(second.delivered.count == 5 - (k - 1))
        #expect(server.applied == keys)
        await reopened.close()
    }
}
