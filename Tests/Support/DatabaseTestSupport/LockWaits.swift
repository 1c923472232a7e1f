import Database

/// What lock tests watch for on PostgreSQL: a transaction seen waiting on another, instead of a sleep that hopes it
/// got there.
public enum LockWaits {
    /// The connections waiting on a lock that one of `pids` holds or is ahead in line for.
    public static func waiting(on pids: [Int], _ database: any SQLDatabase) async throws -> [Int] {
        let array = "{" + pids.map { String($0) }.joined(separator: ",") + "}"
        return try await database.read { db in
            try db.fetchColumn(
                Int.self,
                "SELECT DISTINCT pid FROM pg_locks WHERE NOT granted AND pg_blocking_pids(pid) && \(array)::int[]")
        }
    }

    /// Polls `condition` until it gives a value; fails (rather than hangs) after about 30 seconds.
    public static func until<Value: Sendable>(
        _ what: String, _ condition: () async throws -> Value?
    ) async throws -> Value {
        for _ in 0..<3000 {
            if let value = try await condition() { return value }
            try await Task.sleep(for: .milliseconds(10))
        }
        throw DatabaseError(.other, code: "test", message: "never happened: \(what)")
    }
}
