import DynamicJSON
import Foundation
import HTTPServer

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A parsed sObject write body: a JSON object whose long, escape-free strings stay as raw bytes.
///
/// NB: an attachment body is ~35 MB of base64 inside one JSON string. Decoding it with `JSONDecoder`
/// builds a 35 MB `String` first; here the string's bytes are a zero-copy slice of the request body,
/// found with `memchr`, and decoded from base64 straight into the blob.
enum SObjectBody {
    /// One member's value.
    enum Value {
        case json(JSONValue)
        /// The content of a string without escapes, as UTF-8 bytes (a slice of the request body).
        case rawString(Data)

        /// The value as JSON (materializing a raw string).
        var json: JSONValue {
            switch self {
            case .json(let value): value
            case .rawString(let bytes): .string(String(decoding: bytes, as: UTF8.self))
            }
        }
    }

    /// Strings at least this long without escapes are kept as raw bytes.
    static let rawThreshold = 4096

    /// The members of the top-level object, in order; `JSON_PARSER_ERROR` for anything else.
    static func parse(_ data: Data) throws -> [(String, Value)] {
        var members: [(String, Value)] = []
        try data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            guard let base = raw.baseAddress?.assumingMemoryBound(to: UInt8.self) else {
                throw SalesforceFault.malformedJSON
            }
            var scanner = Scanner(base: base, count: raw.count, data: data)
            scanner.skipWhitespace()
            try scanner.expect(UInt8(ascii: "{"))
            scanner.skipWhitespace()
            if scanner.peek() == UInt8(ascii: "}") {
                scanner.index += 1
            } else {
                while true {
                    scanner.skipWhitespace()
                    guard case .json(.string(let key)) = try scanner.value(keepRaw: false) else {
                        throw SalesforceFault.malformedJSON
                    }
                    scanner.skipWhitespace()
                    try scanner.expect(UInt8(ascii: ":"))
                    scanner.skipWhitespace()
                    members.append((key, try scanner.value(keepRaw: true)))
                    scanner.skipWhitespace()
                    if scanner.peek() == UInt8(ascii: ",") {
                        scanner.index += 1
                        continue
                    }
                    try scanner.expect(UInt8(ascii: "}"))
                    break
                }
            }
            scanner.skipWhitespace()
            guard scanner.index == scanner.count else { throw SalesforceFault.malformedJSON }
        }
        return members
    }

    private struct Scanner {
        let base: UnsafePointer<UInt8>
        let count: Int
        let data: Data
        var index = 0

        init(base: UnsafePointer<UInt8>, count: Int, data: Data) {
            self.base = base
            self.count = count
            self.data = data
        }

        func peek() -> UInt8? { index < count ? base[index] : nil }

        mutating func expect(_ byte: UInt8) throws {
            guard peek() == byte else { throw SalesforceFault.malformedJSON }
            index += 1
        }

        mutating func skipWhitespace() {
            while index < count, [0x20, 0x09, 0x0A, 0x0D].contains(base[index]) { index += 1 }
        }

        /// The bytes `start..<end` decoded by `JSONDecoder` (small values only).
        func decode(_ start: Int, _ end: Int) throws -> JSONValue {
            let slice = Data(bytes: base + start, count: end - start)
            guard let value = try? JSONDecoder().decode(JSONValue.self, from: slice) else {
                throw SalesforceFault.malformedJSON
            }
            return value
        }

        mutating func value(keepRaw: Bool) throws -> Value {
            guard let first = peek() else { throw SalesforceFault.malformedJSON }
            let start = index
            switch first {
            case UInt8(ascii: "\""):
                let end = try stringEnd(from: index + 1)
                index = end + 1
                let length = end - start - 1
                let hasEscape = memchr(base + start + 1, Int32(UInt8(ascii: "\\")), length) != nil
                if keepRaw, !hasEscape, length >= SObjectBody.rawThreshold {
                    let lower = data.startIndex + start + 1
                    return .rawString(data[lower..<(lower + length)])
                }
                return .json(try decode(start, index))
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                try skipContainer()
                return .json(try decode(start, index))
            default:
                while index < count,
                    ![UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), 0x20, 0x09, 0x0A, 0x0D]
                        .contains(base[index])
                {
                    index += 1
                }
                return .json(try decode(start, index))
            }
        }

        /// The index of the quote closing a string whose content starts at `from`.
        func stringEnd(from: Int) throws -> Int {
            var position = from
            while position < count {
                guard let found = memchr(base + position, Int32(UInt8(ascii: "\"")), count - position) else {
                    throw SalesforceFault.malformedJSON
                }
                let quote = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                var backslashes = 0
                while quote - backslashes - 1 >= from, base[quote - backslashes - 1] == UInt8(ascii: "\\") {
                    backslashes += 1
                }
                if backslashes % 2 == 0 { return quote }
                position = quote + 1
            }
            throw SalesforceFault.malformedJSON
        }

        mutating func skipContainer() throws {
            var depth = 0
            while index < count {
                let byte = base[index]
                switch byte {
                case UInt8(ascii: "\""):
                    index = try stringEnd(from: index + 1)
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    if depth == 0 {
                        index += 1
                        return
                    }
                default:
                    break
                }
                index += 1
            }
            throw SalesforceFault.malformedJSON
        }
    }
}
