import Foundation

/// Runs blocking work (a socket read, a poll with `usleep`, a `waitpid`) on a thread of its own and waits for it.
///
/// Blocking the cooperative pool instead starves every other task on it: in a parallel test run, the pool's few
/// threads are shared by hundreds of tests, and an in-process server's handler tasks run there too. Dispatch's
/// global queues share those threads on Linux, so they will not do either.
public func blocking<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try body() }) }.start()
    }
}
