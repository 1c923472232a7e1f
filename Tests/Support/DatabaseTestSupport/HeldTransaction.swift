import Database
import Foundation
import Locking

/// A transaction that has done its work and holds it uncommitted until told to let go: what lock and ordering tests
/// hold open while another transaction meets it.
///
/// ```swift
/// let held = HeldTransaction(database) { db in try db.execute("DELETE FROM post WHERE id = 1") }
/// let holder = try await held.started("the deletion is made")
/// // … another request meets the held rows; `LockWaits.waiting(on: [holder.pid], database)` sees it wait …
/// try await held.commit()
/// ```
public final class HeldTransaction<Value: Sendable>: Sendable {
    private let release = Locked(false)
    private let held = Locked<(value: Value, pid: Int)?>(nil)
    private let task: Task<Void, any Error>

    /// Runs `work` in a write transaction on `database` and holds the transaction open (for 30 seconds at most)
    /// until ``commit()``.
    public init(_ database: any SQLDatabase, _ work: @escaping @Sendable (any DatabaseConnection) throws -> Value) {
        let release = release
        let held = held
        task = Task {
            try await database.write { db in
                let value = try work(db)
                let backend = db.dialect == .postgres ? try db.fetchValue(Int.self, "SELECT pg_backend_pid()") : 0
                held.withLock { $0 = (value, backend ?? 0) }
                for _ in 0..<3000 where !release.withLock({ $0 }) { usleep(10_000) }
            }
        }
    }

    /// What the work gave and the connection holding it (PostgreSQL's backend pid; 0 on SQLite), once it has run.
    public var done: (value: Value, pid: Int)? { held.withLock { $0 } }

    /// Waits until the work has run (failing, not hanging, if it never does), and answers ``done``.
    public func started(_ what: String) async throws -> (value: Value, pid: Int) {
        try await LockWaits.until(what) { done }
    }

    /// Lets the transaction commit, and waits for it (rethrowing what the work threw).
    public func commit() async throws {
        release.withLock { $0 = true }
        try await task.value
    }
}
