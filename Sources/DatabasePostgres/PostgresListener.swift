import CLibPQ
import Foundation
import Locking

#if canImport(Darwin)
    import Darwin
#else
    import Glibc
#endif

/// What a ``PostgresListener`` hears.
public enum PostgresNotification: Sendable, Equatable {
    /// The payloads of the notifications that arrived together, oldest first.
    case payloads([String])
    /// The connection dropped and is listening again: notifications sent in between were not heard, so a
    /// consumer that must not miss any reads what changed meanwhile.
    case reconnected
}

/// `LISTEN`s on one PostgreSQL channel over a connection of its own and hands the notifications out as an
/// async sequence.
///
/// A thread of its own waits on the connection's socket (`poll` on `PQsocket` and a wake-up pipe), reads with
/// `PQconsumeInput` and drains `PQnotifies`, so the notifications that arrive together come out as one
/// ``PostgresNotification/payloads(_:)`` batch. When the connection drops it reconnects, waiting
/// `initialDelay` and doubling to `maxDelay` between failed attempts, and says ``PostgresNotification/reconnected``.
/// ``stop()`` ends the thread, closes the connection and finishes the sequence.
///
/// ```swift
/// let listener = PostgresListener(url: "postgres://db.internal/quartet", channel: "attendee_live")
/// Task { for await heard in listener.notifications { … } }
/// await listener.stop()
/// ```
public final class PostgresListener: Sendable {
    /// The notifications heard, until ``stop()``.
    public let notifications: AsyncStream<PostgresNotification>

    private struct State {
        var stopped = false
        var finished = false
        var waiters: [CheckedContinuation<Void, Never>] = []
        var backendPID: Int32?
    }

    private let url: String
    private let channel: String
    private let initialDelay: Duration
    private let maxDelay: Duration
    private let continuation: AsyncStream<PostgresNotification>.Continuation
    private let state = Locked(State())
    /// A pipe whose write end ``stop()`` writes to, to wake the thread from `poll`.
    private let wakeRead: Int32
    private let wakeWrite: Int32

    /// Starts listening on `channel` at `url` (a libpq connection URI).
    public init(
        url: String, channel: String, initialDelay: Duration = .milliseconds(100), maxDelay: Duration = .seconds(5)
    ) {
        self.url = url
        self.channel = channel
        self.initialDelay = initialDelay
        self.maxDelay = maxDelay
        (notifications, continuation) = AsyncStream.makeStream(of: PostgresNotification.self)
        var fds: [Int32] = [-1, -1]
        if pipe(&fds) != 0 { fds = [-1, -1] }
        wakeRead = fds[0]
        wakeWrite = fds[1]
        let thread = Thread { [self] in run() }
        thread.name = "quartet.postgres-listener"
        thread.start()
    }

    // NB: the pipe is closed here, not when the thread ends: ``stop()`` may be writing its byte just as the
    // thread sees the stop and leaves, and a number closed under it could already be another file or socket.
    deinit {
        if wakeRead >= 0 { close(wakeRead) }
        if wakeWrite >= 0 { close(wakeWrite) }
    }

    /// The server process of the current connection, `nil` while disconnected (tests end it to play a drop).
    public var backendPID: Int32? { state.withLock { $0.backendPID } }

    /// Stops listening; returns once the connection is closed and ``notifications`` has finished.
    public func stop() async {
        let alreadyFinished = state.withLock { state -> Bool in
            state.stopped = true
            return state.finished
        }
        if alreadyFinished { return }
        var byte: UInt8 = 1
        _ = write(wakeWrite, &byte, 1)
        await withCheckedContinuation { continuation in
            let resumeNow = state.withLock { state -> Bool in
                if state.finished { return true }
                state.waiters.append(continuation)
                return false
            }
            if resumeNow { continuation.resume() }
        }
    }

    private var isStopped: Bool { state.withLock { $0.stopped } }

    private func run() {
        var delay = initialDelay
        var listenedBefore = false
        while !isStopped {
            guard let connection = connect() else {
                wait(delay)
                delay = min(delay * 2, maxDelay)
                continue
            }
            delay = initialDelay
            state.withLock { $0.backendPID = PQbackendPID(connection) }
            if listenedBefore { continuation.yield(.reconnected) }
            listenedBefore = true
            listen(on: connection)
            state.withLock { $0.backendPID = nil }
            PQfinish(connection)
        }
        continuation.finish()
        let waiters = state.withLock { state in
            state.finished = true
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Opens a connection and runs `LISTEN`; `nil` when either fails.
    private func connect() -> OpaquePointer? {
        // NB: keepalives (PostgresConnect), so a peer that vanished without a FIN is noticed and the loop
        // reconnects.
        let connection = PostgresConnect.open(url: url, applicationName: "quartet-listener", connectTimeoutSeconds: 5)
        guard let connection else { return nil }
        guard PQstatus(connection) == CONNECTION_OK else {
            PQfinish(connection)
            return nil
        }
        clibpq_silence_notices(connection)
        guard let quoted = PQescapeIdentifier(connection, channel, channel.utf8.count) else {
            PQfinish(connection)
            return nil
        }
        let command = "LISTEN " + String(cString: quoted)
        PQfreemem(quoted)
        let result = PQexec(connection, command)
        defer { PQclear(result) }
        guard PQresultStatus(result) == PGRES_COMMAND_OK else {
            PQfinish(connection)
            return nil
        }
        return connection
    }

    /// Waits on the socket and hands out notifications until the connection drops or ``stop()``.
    private func listen(on connection: OpaquePointer) {
        let socket = PQsocket(connection)
        guard socket >= 0 else { return }
        while !isStopped {
            var descriptors = [
                pollfd(fd: socket, events: Int16(POLLIN), revents: 0),
                pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0),
            ]
            let ready = poll(&descriptors, 2, -1)
            if ready < 0 {
                if errno == EINTR { continue }
                return
            }
            if descriptors[1].revents != 0 { return }
            guard PQconsumeInput(connection) == 1 else { return }
            var payloads: [String] = []
            while let notification = PQnotifies(connection) {
                payloads.append(String(cString: notification.pointee.extra))
                PQfreemem(notification)
            }
            if !payloads.isEmpty { continuation.yield(.payloads(payloads)) }
            if PQstatus(connection) != CONNECTION_OK { return }
        }
    }

    /// Sleeps `duration`, waking early on ``stop()``.
    private func wait(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        let milliseconds = Int32(clamping: seconds * 1000 + attoseconds / 1_000_000_000_000_000)
        var descriptor = pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0)
        _ = poll(&descriptor, 1, max(milliseconds, 1))
    }
}
