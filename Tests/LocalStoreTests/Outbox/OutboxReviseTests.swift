import Database
import Foundation
import Testing

@testable import LocalStore

/// Changing what waits in the outbox (a note edited before the sync sent it).
@Suite struct OutboxReviseTests {
    /// `revise` gives a waiting operation a new body, but not while a replay may be sending it (the new body would
    /// be deleted with it, unsent), nor once it is delivered.
    @Test func aWaitingOperationIsRevisedButNotWhileAReplayMaySendIt() async throws {
        let store = try await LocalStore(database: SQLiteDatabase(url: "sqlite::memory:"))
        let operation = try await store.outbox.enqueue(method: .post, path: ["x"], body: Data("old".utf8))
        let started = AsyncStream<Void>.makeStream()
        let release = AsyncStream<Void>.makeStream()
        let replay = Task {
            try await store.outbox.replay { _ in
                started.continuation.yield()
                for await _ in release.stream { break }
                return .delivered(body: Data())
            }
        }
        for await _ in started.stream { break }
        #expect(try await store.outbox.revise(operation.id, body: Data("new".utf8)) == false)
        release.continuation.yield()
        #expect(try await replay.value.delivered == [operation.id])
        #expect(try await store.outbox.revise(operation.id, body: Data("new".utf8)) == false)
        let waiting = try await store.outbox.enqueue(method: .post, path: ["x"], body: Data("old".utf8))
        #expect(try await store.outbox.revise(waiting.id, body: Data("new".utf8)) == true)
        #expect(try await store.outbox.operations().map(\.body) == [Data("new".utf8)])
    }
}
