import Foundation

/// Why a token was refused. No case carries, and no message repeats, anything taken from the token.
public enum TokenError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The token is not a well-formed compact JWS/JWT, or a claim has the wrong type.
    case malformed(Malformation)
    /// The header names an algorithm outside the allow-list (such as `none` or `HS256`).
    case unsupportedAlgorithm
    /// No key in the key set matches the header's `kid` (or the header has no `kid`).
    case unknownKey
    /// The signature does not verify with the key the header names.
    case badSignature
    /// The `exp` time, plus leeway, has passed.
    case expired
    /// The `nbf` (or `iat`) time, minus leeway, is still in the future.
    case notYetValid
    /// The `iss` claim is not the configured issuer.
    case wrongIssuer
    /// The `aud` claim does not contain the configured audience.
    case wrongAudience
    /// The token does not prove a signed-in person (Cognito `amr` checks).
    case unauthenticated
    /// The key set could not be fetched or decoded, and no cached key can stand in.
    case keysUnavailable

    /// The ways a token can be malformed.
    public enum Malformation: String, Sendable, Hashable {
        /// Longer than `CompactJWS.maximumLength`.
        case tooLarge = "the token is larger than the size limit"
        /// Not exactly three dot-separated segments.
        case segmentCount = "a compact token has exactly three dot-separated segments"
        /// A segment that is not strict unpadded base64url.
        case base64 = "a segment is not valid unpadded base64url"
        /// A header that is not a JSON object with a string `alg` and unique member names.
        case header = "the header is not a JSON object with a string `alg` and unique member names"
        /// A header that points at a key outside the key set, or asks for extensions.
        case forbiddenHeader = "the header carries a key reference (`jku`, `jwk`, `x5u`, `x5c`) or `crit`"
        /// A payload that is not a JSON object with unique member names.
        case payload = "the payload is not a JSON object with unique member names"
        /// A registered claim (`exp`, `nbf`, `iat`, `sub`) missing or of the wrong type.
        case claims = "a registered claim is missing or has the wrong type"
    }

    /// A human-readable explanation, safe to log or return to a client.
    public var description: String {
        switch self {
        case .malformed(let malformation): "Malformed token: \(malformation.rawValue)."
        case .unsupportedAlgorithm: "The token's signing algorithm is not accepted."
        case .unknownKey: "The token was signed with an unknown key."
        case .badSignature: "The token's signature is invalid."
        case .expired: "The token has expired."
        case .notYetValid: "The token is not valid yet."
        case .wrongIssuer: "The token was issued by an unexpected issuer."
        case .wrongAudience: "The token was issued for another audience."
        case .unauthenticated: "The token does not carry an authenticated sign-in."
        case .keysUnavailable: "The signing keys are unavailable."
        }
    }
}
