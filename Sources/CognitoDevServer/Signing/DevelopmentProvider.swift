import ChangeJarModels
import DynamicJSON
import Foundation
import TokenVerifier

/// The development sign-in of each social provider: issues provider tokens for named test users, and
/// recognizes only the tokens it issued.
///
/// A provider token is a JWS signed with the stand-in's key under its own `kid`, so no table is needed and
/// nobody without the key can make one. Twitter's `Logins` value is `token;secret`: the secret is a random
/// string the token's claims bind, as OAuth 1.0a pairs an access token with its secret.
struct DevelopmentProvider: Sendable {
    /// A person a provider token vouches for.
    struct Person: Sendable, Hashable {
        var provider: AuthSource
        var user: String
        var name: String?
    }

    static let keyID = "dev-provider-1"
    /// Provider tokens live as long as a Google id token.
    static let lifetime: TimeInterval = 3_600

    let key: RSAKey
    let now: @Sendable () -> Date

    /// Whether `user` can be a provider user id: it becomes the last colon-separated `amr` field.
    static func isValidUser(_ user: String) -> Bool {
        (1...64).contains(user.utf8.count)
            && user.unicodeScalars.allSatisfy { scalar in
                scalar.isASCII
                    && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
                        || "._-@".unicodeScalars.contains(scalar))
            }
    }

    /// A `Logins` value for `person`.
    func issue(for person: Person) throws -> String {
        let issued = now().timeIntervalSince1970.rounded(.down)
        var claims: JSONObject = [
            "iss": .string(Self.issuer(person.provider)),
            "sub": .string(person.user),
            "iat": .number(issued),
            "exp": .number(issued + Self.lifetime),
        ]
        if let name = person.name { claims["name"] = .string(name) }
        var secret: String?
        if person.provider == .twitter {
            var generator = SystemRandomNumberGenerator()
            let value = (0..<4).map { _ in String(generator.next() as UInt64, radix: 16) }.joined()
            claims["secret"] = .string(value)
            secret = value
        }
        let token = try JWTSigner(key: key, algorithm: .rs256, keyID: Self.keyID, type: "JWT").sign(claims)
        return secret.map { token + ";" + $0 } ?? token
    }

    /// The person a `Logins` value vouches for, or `nil` when this stand-in did not issue it (or it expired).
    func verify(_ value: String, for provider: AuthSource) -> Person? {
        var token = Substring(value)
        var secret: Substring?
        if provider == .twitter {
            let parts = value.split(separator: ";", omittingEmptySubsequences: false)
            guard parts.count == 2 else { return nil }
            token = parts[0]
            secret = parts[1]
        }
        guard let jws = try? CompactJWS(parsing: String(token)),
            jws.algorithmName == JWTAlgorithm.rs256.rawValue, jws.keyID == Self.keyID,
            key.verify(signature: jws.signature, of: jws.signingInput, algorithm: .rs256),
            let claims = try? jws.claims(),
            claims["iss"]?.stringValue == Self.issuer(provider),
            let user = claims["sub"]?.stringValue, Self.isValidUser(user),
            let expiry = claims["exp"]?.numberValue, now().timeIntervalSince1970 < expiry
        else { return nil }
        if let secret {
            guard let bound = claims["secret"]?.stringValue, bound == secret else { return nil }
        }
        return Person(provider: provider, user: user, name: claims["name"]?.stringValue)
    }

    private static func issuer(_ provider: AuthSource) -> String {
        "quartet-dev:" + provider.providerKey
    }
}
