import DynamicJSON
import Foundation
import HTTPServer
import HTTPTypes

/// Answers the refusals made outside the stand-in's handlers (no route, a method the path does not take, a body
/// over the server's limit, a rate limit, a timeout) in Salesforce's shapes, for every path under `/services/`:
/// the REST API's error array `[{"message", "errorCode"}]`, and the OAuth error object under `/services/oauth2/`.
///
/// Install it outside ``ErrorMiddleware`` (which turns those refusals into problem details first), and give
/// ``reshape(_:method:path:)`` to the engine for the 413 it answers before any handler runs.
///
/// ```swift
/// let middleware: [any Middleware] = [RequestIDMiddleware(), SalesforceErrorShape(maxBodySize: limit), ErrorMiddleware()]
/// ```
public struct SalesforceErrorShape: Middleware {
    /// The largest body the server takes, named in the refusal of a larger one.
    public let maxBodySize: Int

    /// A shaper for a server that takes bodies of up to `maxBodySize` bytes.
    public init(maxBodySize: Int) { self.maxBodySize = maxBodySize }

    /// Runs the rest, reshaping a problem response to a path under `/services/`.
    public func handle(_ request: Request, next: Handler) async throws -> Response {
        reshape(try await next(request), method: request.method, path: request.path)
    }

    /// `response` as Salesforce would word it when it is a problem document for a path under `/services/`;
    /// anything else unchanged.
    public func reshape(_ response: Response, method: HTTPMethod?, path: String) -> Response {
        guard path == "/services" || path.hasPrefix("/services/"),
            response.headers["Content-Type"]?.lowercased().hasPrefix("application/problem+json") == true
        else { return response }
        var headers = response.headers
        headers["Content-Type"] = nil
        headers["Content-Length"] = nil
        let detail = Self.detail(of: response)
        if path.hasPrefix("/services/oauth2/") {
            // NB: RFC 6749's error object, as the token endpoint answers its own refusals.
            // NB: RFC 6749 §5.2 and its errata: `server_error` for a failure, `temporarily_unavailable` for a 503.
            let code =
                switch response.status {
                case .internalServerError: "server_error"
                case .serviceUnavailable: "temporarily_unavailable"
                default: "invalid_request"
                }
            var answer =
                (try? Response.json(["error": code, "error_description": detail], status: response.status))
                ?? Response(status: response.status)
            for (name, value) in headers where answer.headers[name] == nil { answer.headers[name] = value }
            return answer
        }
        var fault = fault(for: response.status, method: method, path: path, detail: detail, allow: headers["Allow"])
        for (name, value) in headers where fault.headers[name] == nil { fault.headers[name] = value }
        return fault.response
    }

    /// The Salesforce error for a refusal of `status`.
    private func fault(for status: HTTPStatus, method: HTTPMethod?, path: String, detail: String, allow: String?)
        -> SalesforceFault
    {
        switch status {
        case .notFound:
            return Self.isRetiredVersion(path) ? .retiredVersion : .notFound
        case .methodNotAllowed:
            let allowed = allow ?? ""
            return method.map { SalesforceFault.methodNotAllowed($0, allowed: allowed) }
                ?? SalesforceFault(status: status, message: detail, errorCode: "METHOD_NOT_ALLOWED", fields: [])
        case .contentTooLarge:
            return .requestTooLarge(limit: maxBodySize)
        case .tooManyRequests:
            return SalesforceFault(status: status, message: detail, errorCode: "REQUEST_LIMIT_EXCEEDED", fields: [])
        case .serviceUnavailable:
            return SalesforceFault(status: status, message: detail, errorCode: "SERVER_UNAVAILABLE", fields: [])
        case .internalServerError:
            return SalesforceFault(
                status: status, message: "An unexpected error occurred.", errorCode: "UNKNOWN_EXCEPTION", fields: [])
        default:
            return SalesforceFault(status: status, message: detail, errorCode: "INVALID_REQUEST", fields: [])
        }
    }

    /// Whether `path` names a REST API version Salesforce has retired (7.0 through 30.0), which it answers 410.
    static func isRetiredVersion(_ path: String) -> Bool {
        let parts = path.split(separator: "/", omittingEmptySubsequences: true)
        guard parts.count >= 3, parts[0] == "services", parts[1] == "data" else { return false }
        let version = parts[2]
        guard version.hasPrefix("v"), version.hasSuffix(".0"), let major = Int(version.dropFirst().dropLast(2))
        else { return false }
        return (7...30).contains(major)
    }

    /// The problem's `detail` (a sentence written for clients), or its status's reason.
    private static func detail(of response: Response) -> String {
        if case .object(let members)? = try? JSONDecoder().decode(JSONValue.self, from: response.bodyData),
            case .string(let detail)? = members["detail"]
        {
            return detail
        }
        return response.status.reasonPhrase
    }
}
