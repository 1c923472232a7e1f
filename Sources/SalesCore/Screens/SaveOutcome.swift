import Foundation

/// What a Save did, as the form that was saved knows it: what `quartet sales` prints (`saved`, `queued`) and
/// writes as `status` under `--json`.
public enum SaveOutcome: String, Sendable, Hashable, Codable {
    /// The server has the change.
    case saved
    /// The network was down: the change waits in the outbox, to be sent once at the next sync.
    case queued
    /// Nothing was changed, so nothing was sent (a write would only make the record newer for everyone else).
    case unchanged
}
