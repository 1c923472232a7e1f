import PublicInit

/// Supplies credentials for each request and renews them when the server refuses them.
///
/// On a 401 the client calls ``refresh`` once and repeats the request once; a second 401 (or a failing
/// refresh, or `credentials` throwing) ends in ``APIError/signedOut``. A 401 to a request `credentials` gave no
/// headers for (no sign-in kept) ends in ``APIError/notSignedIn`` without a refresh.
///
/// ```swift
/// let tokens = TokenProvider(
///     credentials: { ["Authorization": "Bearer \(await session.accessToken)"] },
///     refresh: { try await session.renew() }
/// )
/// ```
@PublicInit
public struct TokenProvider: Sendable {
    /// The headers that carry the current credentials; throw when there are none (signed out).
    public var credentials: @Sendable () async throws -> [String: String]
    /// Obtains new credentials (e.g. with a refresh token); throw when that is impossible.
    public var refresh: @Sendable () async throws -> Void

    /// A provider that sends `Authorization: Bearer <token>` from `token`; `nil` means signed out.
    public static func bearer(
        token: @escaping @Sendable () async -> String?,
        refresh: @escaping @Sendable () async throws -> Void
    ) -> TokenProvider {
        TokenProvider(
            credentials: {
                guard let token = await token() else { throw APIError.signedOut }
                return ["Authorization": "Bearer \(token)"]
            },
            refresh: refresh
        )
    }
}
