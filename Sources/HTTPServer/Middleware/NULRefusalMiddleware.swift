import Foundation
import HTTPTypes

/// Refuses a request whose path parameters or query carry NUL (`%00`), with a 400 naming the parameter.
///
/// Quartet's own APIs (Attendee, Change Jar) read no NUL anywhere: no id, name or text holds one, and
/// PostgreSQL cannot even compare a value that does, so without this a lookup would find nothing on SQLite
/// and fail on PostgreSQL. JSON bodies get the same rule where they are decoded (``Request/decode(_:decoder:)``),
/// and the OpenAPI document says so (``OpenAPIDocument/add(_:securedBy:refusingNUL:)``).
///
/// The stand-ins do not use it: each answers as the service it copies would.
public struct NULRefusalMiddleware: Middleware {
    /// Makes the middleware.
    public init() {}

    /// Runs the rest unless a path parameter or a query name or value holds NUL.
    public func handle(_ request: Request, next: Handler) async throws -> Response {
        if let name = Self.firstParameterWithNUL(in: request) {
            throw HTTPError(
                .badRequest, detail: "The parameter '\(name)' contains NUL, which is not allowed.", field: name)
        }
        return try await next(request)
    }

    /// The first path parameter, then query parameter, whose name or value holds NUL.
    static func firstParameterWithNUL(in request: Request) -> String? {
        if let (name, _) = request.parameters.sorted(by: { $0.key < $1.key }).first(where: { $0.value.holdsNUL }) {
            return name
        }
        return request.queryItems.first { $0.name.holdsNUL || $0.value.holdsNUL }.map(\.name.withoutNUL)
    }
}
