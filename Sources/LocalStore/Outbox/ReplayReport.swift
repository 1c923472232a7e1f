/// What one replay did.
public struct ReplayReport: Sendable, Equatable {
    /// The IDs delivered, in order.
    public var delivered: [Int64] = []
    /// Operations that conflicted during this replay.
    public var conflicts: [OutboxOperation] = []
    /// Operations the server refused for good during this replay.
    public var failed: [OutboxOperation] = []
    /// Why the replay stopped early (network, cancellation), or `nil` when it went through the queue.
    public var stoppedBecause: String?
    /// Operations still pending afterwards.
    public var remaining: Int = 0

    /// An empty report.
    public init() {}
}
