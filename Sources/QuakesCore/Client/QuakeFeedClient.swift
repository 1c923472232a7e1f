import APIClient
import Foundation
import PublicInit

/// Fetches a feed, conditionally: the dependency through which Quakes reaches USGS (or its replay).
///
/// ```swift
/// let client = QuakeFeedClient.live()
/// switch try await client.fetch(url, cached?.validators) {
/// case .notModified(let validators): …
/// case .fresh(let data, let validators): …
/// }
/// ```
@PublicInit
public struct QuakeFeedClient: Sendable {
    /// What the server answered.
    public enum Response: Sendable, Equatable {
        /// `304 Not Modified`: the cached copy is still current; the validators the 304 carried, which update the
        /// stored ones (``FeedValidators/updated(by:)``).
        case notModified(FeedValidators)
        /// A new body with its validators.
        case fresh(Data, FeedValidators)
    }

    /// Fetches `url`, sending the validators when given; throws ``QuakeFeedError`` for any failure.
    public var fetch: @Sendable (_ url: URL, _ validators: FeedValidators?) async throws -> Response

    /// The real network through ``APIClient`` (conditional GET, retries with backoff, error reporting),
    /// and files for `file:` URLs (their modification time and size are the validator). An answer that is no JSON at
    /// all, or a 511, is ``QuakeFeedError/networkSignIn``.
    public static func live(
        transport: HTTPTransport = .live(), retryPolicy: RetryPolicy = .standard, timeout: TimeInterval = 15,
        errorReporter: ErrorReporter = .notificationCenter()
    ) -> QuakeFeedClient {
        QuakeFeedClient { url, validators in
            if url.isFileURL { return try readFile(url, validators: validators) }
            let client = APIClient(
                baseURL: url, transport: transport, retryPolicy: retryPolicy, errorReporter: errorReporter,
                defaultHeaders: ["Accept": "application/geo+json, application/json"], timeout: timeout)
            let endpoint = Endpoint<Data>(method: .get, path: [], response: .data)
            let conditional = validators.map { Validators(etag: $0.etag, lastModified: $0.lastModified) }
            do {
                switch try await client.sendConditional(endpoint, validators: conditional) {
                case .notModified(let validators):
                    return .notModified(FeedValidators(etag: validators.etag, lastModified: validators.lastModified))
                case .fresh(let data, let validators):
                    guard !data.isEmpty else { throw QuakeFeedError.unreadable }
                    // NB: a feed is JSON; a page in its place came from the network (hotel or airport Wi-Fi's sign-in
                    // page, sent with 200), and "could not be read" told the person nothing they could do.
                    guard QuakeFeedError.mayBeJSON(data) else { throw QuakeFeedError.networkSignIn }
                    return .fresh(data, FeedValidators(etag: validators.etag, lastModified: validators.lastModified))
                }
            } catch let error as APIError {
                throw QuakeFeedError(error)
            }
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
            throw QuakeFeedError.other(fileMessage(error, url))
        }
        if validators?.etag == stamp { return .notModified(FeedValidators(etag: stamp)) }
        do {
            return .fresh(try Data(contentsOf: url), FeedValidators(etag: stamp))
        } catch {
            throw QuakeFeedError.other(fileMessage(error, url))
        }
    }

    /// "There is no such file or folder: PATH.", as every command names a file it cannot open; the feed's own
    /// sentence for any other failure.
    private static func fileMessage(_ error: any Error, _ url: URL) -> String {
        guard let error = error as? CocoaError, error.isFileError, error.code != .fileReadUnknown else {
            return Strings.format("quakes.error.file", url.path)
        }
        return APIError.message(for: error)
    }
}
