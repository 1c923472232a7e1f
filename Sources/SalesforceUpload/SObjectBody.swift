import DynamicJSON
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A write body that is not a JSON object (the stand-in answers Salesforce's `JSON_PARSER_ERROR`).
package struct MalformedBody: Error, Sendable, Equatable {
    package init() {}
}

/// The members of an sObject write body, in order (Salesforce reports the first bad field first).
package enum SObjectBody {
    /// The members of the top-level object, in order; ``MalformedBody`` for anything else.
    package static func parse(_ data: Data) throws -> [(name: String, value: JSONValue)] {
        var members: [(name: String, value: JSONValue)] = []
        try data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            guard let base = raw.baseAddress?.assumingMemoryBound(to: UInt8.self) else {
                throw MalformedBody()
            }
            var scanner = Scanner(base: base, count: raw.count)
            scanner.skipWhitespace()
            try scanner.expect(UInt8(ascii: "{"))
            scanner.skipWhitespace()
            if scanner.peek() == UInt8(ascii: "}") {
                scanner.index += 1
            } else {
                while true {
                    scanner.skipWhitespace()
                    guard case .string(let key) = try scanner.value() else { throw MalformedBody() }
                    scanner.skipWhitespace()
                    try scanner.expect(UInt8(ascii: ":"))
                    scanner.skipWhitespace()
                    members.append((key, try scanner.value()))
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
            guard scanner.index == scanner.count else { throw MalformedBody() }
        }
        return members
    }

    private struct Scanner {
        let base: UnsafePointer<UInt8>
        let count: Int
        var index = 0

        init(base: UnsafePointer<UInt8>, count: Int) {
            self.base = base
            self.count = count
        }

        func peek() -> UInt8? { index < count ? base[index] : nil }

        mutating func expect(_ byte: UInt8) throws {
            guard peek() == byte else { throw MalformedBody() }
            index += 1
        }

        mutating func skipWhitespace() {
            while index < count, [0x20, 0x09, 0x0A, 0x0D].contains(base[index]) { index += 1 }
        }

        /// The bytes `start..<end` decoded by `JSONDecoder` (small values only).
        func decode(_ start: Int, _ end: Int) throws -> JSONValue {
            let slice = Data(bytes: base + start, count: end - start)
            guard let value = try? JSONDecoder().decode(JSONValue.self, from: slice) else {
                throw MalformedBody()
            }
            return value
        }

        mutating func value() throws -> JSONValue {
            guard let first = peek() else { throw MalformedBody() }
            let start = index
            switch first {
            case UInt8(ascii: "\""):
                index = try stringEnd(from: index + 1) + 1
                return try decode(start, index)
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                try skipContainer()
                return try decode(start, index)
            default:
                while index < count,
                    ![UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), 0x20, 0x09, 0x0A, 0x0D]
                        .contains(base[index])
                {
                    index += 1
                }
                return try decode(start, index)
            }
        }

        /// The index of the quote closing a string whose content starts at `from`.
        func stringEnd(from: Int) throws -> Int {
            var position = from
            while position < count {
                guard let found = memchr(base + position, Int32(UInt8(ascii: "\"")), count - position) else {
                    throw MalformedBody()
                }
                let quote = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                var backslashes = 0
                while quote - backslashes - 1 >= from, base[quote - backslashes - 1] == UInt8(ascii: "\\") {
                    backslashes += 1
                }
                if backslashes % 2 == 0 { return quote }
                position = quote + 1
            }
            throw MalformedBody()
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
            throw MalformedBody()
        }
    }
}
