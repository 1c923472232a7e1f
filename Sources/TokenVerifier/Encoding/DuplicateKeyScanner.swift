import Foundation

/// Finds repeated member names in JSON objects.
///
/// RFC 7515 §5.2 requires a JWS consumer to reject duplicate header members or to keep the last one, but
/// Foundation's `JSONDecoder` keeps the first; a token saying `{"alg":"RS512","alg":"none"}` would be read
/// differently by different parsers. Header and claims with a repeated name are therefore refused.
enum DuplicateKeyScanner {
    /// Whether any object in `data` repeats a member name (compared after unescaping).
    ///
    /// Call only on a document that `JSONDecoder` has accepted: the scan trusts the document to be well formed
    /// and only tracks strings, objects and arrays.
    static func hasDuplicateKeys(_ data: Data) -> Bool {
        let bytes = [UInt8](data)
        // One entry per open container: the names seen so far for an object, nil for an array.
        var open: [Set<String>?] = []
        var expectingName = false
        var index = 0
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "{"):
                open.append([])
                expectingName = true
            case UInt8(ascii: "["):
                open.append(nil)
                expectingName = false
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                _ = open.popLast()
                expectingName = false
            case UInt8(ascii: ","):
                expectingName = open.last.map { $0 != nil } ?? false
            case UInt8(ascii: "\""):
                guard let end = closingQuote(bytes, after: index) else { return true }
                if expectingName, case let names?? = open.last {
                    guard let name = decodeString(bytes[index...end]), !names.contains(name) else { return true }
                    open[open.count - 1] = names.union([name])
                    expectingName = false
                }
                index = end
            default:
                break
            }
            index += 1
        }
        return false
    }

    /// The index of the quote that ends the string opening at `start`.
    private static func closingQuote(_ bytes: [UInt8], after start: Int) -> Int? {
        var index = start + 1
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\\"): index += 2
            case UInt8(ascii: "\""): return index
            default: index += 1
            }
        }
        return nil
    }

    /// The value of a quoted JSON string; escapes are resolved by `JSONDecoder` itself, so names compare exactly
    /// as the decoder saw them.
    private static func decodeString(_ quoted: ArraySlice<UInt8>) -> String? {
        let body = quoted.dropFirst().dropLast()
        guard body.contains(UInt8(ascii: "\\")) else { return String(decoding: body, as: UTF8.self) }
        return try? JSONDecoder().decode(String.self, from: Data(quoted))
    }
}
