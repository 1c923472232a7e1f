import APIClient
import Database
import Foundation
import Locking
import Testing

@testable import LocalStore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

private struct Note: Codable, Sendable {
    var text: String
}

@Suite struct OutboxTests {
    private func makeStore() async throws -> LocalStore {
        try await LocalStore(database: SQLiteDatabase(url: "sqlite::memory:"))
    }

    private func enqueueNotes(_ outbox: Outbox, _ names: [String]) async throws {
        for name in names {
            try await outbox.enqueue(
                method: .post, path: ["notes", name], json: Note(text: name), label: "Add \(name)")
        }
    }

    @Test func enqueuedOperationsAreStoredPendingInOrder() async throws {
        let store = try await makeStore()
        let first = try await store.outbox.enqueue(
            method: .patch, path: ["sobjects", "Account", "001/x"], query: [URLQueryItem(name: "a", value: "b c")],
            body: Data("{}".utf8), contentType: "application/json", label: "Rename", idempotencyKey: "k1")
        try await enqueueNotes(store.outbox, ["b"])
        let all = try await store.outbox.operations()
        #expect(all.map(\.state) == [.pending, .pending])
        #expect(all.first == first)
        #expect(first.path == ["sobjects", "Account", "001/x"])
        #expect(first.query == [URLQueryItem(name: "a", value: "b c")])
        #expect(first.attempts == 0)
        #expect(all[1].id > first.id)
        #expect(try await store.outbox.pendingCount() == 2)
        let endpoint = first.endpoint
        #expect(endpoint.idempotencyKey == "k1" && endpoint.isIdempotent && endpoint.method == .patch)
    }

    @Test func replayDeliversInOrderWithTheirKeys() async throws {
        let store = try await makeStore()
        try await enqueueNotes(store.outbox, ["a", "b", "c"])
        let queued = try await store.outbox.operations()
        let server = IdempotentServer()
        let report = try await store.outbox.replay(using: server.client())
        #expect(report.delivered == queued.map(\.id))
        #expect(report.remaining == 0 && report.stoppedBecause == nil)
        #expect(server.applied == queued.map(\.idempotencyKey))
        #expect(server.appliedBodies == [#"{"text":"a"}"#, #"{"text":"b"}"#, #"{"text":"c"}"#])
        #expect(try await store.outbox.operations().isEmpty)
        // A second replay has nothing to do.
        #expect(try await store.outbox.replay(using: server.client()).delivered.isEmpty)
        #expect(server.received == 3)
    }

    @Test func conflictIsKeptAndRejectionFailsWithMessageWhileTheRestGoesOn() async throws {
        let store = try await makeStore()
        try await enqueueNotes(store.outbox, ["a", "stale", "bad", "d"])
        let server = IdempotentServer(script: { name in
            switch name {
            case "stale": .status(412, #"{"title": "Changed", "detail": "Someone edited this note."}"#)
            case "bad": .status(400, #"{"title": "Refused", "detail": "Text: too long"}"#)
            default: nil
            }
        })
        let report = try await store.outbox.replay(using: server.client())
        #expect(report.delivered.count == 2)
        #expect(report.conflicts.map(\.label) == ["Add stale"])
        #expect(report.conflicts.first?.message == "Someone edited this note.")
        #expect(report.conflicts.first?.status == 412)
        #expect(report.failed.map(\.message) == ["Text: too long"])
        // NB: reported without their bodies (a refused upload's file), which stay stored for the person to decide.
        #expect((report.conflicts + report.failed).map(\.body) == [nil, nil])
        #expect(try await store.outbox.operations().map(\.state) == [.conflict, .failed])
        #expect(try await store.outbox.operations().allSatisfy { $0.body != nil })
        #expect(server.appliedBodies == [#"{"text":"a"}"#, #"{"text":"d"}"#])
    }

    @Test(arguments: [
        IdempotentServer.Scripted.fail(.notConnectedToInternet), .fail(.timedOut), .status(503, ""),
        .status(429, ""),
    ])
    func networkTroubleStopsTheReplayAndKeepsTheRest(trouble: IdempotentServer.Scripted) async throws {
        let store = try await makeStore()
        try await enqueueNotes(store.outbox, ["a", "down", "c"])
        let server = IdempotentServer(script: { $0 == "down" ? trouble : nil })
        let report = try await store.outbox.replay(using: server.client())
        #expect(report.delivered.count == 1)
        #expect(report.remaining == 2)
        #expect(report.stoppedBecause != nil)
        let states = try await store.outbox.operations().map(\.state)
        #expect(states == [.pending, .pending])
        #expect(server.appliedBodies == [#"{"text":"a"}"#])
    }

    @Test func requeueGivesAConflictANewKeyAndDiscardRemovesIt() async throws {
        let store = try await makeStore()
        try await enqueueNotes(store.outbox, ["stale", "other"])
        let refusing = IdempotentServer(script: { $0 == "stale" ? .status(409, "") : nil })
        let conflict = try #require(try await store.outbox.replay(using: refusing.client()).conflicts.first)
        #expect(try await store.outbox.requeue(conflict.id, body: Data(#"{"text":"merged"}"#.utf8)))
        #expect(try await store.outbox.requeue(conflict.id) == false)  // already pending
        let requeued = try #require(try await store.outbox.operations(in: [.pending]).first)
        #expect(requeued.idempotencyKey != conflict.idempotencyKey)
        #expect(requeued.message == nil && requeued.status == nil)
        let accepting = IdempotentServer()
        #expect(try await store.outbox.replay(using: accepting.client()).delivered == [conflict.id])
        #expect(accepting.appliedBodies == [#"{"text":"merged"}"#])
        #expect(try await store.outbox.operations().isEmpty)
    }

    @Test func discardRemovesAnOperationTheServerRefused() async throws {
        let store = try await makeStore()
        try await enqueueNotes(store.outbox, ["stale", "other"])
        let refusing = IdempotentServer(script: { $0 == "stale" ? .status(409, "") : nil })
        let conflict = try #require(try await store.outbox.replay(using: refusing.client()).conflicts.first)
        #expect(try await store.outbox.operations().map(\.id) == [conflict.id])
        try await store.outbox.discard(conflict.id)
        #expect(try await store.outbox.operations().isEmpty)
    }

    /// A delivered operation leaves nothing behind: not its body, not the server's answer, not its row.
    @Test func aDeliveredOperationIsForgottenBodyAndAll() async throws {
        let store = try await makeStore()
        try await enqueueNotes(store.outbox, ["private words"])
        let server = IdempotentServer()
        let report = try await store.outbox.replay(using: server.client())
        #expect(report.delivered.count == 1)
        let left = try await store.database.read { db in
            try db.fetchValue(Int.self, "SELECT COUNT(*) FROM localstore_outbox") ?? -1
        }
        #expect(left == 0)
    }

    /// Another replay delivers an operation while this one is still sending it, and a new operation takes the
    /// freed id: this replay's late answer is not recorded on the new row (which was never sent), and the new one
    /// goes out next.
    @Test func aLateAnswerIsNeverRecordedOnARowThatReusedTheID() async throws {
        let store = try await makeStore()
        try await enqueueNotes(store.outbox, ["first"])
        let first = try #require(try await store.outbox.operations().first)
        let other = try await LocalStore(database: store.database)
        let second = Locked<OutboxOperation?>(nil)
        let sent = Locked<[String]>([])
        let report = try await store.outbox.replay { operation in
            sent.withLock { $0.append(operation.idempotencyKey) }
            if operation.idempotencyKey == first.idempotencyKey {
                _ = try? await other.outbox.replay { _ in .delivered(body: Data()) }
                let next = try? await other.outbox.enqueue(
                    method: .post, path: ["notes", "second"], json: Note(text: "second"))
                second.withLock { $0 = next }
            }
            return .delivered(body: Data())
        }
        let reused = try #require(second.withLock { $0 })
        #expect(reused.id == first.id)
        #expect(sent.withLock { $0 } == [first.idempotencyKey, reused.idempotencyKey])
        #expect(report.delivered == [reused.id])
        #expect(try await store.outbox.operations().isEmpty)
    }

    @Test func concurrentReplaysSendEachOperationOnce() async throws {
        let store = try await makeStore()
        try await enqueueNotes(store.outbox, (0..<20).map { "n\($0)" })
        let server = IdempotentServer()
        let client = server.client()
        async let first = store.outbox.replay(using: client)
        async let second = store.outbox.replay(using: client)
        let reports = try await [first, second]
        #expect(reports.map(\.delivered.count).reduce(0, +) == 20)
        #expect(server.received == 20)
    }

    @Test func closureReplayClassifiesErrors() {
        #expect(
            DeliveryOutcome(error: .http(status: 409, problem: nil))
                == .conflict(status: 409, message: "Someone else changed this item first (409)."))
        #expect(
            DeliveryOutcome(error: .http(status: 422, problem: nil))
                == .rejected(status: 422, message: "The request failed (422)."))
        #expect(
            DeliveryOutcome(error: .http(status: 500, problem: nil))
                == .unreachable(message: "The server had a problem (500). Try again later."))
        #expect(DeliveryOutcome(error: .signedOut) == .unreachable(message: APIError.signedOut.message))
        #expect(DeliveryOutcome(error: .cancelled) == .unreachable(message: APIError.cancelled.message))
    }
}
