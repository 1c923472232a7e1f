import Foundation
import PublicInit

/// A JSON Web Key Set document (`{"keys": […]}`), decoded tolerantly.
///
/// Unknown members are ignored and keys that cannot be decoded are dropped, so one odd key (an EC key, a
/// future key type) never hides the usable ones.
@PublicInit
public struct JWKS: Codable, Sendable, Hashable {
    /// The keys that decoded as JWKs (usable or not).
    public var keys: [JWK]

    /// Decodes a key set, dropping entries that are not JWK objects.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        keys = try container.decode([Lossy].self, forKey: .keys).compactMap(\.jwk)
    }

    /// Decodes a JWKS document, or returns nil when it is not a JSON object with a `keys` array.
    public static func decode(_ data: Data) -> JWKS? {
        try? JSONDecoder().decode(JWKS.self, from: data)
    }

    /// The RSA signing keys that can verify tokens, by key id; unusable keys are skipped.
    ///
    /// A key is skipped when it has no `kid`, is not `kty: RSA`, lacks `n` or `e`, has a `use` other than `sig`,
    /// names an algorithm other than RS256/RS512, or is too small or too large. The first key with a `kid` wins.
    public func verificationKeys() -> [String: VerificationKey] {
        var result: [String: VerificationKey] = [:]
        for jwk in keys {
            guard let kid = jwk.kid, result[kid] == nil, jwk.use == nil || jwk.use == "sig" else { continue }
            var algorithm: JWTAlgorithm?
            if let name = jwk.alg {
                guard let known = JWTAlgorithm(rawValue: name) else { continue }
                algorithm = known
            }
            guard let key = try? RSAKey.publicKey(jwk: jwk) else { continue }
            result[kid] = VerificationKey(keyID: kid, algorithm: algorithm, key: key)
        }
        return result
    }

    private enum CodingKeys: String, CodingKey {
        case keys
    }

    private struct Lossy: Decodable {
        var jwk: JWK?

        init(from decoder: any Decoder) throws {
            jwk = try? JWK(from: decoder)
        }
    }
}

/// A public key from a key set, with the algorithm it is restricted to (when the JWK names one).
public struct VerificationKey: Sendable {
    /// The key id.
    public var keyID: String
    /// The only algorithm this key may verify, or nil for any allowed algorithm.
    public var algorithm: JWTAlgorithm?
    /// The RSA public key.
    public var key: RSAKey
}
