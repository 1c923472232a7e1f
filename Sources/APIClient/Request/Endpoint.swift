import Foundation
import HTTPTypes

/// A typed description of one API call: what to send and how to read the answer.
///
/// Path components are percent-encoded one by one, so user input can never add a segment or a query:
///
/// ```swift
/// let account = Endpoint<Account>.get("services", "data", "v59.0", "sobjects", "Account", accountID)
/// let created = Endpoint<CreatedRecord>.post("sobjects", "Note", body: .json(note), idempotencyKey: UUID().uuidString)
/// let deleted = Endpoint<Void>(method: .delete, path: ["sobjects", "Note", noteID], response: .none)
/// ```
public struct Endpoint<Response>: Sendable {
    /// The HTTP method.
    public var method: HTTPMethod
    /// Path segments below the client's base URL, unencoded (`["users", "a/b"]` → `/users/a%2Fb`).
    public var path: [String]
    /// Query items, encoded by `URLComponents`.
    public var query: [URLQueryItem]
    /// Extra request headers (the client adds `Accept`, `Content-Type`, auth and idempotency headers).
    public var headers: [String: String]
    /// The body, if any.
    public var body: RequestBody?
    /// Sent as `Idempotency-Key`; makes a POST or PATCH safe to retry.
    public var idempotencyKey: String?
    /// Whether repeating the request is harmless; defaults to the method's idempotency or an idempotency key.
    public var isIdempotent: Bool
    /// How the response body becomes a `Response`.
    public var response: ResponseDecoder<Response>

    /// Creates an endpoint; `isIdempotent` defaults to the method's semantics or the presence of a key.
    public init(
        method: HTTPMethod,
        path: [String],
        query: [URLQueryItem] = [],
        headers: [String: String] = [:],
        body: RequestBody? = nil,
        idempotencyKey: String? = nil,
        isIdempotent: Bool? = nil,
        response: ResponseDecoder<Response>
    ) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
        self.idempotencyKey = idempotencyKey
        self.isIdempotent = isIdempotent ?? (method.isIdempotent || idempotencyKey != nil)
        self.response = response
    }
}

extension Endpoint {
    /// An endpoint for a shared ``Route`` with its `:parameters` filled in order by `values`.
    public init(
        _ route: Route,
        _ values: [String] = [],
        query: [URLQueryItem] = [],
        body: RequestBody? = nil,
        idempotencyKey: String? = nil,
        response: ResponseDecoder<Response>
    ) {
        self.init(
            method: route.method, path: route.path(values), query: query, body: body, idempotencyKey: idempotencyKey,
            response: response)
    }
}

extension Endpoint where Response: Decodable & Sendable {
    /// A `GET` whose JSON answer decodes as `Response`.
    public static func get(_ path: String..., query: [URLQueryItem] = []) -> Endpoint {
        Endpoint(method: .get, path: path, query: query, response: .json())
    }

    /// A `POST` of `body` whose JSON answer decodes as `Response`.
    public static func post(_ path: String..., body: RequestBody, idempotencyKey: String? = nil) -> Endpoint {
        Endpoint(method: .post, path: path, body: body, idempotencyKey: idempotencyKey, response: .json())
    }

    /// A `PUT` of `body` whose JSON answer decodes as `Response`.
    public static func put(_ path: String..., body: RequestBody) -> Endpoint {
        Endpoint(method: .put, path: path, body: body, response: .json())
    }

    /// A `PATCH` of `body` whose JSON answer decodes as `Response`.
    public static func patch(_ path: String..., body: RequestBody, idempotencyKey: String? = nil) -> Endpoint {
        Endpoint(method: .patch, path: path, body: body, idempotencyKey: idempotencyKey, response: .json())
    }
}

extension Endpoint where Response == Void {
    /// A `DELETE` whose answer body is ignored.
    public static func delete(_ path: String...) -> Endpoint {
        Endpoint(method: .delete, path: path, response: .none)
    }
}
