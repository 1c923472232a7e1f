import PublicInit

/// The column names of one result set, shared by all its rows.
public final class RowColumns: Sendable {
    /// The names, in select-list order.
    public let names: [String]
    private let exact: [String: Int]
    private let folded: [String: Int]

    /// Creates the column list (the first of duplicate names wins).
    public init(_ names: [String]) {
        self.names = names
        var exact: [String: Int] = [:]
        var folded: [String: Int] = [:]
        for (index, name) in names.enumerated() {
            if exact[name] == nil { exact[name] = index }
            if folded[name.lowercased()] == nil { folded[name.lowercased()] = index }
        }
        self.exact = exact
        self.folded = folded
    }

    /// The index of `name`: an exact match, else a case-insensitive one (PostgreSQL folds unquoted names).
    public func index(of name: String) -> Int? {
        exact[name] ?? folded[name.lowercased()]
    }
}

/// One result row: values by column name or position.
///
/// ```swift
/// let title: String? = row["title"]                  // nil when NULL, missing or not a String
/// let id = try row.decode(Int64.self, "id")          // throws DatabaseError.decoding instead
/// let action = try row.decode(Action.self)           // a Decodable struct; column names = coding keys
/// ```
@PublicInit
public struct Row: Sendable, CustomStringConvertible {
    /// The column names.
    public let columns: RowColumns
    /// The values, in column order.
    public let values: [DatabaseValue]

    /// Creates a row from name–value pairs (handy in tests).
    public init(_ pairs: KeyValuePairs<String, DatabaseValue>) {
        self.init(columns: RowColumns(pairs.map(\.key)), values: pairs.map(\.value))
    }

    /// The raw value of `column`, or `nil` when the row has no such column.
    public func value(_ column: String) -> DatabaseValue? {
        columns.index(of: column).map { values[$0] }
    }

    /// The value of `column` as `T`; `nil` when missing, NULL or not convertible. Use ``decode(_:_:)`` to learn why.
    public subscript<T: DatabaseValueConvertible>(_ column: String) -> T? {
        guard let value = value(column) else { return nil }
        return T(databaseValue: value)
    }

    /// The value at `index` as `T`; `nil` when out of range, NULL or not convertible.
    public subscript<T: DatabaseValueConvertible>(_ index: Int) -> T? {
        guard values.indices.contains(index) else { return nil }
        return T(databaseValue: values[index])
    }

    /// The value of `column` as `T`, or a ``DatabaseError/Kind/decoding`` error naming the column.
    ///
    /// Decode an optional type (`String?.self`) to accept NULL.
    public func decode<T: DatabaseValueConvertible>(_ type: T.Type, _ column: String) throws -> T {
        guard let value = value(column) else {
            throw DatabaseError(.decoding, code: "column", message: "no column \"\(column)\" in \(columns.names)")
        }
        guard let converted = T(databaseValue: value) else {
            throw DatabaseError(
                .decoding, code: "type", message: "column \"\(column)\": cannot read \(value) as \(T.self)")
        }
        return converted
    }

    /// Decodes a JSON column into a `Decodable` value.
    public func decodeJSON<T: Decodable>(_ type: T.Type, _ column: String) throws -> T {
        guard let value = value(column) else {
            throw DatabaseError(.decoding, code: "column", message: "no column \"\(column)\" in \(columns.names)")
        }
        return try value.decodeJSON(T.self)
    }

    /// Decodes the whole row into a `Decodable` type whose coding keys are column names.
    ///
    /// Properties of a ``DatabaseValueConvertible`` type read their column directly; other `Decodable`
    /// properties (arrays, nested structs) are read from a JSON column.
    public func decode<T: Decodable>(_ type: T.Type) throws -> T {
        if let convertible = T.self as? any DatabaseValueConvertible.Type, let first = values.first {
            guard let value = convertible.init(databaseValue: first) as? T else {
                throw DatabaseError(.decoding, code: "type", message: "cannot read \(first) as \(T.self)")
            }
            return value
        }
        return try T(from: RowDecoder(row: self))
    }

    /// `name: value` pairs, for logs.
    public var description: String {
        "[" + zip(columns.names, values).map { "\($0): \($1)" }.joined(separator: ", ") + "]"
    }
}
