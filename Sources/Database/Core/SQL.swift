/// A SQL statement whose interpolated values are bound as parameters, never spliced into the text.
///
/// ```swift
/// let rows = try db.query("SELECT * FROM action WHERE id = \(id) AND title = \(title)")
/// // SQLite:     SELECT * FROM action WHERE id = ?1 AND title = ?2    bound: [id, title]
/// // PostgreSQL: SELECT * FROM action WHERE id = $1 AND title = $2    bound: [id, title]
/// ```
///
/// Interpolations:
/// - `\(value)` binds any ``DatabaseValueConvertible`` (optionals bind NULL).
/// - `\(json: value)` binds an `Encodable` value as JSON text.
/// - `\(list: values)` binds each element: `WHERE id IN (\(list: ids))` (an empty list renders `NULL`).
/// - `\(fragment)` embeds another `SQL` with its own bindings.
/// - `\(raw: identifier)` splices trusted text verbatim: only for identifiers chosen by code, never for input.
/// - `\(SQL.parameter)` leaves a slot that each row of ``DatabaseConnection/executeMany(_:rows:)`` fills.
public struct SQL: Sendable, Hashable, ExpressibleByStringInterpolation, CustomStringConvertible {
    /// One piece of a statement.
    enum Fragment: Sendable, Hashable {
        case text(String)
        case value(DatabaseValue)
        /// A slot filled per row by `executeMany`.
        case parameter
    }

    /// A parameter slot for ``DatabaseConnection/executeMany(_:rows:)``: each row supplies its value, in order.
    ///
    /// ```swift
    /// try db.executeMany(
    ///     "INSERT INTO note (id, body) VALUES (\(SQL.parameter), \(SQL.parameter))",
    ///     rows: notes.lazy.map { [.integer($0.id), .text($0.body)] })
    /// ```
    ///
    /// A statement with slots cannot run through `execute` or `query` (nothing would fill them).
    public static let parameter = SQL(fragments: [.parameter])

    private init(fragments: [Fragment]) {
        self.fragments = fragments
        deferredError = nil
    }

    private(set) var fragments: [Fragment]
    /// An encoding failure from `\(json:)`, reported when the statement runs (interpolation cannot throw).
    private(set) var deferredError: DatabaseError?

    /// Creates a statement with no bound values.
    public init(stringLiteral value: String) {
        fragments = [.text(value)]
        deferredError = nil
    }

    /// Creates a statement from an interpolation.
    public init(stringInterpolation: StringInterpolation) {
        fragments = stringInterpolation.fragments
        deferredError = stringInterpolation.deferredError
    }

    /// Creates a statement from trusted text (no values), e.g. a constant read from the code's own tables.
    public init(raw text: String) {
        fragments = [.text(text)]
        deferredError = nil
    }

    /// Builds the interpolation of a ``SQL`` literal.
    public struct StringInterpolation: StringInterpolationProtocol, Sendable {
        fileprivate var fragments: [Fragment] = []
        fileprivate var deferredError: DatabaseError?

        /// Reserves room.
        public init(literalCapacity: Int, interpolationCount: Int) {
            fragments.reserveCapacity(interpolationCount * 2 + 1)
        }

        /// Appends SQL text.
        public mutating func appendLiteral(_ literal: String) {
            guard !literal.isEmpty else { return }
            fragments.append(.text(literal))
        }

        /// Binds a value as a parameter (optionals bind NULL for `nil`).
        public mutating func appendInterpolation(_ value: some DatabaseValueConvertible) {
            fragments.append(.value(value.databaseValue))
        }

        /// Binds an optional value as a parameter: NULL for `nil`.
        public mutating func appendInterpolation<T: DatabaseValueConvertible>(_ value: T?) {
            fragments.append(.value(value?.databaseValue ?? .null))
        }

        /// Binds an `Encodable` value as JSON text.
        public mutating func appendInterpolation(json value: some Encodable) {
            do {
                fragments.append(.value(try DatabaseValue(json: value)))
            } catch let error as DatabaseError {
                deferredError = deferredError ?? error
                fragments.append(.value(.null))
            } catch {
                deferredError = deferredError ?? DatabaseError(.invalidValue, code: "json", message: "\(error)")
                fragments.append(.value(.null))
            }
        }

        /// Binds each element, separated by commas (`NULL` for an empty list, which matches nothing in `IN`).
        public mutating func appendInterpolation(list values: some Sequence<some DatabaseValueConvertible>) {
            var first = true
            for value in values {
                if !first { fragments.append(.text(", ")) }
                fragments.append(.value(value.databaseValue))
                first = false
            }
            if first { fragments.append(.text("NULL")) }
        }

        /// Embeds another statement and its bindings.
        public mutating func appendInterpolation(_ sql: SQL) {
            fragments.append(contentsOf: sql.fragments)
            if deferredError == nil { deferredError = sql.deferredError }
        }

        /// Splices trusted text verbatim. Only for identifiers chosen by code; never for user input.
        public mutating func appendInterpolation(raw text: String) {
            fragments.append(.text(text))
        }
    }

    /// Appends another statement and its bindings.
    public mutating func append(_ other: SQL) {
        fragments.append(contentsOf: other.fragments)
        if deferredError == nil { deferredError = other.deferredError }
    }

    /// Two statements, one after the other.
    public static func + (lhs: SQL, rhs: SQL) -> SQL {
        var result = lhs
        result.append(rhs)
        return result
    }

    /// The bound values in order (``parameter`` slots have none until `executeMany` fills them).
    public var arguments: [DatabaseValue] {
        fragments.compactMap {
            if case .value(let value) = $0 { return value }
            return nil
        }
    }

    /// The text with numbered placeholders for `dialect`, and the values to bind to them (NULL for a ``parameter``
    /// slot).
    public func rendered(for dialect: SQLDialect) -> (text: String, arguments: [DatabaseValue]) {
        var text = ""
        var arguments: [DatabaseValue] = []
        for fragment in fragments {
            switch fragment {
            case .text(let piece): text += piece
            case .value(let value):
                arguments.append(value)
                text += dialect.placeholder(arguments.count)
            case .parameter:
                // NB: rendered as NULL so that the arguments still match the placeholders; `checkValid` refuses
                // to run such a statement through execute or query.
                arguments.append(.null)
                text += dialect.placeholder(arguments.count)
            }
        }
        return (text, arguments)
    }

    /// The text of a statement for `executeMany` and its number of slots; throws when it also binds values
    /// (every value must come from the rows).
    package func renderedTemplate(for dialect: SQLDialect) throws -> (text: String, parameterCount: Int) {
        if let deferredError { throw deferredError }
        var text = ""
        var count = 0
        for fragment in fragments {
            switch fragment {
            case .text(let piece): text += piece
            case .value:
                throw DatabaseError(
                    .syntax, code: "bind",
                    message: "executeMany takes every value from its rows: write \\(SQL.parameter) for each",
                    sql: rendered(for: dialect).text)
            case .parameter:
                count += 1
                text += dialect.placeholder(count)
            }
        }
        return (text, count)
    }

    /// Whether the statement has ``parameter`` slots.
    var hasParameterSlots: Bool {
        fragments.contains { $0 == .parameter }
    }

    /// The SQLite rendering with its bound values summarized, for logs.
    public var description: String {
        let (text, arguments) = rendered(for: .sqlite)
        return arguments.isEmpty ? text : "\(text) -- \(arguments)"
    }

    /// Throws the deferred JSON encoding failure, if any, or when a ``parameter`` slot has no value.
    package func checkValid() throws {
        if let deferredError { throw deferredError }
        if hasParameterSlots {
            throw DatabaseError(
                .syntax, code: "bind", message: "SQL.parameter slots are filled only by executeMany",
                sql: rendered(for: .sqlite).text)
        }
    }

    /// The statement with its ``parameter`` slots replaced by `values`, in order.
    package func filling(_ values: [DatabaseValue]) throws -> SQL {
        var remaining = values[...]
        var filled = self
        filled.fragments = try fragments.map { fragment in
            guard fragment == .parameter else { return fragment }
            guard let value = remaining.popFirst() else {
                throw DatabaseError(
                    .syntax, code: "bind", message: "a row has fewer values than the statement has parameters")
            }
            return .value(value)
        }
        if !remaining.isEmpty {
            throw DatabaseError(
                .syntax, code: "bind", message: "a row has more values than the statement has parameters")
        }
        return filled
    }
}

extension SQL {
    /// Throws unless `table` and every column are plain identifiers and there is at least one column.
    package static func checkInsertTarget(table: String, columns: [String]) throws {
        for name in [table] + columns where !isPlainIdentifier(name) {
            throw DatabaseError(.syntax, code: "identifier", message: "not a plain SQL identifier: \(name)")
        }
        if columns.isEmpty {
            throw DatabaseError(.syntax, code: "identifier", message: "insertMany needs at least one column")
        }
    }

    /// Whether `name` is a plain SQL identifier (`[A-Za-z_][A-Za-z0-9_]*`, at most 63 bytes), safe to splice.
    public static func isPlainIdentifier(_ name: String) -> Bool {
        guard let first = name.utf8.first, name.utf8.count <= 63 else { return false }
        func isLetter(_ byte: UInt8) -> Bool {
            (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F
        }
        return isLetter(first) && name.utf8.allSatisfy { isLetter($0) || ($0 >= 0x30 && $0 <= 0x39) }
    }
}
