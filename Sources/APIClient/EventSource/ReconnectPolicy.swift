import PublicInit

/// How an event stream comes back after its connection drops.
@PublicInit
public struct ReconnectPolicy: Sendable {
    /// Reconnections in a row without receiving an event before the stream gives up.
    public var maxAttempts: Int = 5
    /// The wait before the first reconnection, unless the server set one with `retry:`.
    public var initialDelay: Duration = .seconds(1)
    /// The wait doubles with each failed reconnection up to this.
    public var maxDelay: Duration = .seconds(30)

    /// Five attempts, 1 s doubling to 30 s.
    public static var standard: ReconnectPolicy { ReconnectPolicy() }

    /// The wait before reconnection number `attempt` (from 1), starting from `serverDelay` if the server set one.
    public func delay(attempt: Int, serverDelay: Duration?) -> Duration {
        let base = serverDelay ?? initialDelay
        return min(maxDelay, base * (1 << min(max(attempt - 1, 0), 30)))
    }
}
