/// The `Idempotency-Key` a create takes (a message, a note, a wall post or reply, a discussion message, a poll), so
/// that a request sent again after a lost answer makes nothing twice (IETF draft "The Idempotency-Key HTTP Header
/// Field").
///
/// The app makes one key (a UUID) when a person first sends a draft and keeps it with the draft until the server
/// has taken it; the server answers a repeat with the same key and the same request as it answered the first.
public enum IdempotencyKeyRules {
    /// The request header's name.
    public static let header = "Idempotency-Key"
    /// The longest key the server takes, in characters (a UUID has 36).
    public static let maximumLength = 255
    /// What a key may hold: visible ASCII but `"` and `\`, or that inside double quotes (the draft's
    /// Structured Fields string, `"8e03978e-40d5-43e8-bc93-6894a57f9324"`); the quotes are not part of the key.
    public static let pattern = #"^([!#-\[\]-~]{1,255}|"[!#-\[\]-~]{1,255}")$"#
    /// The problem `type` of a key sent again with a different request (422).
    public static let reusedType = "urn:quartet:attendee:idempotency-key-reused"
    /// The problem `type` of a malformed or over-long key (400).
    public static let invalidType = "urn:quartet:attendee:idempotency-key-invalid"

    /// The key a header value carries (its quotes taken off), or `nil` when it is not one.
    public static func key(_ value: String) -> String? {
        var key = Substring(value)
        if key.count >= 2, key.first == "\"", key.last == "\"" { key = key.dropFirst().dropLast() }
        guard (1...maximumLength).contains(key.utf8.count),
            key.utf8.allSatisfy({ $0 >= 0x21 && $0 <= 0x7E && $0 != 0x22 && $0 != 0x5C })
        else { return nil }
        return String(key)
    }
}
