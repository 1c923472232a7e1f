import ChangeJarModels
import Foundation
import PublicInit
import TokenVerifier

/// Turns a bearer token into the signed-in person, or refuses it.
///
/// ``cognito(_:)`` verifies Cognito Identity OpenID tokens (signature first, then claims, then `amr`).
@PublicInit
public struct Authenticator: Sendable {
    /// The person a token proves, or a `TokenError` saying why it proves nothing.
    public var authenticate: @Sendable (String) async throws(TokenError) -> AuthenticatedPerson

    /// Verifies tokens with `verifier`, reads the Cognito identity from `amr`, and refuses sign-ins through a
    /// provider not in `accepted`.
    public static func cognito(
        _ verifier: TokenVerifier, accepting accepted: Set<AuthSource> = Set(AuthSource.allCases)
    )
        -> Authenticator
    {
        Authenticator { token throws(TokenError) in
            let verified = try await verifier.verify(token)
            let claims = try CognitoIdentityClaims(verified, providers: Set(accepted.map(\.providerKey)))
            guard let source = AuthSource(providerKey: claims.providerKey) else { throw .unauthenticated }
            return AuthenticatedPerson(
                identityID: claims.identityID, authSource: source, providerUserID: claims.providerUserID)
        }
    }
}

/// Who a verified token names.
public struct AuthenticatedPerson: Sendable, Hashable {
    /// The Cognito identity id (`sub`).
    public var identityID: String
    /// The provider the person signed in with.
    public var authSource: AuthSource
    /// The person's user id at that provider (the last field of the detailed `amr` entry).
    public var providerUserID: String
}
