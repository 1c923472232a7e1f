import Foundation

/// Writes sObject field maps as JSON bytes: keys sorted, slashes unescaped.
///
/// NB: hand-written rather than `JSONEncoder` because an attachment body is a ~33 MB base64 string;
/// appending it as bytes costs one copy, where the encoder's string escaping costs several.
public enum SObjectJSON {
    /// The JSON object for `fields`.
    public static func encode(_ fields: SObjectFields) -> Data {
        var out = Data()
        out.reserveCapacity(
            fields.values.reduce(64) { size, value in
                if case .string(let text) = value { return size + text.utf8.count + 32 }
                return size + 32
            })
        out.append(UInt8(ascii: "{"))
        for (index, key) in fields.keys.sorted().enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            appendString(key, to: &out)
            out.append(UInt8(ascii: ":"))
            switch fields[key] ?? .null {
            case .string(let text): appendString(text, to: &out)
            case .number(let value):
                out.append(contentsOf: Array(LenientNumber.text(value.isFinite ? value : 0).utf8))
            case .bool(let value): out.append(contentsOf: Array((value ? "true" : "false").utf8))
            case .null: out.append(contentsOf: Array("null".utf8))
            }
        }
        out.append(UInt8(ascii: "}"))
        return out
    }

    static func appendString(_ text: String, to out: inout Data) {
        out.append(UInt8(ascii: "\""))
        var text = text
        let fast = text.withUTF8 { buffer -> Bool in
            // Plain printable ASCII without quotes or backslashes (every base64 string) is copied as is.
            guard !buffer.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 >= 0x80 }) else { return false }
            out.append(contentsOf: buffer)
            return true
        }
        if !fast {
            for scalar in text.unicodeScalars {
                switch scalar {
                case "\"": out.append(contentsOf: Array("\\\"".utf8))
                case "\\": out.append(contentsOf: Array("\\\\".utf8))
                case "\n": out.append(contentsOf: Array("\\n".utf8))
                case "\r": out.append(contentsOf: Array("\\r".utf8))
                case "\t": out.append(contentsOf: Array("\\t".utf8))
                case let control where control.value < 0x20:
                    out.append(contentsOf: Array(String(format: "\\u%04x", control.value).utf8))
                default: out.append(contentsOf: Array(String(scalar).utf8))
                }
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}
