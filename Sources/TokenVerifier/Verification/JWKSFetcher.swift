import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Fetches the JWKS document that holds the token signing keys.
public struct JWKSFetcher: Sendable {
    /// Returns the raw JWKS document.
    public var fetch: @Sendable () async throws -> Data

    /// Creates a fetcher from a closure (tests pass one that counts calls or fails on demand).
    public init(fetch: @escaping @Sendable () async throws -> Data) {
        self.fetch = fetch
    }

    /// Fetches the document with a GET over `URLSession`, accepting only a 200 response.
    public static func live(url: URL, session: URLSession = .shared, timeout: TimeInterval = 10) -> JWKSFetcher {
        JWKSFetcher {
            var request = URLRequest(url: url)
            request.timeoutInterval = timeout
            request.setValue("application/json", forHTTPHeaderField: "Accept")
            let (data, response) = try await session.data(for: request)
            guard let status = (response as? HTTPURLResponse)?.statusCode, status == 200 else {
                throw URLError(.badServerResponse)
            }
            return data
        }
    }
}
