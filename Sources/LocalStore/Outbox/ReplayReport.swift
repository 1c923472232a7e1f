/// What one replay did.
public struct ReplayReport: Sendable, Equatable {
    /// The IDs delivered, in order.
    public var delivered: [Int64] = []
    /// Operations that conflicted during this replay, their bodies left unread (``Outbox/operation(id:)`` reads
    /// one).
    public var conflicts: [OutboxOperation] = []
    /// Operations the server refused for good during this replay, their bodies left unread.
    public var failed: [OutboxOperation] = []
    /// Why the replay stopped early (network, cancellation), or `nil` when it went through the queue.
    public var stoppedBecause: String?
    /// Operations still pending afterwards.
    public var remaining: Int = 0

    /// An empty report.
    public init() {}
}
