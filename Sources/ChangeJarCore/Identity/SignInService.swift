import ChangeJarModels
import Foundation
import PublicInit

/// Social sign-in through Cognito federated identities: provider → `GetId` → `GetOpenIdToken` → session.
@PublicInit
public struct SignInService: Sendable {
    /// The social providers' sign-in.
    public var providers: ProviderSignIn
    /// The Cognito Identity calls.
    public var identity: CognitoIdentityClient
    /// The identity pool id (`region:GUID`).
    public var identityPoolID: String
    /// The time source (session expiry, debounce).
    public var clock: ChangeJarClock

    /// Cognito's OpenID tokens live 10 minutes; used when a token's `exp` cannot be read.
    public static let tokenLifetime: TimeInterval = 600

    /// Signs in with `source`; every failure is a ``ChangeJarError``.
    public func signIn(with source: AuthSource) async throws(ChangeJarError) -> AuthSession {
        do {
            let credential = try await providers.signIn(source)
            let logins = [source.providerKey: credential.token]
            let identityID = try await identity.getID(identityPoolID, logins)
            let (confirmedID, token) = try await identity.getOpenIDToken(identityID, logins)
            let claims = OpenIDTokenClaims(token: token)
            guard let userID = claims?.providerUserID(for: source) ?? credential.userID else {
                throw ChangeJarError.signInFailed(Strings.format("signin.noUser", source.displayName))
            }
            return AuthSession(
                identityID: confirmedID,
                token: token,
                expiresAt: claims?.expiresAt ?? clock.now().addingTimeInterval(Self.tokenLifetime),
                authSource: source,
                providerUserID: userID,
                displayName: credential.displayName
            )
        } catch let error as CognitoIdentityError {
            throw .signInFailed(error.message)
        } catch {
            throw ChangeJarError(error)
        }
    }
}
