import Foundation
import HTTPTypes

/// Drives a handler or router in-process, with no sockets, answering exactly as ``Server`` would:
/// routing failures and thrown errors become their problem responses, and `HEAD` answers carry no body.
///
/// ```swift
/// let client = TestClient(router: router, middleware: [RequestIDMiddleware(), ErrorMiddleware()])
/// let response = try await client.post("/actions", json: NewAction(title: "Walk to work"))
/// #expect(response.status == .created)
/// let action = try response.decode(Action.self)
/// ```
public struct TestClient: Sendable {
    private let handler: Handler
    private let log: LogSink
    /// The remote address requests appear to come from.
    public var remoteAddress: String

    /// A client for a complete handler (the same one you would give ``Server``).
    public init(handler: @escaping Handler, remoteAddress: String = "127.0.0.1", log: LogSink = .discard) {
        self.handler = handler
        self.remoteAddress = remoteAddress
        self.log = log
    }

    /// A client for a router wrapped in `middleware` (outermost first).
    public init(
        router: Router,
        middleware: [any Middleware] = [],
        remoteAddress: String = "127.0.0.1",
        log: LogSink = .discard
    ) {
        self.init(handler: router.handler(middleware: middleware), remoteAddress: remoteAddress, log: log)
    }

    /// Sends a request and returns the response the server would send.
    public func send(_ request: Request) async throws -> Response {
        var response: Response
        do {
            response = try await handler(request)
        } catch {
            response = ErrorMapping.response(for: error, request: request, log: log)
        }
        if request.method == .head {
            response.body = .bytes(Data())
        }
        return response
    }

    /// Sends `method target` (the target may hold a percent-encoded query) with optional headers and body.
    public func request(
        _ method: HTTPMethod,
        _ target: String,
        headers: HTTPHeaders = [:],
        body: Data = Data()
    ) async throws -> Response {
        try await send(
            Request(method: method, target: target, headers: headers, body: body, remoteAddress: remoteAddress))
    }

    /// `GET target`.
    public func get(_ target: String, headers: HTTPHeaders = [:]) async throws -> Response {
        try await request(.get, target, headers: headers)
    }

    /// `HEAD target`.
    public func head(_ target: String, headers: HTTPHeaders = [:]) async throws -> Response {
        try await request(.head, target, headers: headers)
    }

    /// `DELETE target`.
    public func delete(_ target: String, headers: HTTPHeaders = [:]) async throws -> Response {
        try await request(.delete, target, headers: headers)
    }

    /// `POST target` with a raw body.
    public func post(_ target: String, body: Data, headers: HTTPHeaders = [:]) async throws -> Response {
        try await request(.post, target, headers: headers, body: body)
    }

    /// `POST target` with a JSON body.
    public func post(_ target: String, json: some Encodable, headers: HTTPHeaders = [:]) async throws -> Response {
        try await request(
            .post, target, headers: TestClient.jsonHeaders(headers), body: Response.jsonEncoder.encode(json))
    }

    /// `PUT target` with a JSON body.
    public func put(_ target: String, json: some Encodable, headers: HTTPHeaders = [:]) async throws -> Response {
        try await request(
            .put, target, headers: TestClient.jsonHeaders(headers), body: Response.jsonEncoder.encode(json))
    }

    /// `PATCH target` with a JSON body.
    public func patch(_ target: String, json: some Encodable, headers: HTTPHeaders = [:]) async throws -> Response {
        try await request(
            .patch, target, headers: TestClient.jsonHeaders(headers), body: Response.jsonEncoder.encode(json))
    }

    private static func jsonHeaders(_ headers: HTTPHeaders) -> HTTPHeaders {
        var headers = headers
        if headers["Content-Type"] == nil { headers["Content-Type"] = "application/json" }
        return headers
    }
}

extension Response {
    /// Decodes the body as JSON (for tests and clients of ``TestClient``).
    public func decode<T: Decodable>(_ type: T.Type, decoder: JSONDecoder = Request.jsonDecoder) throws -> T {
        try decoder.decode(T.self, from: bodyData)
    }

    /// The body as UTF-8 text.
    public var bodyText: String { String(decoding: bodyData, as: UTF8.self) }
}
