import Foundation
import PublicInit

/// Verifies RS256/RS512 JWTs against a JWKS: algorithm allow-list, key lookup by `kid`, signature, then claims.
///
/// ```swift
/// let verifier = TokenVerifier(
///     configuration: .init(audience: "eu-west-1:4f1c…"),
///     fetcher: .live(url: jwksURL))
/// let token = try await verifier.verify(bearer)
/// let identity = try CognitoIdentityClaims(token)
/// ```
///
/// The order of checks is part of the contract: the header is parsed, its `alg` must be allowed, key references
/// in the header (`jku`, `jwk`, `x5u`, `x5c`) and `crit` are refused, the key comes only from the JWKS by `kid`,
/// the signature is verified, and only then is the payload decoded and its claims checked.
public final class TokenVerifier: Sendable {
    /// What a token must satisfy.
    @PublicInit
    public struct Configuration: Sendable {
        /// The required `iss`.
        public var issuer: String = "https://cognito-identity.amazonaws.com"
        /// The audience that `aud` must be or contain (for Cognito Identity, the identity pool id).
        public var audience: String
        /// The accepted algorithms; a subset of RS256 and RS512.
        public var algorithms: Set<JWTAlgorithm> = [.rs256, .rs512]
        /// The clock skew tolerated for `exp`, `nbf` and `iat`, in seconds.
        public var leeway: TimeInterval = 60
        /// The shortest time between two key set fetches, in seconds.
        public var refetchInterval: TimeInterval = 10
        /// How long a fetched key set is used before it is refreshed, in seconds.
        public var keySetLifetime: TimeInterval = 3600
    }

    /// Header members that point at keys outside the JWKS; a token carrying one is refused.
    static let forbiddenHeaderMembers: Set<String> = ["jku", "jwk", "x5u", "x5c", "crit"]

    private let configuration: Configuration
    private let keys: KeyCache
    private let now: @Sendable () -> Date

    /// Creates a verifier that takes its keys from `fetcher` and the time from `now`.
    public init(
        configuration: Configuration, fetcher: JWKSFetcher, now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.configuration = configuration
        self.now = now
        self.keys = KeyCache(
            fetcher: fetcher, now: now, refetchInterval: configuration.refetchInterval,
            lifetime: configuration.keySetLifetime)
    }

    /// Verifies a compact token and returns its claims, or throws why it was refused.
    public func verify(_ token: String) async throws(TokenError) -> VerifiedToken {
        let jws = try CompactJWS(parsing: token)
        guard let algorithm = JWTAlgorithm(rawValue: jws.algorithmName), configuration.algorithms.contains(algorithm)
        else { throw .unsupportedAlgorithm }
        guard Self.forbiddenHeaderMembers.isDisjoint(with: jws.header.keys) else {
            throw .malformed(.forbiddenHeader)
        }
        guard let kid = jws.keyID, !kid.isEmpty, kid.utf8.count <= 256 else { throw .unknownKey }
        let verificationKey = try await keys.key(for: kid)
        if let restricted = verificationKey.algorithm, restricted != algorithm { throw .unsupportedAlgorithm }
        guard verificationKey.key.verify(signature: jws.signature, of: jws.signingInput, algorithm: algorithm) else {
            throw .badSignature
        }
        let verified = VerifiedToken(algorithm: algorithm, keyID: kid, claims: try jws.claims())
        try check(verified)
        return verified
    }

    private func check(_ token: VerifiedToken) throws(TokenError) {
        let claims = token.claims
        for name in ["exp", "nbf", "iat"] where claims[name] != nil && claims[name]?.numberValue == nil {
            throw .malformed(.claims)
        }
        guard claims["iss"]?.stringValue == configuration.issuer else { throw .wrongIssuer }
        guard token.audiences.contains(configuration.audience) else { throw .wrongAudience }
        let now = now()
        let leeway = configuration.leeway
        guard let expiresAt = token.expiresAt else { throw .malformed(.claims) }
        guard now < expiresAt.addingTimeInterval(leeway) else { throw .expired }
        if let notBefore = token.notBefore, now.addingTimeInterval(leeway) < notBefore { throw .notYetValid }
        if let issuedAt = token.issuedAt {
            guard now.addingTimeInterval(leeway) >= issuedAt else { throw .notYetValid }
            guard issuedAt <= expiresAt else { throw .malformed(.claims) }
        }
    }
}
