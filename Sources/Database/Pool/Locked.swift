import Foundation

/// A value guarded by a lock.
///
/// NB: `Synchronization.Mutex` needs iOS 18 / macOS 15 and this module must build for iOS 17 app cores,
/// hence `NSLock`. It is `@unchecked Sendable` because every access to `value` goes through `withLock`.
package final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    /// Creates the guarded value.
    package init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with exclusive access to the value.
    package func withLock<T>(_ body: (inout Value) throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}

/// Hands a non-`Sendable` connection from the pool to the one job that leased it.
///
/// NB: `@unchecked Sendable` is sound because a ``ConnectionPool`` gives each connection to one job at a
/// time; the job's thread is the only one touching it until the job returns it.
package struct Exclusive<Value>: @unchecked Sendable {
    /// The connection.
    package let value: Value

    /// Wraps a connection.
    package init(_ value: Value) {
        self.value = value
    }
}
