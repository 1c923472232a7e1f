/// Decodes a `Decodable` type from a ``Row``: each coding key names a column.
///
/// With `scalar` set it decodes one column's value for a type that is not ``DatabaseValueConvertible``
/// (a `RawRepresentable` enum, say); asking such a decoder for a container means the type is structured and
/// must be read from JSON instead.
struct RowDecoder: Decoder {
    /// Thrown by a scalar decoder when the type wants a keyed or unkeyed container.
    struct NeedsJSON: Error {}

    let row: Row
    var codingPath: [any CodingKey] = []
    var scalar = false
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        if scalar { throw NeedsJSON() }
        return KeyedDecodingContainer(KeyedContainer<Key>(row: row, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        if scalar { throw NeedsJSON() }
        throw DatabaseError(.decoding, code: "decoder", message: "a row decodes as a keyed value, not an array")
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        SingleValue(row: row, codingPath: codingPath)
    }
}

/// Converts one stored value to a `Decodable` type: directly for ``DatabaseValueConvertible`` types and the
/// standard scalars, from JSON text otherwise.
private func convert<T: Decodable>(_ value: DatabaseValue, to type: T.Type, column: String) throws -> T {
    if let convertible = T.self as? any DatabaseValueConvertible.Type {
        guard let converted = convertible.init(databaseValue: value) as? T else {
            throw DatabaseError(
                .decoding, code: "type", message: "column \"\(column)\": cannot read \(value) as \(T.self)")
        }
        return converted
    }
    do {
        let single = Row(columns: RowColumns([column]), values: [value])
        return try T(from: RowDecoder(row: single, scalar: true))
    } catch is RowDecoder.NeedsJSON {
        return try value.decodeJSON(T.self)
    }
}

private func integer<T: FixedWidthInteger>(_ value: DatabaseValue, column: String) throws -> T {
    guard let wide = Int64(databaseValue: value), let exact = T(exactly: wide) else {
        throw DatabaseError(.decoding, code: "type", message: "column \"\(column)\": cannot read \(value) as \(T.self)")
    }
    return exact
}

private struct KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let row: Row
    let codingPath: [any CodingKey]

    var allKeys: [Key] { row.columns.names.compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool { row.columns.index(of: key.stringValue) != nil }

    private func value(_ key: Key) throws -> DatabaseValue {
        guard let value = row.value(key.stringValue) else {
            throw DatabaseError(
                .decoding, code: "column", message: "no column \"\(key.stringValue)\" in \(row.columns.names)")
        }
        return value
    }

    private func nonNull(_ key: Key) throws -> DatabaseValue {
        let value = try value(key)
        if value.isNull {
            throw DatabaseError(.decoding, code: "null", message: "column \"\(key.stringValue)\" is NULL")
        }
        return value
    }

    func decodeNil(forKey key: Key) throws -> Bool { row.value(key.stringValue)?.isNull ?? true }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
        try convert(nonNull(key), to: type, column: key.stringValue)
    }
    func decode(_ type: String.Type, forKey key: Key) throws -> String {
        try convert(nonNull(key), to: type, column: key.stringValue)
    }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
        try convert(nonNull(key), to: type, column: key.stringValue)
    }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
        Float(try convert(nonNull(key), to: Double.self, column: key.stringValue))
    }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try integer(nonNull(key), column: key.stringValue) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 {
        try integer(nonNull(key), column: key.stringValue)
    }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 {
        try integer(nonNull(key), column: key.stringValue)
    }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 {
        try integer(nonNull(key), column: key.stringValue)
    }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 {
        try integer(nonNull(key), column: key.stringValue)
    }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt {
        try integer(nonNull(key), column: key.stringValue)
    }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 {
        try integer(nonNull(key), column: key.stringValue)
    }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 {
        try integer(nonNull(key), column: key.stringValue)
    }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 {
        try integer(nonNull(key), column: key.stringValue)
    }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 {
        try integer(nonNull(key), column: key.stringValue)
    }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        let value = try value(key)
        if value.isNull, let convertible = T.self as? any DatabaseValueConvertible.Type,
            let converted = convertible.init(databaseValue: value) as? T
        {
            return converted
        }
        return try convert(nonNull(key), to: type, column: key.stringValue)
    }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        throw DatabaseError(
            .decoding, code: "decoder",
            message: "column \"\(key.stringValue)\": nested values must be a Decodable type (read from JSON)")
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        throw DatabaseError(
            .decoding, code: "decoder",
            message: "column \"\(key.stringValue)\": arrays must be a Decodable property (read from JSON)")
    }

    func superDecoder() throws -> any Decoder { RowDecoder(row: row, codingPath: codingPath) }
    func superDecoder(forKey key: Key) throws -> any Decoder { RowDecoder(row: row, codingPath: codingPath) }
}

/// A row read as one value: its first column.
private struct SingleValue: SingleValueDecodingContainer {
    let row: Row
    let codingPath: [any CodingKey]

    private var first: DatabaseValue { row.values.first ?? .null }
    private var name: String { row.columns.names.first ?? "?" }

    func decodeNil() -> Bool { first.isNull }
    func decode(_ type: Bool.Type) throws -> Bool { try convert(first, to: type, column: name) }
    func decode(_ type: String.Type) throws -> String { try convert(first, to: type, column: name) }
    func decode(_ type: Double.Type) throws -> Double { try convert(first, to: type, column: name) }
    func decode(_ type: Float.Type) throws -> Float { Float(try convert(first, to: Double.self, column: name)) }
    func decode(_ type: Int.Type) throws -> Int { try integer(first, column: name) }
    func decode(_ type: Int8.Type) throws -> Int8 { try integer(first, column: name) }
    func decode(_ type: Int16.Type) throws -> Int16 { try integer(first, column: name) }
    func decode(_ type: Int32.Type) throws -> Int32 { try integer(first, column: name) }
    func decode(_ type: Int64.Type) throws -> Int64 { try integer(first, column: name) }
    func decode(_ type: UInt.Type) throws -> UInt { try integer(first, column: name) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(first, column: name) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(first, column: name) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(first, column: name) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(first, column: name) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try convert(first, to: type, column: name) }
}
