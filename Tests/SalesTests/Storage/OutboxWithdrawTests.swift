import APIClient
import Foundation
import SalesCore
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Taking back an item added offline (``SalesOutbox/withdraw(waiting:)``) against a sync that runs at the same
/// time: what may be on its way is never forgotten, and what was taken back is never sent.
@Suite struct OutboxWithdrawTests {
    /// A transport to the stand-in whose note creates wait at a gate: `entered` says one reached it, `release`
    /// lets it through.
    struct Gate: Sendable {
        let entered: AsyncStream<Void>
        let release: AsyncStream<Void>.Continuation
        let transport: HTTPTransport

        init(_ harness: DevServerHarness) {
            let (entered, arrived) = AsyncStream<Void>.makeStream()
            let (released, release) = AsyncStream<Void>.makeStream()
            let inner = harness.transport
            self.entered = entered
            self.release = release
            transport = HTTPTransport { request in
                if request.httpMethod == "POST", request.url?.path.hasSuffix("/sobjects/Note") == true {
                    arrived.yield()
                    for await _ in released { break }
                }
                return try await inner.send(request)
            }
        }
    }

    func client(_ transport: HTTPTransport) async throws -> SalesforceClient {
        let client = SalesforceClient(
            configuration: SalesforceConfiguration(loginURL: DevServerHarness.instance), transport: transport,
            sessions: .inMemory(), notificationCenter: NotificationCenter())
        try await client.signIn(username: DevServerHarness.username, password: DevServerHarness.password)
        return client
    }

    /// A note added offline (through the editor, as a person would) and its local id.
    @MainActor
    func addOffline(_ harness: DevServerHarness, outbox: SalesOutbox) async throws -> String {
        let editor = ItemEditorModel(
            adding: .note, accountID: DevServerHarness.hospitalID, client: try await harness.client(),
            shrinker: ImageShrinker(resampler: .unavailable), outbox: outbox)
        harness.wire.isDown = true
        defer { harness.wire.isDown = false }
        editor.nameEdited("Call back")
        editor.textEdited("new wing")
        await editor.saveTapped()
        return try #require(editor.saved?.id)
    }

    /// A delete while the sync is sending the item takes nothing back: the create lands once, and nothing of it is
    /// sent again or lost.
    @Test func aDeleteWhileTheSyncSendsTheItemTakesNothingBack() async throws {
        let harness = try await DevServerHarness.make()
        let outbox = try await makeOutbox()
        let id = try await addOffline(harness, outbox: outbox)
        let gate = Gate(harness)
        let client = try await client(gate.transport)

        let flush = Task { try await outbox.flush(using: client) }
        for await _ in gate.entered { break }
        #expect(try await outbox.withdraw(waiting: id) == false)
        gate.release.yield()
        let report = try await flush.value
        #expect(report.sent.count == 1)
        #expect(harness.wire.count("POST", pathSuffix: "/sobjects/Note") == 1)
        #expect(try await outbox.withdraw(waiting: id) == false)
        #expect(try await outbox.pending().isEmpty)
    }

    /// A delete before the sync takes the create back for good: the sync then sends nothing.
    @Test func aDeleteBeforeTheSyncLeavesItNothingToSend() async throws {
        let harness = try await DevServerHarness.make()
        let outbox = try await makeOutbox()
        let id = try await addOffline(harness, outbox: outbox)
        #expect(try await outbox.withdraw(waiting: id))
        let report = try await outbox.flush(using: try await harness.client())
        #expect(report.sent.isEmpty)
        #expect(harness.wire.count("POST", pathSuffix: "/sobjects/Note") == 0)
    }

    /// An edit queued of the waiting item itself (by id) goes with it; another item's edits stay.
    @Test func editsQueuedOfTheWaitingItemGoWithIt() async throws {
        let harness = try await DevServerHarness.make()
        let outbox = try await makeOutbox()
        let id = try await addOffline(harness, outbox: outbox)
        let other = try await addOffline(harness, outbox: outbox)
        try await outbox.enqueue(
            PendingEdit.saving(Note(id: id, name: "Call back", text: "later"), id: id, on: DevServerHarness.hospitalID))
        try await outbox.enqueue(PendingEdit.deleting(Note.objectName, id: id, on: DevServerHarness.hospitalID))
        #expect(try await outbox.pending().count == 4)

        #expect(try await outbox.withdraw(waiting: id))
        let left = try await outbox.pending()
        #expect(left.count == 1)
        #expect(left.first.map { AccountItem.localID(of: $0) } == other)
    }
}
