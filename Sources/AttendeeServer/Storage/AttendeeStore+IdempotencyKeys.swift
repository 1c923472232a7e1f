import AttendeeModels
import Database
import Foundation
import HTTPServer

/// Creates that a lost answer cannot make twice: the key, the request's digest and the answer are written in the
/// create's own transaction (`attendee_idempotency_key`, migration `attendee.v12-idempotency-keys`), so no crash
/// keeps one without the other.
extension AttendeeStore {
    /// Runs `create` in one write transaction, at most once per `key` of `userID`, and answers what it made as JSON
    /// with `status`; without a key it simply runs.
    ///
    /// The key is claimed first (`INSERT … ON CONFLICT DO NOTHING`): on PostgreSQL a concurrent request with the same
    /// key waits there for the first to commit, so it finds the first's answer rather than running as well, and on
    /// SQLite writers take turns. A key already there answers its stored status and body (no second row, no live
    /// event); with a different request it is refused (422, ``IdempotencyKey/reused``). A create that throws rolls
    /// the claim back with it, so the key stays free for a retry.
    ///
    /// ```swift
    /// try await createOnce(key, userID: userID) { db in
    ///     let post = try insertPost(db)
    ///     return (post, [try LiveOutbox.append(.event(eventID), kind: "wall.post", payload: post, db)])
    /// }
    /// ```
    func createOnce<Made: Encodable & Sendable>(
        _ key: IdempotencyKey?, userID: String, status: HTTPStatus = .created,
        _ create: @escaping @Sendable (any DatabaseConnection) throws -> (Made, [LiveEvent])
    ) async throws -> CreatedAnswer {
        let moment = now()
        return try await database.write { db in
            if let key {
                if let stored = try Self.claim(key, userID: userID, at: moment, db) { return stored }
            }
            let (made, events) = try create(db)
            let response = try Response.json(made, status: status)
            if let key {
                try db.execute(
                    """
                    UPDATE attendee_idempotency_key
                    SET status = \(Int64(status.rawValue)), response = \(String(decoding: response.bodyData, as: UTF8.self))
                    WHERE user_id = \(userID) AND idempotency_key = \(key.value)
                    """)
            }
            return CreatedAnswer(response: response, events: events)
        }
    }

    /// Forgets every account's keys claimed before `cutoff`; answers how many went.
    ///
    /// NB: a create sweeps only its own account's old keys, so an account that never creates again would keep its
    /// keys (and their stored answers) for ever without this.
    func pruneIdempotencyKeys(claimedBefore cutoff: Date) async throws -> Int {
        try await database.write { db in
            try db.execute("DELETE FROM attendee_idempotency_key WHERE created_at < \(cutoff)")
        }
    }

    /// Claims `key` for a new create (`nil`), or answers what the request that claimed it before was answered.
    private static func claim(_ key: IdempotencyKey, userID: String, at moment: Date, _ db: any DatabaseConnection)
        throws -> CreatedAnswer?
    {
        // NB: only the caller's own expired keys are swept, by the primary key's prefix: a create costs no table scan.
        try db.execute(
            """
            DELETE FROM attendee_idempotency_key
            WHERE user_id = \(userID) AND created_at < \(moment.addingTimeInterval(-IdempotencyKey.retention))
            """)
        let claimed = try db.execute(
            """
            INSERT INTO attendee_idempotency_key (user_id, idempotency_key, request_hash, created_at)
            VALUES (\(userID), \(key.value), \(key.fingerprint), \(moment))
            ON CONFLICT (user_id, idempotency_key) DO NOTHING
            """)
        if claimed == 1 { return nil }
        guard let stored = try answer(to: key, userID: userID, keptSince: moment, db) else {
            throw DatabaseError(.other, code: "idempotency", message: "the key was neither claimed nor found")
        }
        return stored
    }

    /// What the request that claimed `key` was answered, without claiming it: `nil` when nobody has; 422
    /// (``IdempotencyKey/reused``) when it was another request. An upload asks first, so that a repeat stores
    /// nothing before ``createOnce(_:userID:status:_:)`` settles it.
    func answered(_ key: IdempotencyKey, userID: String) async throws -> CreatedAnswer? {
        let moment = now()
        return try await database.read { db in try Self.answer(to: key, userID: userID, keptSince: moment, db) }
    }

    /// The stored answer to `key`, `nil` when it is not there or older than ``IdempotencyKey/retention`` at
    /// `moment` (a key past it is a new request, whether or not it was swept yet); 422 for a different request.
    private static func answer(
        to key: IdempotencyKey, userID: String, keptSince moment: Date, _ db: any DatabaseConnection
    ) throws -> CreatedAnswer? {
        guard
            let row = try db.queryOne(
                """
                SELECT request_hash, status, response FROM attendee_idempotency_key
                WHERE user_id = \(userID) AND idempotency_key = \(key.value)
                    AND created_at >= \(moment.addingTimeInterval(-IdempotencyKey.retention))
                """)
        else { return nil }
        guard try row.decode(String.self, "request_hash") == key.fingerprint else { throw IdempotencyKey.reused }
        guard let status = try row.decode(Int?.self, "status"), let body = try row.decode(String?.self, "response")
        else { throw DatabaseError(.other, code: "idempotency", message: "the key was committed without its answer") }
        let replay = Response(
            status: HTTPStatus(rawValue: status),
            headers: ["Content-Type": "application/json; charset=utf-8"], body: Data(body.utf8))
        return CreatedAnswer(response: replay, events: [], isReplay: true)
    }
}

extension AttendeeService {
    /// Forgets the idempotency keys of every account older than ``IdempotencyKey/retention`` (a request with one of
    /// them is a new request already); answers how many went. ``startCleanup(every:mediaOlderThan:)`` runs it hourly.
    @discardableResult
    public func pruneIdempotencyKeys() async throws -> Int {
        try await store.pruneIdempotencyKeys(
            claimedBefore: configuration.now().addingTimeInterval(-IdempotencyKey.retention))
    }
}
