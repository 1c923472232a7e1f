import Foundation

/// A value guarded by a pthread mutex: the engine's one lock type.
// NB: deliberately not Synchronization.Mutex. Its futex fast path lives in the (uninstrumented) standard
// library, so ThreadSanitizer cannot see it and reports every cross-thread access it guards as a race;
// pthread mutexes are intercepted, so the TSan run in `make test` checks our locking for real. The class
// is `@unchecked Sendable` because every access to `state` happens inside `withLock`.
final class Locked<State: Sendable>: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var state: State

    init(_ state: State) {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        self.state = state
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` with exclusive access to the value.
    func withLock<T, E: Error>(_ body: (inout State) throws(E) -> T) throws(E) -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&state)
    }
}
