/// The message shown above the list when something went wrong.
public struct QuakeBanner: Sendable, Hashable {
    public var message: String
    /// Whether a Retry button is offered.
    public var canRetry: Bool
}
