import Locking

/// The slot a request's handler task fills, and the suspension of the connection that waits for it.
///
/// The access handler starts the task and, unless it has already answered, suspends the connection;
/// whoever completes first (the handler, the request-timeout sweeper or a forced shutdown) stores the
/// response and resumes the connection if it is suspended, and MHD then calls the access handler again,
/// which takes the response and queues it.
final class PendingResponse: Sendable {
    private struct State {
        var response: Response?
        var completed = false
        var suspended = false
        var task: Task<Void, Never>?
    }

    let connection: ConnectionHandle
    /// The request's path, for wording a timeout or shutdown refusal as its domain does.
    let path: String
    /// When the request timeout expires, or `nil` when handlers may take as long as they like.
    let deadline: ContinuousClock.Instant?
    private let state = Locked(State())

    init(connection: ConnectionHandle, path: String, deadline: ContinuousClock.Instant?) {
        self.connection = connection
        self.path = path
        self.deadline = deadline
    }

    /// Suspends the connection unless a response is already there; `false` means answer now.
    /// Called on the MHD thread, inside the access handler.
    func suspendUnlessCompleted() -> Bool {
        state.withLock { state in
            guard !state.completed else { return false }
            state.suspended = true
            connection.suspend()
            return true
        }
    }

    /// Remembers the handler task so a timeout or shutdown can cancel it.
    func attach(_ task: Task<Void, Never>) {
        let cancelNow = state.withLock { state in
            state.task = task
            return state.completed
        }
        if cancelNow { task.cancel() }
    }

    /// Stores the response and resumes the connection; later completions are ignored.
    /// Returns whether this call was the one that completed the request.
    @discardableResult
    func complete(_ response: Response, cancelTask: Bool = false) -> Bool {
        let (first, task) = state.withLock { state -> (Bool, Task<Void, Never>?) in
            guard !state.completed else { return (false, nil) }
            state.completed = true
            state.response = response
            if state.suspended {
                state.suspended = false
                connection.resume()
            }
            return (true, state.task)
        }
        if first, cancelTask { task?.cancel() }
        return first
    }

    /// Takes the stored response (on the MHD thread, after the resume); `nil` when not completed yet.
    func takeResponse() -> Response? {
        state.withLock { state in
            defer { state.response = nil }
            return state.response
        }
    }

    /// Cancels the handler task (the request is over as far as the client is concerned).
    func cancel() {
        state.withLock { $0.task }?.cancel()
    }
}
