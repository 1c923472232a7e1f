import APIClient
import Database
import Foundation
import HTTPTypes

/// Changes made offline, kept durably and sent in order when the network returns.
///
/// Each operation carries an idempotency key from the moment it is queued, and every attempt sends the
/// same key, so a server that honours `Idempotency-Key` applies it once even when the app dies between
/// sending and recording the answer. The answer and the new state are written in one statement, so an
/// operation is never both recorded and still pending.
///
/// A delivered operation is deleted in that same statement, body and all: its key matters only while it may be
/// sent again, that is while it is pending, and a device should not keep a copy of every note and photo it ever
/// sent, nor the space they took (a replay that delivered something ends with ``LocalStore/reclaimSpace()``). A
/// replay running beside this one that had already taken the operation sends it with the key it holds; its
/// answer is recorded only against the row of that id *and* key, so a later row that reused the id is never
/// taken for it.
///
/// ```swift
/// try await store.outbox.enqueue(method: .post, path: ["services", "data", "v59.0", "sobjects", "Note"],
///                                json: note, label: "Add note")
/// let report = try await store.outbox.replay(using: client)   // when the network is back
/// for conflict in report.conflicts { show(conflict.label, conflict.message) }
/// ```
///
/// Replay rules: in creation order; a delivered operation goes; a 409/412 becomes ``OutboxOperation/State/conflict`` and is kept for the
/// person; any other 4xx becomes ``OutboxOperation/State/failed`` with the server's message; a network
/// failure, 5xx, 429, sign-out or cancellation stops the replay and keeps that operation and the rest.
/// Only one replay runs at a time per `Outbox`; a second call while one runs returns an empty report.
public actor Outbox {
    private let database: any SQLDatabase
    private let now: @Sendable () -> Date
    private var replaying = false

    init(database: any SQLDatabase, now: @escaping @Sendable () -> Date) {
        self.database = database
        self.now = now
    }

    /// Queues an operation and returns it as stored; `scope` files it under what it belongs to
    /// (``OutboxOperation/scope``).
    @discardableResult
    public func enqueue(
        method: HTTPMethod,
        path: [String],
        query: [URLQueryItem] = [],
        body: Data? = nil,
        contentType: String? = nil,
        label: String? = nil,
        scope: String? = nil,
        idempotencyKey: String = UUID().uuidString
    ) async throws -> OutboxOperation {
        let pathJSON = String(decoding: try JSONEncoder().encode(path), as: UTF8.self)
        let queryJSON = String(decoding: try JSONEncoder().encode(query.map(QueryItem.init)), as: UTF8.self)
        let createdAt = now()
        let row = try await database.write { db in
            try db.queryOne(
                """
                INSERT INTO localstore_outbox
                    (method, path, query, body, content_type, idempotency_key, label, scope, created_at, attempts,
                    state)
                VALUES (\(method.rawValue), \(pathJSON), \(queryJSON), \(body), \(contentType), \(idempotencyKey),
                    \(label), \(scope), \(createdAt), 0, \(OutboxOperation.State.pending.rawValue))
                RETURNING *
                """)
        }
        guard let row else {
            throw DatabaseError(.notFound, code: "outbox", message: "the queued row was not returned")
        }
        return try OutboxOperation(row: row)
    }

    /// Queues an operation whose body is `value` encoded as JSON.
    @discardableResult
    public func enqueue(
        method: HTTPMethod, path: [String], json value: some Encodable, label: String? = nil, scope: String? = nil,
        idempotencyKey: String = UUID().uuidString
    ) async throws -> OutboxOperation {
        try await enqueue(
            method: method, path: path, body: try JSONEncoder().encode(value), contentType: "application/json",
            label: label, scope: scope, idempotencyKey: idempotencyKey)
    }

    /// The operations in `states` (all when `nil`), in creation order.
    public func operations(in states: Set<OutboxOperation.State>? = nil) async throws -> [OutboxOperation] {
        try await operations(Self.allColumns, in: states)
    }

    /// The operations in `states` (all when `nil`), in creation order, their bodies left unread (`nil`): what each
    /// is, where it goes and what it belongs to, without copying bodies that may hold megabytes (an upload queued
    /// offline).
    ///
    /// ```swift
    /// let refused = try await store.outbox.operationsWithoutBodies(in: [.conflict, .failed])
    /// let mine = refused.filter { $0.scope == accountID }   // then ``operation(id:)`` for the bodies needed
    /// ```
    public func operationsWithoutBodies(in states: Set<OutboxOperation.State>? = nil) async throws
        -> [OutboxOperation]
    {
        try await operations(Self.columnsWithoutBodies, in: states)
    }

    /// `columns` of the operations in `states` (all when `nil`), in creation order.
    private func operations(_ columns: SQL, in states: Set<OutboxOperation.State>?) async throws
        -> [OutboxOperation]
    {
        let rows = try await database.read { db in
            if let states {
                return try db.query(
                    """
                    SELECT \(columns) FROM localstore_outbox
                    WHERE state IN (\(list: states.map(\.rawValue))) ORDER BY id
                    """)
            }
            return try db.query("SELECT \(columns) FROM localstore_outbox ORDER BY id")
        }
        return try rows.map(OutboxOperation.init(row:))
    }

    /// The operation `id` as stored, body and all, or `nil` when it is not there (delivered, or taken back).
    public func operation(id: Int64) async throws -> OutboxOperation? {
        let row = try await database.read { db in
            try db.queryOne("SELECT * FROM localstore_outbox WHERE id = \(id)")
        }
        return try row.map(OutboxOperation.init(row:))
    }

    /// Every column.
    private static let allColumns: SQL = "*"

    /// Every column but the bodies (the operation's and a response's), read as `NULL`.
    private static let columnsWithoutBodies: SQL = """
        id, method, path, query, NULL AS body, content_type, idempotency_key, label, scope, created_at, attempts,
            state, status, message, NULL AS response, finished_at
        """

    /// How many operations wait to be sent.
    public func pendingCount() async throws -> Int {
        try await database.read { db in
            try db.fetchValue(
                Int.self,
                "SELECT COUNT(*) FROM localstore_outbox WHERE state = \(OutboxOperation.State.pending.rawValue)")
                ?? 0
        }
    }

    /// Sends every pending operation through `client` (see the type's replay rules).
    public func replay(using client: APIClient) async throws -> ReplayReport {
        try await replay { operation in
            do throws(APIError) {
                return .delivered(body: try await client.send(operation.endpoint))
            } catch {
                return DeliveryOutcome(error: error)
            }
        }
    }

    /// Sends every pending operation through `deliver`, in order, recording each outcome.
    public func replay(_ deliver: @Sendable (OutboxOperation) async -> DeliveryOutcome) async throws -> ReplayReport {
        var report = ReplayReport()
        guard !replaying else { return report }
        replaying = true
        defer { replaying = false }
        while true {
            if Task.isCancelled {
                report.stoppedBecause = "cancelled"
                break
            }
            guard let operation = try await startNext() else { break }
            let outcome = await deliver(operation)
            if case .unreachable(let message) = outcome {
                report.stoppedBecause = message
                break
            }
            let finished = try await record(outcome, for: operation)
            switch finished.state {
            case .delivered: report.delivered.append(finished.id)
            case .conflict: report.conflicts.append(finished)
            case .failed: report.failed.append(finished)
            case .pending: break
            }
        }
        report.remaining = try await pendingCount()
        if !report.delivered.isEmpty { await LocalStore.reclaimSpace(in: database) }
        return report
    }

    /// Deletes an operation (e.g. the person gave up a conflicting change), and gives its space back.
    public func discard(_ id: Int64) async throws {
        try await database.write { db in _ = try db.execute("DELETE FROM localstore_outbox WHERE id = \(id)") }
        await LocalStore.reclaimSpace(in: database)
    }

    /// Puts a conflicted or failed operation back in the queue, with a new body if given and a new
    /// idempotency key (the server may remember the old key's refusal). Returns `false` if it is not there.
    @discardableResult
    public func requeue(_ id: Int64, body: Data? = nil) async throws -> Bool {
        let key = UUID().uuidString
        let pending = OutboxOperation.State.pending.rawValue
        return try await database.write { db in
            try db.execute(
                """
                UPDATE localstore_outbox
                SET state = \(pending), idempotency_key = \(key), body = COALESCE(\(body), body),
                    status = NULL, message = NULL, response = NULL, finished_at = NULL
                WHERE id = \(id) AND state IN ('conflict', 'failed')
                """) > 0
        }
    }

    /// Gives a pending operation a new body and label (the person changed what waits to be sent), keeping its place
    /// in the queue and its idempotency key. Returns `false` when it no longer waits, or when a replay of this
    /// `Outbox` is running: the operation may be on its way with the body it had, and a new body written now could
    /// be deleted with it unsent.
    ///
    /// NB: the check covers replays of this `Outbox`, the app's one; a second process replaying the same file is
    /// not seen.
    @discardableResult
    public func revise(_ id: Int64, body: Data, label: String? = nil) async throws -> Bool {
        guard !replaying else { return false }
        // NB: held through the write, so no replay of this outbox starts until the new body is in place.
        replaying = true
        defer { replaying = false }
        let pending = OutboxOperation.State.pending.rawValue
        return try await database.write { db in
            try db.execute(
                """
                UPDATE localstore_outbox SET body = \(body), label = COALESCE(\(label), label)
                WHERE id = \(id) AND state = \(pending)
                """) > 0
        }
    }

    /// The operation queued under `idempotencyKey` and not delivered (pending, or kept as a conflict or a failure),
    /// its body left unread (`nil`): what it is and where it goes, without copying a body that may hold megabytes.
    public func operation(idempotencyKey key: String) async throws -> OutboxOperation? {
        let row = try await database.read { db in
            try db.queryOne(
                """
                SELECT \(Self.columnsWithoutBodies)
                FROM localstore_outbox WHERE idempotency_key = \(key) ORDER BY id LIMIT 1
                """)
        }
        return try row.map(OutboxOperation.init(row:))
    }

    /// Sets string values inside a pending operation's JSON body (`values`: JSON paths such as `$.name`, each with
    /// its new text) and its label, keeping its place in the queue and its idempotency key. The body is changed
    /// where it is stored and never read into memory, so a small change beside large bytes (a file's name beside
    /// the file) copies nothing here. Returns `false` as ``revise(_:body:label:)`` does (it no longer waits, or a
    /// replay of this `Outbox` runs); throws when the stored body is not JSON, leaving it as it was.
    ///
    /// NB: the device store is SQLite, whose `json_set` does the change.
    @discardableResult
    public func revise(_ id: Int64, settingJSON values: [(path: String, value: String)], label: String? = nil)
        async throws -> Bool
    {
        guard !replaying else { return false }
        replaying = true
        defer { replaying = false }
        var document: SQL = "CAST(body AS TEXT)"
        for (path, value) in values { document = "json_set(\(document), \(path), \(value))" }
        let pending = OutboxOperation.State.pending.rawValue
        return try await database.write { [document] db in
            try db.execute(
                """
                UPDATE localstore_outbox SET body = CAST(\(document) AS BLOB), label = COALESCE(\(label), label)
                WHERE id = \(id) AND state = \(pending)
                """) > 0
        }
    }

    /// Takes back, before it is ever sent, the operation queued under `idempotencyKey` (pending, or kept as a
    /// conflict or a failure), with every pending operation whose path holds `segment` (a later change of what it
    /// creates), and gives their space back. Returns `false`, taking back nothing, when no such operation is
    /// there (it was delivered, or never queued) or while a replay of this `Outbox` runs: it may be on its way,
    /// and what the server may now have must not be forgotten here as if it had never been sent.
    @discardableResult
    public func withdraw(idempotencyKey key: String, withPathsHolding segment: String? = nil) async throws -> Bool {
        guard !replaying else { return false }
        // NB: held through the write, so no replay starts and sends what is being taken back.
        replaying = true
        defer { replaying = false }
        let pending = OutboxOperation.State.pending.rawValue
        let withdrawn = try await database.write { db -> Bool in
            let ids = try db.fetchColumn(
                Int64.self,
                """
                SELECT id FROM localstore_outbox
                WHERE idempotency_key = \(key) AND state IN ('pending', 'conflict', 'failed')
                """)
            guard !ids.isEmpty else { return false }
            var dependents: [Int64] = []
            if let segment {
                for row in try db.query("SELECT id, path FROM localstore_outbox WHERE state = \(pending)") {
                    let path: String = try row.decode(String.self, "path")
                    if (try? JSONDecoder().decode([String].self, from: Data(path.utf8)))?.contains(segment) == true {
                        dependents.append(try row.decode(Int64.self, "id"))
                    }
                }
            }
            _ = try db.execute("DELETE FROM localstore_outbox WHERE id IN (\(list: ids + dependents))")
            return true
        }
        if withdrawn { await LocalStore.reclaimSpace(in: database) }
        return withdrawn
    }

    /// Takes the oldest pending operation and counts the attempt before anything is sent.
    private func startNext() async throws -> OutboxOperation? {
        let pending = OutboxOperation.State.pending.rawValue
        let row = try await database.write { db -> Row? in
            guard
                let id = try db.fetchValue(
                    Int64.self, "SELECT id FROM localstore_outbox WHERE state = \(pending) ORDER BY id LIMIT 1")
            else { return nil }
            return try db.queryOne(
                "UPDATE localstore_outbox SET attempts = attempts + 1 WHERE id = \(id) RETURNING *")
        }
        return try row.map(OutboxOperation.init(row:))
    }

    /// Writes the outcome and the new state in one statement: a delivered operation is deleted (and returned as
    /// delivered), a refused one kept with the server's word (and returned without its body, which a report of
    /// several refused uploads would otherwise hold whole). Only the pending row of this id *and* key is touched.
    private func record(_ outcome: DeliveryOutcome, for operation: OutboxOperation) async throws -> OutboxOperation {
        let state: OutboxOperation.State
        var status: Int?
        var message: String?
        let pending = OutboxOperation.State.pending.rawValue
        let key = operation.idempotencyKey
        let finishedAt = now()
        switch outcome {
        case .delivered(let body):
            let deleted = try await database.write { db in
                try db.execute(
                    """
                    DELETE FROM localstore_outbox
                    WHERE id = \(operation.id) AND idempotency_key = \(key) AND state = \(pending)
                    """)
            }
            guard deleted > 0 else { return operation }
            var delivered = operation
            delivered.state = .delivered
            delivered.response = body
            delivered.finishedAt = finishedAt
            return delivered
        case .conflict(let code, let text):
            state = .conflict
            status = code
            message = text
        case .rejected(let code, let text):
            state = .failed
            status = code
            message = text
        case .unreachable:
            return operation
        }
        let row = try await database.write { [state, status, message] db in
            try db.queryOne(
                """
                UPDATE localstore_outbox
                SET state = \(state.rawValue), status = \(status), message = \(message), finished_at = \(finishedAt)
                WHERE id = \(operation.id) AND idempotency_key = \(key) AND state = \(pending)
                RETURNING \(Self.columnsWithoutBodies)
                """)
        }
        return try row.map(OutboxOperation.init(row:)) ?? operation
    }
}
