import Database
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

    /// A live stream's answer for `request`, signed in as `userID`: checks `rule` (who may listen to the topic:
    /// throws 403 or 404 otherwise) now, and then keeps the stream open only as long as its token still signs
    /// `userID` in and `rule` still passes (``LiveHub/Access``). An event meant for only some of the topic's
    /// listeners (``LiveAudience``) goes to `userID` only when they are in it as it is sent.
    ///
    /// ```swift
    /// return try await service.liveStream(request, userID: userID, [.event(eventID)]) { db in
    ///     try AttendeeStore.requireMembership(eventID: eventID, userID: userID, db)
    /// }
    /// ```
    func liveStream(
        _ request: Request, userID: String, _ topics: [LiveTopic],
        rule: @escaping @Sendable (any DatabaseConnection) throws -> Void = { _ in }
    ) async throws -> Response {
        guard let token = request.bearerToken() else { throw Self.unauthorized }
        let tokenHash = try SecureToken.storageHash(of: token)
        try await store.database.read { db in try rule(db) }
        let store = self.store
        let access = LiveHub.Access(tokenHash: tokenHash) {
            let moment = store.now()
            do {
                return try await store.database.read { db in
                    guard try AttendeeStore.userID(tokenHash: tokenHash, at: moment, db) == userID else { return false }
                    try rule(db)
                    return true
                }
            } catch {
                return false
            }
        } isInAudience: { audience in
            try await store.database.read { db in try AttendeeStore.hears(audience, userID: userID, db) }
        }
        return Response(body: .eventStream(live.stream(topics, lastEventID: request.lastEventID, access: access)))
    }
}
