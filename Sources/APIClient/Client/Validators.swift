import Foundation
import PublicInit

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What a server said about a representation's version, sent back to ask "has it changed?".
@PublicInit
public struct Validators: Sendable, Equatable, Codable {
    /// The `ETag` header, verbatim (quotes and `W/` included).
    public var etag: String?
    /// The `Last-Modified` header, verbatim.
    public var lastModified: String?

    /// Reads the validators of a response.
    public init(response: HTTPURLResponse) {
        self.init(
            etag: response.value(forHTTPHeaderField: "ETag"),
            lastModified: response.value(forHTTPHeaderField: "Last-Modified"))
    }

    /// `true` when there is nothing to send.
    public var isEmpty: Bool { etag == nil && lastModified == nil }

    /// `If-None-Match` / `If-Modified-Since` for a conditional GET.
    public var conditionalHeaders: [String: String] {
        var headers: [String: String] = [:]
        if let etag { headers["If-None-Match"] = etag }
        if let lastModified { headers["If-Modified-Since"] = lastModified }
        return headers
    }
}
