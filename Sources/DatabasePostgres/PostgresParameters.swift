import CLibPQ
import Database
import Foundation

/// The parameter arrays of one `PQexecParams` call, allocated for the call and freed after it.
///
/// Values go in PostgreSQL's text format with an unspecified type (the server infers it from the statement,
/// so `1` fits a `boolean`, `bigint` or `text` column alike); blobs go in binary format as `bytea`.
struct PostgresParameters {
    private(set) var types: [Oid]
    private(set) var values: [UnsafePointer<CChar>?]
    private(set) var lengths: [Int32]
    private(set) var formats: [Int32]
    private var buffers: [UnsafeMutableRawPointer] = []

    /// The OID of `bytea`.
    static let byteaType: Oid = 17

    init(_ arguments: [DatabaseValue], sql: String) throws {
        types = Array(repeating: 0, count: arguments.count)
        values = Array(repeating: nil, count: arguments.count)
        lengths = Array(repeating: 0, count: arguments.count)
        formats = Array(repeating: 0, count: arguments.count)
        for (index, argument) in arguments.enumerated() {
            switch argument {
            case .null:
                continue
            case .integer(let integer):
                store(String(integer), at: index)
            case .real(let real):
                store(real.isNaN ? "NaN" : String(real), at: index)
            case .text(let text):
                if text.utf8.contains(0) {
                    deallocate()
                    throw DatabaseError(
                        .invalidValue, code: "22021",
                        message: "parameter \(index + 1): PostgreSQL text cannot contain NUL characters", sql: sql)
                }
                store(text, at: index)
            case .blob(let data):
                let buffer = UnsafeMutableRawPointer.allocate(byteCount: max(data.count, 1), alignment: 1)
                data.copyBytes(to: buffer.assumingMemoryBound(to: UInt8.self), count: data.count)
                buffers.append(buffer)
                values[index] = UnsafePointer(buffer.assumingMemoryBound(to: CChar.self))
                lengths[index] = Int32(clamping: data.count)
                formats[index] = 1
                types[index] = Self.byteaType
            }
        }
    }

    private mutating func store(_ text: String, at index: Int) {
        let count = text.utf8.count
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: count + 1, alignment: 1)
        let bytes = buffer.assumingMemoryBound(to: UInt8.self)
        _ = UnsafeMutableBufferPointer(start: bytes, count: count).initialize(from: text.utf8)
        bytes[count] = 0
        buffers.append(buffer)
        values[index] = UnsafePointer(buffer.assumingMemoryBound(to: CChar.self))
        lengths[index] = Int32(clamping: count)
    }

    /// Which parameters are binary `bytea`: part of a prepared statement's identity, since their types are
    /// fixed when it is prepared.
    var signature: String {
        String(formats.map { $0 == 1 ? "b" : "t" })
    }

    /// Frees the parameter buffers.
    func deallocate() {
        for buffer in buffers { buffer.deallocate() }
    }
}

/// Maps PostgreSQL results and errors onto the module's types.
enum PostgresValue {
    /// Decodes one text-format field by its column type.
    static func decode(text bytes: UnsafeRawBufferPointer, type: Oid) -> DatabaseValue {
        switch type {
        case 16:  // boolean
            return .integer(bytes.first == UInt8(ascii: "t") ? 1 : 0)
        case 20, 21, 23, 26:  // bigint, smallint, integer, oid
            return Int64(String(decoding: bytes, as: UTF8.self)).map(DatabaseValue.integer) ?? .text(text(bytes))
        case 700, 701:  // real, double precision
            return real(text(bytes)).map(DatabaseValue.real) ?? .text(text(bytes))
        case 1700:  // numeric: an integer when it is one (SUM of bigints), else a double
            let string = text(bytes)
            if let integer = Int64(string) { return .integer(integer) }
            return real(string).map(DatabaseValue.real) ?? .text(string)
        case 17:  // bytea, hex format: \x0a1b…
            return .blob(hexBytes(bytes) ?? Data(bytes))
        default:
            return .text(text(bytes))
        }
    }

    private static func text(_ bytes: UnsafeRawBufferPointer) -> String {
        String(decoding: bytes, as: UTF8.self)
    }

    private static func real(_ text: String) -> Double? {
        switch text {
        case "Infinity": return .infinity
        case "-Infinity": return -.infinity
        case "NaN": return .nan
        default: return Double(text)
        }
    }

    private static func hexBytes(_ bytes: UnsafeRawBufferPointer) -> Data? {
        guard bytes.count >= 2, bytes[0] == UInt8(ascii: "\\"), bytes[1] == UInt8(ascii: "x"), bytes.count % 2 == 0
        else { return nil }
        func nibble(_ byte: UInt8) -> UInt8? {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
            default: return nil
            }
        }
        var data = Data(capacity: (bytes.count - 2) / 2)
        var index = 2
        while index < bytes.count {
            guard let high = nibble(bytes[index]), let low = nibble(bytes[index + 1]) else { return nil }
            data.append(high << 4 | low)
            index += 2
        }
        return data
    }

    /// Classifies a SQLSTATE.
    static func kind(sqlState: String) -> DatabaseError.Kind {
        switch sqlState {
        case "23505": return .uniqueViolation
        case "23503": return .foreignKeyViolation
        case "23502": return .notNullViolation
        case "23514": return .checkViolation
        case "40001", "40P01", "55P03": return .busy  // serialization failure, deadlock, lock not available
        case "57P01", "57P02", "57P03": return .connectionLost  // shutdown, crash, cannot connect now
        case "22021", "22P02", "22003", "22001", "22007", "22008": return .invalidValue
        case "XX001", "XX002": return .damaged  // data corrupted, index corrupted
        default:
            if sqlState.hasPrefix("08") { return .connectionLost }
            if sqlState.hasPrefix("42") { return .syntax }
            return .other
        }
    }
}
