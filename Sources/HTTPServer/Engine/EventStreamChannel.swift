import CMicroHTTPD
import Foundation
import Locking

/// The engine side of one event stream: the bytes queued for the socket, the producer and heartbeat
/// tasks, and the suspension of the connection while there is nothing to send.
///
/// MHD's content reader pulls from here. With nothing queued it must suspend the connection and return 0
/// (returning 0 without suspending busy-loops); a write resumes it.
final class EventStreamChannel: Sendable {
    enum Phase {
        /// Events flow.
        case open
        /// Send what is queued, then end the stream cleanly.
        case finishing
        /// End now, without the final chunk (slow client, forced shutdown).
        case dropped
        /// The response is gone (client left or request finished).
        case closed
    }

    private struct State {
        var queued: [UInt8] = []
        var offset = 0
        var phase = Phase.open
        var suspended = false
        var tasks: [Task<Void, Never>] = []
        var released = false
    }

    let connection: ConnectionHandle
    let maxQueuedBytes: Int
    private let state = Locked(State())
    private let onRelease: @Sendable (EventStreamChannel) -> Void

    init(connection: ConnectionHandle, maxQueuedBytes: Int, onRelease: @escaping @Sendable (EventStreamChannel) -> Void)
    {
        self.connection = connection
        self.maxQueuedBytes = maxQueuedBytes
        self.onRelease = onRelease
    }

    /// Queues bytes for the client, waking the connection; enforces the slow-client cap.
    func write(_ bytes: Data) throws(EventStreamError) {
        let outcome: EventStreamError? = state.withLock { state in
            switch state.phase {
            case .open:
                break
            case .finishing, .dropped, .closed:
                return .closed
            }
            if state.queued.count - state.offset + bytes.count > maxQueuedBytes {
                state.phase = .dropped
                resumeIfSuspended(&state)
                return .slowConsumer
            }
            state.queued.append(contentsOf: bytes)
            resumeIfSuspended(&state)
            return nil
        }
        if let outcome { throw outcome }
    }

    /// Fills MHD's buffer (on the MHD thread); suspends the connection when there is nothing to send.
    func read(into buffer: UnsafeMutablePointer<CChar>, capacity: Int) -> Int {
        state.withLock { state in
            switch state.phase {
            case .dropped, .closed:
                return cmhd_reader_end_with_error()
            case .open, .finishing:
                break
            }
            let available = state.queued.count - state.offset
            if available > 0 {
                let count = min(available, capacity)
                state.queued.withUnsafeBytes { bytes in
                    guard let base = bytes.baseAddress else { return }
                    UnsafeMutableRawPointer(buffer).copyMemory(from: base + state.offset, byteCount: count)
                }
                state.offset += count
                if state.offset == state.queued.count {
                    state.queued.removeAll(keepingCapacity: state.queued.count <= 64 << 10)
                    state.offset = 0
                } else if state.offset >= 64 << 10 {
                    state.queued.removeFirst(state.offset)
                    state.offset = 0
                }
                return count
            }
            if state.phase == .finishing { return cmhd_reader_end_of_stream() }
            state.suspended = true
            connection.suspend()
            return 0
        }
    }

    /// Ends the stream once what is queued has gone out.
    func finish() {
        state.withLock { state in
            guard state.phase == .open else { return }
            state.phase = .finishing
            resumeIfSuspended(&state)
        }
    }

    /// Ends the stream at once, without the final chunk.
    func drop() {
        state.withLock { state in
            guard state.phase == .open || state.phase == .finishing else { return }
            state.phase = .dropped
            resumeIfSuspended(&state)
        }
    }

    /// The response is gone: stops the producer and heartbeat and frees the queue. Idempotent.
    func close() {
        let (tasks, firstTime) = state.withLock { state -> ([Task<Void, Never>], Bool) in
            state.phase = .closed
            state.queued = []
            state.offset = 0
            let tasks = state.tasks
            state.tasks = []
            let firstTime = !state.released
            state.released = true
            return (tasks, firstTime)
        }
        for task in tasks { task.cancel() }
        if firstTime { onRelease(self) }
    }

    /// Remembers a task to cancel when the stream closes (or cancels it now if it already has).
    func attach(_ task: Task<Void, Never>) {
        let closed = state.withLock { state in
            if state.phase == .closed { return true }
            state.tasks.append(task)
            return false
        }
        if closed { task.cancel() }
    }

    var phase: Phase { state.withLock { $0.phase } }

    private func resumeIfSuspended(_ state: inout State) {
        guard state.suspended else { return }
        state.suspended = false
        connection.resume()
    }
}
