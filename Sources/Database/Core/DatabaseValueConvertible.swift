import Foundation

/// A Swift type that maps to and from one ``DatabaseValue``, the same way on SQLite and PostgreSQL.
///
/// | Swift | stored as | SQLite column | PostgreSQL column |
/// |---|---|---|---|
/// | `Int`, `Int64`, `Int32` | integer | `INTEGER` | `bigint` / `integer` |
/// | `Double` | real | `REAL` | `double precision` |
/// | `Bool` | integer 0 / 1 | `INTEGER` | `boolean` (read back as `Bool`) |
/// | `String` | text | `TEXT` | `text` (PostgreSQL rejects NUL characters) |
/// | `Data` | blob | `BLOB` | `bytea` |
/// | `Date` | integer milliseconds since 1970 (UTC) | `INTEGER` | `bigint` |
/// | `UUID` | lowercase text | `TEXT` | `text` or `uuid` |
/// | `Optional` | NULL when `nil` | any nullable column | any nullable column |
///
/// JSON columns hold `Codable` values as text: see ``DatabaseValue/init(json:)`` and
/// ``SQL/StringInterpolation/appendInterpolation(json:)``.
public protocol DatabaseValueConvertible: Sendable {
    /// The value to bind.
    var databaseValue: DatabaseValue { get }
    /// Reads the value back; `nil` when the stored value cannot represent `Self`.
    init?(databaseValue: DatabaseValue)
}

extension DatabaseValue: DatabaseValueConvertible {
    /// The value itself.
    public var databaseValue: DatabaseValue { self }

    /// The value itself (never fails).
    public init?(databaseValue: DatabaseValue) { self = databaseValue }
}

extension Int64: DatabaseValueConvertible {
    /// The integer.
    public var databaseValue: DatabaseValue { .integer(self) }

    /// Reads an integer, or a real with no fractional part.
    public init?(databaseValue: DatabaseValue) {
        switch databaseValue {
        case .integer(let value): self = value
        case .real(let value):
            guard let exact = Int64(exactly: value) else { return nil }
            self = exact
        case .text(let text):
            guard let value = Int64(text) else { return nil }
            self = value
        default: return nil
        }
    }
}

extension Int: DatabaseValueConvertible {
    /// The integer.
    public var databaseValue: DatabaseValue { .integer(Int64(self)) }

    /// Reads an integer that fits in `Int`.
    public init?(databaseValue: DatabaseValue) {
        guard let wide = Int64(databaseValue: databaseValue), let value = Int(exactly: wide) else { return nil }
        self = value
    }
}

extension Int32: DatabaseValueConvertible {
    /// The integer.
    public var databaseValue: DatabaseValue { .integer(Int64(self)) }

    /// Reads an integer that fits in `Int32`.
    public init?(databaseValue: DatabaseValue) {
        guard let wide = Int64(databaseValue: databaseValue), let value = Int32(exactly: wide) else { return nil }
        self = value
    }
}

extension Double: DatabaseValueConvertible {
    /// The number.
    public var databaseValue: DatabaseValue { .real(self) }

    /// Reads a real or an integer.
    public init?(databaseValue: DatabaseValue) {
        switch databaseValue {
        case .real(let value): self = value
        case .integer(let value): self = Double(value)
        case .text(let text):
            guard let value = Double(text) else { return nil }
            self = value
        default: return nil
        }
    }
}

extension Bool: DatabaseValueConvertible {
    /// 1 or 0 (PostgreSQL accepts both for a `boolean` column).
    public var databaseValue: DatabaseValue { .integer(self ? 1 : 0) }

    /// Reads 0 as `false` and any other integer as `true`.
    public init?(databaseValue: DatabaseValue) {
        switch databaseValue {
        case .integer(let value): self = value != 0
        case .real(let value): self = value != 0
        default: return nil
        }
    }
}

extension String: DatabaseValueConvertible {
    /// The text.
    public var databaseValue: DatabaseValue { .text(self) }

    /// Reads text, or a blob that is valid UTF-8.
    public init?(databaseValue: DatabaseValue) {
        switch databaseValue {
        case .text(let text): self = text
        case .blob(let data):
            guard let text = String(data: data, encoding: .utf8) else { return nil }
            self = text
        default: return nil
        }
    }
}

extension Data: DatabaseValueConvertible {
    /// The bytes.
    public var databaseValue: DatabaseValue { .blob(self) }

    /// Reads a blob, or text as its UTF-8 bytes.
    public init?(databaseValue: DatabaseValue) {
        switch databaseValue {
        case .blob(let data): self = data
        case .text(let text): self = Data(text.utf8)
        default: return nil
        }
    }
}

extension Date: DatabaseValueConvertible {
    /// Whole milliseconds since 1970-01-01 UTC (sub-millisecond precision is dropped, identically on both engines).
    public var databaseValue: DatabaseValue {
        .integer(Int64((timeIntervalSince1970 * 1000).rounded(.down)))
    }

    /// Reads milliseconds since 1970, ISO 8601 text, or PostgreSQL `timestamptz` text.
    public init?(databaseValue: DatabaseValue) {
        switch databaseValue {
        case .integer(let milliseconds): self = Date(timeIntervalSince1970: Double(milliseconds) / 1000)
        case .real(let milliseconds): self = Date(timeIntervalSince1970: milliseconds / 1000)
        case .text(let text):
            guard let date = Self.parseTimestamp(text) else { return nil }
            self = date
        default: return nil
        }
    }

    /// Parses ISO 8601 (`2024-05-06T07:08:09.250Z`) and PostgreSQL's `timestamptz` output
    /// (`2024-05-06 07:08:09.25+00`), so a `timestamptz` column reads as a `Date` too.
    private static func parseTimestamp(_ text: String) -> Date? {
        var normalized = text.replacingOccurrences(of: " ", with: "T")
        // NB: PostgreSQL writes a whole-hour offset as "+00"; ISO 8601 parsers want "+00:00".
        if let sign = normalized.dropLast(2).last, sign == "+" || sign == "-",
            normalized.suffix(2).allSatisfy(\.isNumber), normalized.count > 19
        {
            normalized += ":00"
        }
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        if let date = formatter.date(from: normalized) { return date }
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.date(from: normalized)
    }
}

extension UUID: DatabaseValueConvertible {
    /// Lowercase text, the form PostgreSQL's `uuid` type prints, so comparisons agree on both engines.
    public var databaseValue: DatabaseValue { .text(uuidString.lowercased()) }

    /// Reads text in either case, or 16 raw bytes.
    public init?(databaseValue: DatabaseValue) {
        switch databaseValue {
        case .text(let text):
            guard let uuid = UUID(uuidString: text) else { return nil }
            self = uuid
        case .blob(let data) where data.count == 16:
            let b = [UInt8](data)
            self = UUID(
                uuid: (
                    b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7], b[8], b[9], b[10], b[11], b[12], b[13], b[14], b[15]
                ))
        default: return nil
        }
    }
}

extension Optional: DatabaseValueConvertible where Wrapped: DatabaseValueConvertible {
    /// NULL for `nil`, the wrapped value otherwise.
    public var databaseValue: DatabaseValue { self?.databaseValue ?? .null }

    /// `.none` for NULL; fails when a non-NULL value cannot represent `Wrapped`.
    public init?(databaseValue: DatabaseValue) {
        if databaseValue.isNull {
            self = .none
        } else if let wrapped = Wrapped(databaseValue: databaseValue) {
            self = .some(wrapped)
        } else {
            return nil
        }
    }
}

extension DatabaseValue {
    /// Encodes a `Codable` value as JSON text, for a JSON column (`TEXT` in SQLite, `jsonb` or `text` in PostgreSQL).
    ///
    /// Keys are sorted so equal values produce equal text.
    public init(json value: some Encodable) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.dateEncodingStrategy = .millisecondsSince1970
        do {
            let data = try encoder.encode(value)
            self = .text(String(decoding: data, as: UTF8.self))
        } catch {
            throw DatabaseError(.invalidValue, code: "json", message: "cannot encode JSON: \(error)")
        }
    }

    /// Decodes a JSON column into a `Decodable` value.
    public func decodeJSON<T: Decodable>(_ type: T.Type) throws -> T {
        let data: Data
        switch self {
        case .text(let text): data = Data(text.utf8)
        case .blob(let blob): data = blob
        default:
            throw DatabaseError(.decoding, code: "json", message: "expected JSON text, found \(self)")
        }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .millisecondsSince1970
        do {
            return try decoder.decode(T.self, from: data)
        } catch {
            throw DatabaseError(.decoding, code: "json", message: "cannot decode \(T.self) from JSON: \(error)")
        }
    }
}
