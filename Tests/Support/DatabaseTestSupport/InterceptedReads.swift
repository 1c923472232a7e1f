import Database

/// A database whose reads a test can hold back or fail: each ``read(_:)`` first awaits `beforeRead`, which may
/// wait (a slow database) or throw (an unreachable one); writes go straight through.
///
/// ```swift
/// let failing = Locked(false)
/// let database = InterceptedReads(test.database) {
///     if failing.withLock({ $0 }) { throw DatabaseError(.other, code: "test", message: "unreachable") }
/// }
/// ```
public struct InterceptedReads: SQLDatabase {
    /// The database the reads and writes go to.
    public let base: any SQLDatabase
    private let beforeRead: @Sendable () async throws -> Void

    /// Wraps `base`, running `beforeRead` before each of its reads.
    public init(_ base: any SQLDatabase, beforeRead: @escaping @Sendable () async throws -> Void) {
        self.base = base
        self.beforeRead = beforeRead
    }

    public var dialect: SQLDialect { base.dialect }

    @discardableResult
    public func read<T: Sendable>(_ body: @Sendable (any DatabaseConnection) throws -> T) async throws -> T {
        try await beforeRead()
        return try await base.read(body)
    }

    @discardableResult
    public func write<T: Sendable>(_ body: @Sendable (any DatabaseConnection) throws -> T) async throws -> T {
        try await base.write(body)
    }

    public func close() async { await base.close() }
}
