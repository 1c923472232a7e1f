import Dispatch
import Locking

/// A bounded set of connections handed out one job at a time, with waiting in arrival order and an
/// acquire timeout; each job runs on a dispatch queue so that blocking driver calls never stall Swift's
/// cooperative threads.
///
/// Connections are created lazily on the job's own thread (`open` may block on the network) and dropped
/// when a job reports them broken; the next job then opens a fresh one, which is how a pool recovers
/// after a server restart. A connection closes itself when the pool drops its last reference (`deinit`).
package final class ConnectionPool<Connection: AnyObject>: Sendable {
    /// A permission to run: an idle connection, or the right to open a new one.
    private typealias Grant = Exclusive<Connection?>

    private struct Waiter {
        let id: UInt64
        let continuation: CheckedContinuation<Grant, any Error>
        var timer: Task<Void, Never>?
    }

    private enum Immediate {
        case grant(Grant)
        case closed
        case wait
    }

    private enum Next {
        case hand(Waiter, Grant)
        case none
    }

    private struct State {
        var idle: [Connection] = []
        var open = 0
        var waiters: [Waiter] = []
        var nextID: UInt64 = 0
        var closed = false
    }

    private let state = Locked(State())
    private let capacity: Int
    private let acquireTimeout: Duration
    private let queue: DispatchQueue
    private let openConnection: @Sendable () throws -> Connection
    private let label: String

    /// Creates a pool of at most `capacity` connections.
    package init(
        label: String, capacity: Int, acquireTimeout: Duration, initial: [Exclusive<Connection>] = [],
        open: @escaping @Sendable () throws -> Connection
    ) {
        self.label = label
        self.capacity = max(1, capacity)
        self.acquireTimeout = acquireTimeout
        self.queue = DispatchQueue(label: label, attributes: .concurrent)
        self.openConnection = open
        state.withLock { state in
            state.idle = initial.map(\.value)
            state.open = initial.count
        }
    }

    /// Runs `body` with a connection on the pool's threads.
    ///
    /// `body` returns whether the connection is still usable alongside its result; a broken one is closed.
    package func run<T: Sendable>(
        _ body: @Sendable (Connection) -> (result: Result<T, any Error>, reusable: Bool)
    ) async throws -> T {
        // NB: the dispatched block may outlive this call by a moment; it reaches `body` and the connection through
        // slots that are emptied before the continuation resumes. No reference to the non-escaping closure survives,
        // and none to the connection: the pool's is then the last, so a connection the pool dropped (a closed pool,
        // a broken connection) has closed its file by the time the caller goes on. Held by the block until it ended,
        // it closed a moment after: a store closed and its file truncated or moved aside could still be written by
        // that close (SQLite's checkpoint, and the removal of `-wal` by name).
        let grant = Locked(Optional(try await acquire()))
        return try await withoutActuallyEscaping(body) { body in
            let slot = Locked(Optional(body))
            return try await withCheckedThrowingContinuation { continuation in
                queue.async {
                    continuation.resume(with: self.perform(slot, grant: grant))
                }
            }
        }
    }

    /// Runs the job in `slot` on the connection `grant` holds (or a new one), gives the connection back, and returns
    /// the job's result; when it returns, neither slot nor any local holds the connection.
    private func perform<T>(
        _ slot: Locked<(@Sendable (Connection) -> (result: Result<T, any Error>, reusable: Bool))?>,
        grant: Locked<Grant?>
    ) -> Result<T, any Error> {
        let granted = grant.withLock { grant in
            defer { grant = nil }
            return grant?.value
        }
        let connection: Connection
        if let granted {
            connection = granted
        } else {
            do {
                connection = try openConnection()
            } catch {
                slot.withLock { $0 = nil }
                release(nil)
                return .failure(error)
            }
        }
        let outcome = Self.call(slot, with: connection)
        release(outcome.reusable ? connection : nil)
        return outcome.result
    }

    /// Takes the job out of its slot and runs it; the job is released when this returns.
    private static func call<T>(
        _ slot: Locked<(@Sendable (Connection) -> (result: Result<T, any Error>, reusable: Bool))?>,
        with connection: Connection
    ) -> (result: Result<T, any Error>, reusable: Bool) {
        guard
            let job = slot.withLock({ slot in
                defer { slot = nil }
                return slot
            })
        else {
            return (.failure(DatabaseError(.other, code: "pool", message: "job already ran")), true)
        }
        return job(connection)
    }

    /// Closes idle connections and refuses new jobs; connections in use close when their job ends.
    package func close() {
        let (idle, waiters) = state.withLock { state in
            state.closed = true
            state.open -= state.idle.count
            defer {
                state.idle = []
                state.waiters = []
            }
            return (state.idle, state.waiters)
        }
        // NB: the idle connections close (deinit) when `idle` goes out of scope, outside the lock.
        _ = consume idle
        for waiter in waiters {
            waiter.timer?.cancel()
            waiter.continuation.resume(throwing: closedError)
        }
    }

    private var closedError: DatabaseError {
        DatabaseError(.other, code: "closed", message: "\(label): the database is closed")
    }

    private func acquire() async throws -> Grant {
        let immediate: Immediate = state.withLock { state in
            if state.closed { return .closed }
            if let connection = state.idle.popLast() { return .grant(Exclusive(connection)) }
            if state.open < capacity {
                state.open += 1
                return .grant(Exclusive(nil))
            }
            return .wait
        }
        switch immediate {
        case .grant(let grant): return grant
        case .closed: throw closedError
        case .wait: break
        }
        return try await withCheckedThrowingContinuation { continuation in
            let outcome: Immediate = state.withLock { state in
                // NB: re-check: a connection may have come back between the two locks.
                if state.closed { return .closed }
                if let connection = state.idle.popLast() { return .grant(Exclusive(connection)) }
                if state.open < capacity {
                    state.open += 1
                    return .grant(Exclusive(nil))
                }
                let id = state.nextID
                state.nextID += 1
                state.waiters.append(Waiter(id: id, continuation: continuation, timer: nil))
                let timeout = acquireTimeout
                let timer = Task { [weak self] in
                    try? await Task.sleep(for: timeout)
                    if !Task.isCancelled { self?.expire(id) }
                }
                if let index = state.waiters.firstIndex(where: { $0.id == id }) {
                    state.waiters[index].timer = timer
                }
                return .wait
            }
            switch outcome {
            case .grant(let grant): continuation.resume(returning: grant)
            case .closed: continuation.resume(throwing: closedError)
            case .wait: break
            }
        }
    }

    private func expire(_ id: UInt64) {
        let waiter: Waiter? = state.withLock { state in
            guard let index = state.waiters.firstIndex(where: { $0.id == id }) else { return nil }
            return state.waiters.remove(at: index)
        }
        waiter?.continuation.resume(
            throwing: DatabaseError(
                .busy, code: "pool-timeout",
                message: "\(label): no connection became free within \(acquireTimeout) (\(capacity) in use)"))
    }

    /// Returns a connection (or, with `nil`, the slot of a closed one) to the next waiter or the idle list.
    private func release(_ connection: Connection?) {
        let next: Next = state.withLock { state in
            if state.closed {
                state.open -= 1
                return .none
            }
            if !state.waiters.isEmpty {
                return .hand(state.waiters.removeFirst(), Exclusive(connection))
            }
            if let connection {
                state.idle.append(connection)
            } else {
                state.open -= 1
            }
            return .none
        }
        switch next {
        case .hand(let waiter, let grant):
            waiter.timer?.cancel()
            waiter.continuation.resume(returning: grant)
        case .none: break
        }
    }
}
