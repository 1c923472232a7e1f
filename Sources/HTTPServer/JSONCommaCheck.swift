import Foundation

/// The one thing Foundation's JSON parser takes that JSON (RFC 8259) does not, found before a body is decoded:
/// a comma right before an object's `}` or an array's `]` (`{"name": "Ana",}`), whitespace between or not.
///
/// NB: `JSONDecoder` and `JSONSerialization` on Linux both accept it, so without this check the routes answered
/// 201 to a body that is not JSON; everything else malformed that was tried (leading zeros, `+1`, `.5`, comments,
/// single quotes, bare keys, `NaN`, `0x10`) they already refuse.
public enum JSONCommaCheck {
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
}
