import PublicInit

/// The validators of a fetched feed, sent back as `If-None-Match` / `If-Modified-Since`.
@PublicInit
public struct FeedValidators: Sendable, Hashable {
    /// The `ETag` response header, verbatim (quotes included).
    public var etag: String?
    /// The `Last-Modified` response header, verbatim.
    public var lastModified: String?

    /// Whether there is anything to make a request conditional with.
    public var isEmpty: Bool { etag == nil && lastModified == nil }

    /// These validators as a `304 Not Modified` updates them (RFC 9111 §4.3.4): each one the 304 carried replaces
    /// the stored one, and a stored one it left out stays (a 304 need not repeat `Last-Modified`).
    ///
    /// ```swift
    /// FeedValidators(lastModified: "Wed, 02 Mar 2016 12:50:00 GMT").updated(by: FeedValidators(etag: "\"v2\""))
    /// // etag "v2", lastModified "Wed, 02 Mar 2016 12:50:00 GMT"
    /// ```
    public func updated(by notModified: FeedValidators) -> FeedValidators {
        FeedValidators(etag: notModified.etag ?? etag, lastModified: notModified.lastModified ?? lastModified)
    }
}
