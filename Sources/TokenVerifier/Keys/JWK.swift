/// A JSON Web Key (RFC 7517) as found in a JWKS document; only the members an RSA signing key uses.
public struct JWK: Codable, Sendable, Hashable {
    /// The key type; `RSA` for every key this module uses.
    public var kty: String
    /// The key id that token headers refer to.
    public var kid: String?
    /// The algorithm the key is meant for (`RS256`, `RS512`).
    public var alg: String?
    /// The intended use; `sig` for signing keys.
    public var use: String?
    /// The RSA modulus, base64url big-endian.
    public var n: String?
    /// The RSA public exponent, base64url big-endian.
    public var e: String?
}
