#if canImport(Darwin)
    import Darwin
#else
    import Glibc
#endif

// NB: deliberately not Synchronization.Mutex. Its futex fast path lives in the (uninstrumented) standard
// library, so ThreadSanitizer cannot see it and reports every cross-thread access it guards as a race;
// pthread mutexes are intercepted, so the TSan run in `make test` checks our locking for real. Mutex also
// needs iOS 18, and the app cores support iOS 17. The class is `@unchecked Sendable` because every access to
// `value` happens inside `withLock`.

/// A value guarded by a pthread mutex: the package's one lock type.
///
/// ```swift
/// let hits = Locked(0)
/// hits.withLock { $0 += 1 }
/// let seen = hits.withLock { $0 }
/// ```
///
/// A value that is not `Sendable` must not leave the closure (return a copy of what you need).
public final class Locked<Value>: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var value: Value

    /// Creates the guarded value.
    public init(_ value: Value) {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        self.value = value
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` with exclusive access to the value.
    public func withLock<T, E: Error>(_ body: (inout Value) throws(E) -> T) throws(E) -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
