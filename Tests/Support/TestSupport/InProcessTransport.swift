import APIClient
import Foundation
import HTTPServer
import HTTPTypes

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension HTTPTransport {
    /// A transport that hands each request to a server's handler in process: the app's real client code
    /// against the real server code, with no sockets.
    ///
    /// `intercept` sees every request first; it may record it, or throw (a `URLError`) to play a network that
    /// is down. A `Host` header is added from the URL when the request has none, as a real client would send.
    public static func inProcess(
        _ client: TestClient, intercept: @escaping @Sendable (URLRequest) throws -> Void = { _ in }
    ) -> HTTPTransport {
        HTTPTransport { request in
            try intercept(request)
            guard let url = request.url, let components = URLComponents(url: url, resolvingAgainstBaseURL: false)
            else { throw URLError(.badURL) }
            var headers = HTTPHeaders()
            for (name, value) in request.allHTTPHeaderFields ?? [:] { headers[name] = value }
            if headers["Host"] == nil, let host = url.host {
                headers["Host"] = url.port.map { "\(host):\($0)" } ?? host
            }
            let path = components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath
            let target = path + (components.percentEncodedQuery.map { "?" + $0 } ?? "")
            let response = try await client.request(
                HTTPMethod(rawValue: request.httpMethod ?? "GET"), target, headers: headers,
                body: request.httpBody ?? Data())
            var fields: [String: String] = [:]
            for field in response.headers { fields[field.name] = field.value }
            guard
                let http = HTTPURLResponse(
                    url: url, statusCode: response.status.rawValue, httpVersion: "HTTP/1.1", headerFields: fields)
            else { throw URLError(.badServerResponse) }
            return (response.bodyData, http)
        }
    }

    /// A transport over a router, in process (see ``inProcess(_:intercept:)``).
    public static func inProcess(
        _ router: Router, intercept: @escaping @Sendable (URLRequest) throws -> Void = { _ in }
    ) -> HTTPTransport {
        inProcess(TestClient(router: router), intercept: intercept)
    }
}
