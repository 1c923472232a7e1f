import Foundation
import QuakesModels

/// A JSON syntax error at a byte offset: the body is not JSON, or it was cut short.
struct JSONSyntaxError: Error, Equatable {
    var offset: Int
    var reason: String
}

/// A JSON value whose compound parts were skipped: what a feature's leaf fields need.
enum JSONScalar: Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    /// An object or array, skipped.
    case compound
}

/// An object key recognized from its UTF-8 bytes.
protocol JSONKey {
    init(bytes: UnsafeRawBufferPointer)
}

/// Any key, unread: for skipping objects.
struct AnyKey: JSONKey {
    init(bytes: UnsafeRawBufferPointer) {}
}

/// A forward-only JSON reader over UTF-8 bytes, for the feed's hot path. It reads what Foundation's
/// `JSONSerialization` reads (a trailing comma in an object or array included), as the quake-feed fuzz target
/// checks.
///
/// NB: Foundation's `JSONDecoder` took ~60 ms on the 3.3 MB week feed on Linux; this reader
/// builds the models directly in one pass without an intermediate tree.
/// The caller keeps the buffer alive for the scanner's lifetime.
struct JSONScanner {
    let bytes: UnsafeRawBufferPointer
    var index = 0
    /// Objects and arrays open around the current position.
    private var depth = 0
    /// How deep objects and arrays may nest (USGS feeds nest five deep).
    ///
    /// NB: each level is a few stack frames; 100,000 nested `[` (100 KB) overflowed the stack and crashed the app.
    static let maxDepth = 512

    init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    /// Steps over a UTF-8 byte order mark at the start, which RFC 8259 lets a reader ignore and Foundation's
    /// `JSONDecoder` does (a feed file saved by a Windows editor starts with one).
    mutating func skipByteOrderMark() {
        if index == 0, bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
    }

    func fail(_ reason: String) -> JSONSyntaxError { JSONSyntaxError(offset: index, reason: reason) }

    @inline(__always)
    mutating func skipWhitespace() {
        while index < bytes.count {
            let byte = bytes[index]
            guard byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 else { return }
            index += 1
        }
    }

    /// The next non-space byte, not consumed; `nil` at the end.
    @inline(__always)
    mutating func peek() -> UInt8? {
        skipWhitespace()
        return index < bytes.count ? bytes[index] : nil
    }

    @inline(__always)
    mutating func expect(_ byte: UInt8) throws(JSONSyntaxError) {
        guard peek() == byte else { throw fail("expected '\(Character(Unicode.Scalar(byte)))'") }
        index += 1
    }

    /// Walks the members of an object, calling `member` with each key; `member` must consume the value.
    ///
    /// Keys are matched from the raw bytes (`Key(bytes:)`), so no string is made for them.
    mutating func object<Key: JSONKey>(
        _ keyType: Key.Type, _ member: (inout JSONScanner, Key) throws(JSONSyntaxError) -> Void
    ) throws(JSONSyntaxError) {
        try expect(UInt8(ascii: "{"))
        try enter()
        defer { depth -= 1 }
        if peek() == UInt8(ascii: "}") {
            index += 1
            return
        }
        while true {
            guard peek() == UInt8(ascii: "\"") else { throw fail("expected a key") }
            let key = try self.key(Key.self)
            try expect(UInt8(ascii: ":"))
            try member(&self, key)
            switch peek() {
            case UInt8(ascii: ","):
                index += 1
                // NB: a comma before the closing brace is read as Foundation reads it (the fuzzer found the
                // difference): nothing follows it.
                if peek() == UInt8(ascii: "}") {
                    index += 1
                    return
                }
            case UInt8(ascii: "}"):
                index += 1
                return
            default: throw fail("expected ',' or '}'")
            }
        }
    }

    private mutating func key<Key: JSONKey>(_ keyType: Key.Type) throws(JSONSyntaxError) -> Key {
        let start = index + 1
        var end = start
        while end < bytes.count, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\\") { end += 1 }
        if end < bytes.count, bytes[end] == UInt8(ascii: "\"") {
            index = end + 1
            return Key(bytes: UnsafeRawBufferPointer(rebasing: bytes[start..<end]))
        }
        var decoded = try string()
        return decoded.withUTF8 { Key(bytes: UnsafeRawBufferPointer($0)) }
    }

    private mutating func enter() throws(JSONSyntaxError) {
        guard depth < Self.maxDepth else { throw fail("nested too deeply") }
        depth += 1
    }

    /// Walks the elements of an array; `element` must consume each value.
    mutating func array(_ element: (inout JSONScanner) throws(JSONSyntaxError) -> Void) throws(JSONSyntaxError) {
        try expect(UInt8(ascii: "["))
        try enter()
        defer { depth -= 1 }
        if peek() == UInt8(ascii: "]") {
            index += 1
            return
        }
        while true {
            try element(&self)
            switch peek() {
            case UInt8(ascii: ","):
                index += 1
                if peek() == UInt8(ascii: "]") {  // NB: as in objects.
                    index += 1
                    return
                }
            case UInt8(ascii: "]"):
                index += 1
                return
            default: throw fail("expected ',' or ']'")
            }
        }
    }

    /// Reads any value, keeping leaves and skipping objects and arrays.
    mutating func scalar() throws(JSONSyntaxError) -> JSONScalar {
        guard let byte = peek() else { throw fail("unexpected end") }
        switch byte {
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            try skipValue()
            return .compound
        case UInt8(ascii: "n"):
            try literal("null")
            return .null
        case UInt8(ascii: "t"):
            try literal("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try literal("false")
            return .bool(false)
        default: return .number(try number())
        }
    }

    /// Skips one value of any kind, checking its syntax.
    mutating func skipValue() throws(JSONSyntaxError) {
        guard let byte = peek() else { throw fail("unexpected end") }
        switch byte {
        case UInt8(ascii: "{"):
            try object(AnyKey.self) { (scanner, _) throws(JSONSyntaxError) in try scanner.skipValue() }
        case UInt8(ascii: "["): try array { (scanner) throws(JSONSyntaxError) in try scanner.skipValue() }
        case UInt8(ascii: "\""): try skipString()
        default: _ = try scalar()
        }
    }

    mutating func literal(_ word: StaticString) throws(JSONSyntaxError) {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count else { throw fail("unexpected end") }
        let start = word.utf8Start
        for offset in 0..<count where bytes[index + offset] != start[offset] {
            throw fail("invalid literal")
        }
        index += count
    }

    /// Reads a number; integers and short decimals take an exact fast path, the rest go to `strtod`.
    mutating func number() throws(JSONSyntaxError) -> Double {
        let start = index
        var negative = false
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") {
            negative = true
            index += 1
        }
        var mantissa: UInt64 = 0
        var digits = 0
        var fractionDigits = 0
        var simple = true
        while index < bytes.count, bytes[index] &- 0x30 < 10 {
            mantissa = mantissa &* 10 &+ UInt64(bytes[index] &- 0x30)
            digits += 1
            index += 1
        }
        guard digits > 0 else { throw fail("invalid number") }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            let before = index
            while index < bytes.count, bytes[index] &- 0x30 < 10 {
                mantissa = mantissa &* 10 &+ UInt64(bytes[index] &- 0x30)
                digits += 1
                index += 1
            }
            fractionDigits = index - before
            guard fractionDigits > 0 else { throw fail("invalid number") }
        }
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            simple = false
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            let before = index
            while index < bytes.count, bytes[index] &- 0x30 < 10 { index += 1 }
            guard index > before else { throw fail("invalid number") }
        }
        // NB: a mantissa below 2^53 divided by an exact power of ten ≤ 10^22 is correctly rounded (Clinger's fast path).
        if simple, digits <= 15, fractionDigits <= 22 {
            let value = Double(mantissa) / JSONScanner.powersOfTen[fractionDigits]
            return negative ? -value : value
        }
        let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        guard let value = Double(text) else { throw fail("invalid number") }
        // NB: `Double` reads `1e400` as infinity, which no JSON number is: Foundation refuses it, and a time of
        // infinity trapped `--json`'s conversion to whole milliseconds.
        guard value.isFinite else { throw fail("number out of range") }
        return value
    }

    static let powersOfTen: [Double] = (0...22).map { exponent in
        var value = 1.0
        for _ in 0..<exponent { value *= 10 }
        return value
    }

    mutating func skipString() throws(JSONSyntaxError) {
        try expect(UInt8(ascii: "\""))
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if byte == UInt8(ascii: "\"") { return }
            if byte == UInt8(ascii: "\\") { index += 1 }
        }
        throw fail("unterminated string")
    }

    /// Reads a string, decoding escapes (including UTF-16 surrogate pairs); invalid UTF-8 becomes U+FFFD.
    mutating func string() throws(JSONSyntaxError) -> String {
        try expect(UInt8(ascii: "\""))
        let start = index
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
                index += 1
                return text
            }
            if byte == UInt8(ascii: "\\") { return try escapedString(from: start) }
            guard byte >= 0x20 else { throw fail("control character in string") }
            index += 1
        }
        throw fail("unterminated string")
    }

    private mutating func escapedString(from start: Int) throws(JSONSyntaxError) -> String {
        var buffer = [UInt8](UnsafeRawBufferPointer(rebasing: bytes[start..<index]))
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                return String(decoding: buffer, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard index < bytes.count else { throw fail("unterminated string") }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): buffer.append(escape)
                case UInt8(ascii: "b"): buffer.append(0x08)
                case UInt8(ascii: "f"): buffer.append(0x0C)
                case UInt8(ascii: "n"): buffer.append(0x0A)
                case UInt8(ascii: "r"): buffer.append(0x0D)
                case UInt8(ascii: "t"): buffer.append(0x09)
                case UInt8(ascii: "u"):
                    var scalar = UInt32(try hex4())
                    if (0xD800..<0xDC00).contains(scalar), index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
                        bytes[index + 1] == UInt8(ascii: "u")
                    {
                        index += 2
                        let low = UInt32(try hex4())
                        if (0xDC00..<0xE000).contains(low) {
                            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                        } else {
                            buffer.append(contentsOf: Array("\u{FFFD}".utf8))
                            scalar = low
                        }
                    }
                    let character = Unicode.Scalar(scalar) ?? "\u{FFFD}"
                    buffer.append(contentsOf: Array(String(character).utf8))
                default: throw fail("invalid escape")
                }
            default:
                guard byte >= 0x20 else { throw fail("control character in string") }
                buffer.append(byte)
            }
        }
        throw fail("unterminated string")
    }

    private mutating func hex4() throws(JSONSyntaxError) -> UInt16 {
        guard index + 4 <= bytes.count else { throw fail("unterminated escape") }
        var value: UInt16 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw fail("invalid \\u escape")
            }
            value = value << 4 | UInt16(digit)
            index += 1
        }
        return value
    }
}
