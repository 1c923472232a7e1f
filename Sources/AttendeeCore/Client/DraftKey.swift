import Foundation

/// The `Idempotency-Key` of a draft a person sends: made when the draft is first sent, the same for every retry of
/// that draft, a new one once the draft changes, and forgotten once the server has it.
///
/// A send whose answer was lost (the connection dropped after the server stored it) is tried again with the key it
/// went with, so the server answers with what it stored rather than storing it twice.
///
/// ```swift
/// let key = sendKey.key(for: post)
/// let made = try await client.postToWall(eventID, post, key)
/// sendKey.sent(post)
/// ```
struct DraftKey<Draft: Equatable> {
    private var kept: (draft: Draft, key: String)?

    /// The key to send `draft` with: the one it went with before, or a new one (a UUID) for a draft not sent yet.
    mutating func key(for draft: Draft) -> String {
        if let kept, kept.draft == draft { return kept.key }
        let key = UUID().uuidString
        kept = (draft, key)
        return key
    }

    /// The server has `draft`: the next draft, even with the same words, is a new one.
    mutating func sent(_ draft: Draft) {
        if kept?.draft == draft { kept = nil }
    }
}
