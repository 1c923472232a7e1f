import Foundation

/// Base64url without padding (RFC 4648 §5, as JWS uses it in RFC 7515 §2), decoded strictly.
///
/// Decoding rejects padding, whitespace, characters outside `A–Z a–z 0–9 - _`, impossible lengths and
/// non-zero unused trailing bits, so every byte string has exactly one accepted encoding.
public enum Base64URL {
    /// Encodes bytes as base64url without padding.
    public static func encode(_ bytes: some Sequence<UInt8>) -> String {
        var output: [UInt8] = []
        var buffer: UInt32 = 0
        var bitCount = 0
        for byte in bytes {
            buffer = (buffer << 8) | UInt32(byte)
            bitCount += 8
            while bitCount >= 6 {
                bitCount -= 6
                output.append(alphabet[Int((buffer >> UInt32(bitCount)) & 0x3F)])
            }
        }
        if bitCount > 0 {
            output.append(alphabet[Int((buffer << UInt32(6 - bitCount)) & 0x3F)])
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Decodes unpadded base64url, or returns nil when the text is not its one canonical encoding.
    public static func decode(_ text: some StringProtocol) -> Data? {
        let utf8 = text.utf8
        // NB: one leftover character carries only 6 bits, never a whole byte.
        guard utf8.count % 4 != 1 else { return nil }
        var output = Data()
        output.reserveCapacity(utf8.count * 3 / 4)
        var buffer: UInt32 = 0
        var bitCount = 0
        for character in utf8 {
            guard let value = sextet(character) else { return nil }
            buffer = (buffer << 6) | UInt32(value)
            bitCount += 6
            if bitCount >= 8 {
                bitCount -= 8
                output.append(UInt8(truncatingIfNeeded: buffer >> UInt32(bitCount)))
                buffer &= (1 << UInt32(bitCount)) - 1
            }
        }
        // NB: the bits left over after the last whole byte must be zero (RFC 4648 §3.5).
        guard buffer == 0 else { return nil }
        return output
    }

    /// A regular expression (ECMA-262, as JSON Schema's `pattern` reads it) for text of the alphabet alone: every
    /// encoding matches it, and text that does not is never decoded.
    public static let pattern = "^[A-Za-z0-9_-]*$"

    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    private static func sextet(_ character: UInt8) -> UInt8? {
        switch character {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): character - UInt8(ascii: "A")
        case UInt8(ascii: "a")...UInt8(ascii: "z"): character - UInt8(ascii: "a") + 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): character - UInt8(ascii: "0") + 52
        case UInt8(ascii: "-"): 62
        case UInt8(ascii: "_"): 63
        default: nil
        }
    }
}
