import Foundation

/// A write made while offline, waiting in the ``SalesOutbox``.
public struct PendingEdit: Sendable, Hashable, Codable, Identifiable {
    /// Also the `Idempotency-Key` of a create, so a replay after a lost answer makes no duplicate.
    public var id: UUID
    /// The write to replay.
    public var change: Change
    /// What the edit was, for the person (`save the note Visit`).
    public var summary: String

    /// The write itself.
    public enum Change: Sendable, Hashable, Codable {
        case create(object: String, fields: SObjectFields)
        /// `expectedLastModified` is the version the edit was based on (the conflict check).
        case update(object: String, id: String, fields: SObjectFields, expectedLastModified: Date?)
        case delete(object: String, id: String)
    }

    /// Creates a pending edit.
    public init(id: UUID = UUID(), change: Change, summary: String) {
        self.id = id
        self.change = change
        self.summary = summary
    }
}

/// Where pending edits survive a relaunch.
public struct OutboxStore: Sendable {
    /// The pending edits, oldest first.
    public var load: @Sendable () -> [PendingEdit]
    /// Replaces the pending edits.
    public var save: @Sendable ([PendingEdit]) -> Void

    /// Creates a store from its two operations.
    public init(load: @escaping @Sendable () -> [PendingEdit], save: @escaping @Sendable ([PendingEdit]) -> Void) {
        self.load = load
        self.save = save
    }

    /// A store in memory.
    public static func inMemory(_ initial: [PendingEdit] = []) -> OutboxStore {
        let box = LockedValue(initial)
        return OutboxStore(load: { box.value }, save: { box.value = $0 })
    }

    /// A JSON file (for the command line); unreadable contents count as empty.
    public static func file(_ url: URL) -> OutboxStore {
        OutboxStore(
            load: {
                guard let data = try? Data(contentsOf: url) else { return [] }
                return (try? JSONDecoder().decode([PendingEdit].self, from: data)) ?? []
            },
            save: { edits in
                try? FileManager.default.createDirectory(
                    at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try? JSONEncoder().encode(edits).write(to: url, options: .atomic)
            })
    }
}

/// What one outbox flush did.
public struct FlushReport: Sendable, Hashable {
    /// Edits the server accepted (created ids by edit id for creates).
    public var sent: [UUID] = []
    /// The ids the server gave created records, by edit.
    public var createdIDs: [UUID: String] = [:]
    /// Edits refused because the record changed on the server: dropped, reported, nothing overwritten.
    public var conflicts: [PendingEdit] = []
    /// Edits the server refused for another reason (kept out of the queue, reported).
    public var rejected: [PendingEdit] = []
    /// Whether the flush stopped because the network went away again.
    public var stoppedOffline = false
}

/// Offline writes, sent in order and exactly once when the network returns.
///
/// Each edit leaves the store only after the server accepted it. A flush already running makes a second
/// one wait for it rather than send the same edits again.
public actor SalesOutbox {
    private let store: OutboxStore
    private var flushing: Task<FlushReport, Never>?

    /// Creates an outbox over a store.
    public init(store: OutboxStore) {
        self.store = store
    }

    /// The edits waiting, oldest first.
    public var pending: [PendingEdit] { store.load() }

    /// Queues an edit.
    public func enqueue(_ edit: PendingEdit) {
        store.save(store.load() + [edit])
    }

    /// Forgets every pending edit (on sign-out).
    public func clear() {
        store.save([])
    }

    /// Sends the pending edits through `client`, stopping at the first network failure.
    public func flush(using client: SalesforceClient) async -> FlushReport {
        if let flushing { return await flushing.value }
        let task = Task { await self.send(using: client) }
        flushing = task
        let report = await task.value
        flushing = nil
        return report
    }

    private func send(using client: SalesforceClient) async -> FlushReport {
        var report = FlushReport()
        while let edit = store.load().first {
            do {
                switch edit.change {
                case .create(let object, let fields):
                    let id = try await client.create(
                        object, fields: fields, idempotencyKey: edit.id.uuidString, operation: edit.summary)
                    report.createdIDs[edit.id] = id
                case .update(let object, let id, let fields, let expected):
                    try await client.update(
                        object, id: id, fields: fields, expectedLastModified: expected, operation: edit.summary)
                case .delete(let object, let id):
                    try await client.delete(object, id: id, operation: edit.summary)
                }
                report.sent.append(edit.id)
            } catch let error as SalesforceError where error.isOffline {
                report.stoppedOffline = true
                return report
            } catch SalesforceError.conflict {
                report.conflicts.append(edit)
            } catch {
                report.rejected.append(edit)
            }
            store.save(store.load().filter { $0.id != edit.id })
        }
        return report
    }
}
