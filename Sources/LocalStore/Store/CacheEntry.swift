import APIClient
import Foundation

/// A cached response body with what is needed to revalidate it.
public struct CacheEntry: Sendable, Equatable {
    /// The key it was stored under.
    public var key: String
    /// The body as the server sent it.
    public var body: Data
    /// `ETag` / `Last-Modified` for a conditional GET.
    public var validators: Validators
    /// When it was last fetched or confirmed fresh (a 304).
    public var fetchedAt: Date

    /// How long ago it was fetched, relative to `now`.
    public func age(now: Date) -> TimeInterval { now.timeIntervalSince(fetchedAt) }
}
