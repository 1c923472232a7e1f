import APIClient
import Foundation
import Locking
import PublicInit

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What a sign-in yields: the tokens and the instance to talk to.
@PublicInit
public struct SalesforceSession: Sendable, Hashable, Codable {
    /// The bearer token for API calls.
    public var accessToken: String
    /// The token that gets a new access token after a 401.
    public var refreshToken: String?
    /// The org's instance (`https://na1.salesforce.com`, or the Quartet server in development).
    public var instanceURL: URL
    /// The identity URL Salesforce returns (`…/id/<org>/<user>`).
    public var identityURL: String?

    /// Who signed in: the org and user ids of ``identityURL`` (`00D…/005…`), whatever host named them; `nil` when
    /// the token answer had no identity URL.
    public var person: String? {
        guard let identityURL, let url = URL(string: identityURL) else { return nil }
        let parts = url.pathComponents.filter { $0 != "/" }
        guard parts.count >= 2 else { return nil }
        return parts.suffix(2).joined(separator: "/")
    }
}

/// Where the session is kept between launches: the keychain on iOS, a file for the command line.
public typealias SessionStore = CredentialStore<SalesforceSession>

extension CredentialStore where Value == SalesforceSession {
    /// This store, with every session it hands out calling `instance` instead of the instance the token response
    /// named (a My Domain address, or a sandbox reached through a proxy).
    public func pinned(to instance: URL) -> SessionStore {
        SessionStore(
            load: {
                guard var session = load() else { return nil }
                session.instanceURL = instance
                return session
            },
            save: save)
    }
}
