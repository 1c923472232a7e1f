import Foundation

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
