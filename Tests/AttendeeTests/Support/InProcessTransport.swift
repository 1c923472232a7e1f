import APIClient
import Foundation
import HTTPServer

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// An `HTTPTransport` that hands each request to a router in-process: the app's real client code against
/// the real server code, with no sockets.
enum InProcessTransport {
    static func make(_ client: TestClient) -> HTTPTransport {
        HTTPTransport { request in
            guard let url = request.url, let components = URLComponents(url: url, resolvingAgainstBaseURL: false)
            else { throw URLError(.badURL) }
            var headers = HTTPHeaders()
            for (name, value) in request.allHTTPHeaderFields ?? [:] { headers[name] = value }
            let target = components.percentEncodedPath + (components.percentEncodedQuery.map { "?" + $0 } ?? "")
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
}
