import Foundation

/// One value as stored in a database column: the five storage classes both engines share.
///
/// PostgreSQL results are mapped onto these classes by column type (`boolean` and every integer type
/// become ``integer(_:)``, `real`/`double precision`/`numeric` become ``real(_:)``, `bytea` becomes
/// ``blob(_:)``, everything else is ``text(_:)``), so code reads the same values from either engine.
public enum DatabaseValue: Sendable, Hashable, CustomStringConvertible {
    /// SQL NULL.
    case null
    /// A 64-bit signed integer (also how booleans and dates are stored, see ``DatabaseValueConvertible``).
    case integer(Int64)
    /// A double-precision floating-point number.
    case real(Double)
    /// UTF-8 text.
    case text(String)
    /// Raw bytes.
    case blob(Data)

    /// Whether the value is SQL NULL.
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// A short rendering for logs; text and blobs are truncated so that no large or private payload leaks.
    public var description: String {
        switch self {
        case .null: return "NULL"
        case .integer(let value): return String(value)
        case .real(let value): return String(value)
        case .text(let value):
            return value.count > 32 ? "'\(value.prefix(32))…' (\(value.utf8.count) bytes)" : "'\(value)'"
        case .blob(let data): return "<\(data.count) bytes>"
        }
    }
}
