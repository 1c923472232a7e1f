import Database
import Locking

/// The server-side prepared statements of one connection, by SQL text and parameter signature.
///
/// Only data statements (`SELECT`, `INSERT`, `UPDATE`, `DELETE`, `WITH`, `VALUES`) are prepared: they are
/// the ones run again and again. A full cache stops preparing rather than evicting, so no `DEALLOCATE`
/// round trips are needed; a session-lived statement costs the server little.
struct PostgresStatementCache {
    /// The most statements prepared per connection.
    static let capacity = 256

    private var names: [String: String] = [:]
    private var counter = 0

    /// The prepared statement's name, if `text` was prepared.
    func name(for text: String, signature: String) -> String? {
        names[Self.key(text, signature)]
    }

    /// A fresh name for preparing `text`, or `nil` when it should run unprepared.
    mutating func reserve(_ text: String, signature: String) -> String? {
        guard names.count < Self.capacity, Self.isWorthPreparing(text) else { return nil }
        counter += 1
        let name = "quartet_\(counter)"
        names[Self.key(text, signature)] = name
        return name
    }

    /// Forgets `text` (its preparation failed, or its plan went stale).
    mutating func forget(_ text: String, signature: String) {
        names[Self.key(text, signature)] = nil
    }

    private static func key(_ text: String, _ signature: String) -> String {
        signature + "\u{1}" + text
    }

    /// Forgets every statement.
    mutating func removeAll() {
        names = [:]
    }

    /// Whether `text` is a data statement (the kind that is run again and again).
    static func isWorthPreparing(_ text: String) -> Bool {
        let head = text.drop(while: { $0.isWhitespace || $0 == "(" }).prefix(7).uppercased()
        return ["SELECT", "INSERT", "UPDATE", "DELETE", "WITH", "VALUES"].contains { head.hasPrefix($0) }
    }
}

/// A counter bumped whenever this process may have changed the schema (scripts, DDL), so that every
/// pooled connection drops its prepared statements before their plans can go stale.
final class PostgresSchemaGeneration: Sendable {
    private let value = Locked(0)

    /// The current generation.
    var current: Int { value.withLock { $0 } }

    /// Records a possible schema change.
    func changed() {
        value.withLock { $0 += 1 }
    }
}
