import ChangeJarModels
import Foundation
import PublicInit
import TokenVerifier

/// How the Change Jar server verifies people and limits them.
@PublicInit
public struct ChangeJarConfiguration: Sendable {
    /// The Cognito identity pool whose tokens are accepted (their `aud`).
    public var identityPoolID: String
    /// The tokens' required `iss`.
    public var issuer: String = "https://cognito-identity.amazonaws.com"
    /// Where the token signing keys come from (a JWKS URL, or the stand-in in process).
    public var keys: JWKSFetcher
    /// The providers whose sign-ins are accepted; a token from any other is refused.
    public var acceptedProviders: Set<AuthSource> = Set(AuthSource.allCases)
    /// Writes (create, edit, delete) one person may make per ``writeWindow``.
    public var writesPerWindow: Int = 30
    /// The rate-limit window, in seconds.
    public var writeWindow: TimeInterval = 60
    /// How long the first page of All Actions may be served from memory, in seconds; writes through this
    /// process drop it at once, so this bounds only how late other processes' writes show.
    public var firstPageCacheLifetime: TimeInterval = 1
    /// The clock for timestamps, token times and rate limits.
    public var now: @Sendable () -> Date = { Date() }

    /// A configuration that cannot work, said in a sentence.
    public struct Invalid: Error, Sendable, Hashable, CustomStringConvertible {
        /// What is wrong.
        public var description: String
    }

    /// The Cognito token check this configuration describes: RS256/RS512 only, 60 s leeway, key refetch at
    /// most every 10 s.
    var authenticator: Authenticator {
        Authenticator.cognito(
            TokenVerifier(
                configuration: .init(issuer: issuer, audience: identityPoolID, algorithms: [.rs256, .rs512]),
                fetcher: keys, now: now),
            accepting: acceptedProviders)
    }
}
