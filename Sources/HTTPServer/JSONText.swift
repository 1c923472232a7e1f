import Foundation

/// The places where Foundation's JSON parser and JSON (RFC 8259) part ways, settled before a body is decoded.
///
/// - A comma right before an object's `}` or an array's `]` (`{"name": "Ana",}`), whitespace between or not:
///   not JSON, yet `JSONDecoder` and `JSONSerialization` on Linux both take it, so without this check the routes
///   answered 201 to a body that is not JSON. Everything else malformed that was tried (leading zeros, `+1`,
///   `.5`, comments, single quotes, bare keys, `NaN`, `0x10`) they already refuse.
/// - An unpaired UTF-16 surrogate escape in a string (`"\ud83d"` with no low half after it, or a low half alone):
///   JSON's grammar allows it, and a client that cuts a string between the halves of an emoji sends one, but a
///   Swift string cannot hold it, so Foundation refused the whole body (400 "not valid JSON" for a key it must
///   read, 422 for a field). It is read as U+FFFD, the replacement character, as Go's `encoding/json` reads it.
/// - A number an integer field cannot hold (`3.5`, twenty digits): `JSONDecoder` calls the whole body invalid
///   JSON, naming no field; ``pathOfUnfitNumber(in:limit:failsTheSameWay:)`` finds the field afterwards.
public enum JSONText {
    /// The offset of the first comma that stands right before a closing `}` or `]` outside a string, or `nil`.
    public static func commaBeforeClose(in body: Data) -> Int? {
        body.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> Int? in
            var inString = false
            var escaped = false
            var lastComma: Int?
            for (offset, byte) in bytes.enumerated() {
                if inString {
                    if escaped {
                        escaped = false
                    } else if byte == UInt8(ascii: "\\") {
                        escaped = true
                    } else if byte == UInt8(ascii: "\"") {
                        inString = false
                    }
                    continue
                }
                switch byte {
                case 0x20, 0x09, 0x0A, 0x0D:
                    continue
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    if let lastComma { return lastComma }
                case UInt8(ascii: ","):
                    lastComma = offset
                    continue
                case UInt8(ascii: "\""):
                    inString = true
                default:
                    break
                }
                lastComma = nil
            }
            return nil
        }
    }

    /// The body with every unpaired surrogate escape written as `\ufffd` (the same six bytes long, so every other
    /// byte keeps its offset), or `nil` when it has none. A pair (`\ud83c\udf0b`) and every other escape are left
    /// as they are; a malformed escape is left for the parser to refuse.
    public static func replacingLoneSurrogates(in body: Data) -> Data? {
        let lone = body.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> [Int] in
            // NB: most bodies hold no escape at all; the C library finds that out without a byte loop.
            guard let base = bytes.baseAddress, memchr(base, Int32(UInt8(ascii: "\\")), bytes.count) != nil
            else { return [] }
            var lone: [Int] = []
            var inString = false
            var offset = 0
            while offset < bytes.count {
                let byte = bytes[offset]
                guard inString else {
                    if byte == UInt8(ascii: "\"") { inString = true }
                    offset += 1
                    continue
                }
                if byte == UInt8(ascii: "\"") {
                    inString = false
                    offset += 1
                } else if byte != UInt8(ascii: "\\") {
                    offset += 1
                } else if let unit = unicodeEscape(bytes, at: offset) {
                    if (0xD800...0xDBFF).contains(unit), let next = unicodeEscape(bytes, at: offset + 6),
                        (0xDC00...0xDFFF).contains(next)
                    {
                        offset += 12
                        continue
                    }
                    if (0xD800...0xDFFF).contains(unit) { lone.append(offset) }
                    offset += 6
                } else {
                    // NB: `\"`, `\\` and the other one-letter escapes; the escaped byte is never the string's end.
                    offset += 2
                }
            }
            return lone
        }
        guard !lone.isEmpty else { return nil }
        var replaced = body
        let replacement = Array("fffd".utf8)
        replaced.withUnsafeMutableBytes { (bytes: UnsafeMutableRawBufferPointer) in
            for offset in lone {
                for (index, byte) in replacement.enumerated() { bytes[offset + 2 + index] = byte }
            }
        }
        return replaced
    }

    /// The code unit of a `\uXXXX` escape starting at `offset`, or `nil` when there is none there.
    private static func unicodeEscape(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> UInt16? {
        guard offset + 6 <= bytes.count, bytes[offset] == UInt8(ascii: "\\"), bytes[offset + 1] == UInt8(ascii: "u")
        else { return nil }
        var unit: UInt16 = 0
        for byte in bytes[(offset + 2)..<(offset + 6)] {
            guard let digit = hexDigit(byte) else { return nil }
            unit = unit << 4 | digit
        }
        return unit
    }

    private static func hexDigit(_ byte: UInt8) -> UInt16? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt16(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt16(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt16(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }
}
