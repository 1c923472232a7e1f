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
}
