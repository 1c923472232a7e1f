import DynamicJSON
import Foundation

/// A token whose signature, algorithm, issuer, audience and validity times have all been checked.
public struct VerifiedToken: Sendable, Hashable {
    /// The algorithm the token was signed with.
    public let algorithm: JWTAlgorithm
    /// The id of the key that verified it.
    public let keyID: String
    /// Every claim in the payload.
    public let claims: JSONObject

    /// Wraps verified claims; only `TokenVerifier` makes these outside tests.
    init(algorithm: JWTAlgorithm, keyID: String, claims: JSONObject) {
        self.algorithm = algorithm
        self.keyID = keyID
        self.claims = claims
    }

    /// The `iss` claim.
    public var issuer: String? { claims["iss"]?.stringValue }

    /// The `sub` claim (for Cognito Identity, the identity id).
    public var subject: String? { claims["sub"]?.stringValue }

    /// The `aud` claim as a list, whether the token wrote a string or an array.
    public var audiences: [String] {
        switch claims["aud"] {
        case .string(let audience): [audience]
        case .array(let audiences): audiences.compactMap(\.stringValue)
        default: []
        }
    }

    /// The `exp` claim as a date.
    public var expiresAt: Date? { date("exp") }

    /// The `nbf` claim as a date.
    public var notBefore: Date? { date("nbf") }

    /// The `iat` claim as a date.
    public var issuedAt: Date? { date("iat") }

    /// The string entries of the `amr` (authentication methods references) claim.
    public var authenticationMethods: [String] {
        claims["amr"]?.arrayValue?.compactMap(\.stringValue) ?? []
    }

    private func date(_ name: String) -> Date? {
        claims[name]?.numberValue.map(Date.init(timeIntervalSince1970:))
    }
}
