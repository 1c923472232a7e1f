import Foundation

/// Salesforce record ids: a 3-character key prefix naming the object, 12 more base-62 characters, and
/// a 3-character suffix that makes the 18-character form safe for case-insensitive systems.
///
/// ```swift
/// SalesforceID.caseSafe("002R0000001rCQ7")  // "002R0000001rCQ7IAM"
/// ```
public enum SalesforceID {
    /// The key prefix of each object the dev server stores.
    public static let keyPrefixes: [String: String] = [
        "Account": "001", "Note": "002", "Attachment": "00P", "GoogleDoc": "098", "ContentDocument": "069",
        "ContentVersion": "068",
    ]

    static let base62 = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")
    static let suffixAlphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ012345")

    /// A fresh 18-character id for `object`: prefix, pod `Q0`, a reserved `0`, nine random base-62 digits.
    public static func generate(for object: String, using generator: inout some RandomNumberGenerator) -> String {
        let prefix = keyPrefixes[object] ?? "a00"
        var body = prefix + "Q00"
        for _ in 0..<9 { body.append(base62[Int.random(in: 0..<62, using: &generator)]) }
        return body + suffix(body)
    }

    /// The 18-character form of a 15-character id (an 18-character id is returned unchanged).
    public static func caseSafe(_ id: String) -> String {
        id.count == 15 ? id + suffix(id) : id
    }

    /// The three suffix characters: for each 5-character chunk, a bit per uppercase letter.
    static func suffix(_ id15: String) -> String {
        let characters = Array(id15)
        var result = ""
        for chunk in 0..<3 {
            var bits = 0
            for offset in 0..<5 {
                let index = chunk * 5 + offset
                if index < characters.count, characters[index].isASCII, characters[index].isUppercase {
                    bits |= 1 << offset
                }
            }
            result.append(suffixAlphabet[bits])
        }
        return result
    }

    /// Whether `id` has an id's shape: 15 or 18 ASCII letters and digits (the suffix of the long form unchecked).
    public static func hasIDShape(_ id: String) -> Bool {
        (id.count == 15 || id.count == 18) && id.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
    }

    /// Whether `id` is a well-formed 15- or 18-character id (checking the suffix of the long form).
    public static func isWellFormed(_ id: String) -> Bool {
        guard hasIDShape(id) else { return false }
        guard id.count == 18 else { return true }
        return String(id.suffix(3)) == suffix(String(id.prefix(15)))
    }

    /// The canonical 18-character form, or `nil` for a malformed id.
    public static func normalized(_ id: String) -> String? {
        isWellFormed(id) ? caseSafe(id) : nil
    }

    /// The object an id's prefix names, when it is one the dev server knows.
    public static func object(of id: String) -> String? {
        let prefix = String(id.prefix(3))
        return keyPrefixes.first { $0.value == prefix }?.key
    }
}
