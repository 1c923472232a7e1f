/// How far an upload or a download has come, in bytes.
public struct TransferProgress: Sendable, Equatable {
    /// Bytes sent (upload) or received (download) so far.
    public var completed: Int64
    /// Bytes expected in all, or `nil` when the other side did not say (no `Content-Length`).
    public var total: Int64?

    /// `completed / total` in `0...1`, or `nil` when the total is unknown.
    public var fraction: Double? {
        guard let total, total > 0 else { return nil }
        return min(1, Double(completed) / Double(total))
    }
}

/// Receives progress reports; called on an arbitrary thread, possibly many times a second.
public typealias ProgressHandler = @Sendable (TransferProgress) -> Void
