import Foundation
import PublicInit

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Fetches the JWKS document that holds the token signing keys.
@PublicInit
public struct JWKSFetcher: Sendable {
    /// Returns the raw JWKS document.
    public var fetch: @Sendable () async throws -> Data

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
