import Foundation
import HTTPServer
import TokenVerifier

extension AttendeeService {
    static let unauthorized = HTTPError(
        .unauthorized, detail: "Sign in to do this.", headers: ["WWW-Authenticate": "Bearer realm=\"attendee\""])

    /// The signed-in person's id, or 401.
    func requireUser(_ request: Request) async throws -> String {
        guard let token = request.bearerToken(), let userID = try await user(token: token) else {
            throw Self.unauthorized
        }
        return userID
    }

    /// The signed-in person's id, `nil` without a token, 401 for a token that is not (or no longer) valid.
    func optionalUser(_ request: Request) async throws -> String? {
        guard let token = request.bearerToken() else { return nil }
        guard let userID = try await user(token: token) else { throw Self.unauthorized }
        return userID
    }

    private func user(token: String) async throws -> String? {
        try await store.userID(tokenHash: SecureToken.storageHash(of: token))
    }
}
