/// What a live stream says first: the `data` of its `ready` event.
///
/// A stream that goes on exactly where the client's `Last-Event-ID` left off (every change since follows as a
/// replay) says `{"resumed":true}`. Any other stream — a first connection, or a client too far behind for a
/// replay (its event pruned, more than a replay holds, or an id this database never issued) — says
/// `{"resumed":false}`: what the client shows may have missed changes, so it reads it again.
public struct LiveReady: Codable, Sendable, Hashable {
    /// The SSE event type of the stream's first event.
    public static let eventType = "ready"

    /// Whether the stream resumes exactly after the client's `Last-Event-ID`.
    public var resumed: Bool

    /// Creates the `ready` data.
    public init(resumed: Bool) {
        self.resumed = resumed
    }
}
