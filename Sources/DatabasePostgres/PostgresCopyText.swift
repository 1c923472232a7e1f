import Database
import Foundation

/// Encodes rows in the text format of PostgreSQL's `COPY … FROM STDIN`.
///
/// Columns are separated by a tab and rows end with a newline; NULL is `\N`; in values, backslash, tab,
/// newline and carriage return are backslash-escaped, so no value can end a column or a row early.
enum PostgresCopyText {
    /// Appends `row` as one line; throws for text holding NUL (PostgreSQL text cannot store it).
    static func append(_ row: [DatabaseValue], to buffer: inout [UInt8]) throws {
        for (index, value) in row.enumerated() {
            if index > 0 { buffer.append(UInt8(ascii: "\t")) }
            switch value {
            case .null:
                buffer.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "N")])
            case .integer(let integer):
                buffer.append(contentsOf: String(integer).utf8)
            case .real(let real):
                buffer.append(contentsOf: (real.isNaN ? "NaN" : String(real)).utf8)
            case .text(let text):
                try appendEscaped(text.utf8, to: &buffer)
            case .blob(let data):
                // NB: bytea's hex input `\x…`, its backslash escaped for COPY.
                buffer.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\"), UInt8(ascii: "x")])
                let digits = Array("0123456789abcdef".utf8)
                for byte in data {
                    buffer.append(digits[Int(byte >> 4)])
                    buffer.append(digits[Int(byte & 0x0F)])
                }
            }
        }
        buffer.append(UInt8(ascii: "\n"))
    }

    private static func appendEscaped(_ bytes: String.UTF8View, to buffer: inout [UInt8]) throws {
        for byte in bytes {
            switch byte {
            case 0:
                throw DatabaseError(
                    .invalidValue, code: "22021", message: "PostgreSQL text cannot contain NUL characters")
            case UInt8(ascii: "\\"): buffer.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
            case UInt8(ascii: "\t"): buffer.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
            case UInt8(ascii: "\n"): buffer.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case UInt8(ascii: "\r"): buffer.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
            default: buffer.append(byte)
            }
        }
    }
}
