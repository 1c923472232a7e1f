/// The message shown above the list when something went wrong.
public struct QuakeBanner: Sendable, Hashable {
    /// What went wrong, localized, as the banner says it.
    public var message: String
    /// Whether a Retry button is offered.
    public var canRetry: Bool
    /// Whether the device itself is offline (drawn with a Wi-Fi sign), rather than the feed or the device's store
    /// failing.
    public var isOffline: Bool = false
}
