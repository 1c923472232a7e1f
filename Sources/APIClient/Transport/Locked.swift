import Foundation

/// A value guarded by a lock, for state shared with `URLSession` delegate callbacks.
///
/// NB: `@unchecked Sendable` is sound because every access to `value` goes through `withLock`, which holds
/// `lock` for the whole closure. (`Synchronization.Mutex` would do, but it needs iOS 18 and the package
/// supports iOS 17.)
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    func withLock<T>(_ body: (inout Value) throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
