import Foundation
import PublicInit

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Moves bytes between the app and a server: the only place that touches `URLSession`.
///
/// Build ``live(configuration:)`` at an app's entry point; in tests build one from closures:
///
/// ```swift
/// let transport = HTTPTransport { request in
///     let response = HTTPURLResponse(url: request.url!, statusCode: 200, httpVersion: nil, headerFields: nil)!
///     return (Data("[]".utf8), response)
/// }
/// ```
@PublicInit
public struct HTTPTransport: Sendable {
    /// Sends a request whose body (if any) is in `httpBody`, and returns the whole response.
    public var send: @Sendable (URLRequest) async throws -> (Data, HTTPURLResponse)
    /// Sends `body` as the request body, reporting bytes sent.
    public var upload: @Sendable (URLRequest, Data, @escaping ProgressHandler) async throws -> (Data, HTTPURLResponse)
    /// Sends a request and reports bytes received while the response body arrives.
    public var download: @Sendable (URLRequest, @escaping ProgressHandler) async throws -> (Data, HTTPURLResponse)
    /// Opens a streaming response (Server-Sent Events): the head, then the body in chunks as they arrive.
    public var stream: @Sendable (URLRequest) async throws -> StreamedResponse

    /// Creates a transport from `send` alone (for tests): uploads and downloads report one progress
    /// step when done, and a stream delivers the whole body as one chunk.
    public init(send: @escaping @Sendable (URLRequest) async throws -> (Data, HTTPURLResponse)) {
        self.send = send
        self.upload = { request, body, progress in
            var request = request
            request.httpBody = body
            let result = try await send(request)
            progress(TransferProgress(completed: Int64(body.count), total: Int64(body.count)))
            return result
        }
        self.download = { request, progress in
            let result = try await send(request)
            progress(TransferProgress(completed: Int64(result.0.count), total: Int64(result.0.count)))
            return result
        }
        self.stream = { request in
            let (data, response) = try await send(request)
            let chunks = AsyncThrowingStream<Data, any Error> { continuation in
                continuation.yield(data)
                continuation.finish()
            }
            return StreamedResponse(response: response, chunks: chunks)
        }
    }
}

extension HTTPTransport {
    /// The real network: one `URLSession` with a delegate that tracks every task it starts.
    ///
    /// NB: the session is delegate-based (not `data(for:)`) because upload progress, download progress and
    /// streaming all need delegate callbacks, and `URLSession.bytes(for:)` does not exist on Linux.
    /// Response caching is off (`reloadIgnoringLocalCacheData`) so a 304 reaches the caller.
    public static func live(configuration: URLSessionConfiguration = .default) -> HTTPTransport {
        let configuration = configuration.copy() as? URLSessionConfiguration ?? configuration
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        let delegate = SessionDelegate()
        let session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
        let live = LiveTransport(session: session, delegate: delegate)
        return HTTPTransport(
            send: { request in try await live.collect(request, body: nil, progress: nil, received: nil) },
            upload: { request, body, progress in
                try await live.collect(request, body: body, progress: progress, received: nil)
            },
            download: { request, progress in
                try await live.collect(request, body: nil, progress: nil, received: progress)
            },
            stream: { request in try await live.stream(request) }
        )
    }
}
