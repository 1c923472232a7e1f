/// A failure from either engine, classified so that callers can act on it.
///
/// ```swift
/// do {
///     try db.execute("INSERT INTO account (email) VALUES (\(email))")
/// } catch let error as DatabaseError where error.kind == .uniqueViolation {
///     throw SignUpError.emailTaken
/// }
/// ```
///
/// `code` and `message` are the engine's own words, for logs. ``description`` includes them (and may
/// quote SQL or values), so it must never be sent to a client unfiltered: show ``publicMessage`` instead.
public struct DatabaseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, in terms a caller can act on.
    public enum Kind: String, Sendable, Hashable {
        /// A `UNIQUE` or `PRIMARY KEY` constraint refused the row.
        case uniqueViolation
        /// A `FOREIGN KEY` constraint refused the change.
        case foreignKeyViolation
        /// A `NOT NULL` constraint refused the row.
        case notNullViolation
        /// A `CHECK` constraint refused the row.
        case checkViolation
        /// An expected row does not exist.
        case notFound
        /// The database is locked by someone else, a serialization conflict occurred, or no connection was
        /// free in time: retrying later may succeed.
        case busy
        /// The connection to the server is gone or could not be made.
        case connectionLost
        /// The SQL text is malformed or names something that does not exist.
        case syntax
        /// A stored value cannot be read as the requested Swift type.
        case decoding
        /// A Swift value cannot be stored (for example a NUL character in PostgreSQL text).
        case invalidValue
        /// The file is not a database, or its pages are damaged (SQLite's `SQLITE_NOTADB` and `SQLITE_CORRUPT`):
        /// retrying cannot help; the file must be restored or replaced.
        case damaged
        /// Anything else (I/O error, misuse).
        case other
    }

    /// The classification.
    public var kind: Kind
    /// The engine's code: an extended SQLite result code (`"SQLITE_CONSTRAINT_UNIQUE(2067)"`), a PostgreSQL
    /// SQLSTATE (`"23505"`), or a short tag for errors raised by this module.
    public var code: String
    /// The engine's message, for logs.
    public var message: String
    /// The SQL text that failed, without its bound values, when known.
    public var sql: String?

    /// Creates an error.
    public init(_ kind: Kind, code: String, message: String, sql: String? = nil) {
        self.kind = kind
        self.code = code
        self.message = message
        self.sql = sql
    }

    /// The ``code`` of a transaction whose `COMMIT` may have taken effect though it failed: PostgreSQL's answer was
    /// lost with the connection, or SQLite's write of it to disk failed part-way (a recovery may still commit it).
    public static let commitOutcomeUnknown = "commit-outcome-unknown"

    /// Whether the transaction this error ended may have been committed all the same: its `COMMIT` reached the
    /// server and the connection dropped before the answer came back (the kind is ``Kind/connectionLost``), or
    /// SQLite's commit met an I/O error after its pages went to the write-ahead log (``Kind/other``). A caller that undoes what it did for a failed write (a file written for the
    /// row) must leave it, for a sweep that checks what the database names, rather than leave a committed row
    /// pointing at nothing.
    ///
    /// ```swift
    /// do { try await database.write { db in try insert(record, naming: file, db) } } catch {
    ///     if (error as? DatabaseError)?.mayHaveCommitted != true { remove(file) }
    ///     throw error
    /// }
    /// ```
    public var mayHaveCommitted: Bool { code == Self.commitOutcomeUnknown }

    /// Whether the engine ended the transaction to settle a conflict with another one: PostgreSQL's deadlock
    /// (SQLSTATE `40P01`) or serialization failure (`40001`). Nothing of the transaction was kept, so running the
    /// whole of it again is safe and usually succeeds (``SQLDatabase/write(retryingConflicts:_:)``).
    public var isTransactionConflict: Bool { code == "40P01" || code == "40001" }

    /// The log rendering: kind, engine code, engine message and SQL. Not for clients.
    public var description: String {
        var text = "DatabaseError.\(kind.rawValue) [\(code)]: \(message)"
        if let sql { text += " — SQL: \(sql.count > 200 ? String(sql.prefix(200)) + "…" : sql)" }
        return text
    }

    /// A message safe to show to a person or send to a client: no SQL, no values, no engine details.
    public var publicMessage: String {
        switch kind {
        case .uniqueViolation: return "This record already exists."
        case .foreignKeyViolation: return "This record refers to something that does not exist, or is still in use."
        case .notNullViolation, .checkViolation, .invalidValue: return "Some values are missing or invalid."
        case .notFound: return "The record was not found."
        case .busy: return "The service is busy. Please try again."
        case .connectionLost: return "The database is unavailable. Please try again later."
        case .syntax, .decoding, .damaged, .other: return "An internal error occurred."
        }
    }
}
