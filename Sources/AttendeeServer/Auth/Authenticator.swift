import Foundation
import HTTPServer
import TokenVerifier

extension AttendeeService {
    /// The bearer token of a request, when it has one.
    static func bearerToken(_ request: Request) -> String? {
        guard let header = request.headers["Authorization"] else { return nil }
        let parts = header.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
        let token = parts[1].trimmingCharacters(in: .whitespaces)
        return token.isEmpty ? nil : token
    }

    static let unauthorized = HTTPError(
        .unauthorized, detail: "Sign in to do this.", headers: ["WWW-Authenticate": "Bearer realm=\"attendee\""])

    /// The signed-in person's id, or 401.
    func requireUser(_ request: Request) async throws -> String {
        guard let token = Self.bearerToken(request), let userID = try await user(token: token) else {
            throw Self.unauthorized
        }
        return userID
    }

    /// The signed-in person's id, `nil` without a token, 401 for a token that is not (or no longer) valid.
    func optionalUser(_ request: Request) async throws -> String? {
        guard let token = Self.bearerToken(request) else { return nil }
        guard let userID = try await user(token: token) else { throw Self.unauthorized }
        return userID
    }

    private func user(token: String) async throws -> String? {
        try await store.userID(tokenHash: SecureToken.storageHash(of: token))
    }
}
