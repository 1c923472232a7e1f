import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Fetches a feed, conditionally: the dependency through which Quakes reaches USGS (or its replay).
///
/// ```swift
/// let client = QuakeFeedClient.live()
/// switch try await client.fetch(url, cached?.validators) {
/// case .notModified: …
/// case .fresh(let data, let validators): …
/// }
/// ```
public struct QuakeFeedClient: Sendable {
    /// What the server answered.
    public enum Response: Sendable, Equatable {
        /// `304 Not Modified`: the cached copy is still current.
        case notModified
        /// A new body with its validators.
        case fresh(Data, FeedValidators)
    }

    /// Fetches `url`, sending the validators when given; throws ``QuakeFeedError`` for any failure.
    public var fetch: @Sendable (_ url: URL, _ validators: FeedValidators?) async throws -> Response

    public init(fetch: @escaping @Sendable (_ url: URL, _ validators: FeedValidators?) async throws -> Response) {
        self.fetch = fetch
    }

    /// The real network (`URLSession`), and files for `file:` URLs (their modification date is the validator).
    public static func live(session: URLSession = .shared, timeout: TimeInterval = 15) -> QuakeFeedClient {
        QuakeFeedClient { url, validators in
            if url.isFileURL { return try readFile(url, validators: validators) }
            var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
            request.setValue("application/geo+json, application/json", forHTTPHeaderField: "Accept")
            if let etag = validators?.etag { request.setValue(etag, forHTTPHeaderField: "If-None-Match") }
            if let lastModified = validators?.lastModified {
                request.setValue(lastModified, forHTTPHeaderField: "If-Modified-Since")
            }
            let data: Data
            let response: URLResponse
            do {
                (data, response) = try await session.data(for: request)
            } catch {
                throw QuakeFeedError(error)
            }
            guard let http = response as? HTTPURLResponse else { throw QuakeFeedError.unreadable }
            return try interpret(
                status: http.statusCode, body: data,
                etag: http.value(forHTTPHeaderField: "ETag"),
                lastModified: http.value(forHTTPHeaderField: "Last-Modified"))
        }
    }

    /// Maps a status and headers to a response: 304 → not modified, 2xx → fresh, anything else an error.
    public static func interpret(status: Int, body: Data, etag: String?, lastModified: String?) throws -> Response {
        switch status {
        case 304: return .notModified
        case 200..<300:
            guard !body.isEmpty else { throw QuakeFeedError.unreadable }
            return .fresh(body, FeedValidators(etag: etag, lastModified: lastModified))
        default: throw QuakeFeedError.server(status: status)
        }
    }

    static func readFile(_ url: URL, validators: FeedValidators?) throws -> Response {
        let stamp: String
        do {
            let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
            let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
            let size = (attributes[.size] as? NSNumber)?.int64Value ?? 0
            stamp = "\"\(Int64(modified * 1000))-\(size)\""
        } catch {
            throw QuakeFeedError.other(Strings.format("quakes.error.file", url.path))
        }
        if validators?.etag == stamp { return .notModified }
        guard let data = try? Data(contentsOf: url) else {
            throw QuakeFeedError.other(Strings.format("quakes.error.file", url.path))
        }
        return .fresh(data, FeedValidators(etag: stamp))
    }
}
