import PublicInit

/// One event received from a Server-Sent Events stream.
@PublicInit
public struct ServerEvent: Sendable, Equatable {
    /// The event type: the `event:` field, or `"message"` when there was none.
    public var type: String = "message"
    /// The `data:` lines joined with `\n`.
    public var data: String
    /// The last event ID seen on the stream so far (the `id:` field persists across events), `""` if none.
    public var lastEventID: String = ""
}
