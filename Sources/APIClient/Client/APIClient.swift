import Foundation
import PublicInit

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Sends ``Endpoint``s to one server: builds requests, authenticates, retries, decodes and reports errors.
///
/// ```swift
/// let client = APIClient(baseURL: URL(string: "https://earthquake.usgs.gov")!, transport: .live())
/// let feed = try await client.send(Endpoint<Feed>.get("earthquakes", "feed", "v1.0", "summary", "all_month.geojson"))
/// ```
///
/// Every failure except cancellation goes to ``errorReporter`` (by default it posts
/// `Notification.Name.serviceErrorOccurred` on `NotificationCenter.default`) before it is thrown.
@PublicInit
public struct APIClient: Sendable {
    /// The URL that endpoint paths are appended to.
    public var baseURL: URL
    /// The network.
    public var transport: HTTPTransport
    /// Decodes JSON responses.
    public var decoder: JSONDecoder = JSONDecoder()
    /// Encodes JSON request bodies.
    public var encoder: JSONEncoder = JSONEncoder()
    /// When to retry.
    public var retryPolicy: RetryPolicy = .standard
    /// How to wait between retries.
    public var sleeper: Sleeper = .live
    /// Credentials, if the server needs them.
    public var tokenProvider: TokenProvider?
    /// Told about every failure except cancellation.
    public var errorReporter: ErrorReporter = .notificationCenter()
    /// Sent with every request (endpoint headers win).
    public var defaultHeaders: [String: String] = [:]
    /// Per-request timeout. NB: on Apple platforms it is an idle timeout; on Linux URLSession applies it to the
    /// whole request and truncates it to whole seconds, so keep it ≥ 1 s and generous enough for uploads.
    public var timeout: TimeInterval = 30

    /// Sends an endpoint and decodes its answer.
    ///
    /// With `progress`, a request with a body is sent as an upload reporting bytes sent, and one without
    /// as a download reporting bytes received.
    public func send<Response>(
        _ endpoint: Endpoint<Response>, progress: ProgressHandler? = nil
    ) async throws(APIError) -> Response {
        try await reporting(endpoint) { () throws(APIError) in
            let (data, _) = try await exchange(endpoint, extraHeaders: [:], progress: progress, allowNotModified: false)
            return try endpoint.response.decode(data, decoder)
        }
    }

    /// Sends a conditional GET: `If-None-Match` / `If-Modified-Since` from `validators`; a 304 answers
    /// ``ConditionalResponse/notModified(_:)`` with the validators it carried, without decoding anything.
    public func sendConditional<Response>(
        _ endpoint: Endpoint<Response>, validators: Validators?
    ) async throws(APIError) -> ConditionalResponse<Response> {
        try await reporting(endpoint) { () throws(APIError) in
            let (data, response) = try await exchange(
                endpoint, extraHeaders: validators?.conditionalHeaders ?? [:], progress: nil, allowNotModified: true)
            if response.statusCode == 304 { return .notModified(Validators(response: response)) }
            return .fresh(try endpoint.response.decode(data, decoder), Validators(response: response))
        }
    }

    /// The `URLRequest` an endpoint becomes (without credentials).
    public func urlRequest<Response>(for endpoint: Endpoint<Response>) throws(APIError) -> URLRequest {
        var request = URLRequest(url: try url(for: endpoint))
        // NB: set through the property: on Linux only an explicitly set interval overrides the session's.
        request.timeoutInterval = timeout
        request.httpMethod = endpoint.method.rawValue
        request.cachePolicy = .reloadIgnoringLocalCacheData
        var headers = defaultHeaders.merging(endpoint.headers) { _, endpoint in endpoint }
        if !headers.keys.contains(where: { $0.lowercased() == "accept" }) { headers["Accept"] = "application/json" }
        if let body = endpoint.body {
            request.httpBody = try body.encoded(with: encoder)
            headers["Content-Type"] = body.contentType
        }
        if let key = endpoint.idempotencyKey { headers["Idempotency-Key"] = key }
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        return request
    }

    /// The absolute URL of an endpoint: each path segment and query item percent-encoded on its own.
    public func url<Response>(for endpoint: Endpoint<Response>) throws(APIError) -> URL {
        guard var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: true) else {
            throw APIError.invalidRequest("The base URL \(baseURL) is not valid.")
        }
        var path = components.percentEncodedPath
        while path.hasSuffix("/") { path.removeLast() }
        for segment in endpoint.path {
            // NB: "", "." and ".." would let a caller's value change which resource is addressed.
            guard !segment.isEmpty, segment != ".", segment != ".." else {
                throw APIError.invalidRequest("The path segment \"\(segment)\" is not allowed.")
            }
            path += "/" + Self.percentEncode(segment)
        }
        components.percentEncodedPath = path.isEmpty ? "/" : path
        if !endpoint.query.isEmpty {
            components.percentEncodedQueryItems = endpoint.query.map { item in
                URLQueryItem(name: Self.percentEncode(item.name), value: item.value.map(Self.percentEncode))
            }
        }
        guard let url = components.url else {
            throw APIError.invalidRequest("The address for \(endpoint.path.joined(separator: "/")) is not valid.")
        }
        return url
    }

    /// Percent-encodes everything except RFC 3986 unreserved characters.
    static func percentEncode(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
    }

    private static let unreserved = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    /// Runs `body`, reporting any failure except cancellation.
    func reporting<Response, Value>(
        _ endpoint: Endpoint<Response>, _ body: () async throws(APIError) -> Value
    ) async throws(APIError) -> Value {
        do {
            return try await body()
        } catch {
            if error != .cancelled {
                let target = (try? url(for: endpoint).absoluteString) ?? endpoint.path.joined(separator: "/")
                errorReporter.report(error, "\(endpoint.method.rawValue) \(target)")
            }
            throw error
        }
    }

    /// One logical call: authentication, the transport, 401 handling and retries; returns a 2xx (or 304).
    func exchange<Response>(
        _ endpoint: Endpoint<Response>, extraHeaders: [String: String], progress: ProgressHandler?,
        allowNotModified: Bool
    ) async throws(APIError) -> (Data, HTTPURLResponse) {
        var request = try urlRequest(for: endpoint)
        for (name, value) in extraHeaders { request.setValue(value, forHTTPHeaderField: name) }
        var retries = 0
        var refreshed = false
        while true {
            if Task.isCancelled { throw .cancelled }
            let (authorized, carriesCredentials) = try await authorize(request)
            let data: Data
            let response: HTTPURLResponse
            do {
                (data, response) = try await transfer(authorized, progress: progress)
            } catch {
                let failure = Task.isCancelled ? APIError.cancelled : APIError(transportError: error)
                guard endpoint.isIdempotent, retryPolicy.isRetryable(failure), retries + 1 < retryPolicy.maxAttempts
                else { throw failure }
                try await pause(retryPolicy.backoff(retry: retries))
                retries += 1
                continue
            }
            let status = response.statusCode
            if (200..<300).contains(status) || (allowNotModified && status == 304) { return (data, response) }
            if status == 401, let tokenProvider {
                // NB: a request that carried no credentials was refused for want of a sign-in, not for an expired
                // one: there is nothing to refresh, and nothing ended.
                guard carriesCredentials else { throw .notSignedIn }
                if refreshed { throw .signedOut }
                refreshed = true
                do { try await tokenProvider.refresh() } catch { throw Task.isCancelled ? .cancelled : .signedOut }
                continue
            }
            let retryAfter = RetryPolicy.retryAfter(
                response.value(forHTTPHeaderField: "Retry-After"), now: sleeper.now())
            let failure = APIError.http(status: status, problem: ProblemDetails.parse(data), retryAfter: retryAfter)
            guard endpoint.isIdempotent, retryPolicy.isRetryable(failure), retries + 1 < retryPolicy.maxAttempts
            else { throw failure }
            if let retryAfter, retryAfter > retryPolicy.maxRetryAfter { throw failure }
            try await pause(retryAfter ?? retryPolicy.backoff(retry: retries))
            retries += 1
        }
    }

    /// `request` with the token provider's credentials, and whether there were any.
    private func authorize(_ request: URLRequest) async throws(APIError) -> (URLRequest, carriesCredentials: Bool) {
        guard let tokenProvider else { return (request, false) }
        var request = request
        let credentials: [String: String]
        do {
            credentials = try await tokenProvider.credentials()
        } catch {
            throw Task.isCancelled ? .cancelled : .signedOut
        }
        for (name, value) in credentials { request.setValue(value, forHTTPHeaderField: name) }
        return (request, !credentials.isEmpty)
    }

    private func transfer(_ request: URLRequest, progress: ProgressHandler?) async throws -> (Data, HTTPURLResponse) {
        guard let progress else { return try await transport.send(request) }
        if let body = request.httpBody {
            var request = request
            request.httpBody = nil
            return try await transport.upload(request, body, progress)
        }
        return try await transport.download(request, progress)
    }

    private func pause(_ duration: Duration) async throws(APIError) {
        do { try await sleeper.sleep(duration) } catch { throw .cancelled }
    }
}
