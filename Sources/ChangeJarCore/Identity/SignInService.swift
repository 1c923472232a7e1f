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

    /// When a token asked for at `askedAt` stops working, on this device's clock: its lifetime from then
    /// (``OpenIDTokenClaims``' `exp` − `iat`), or ``tokenLifetime`` when it says none.
    private func expiry(of token: String, askedAt: Date) -> Date {
        OpenIDTokenClaims.expiry(of: token, askedAt: askedAt) ?? askedAt.addingTimeInterval(Self.tokenLifetime)
    }

    /// Signs in with `source`; every failure is a ``ChangeJarError``.
    public func signIn(with source: AuthSource) async throws(ChangeJarError) -> AuthSession {
        do {
            let credential = try await providers.signIn(source)
            let logins = [source.providerKey: credential.token]
            let identityID = try await identity.getID(identityPoolID, logins)
            let askedAt = clock.now()
            let (confirmedID, token) = try await identity.getOpenIDToken(identityID, logins)
            let claims = OpenIDTokenClaims(token: token)
            guard let userID = claims?.providerUserID(for: source) ?? credential.userID else {
                throw ChangeJarError.signInFailed(Strings.format("signin.noUser", source.displayName))
            }
            return AuthSession(
                identityID: confirmedID,
                token: token,
                expiresAt: expiry(of: token, askedAt: askedAt),
                authSource: source,
                providerUserID: userID,
                displayName: credential.displayName,
                providerLogin: credential.token
            )
        } catch let error as CognitoIdentityError {
            // NB: AWS's message is English for developers ("Invalid login token. Token is expired."), never the
            // person's sentence: each refusal is said in the app's words, by its exception.
            throw .signInFailed(Self.reason(error) ?? Self.refusal(error, source: source))
        } catch {
            let failure = ChangeJarError(error)
            // NB: a sign-in asks the provider and Cognito, never the jar: one out of reach is the sign-in service's
            // silence, not "the jar can't be reached" (a renewal keeps `.unreachable`: it is no refusal of the session).
            if failure == .unreachable { throw .signInFailed(Strings.cognitoUnavailable) }
            throw failure
        }
    }

    /// The app's sentence for a refusal that is Cognito's own state, not the person's: still throttled after the calls
    /// made again (busy), or a fault on its side (not answering); `nil` for any other.
    private static func reason(_ error: CognitoIdentityError) -> String? {
        if error.type == CognitoIdentityClient.throttled { return Strings.cognitoBusy }
        if error.isServiceFault { return Strings.cognitoUnavailable }
        return nil
    }

    /// The app's sentence for Cognito's refusal of a sign-in with `source`, by its exception (`GetId` and
    /// `GetOpenIdToken` answer the same ones): the provider's token not accepted, the provider not answering
    /// Cognito, the login linked to another identity, the pool not found or not set up, a limit reached; any other
    /// is "refused".
    private static func refusal(_ error: CognitoIdentityError, source: AuthSource) -> String {
        switch error.type {
        case "NotAuthorizedException": Strings.format("cognito.notAccepted", source.displayName)
        case "ExternalServiceException": Strings.format("cognito.providerSilent", source.displayName)
        case "ResourceConflictException": Strings.format("cognito.linkedElsewhere", source.displayName)
        case "ResourceNotFoundException", "InvalidIdentityPoolConfigurationException": Strings.text("cognito.notSetUp")
        case "LimitExceededException": Strings.cognitoBusy
        default: Strings.text("cognito.refused")
        }
    }

    /// The Cognito exceptions after which a session's login will never be taken again: the provider no longer
    /// accepts its token (`NotAuthorizedException`: expired or revoked), the identity is gone, or the kept identity
    /// id or login is not one Cognito can read (`InvalidParameterException`, and `ValidationException`, AWS's answer
    /// to a member that breaks the model's pattern or length).
    static let endingExceptions: Set<String> = [
        "NotAuthorizedException", "ResourceNotFoundException", "InvalidParameterException", "ValidationException",
    ]

    /// A new OpenID token for `session`'s identity (`GetOpenIdToken` with the provider login kept at the sign-in),
    /// without the provider's sign-in: the person, the provider and the name stay.
    ///
    /// Throws ``ChangeJarError/signInRequired`` when the session can never be renewed: it keeps no provider login
    /// (saved by an older version), or Cognito refuses it for good (``endingExceptions``). Cognito out of reach is
    /// ``ChangeJarError/offline`` or ``ChangeJarError/unreachable``, and any other refusal (throttling, after the calls
    /// ``CognitoIdentityClient/live(endpoint:send:pause:)`` made again, or a fault of the service) is a
    /// ``ChangeJarError/service(_:)`` that the next call may not meet: the session is not at an end for either.
    public func renew(_ session: AuthSession) async throws(ChangeJarError) -> AuthSession {
        guard let login = session.providerLogin else { throw .signInRequired }
        let askedAt = clock.now()
        do {
            let (identityID, token) = try await identity.getOpenIDToken(
                session.identityID, [session.authSource.providerKey: login])
            var renewed = session
            renewed.identityID = identityID
            renewed.token = token
            renewed.expiresAt = expiry(of: token, askedAt: askedAt)
            return renewed
        } catch let error as CognitoIdentityError {
            if Self.endingExceptions.contains(error.type) { throw .signInRequired }
            // NB: the session stays; the person is told the wait is Cognito's, not asked to sign in again, in the
            // sentences the sign-in itself says (busy, or not answering), never a bare "Something went wrong".
            throw .service(Self.reason(error) ?? Strings.unexpected)
        } catch {
            throw ChangeJarError(error)
        }
    }
}
