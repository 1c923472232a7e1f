import APIClient
import Foundation

/// A value read through the cache, and where it came from.
public struct CachedFetch<Value> {
    /// Where the value came from.
    public enum Source: Sendable, Equatable {
        /// The server sent a new representation (now cached).
        case network
        /// The server answered 304: the cached copy is current.
        case notModified
        /// The server could not be reached; this is the last cached copy, and why it is not fresher.
        case cache(APIError)
    }

    /// The decoded value.
    public var value: Value
    /// Where it came from.
    public var source: Source
    /// When the server last sent or confirmed it.
    public var fetchedAt: Date
}

extension CachedFetch: Sendable where Value: Sendable {}
extension CachedFetch: Equatable where Value: Equatable {}
