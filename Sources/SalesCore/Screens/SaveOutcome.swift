import Foundation

/// What a Save did, as the form that was saved knows it: what `quartet sales` prints (`saved`, `queued`) and
/// writes as `status` under `--json`.
public enum SaveOutcome: String, Sendable, Hashable, Codable {
    /// The server has the change.
    case saved
    /// The network was down, or the session ended as it went (``QueueReason``): the change waits in the outbox,
    /// to be sent once at the next sync.
    case queued
    /// Nothing was changed, so nothing was sent (a write would only make the record newer for everyone else).
    case unchanged
}

/// Why a save waits in the outbox instead of being sent, as the outbox answered it (``SalesOutbox/Delivery/queued(_:)``):
/// the form's ``ItemEditorModel/queuedBecause``, the Account screen's ``AccountScreenModel/queuedBecause``, and the
/// sentence each says (``SalesText/savedToSend(because:)``, ``SalesCommandText/queued(_:because:)``).
public enum QueueReason: String, Sendable, Hashable, Codable {
    /// The network was down: it is sent once the network returns.
    case offline
    /// Salesforce ended the session as it went: it waits for the same person's next sign-in.
    case sessionEnded
}
