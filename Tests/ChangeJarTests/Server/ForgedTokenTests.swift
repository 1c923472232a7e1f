import ChangeJarModels
import DatabaseTestSupport
import DynamicJSON
import Foundation
import HTTPServer
import HTTPTypes
import Testing
import TokenVerifier

/// Every forged or broken token is refused with 401, and nothing is written.
@Suite("Change Jar forged tokens")
struct ForgedTokenTests {
    /// The claims of a genuine token for google/alice, at the server's current time.
    static func claims(_ server: TestServer, identityID: String) -> JSONObject {
        let now = server.clock.now.timeIntervalSince1970.rounded(.down)
        return [
            "iss": "https://cognito-identity.amazonaws.com",
            "sub": .string(identityID),
            "aud": .string(TestServer.poolID),
            "iat": .number(now),
            "exp": .number(now + 600),
            "amr": ["authenticated", "accounts.google.com", "accounts.google.com:quartet-dev:alice"],
        ]
    }

    /// A compact token with any header, signed by `sign` over the signing input.
    static func token(header: JSONObject, claims: JSONObject, sign: (Data) throws -> Data) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let input = Base64URL.encode(try encoder.encode(header)) + "." + Base64URL.encode(try encoder.encode(claims))
        return input + "." + Base64URL.encode(try sign(Data(input.utf8)))
    }

    /// Each forgery, by name.
    static func forgeries(_ server: TestServer) async throws -> [(String, String)] {
        let genuine = try await server.signIn(.google, "alice")
        let identityID = try #require(
            try CompactJWS(parsing: genuine).claims()["sub"]?.stringValue)
        let key = try server.signingKey()
        let attacker = try RSAKey.generate(bits: 2048)
        let good = claims(server, identityID: identityID)
        let header: JSONObject = ["alg": "RS512", "kid": "us-east-1-1", "typ": "JWS"]
        func signed(_ claims: JSONObject, header: JSONObject = header, by signer: RSAKey? = nil) throws -> String {
            try token(header: header, claims: claims) { try (signer ?? key).sign($0, algorithm: .rs512) }
        }
        func with(_ name: String, _ value: JSONObject.Value) -> JSONObject {
            var claims = good
            claims[name] = value
            return claims
        }
        let publicPEM = try key.publicKeyPEM()
        let parts = genuine.split(separator: ".").map(String.init)
        var tamperedClaims = good
        tamperedClaims["amr"] = ["authenticated", "accounts.google.com", "accounts.google.com:quartet-dev:bob"]
        let tamperedPayload = Base64URL.encode(try JSONEncoder().encode(tamperedClaims))
        let attackerJWK = try attacker.publicJWK(keyID: "us-east-1-1", algorithm: .rs512)
        let jwkObject = try JSONDecoder().decode(JSONObject.self, from: try JSONEncoder().encode(attackerJWK))

        return [
            ("alg none", try token(header: ["alg": "none", "kid": "us-east-1-1"], claims: good) { _ in Data() }),
            ("alg none, no signature", parts[0] + "." + parts[1] + "."),
            (
                "HS256 keyed with the public key",
                try token(header: ["alg": "HS256", "kid": "us-east-1-1", "typ": "JWS"], claims: good) {
                    HMACSHA256.authenticate($0, key: Data(publicPEM.utf8))
                }
            ),
            ("unknown kid", try signed(good, header: ["alg": "RS512", "kid": "us-east-1-9"], by: attacker)),
            ("right kid, attacker's key", try signed(good, by: attacker)),
            ("tampered payload", parts[0] + "." + tamperedPayload + "." + parts[2]),
            ("expired", try signed(with("exp", JSONObject.Value.number(good["exp"]!.numberValue! - 3_600)))),
            ("nbf in the future", try signed(with("nbf", JSONObject.Value.number(good["iat"]!.numberValue! + 3_600)))),
            ("wrong issuer", try signed(with("iss", "https://evil.example.com"))),
            ("wrong audience", try signed(with("aud", "us-east-1:00000000-0000-0000-0000-000000000000"))),
            ("unauthenticated amr", try signed(with("amr", ["unauthenticated"]))),
            ("amr without provider user id", try signed(with("amr", ["authenticated", "accounts.google.com"]))),
            (
                "a provider Change Jar does not take (Login with Amazon)",
                try signed(with("amr", ["authenticated", "www.amazon.com", "www.amazon.com:quartet-dev:alice"]))
            ),
            (
                "Cognito's developer-authenticated identity",
                try signed(
                    with(
                        "amr",
                        [
                            "authenticated", "cognito-identity.amazonaws.com",
                            "cognito-identity.amazonaws.com:us-east-1:pool:accounts.google.com:alice",
                        ]))
            ),
            (
                "injected jku", try signed(good, header: header.merging(["jku": "http://evil.example/jwks"]) { $1 })
            ),
            (
                "injected jwk",
                try signed(good, header: header.merging(["jwk": .object(jwkObject)]) { $1 }, by: attacker)
            ),
            ("malformed: one segment", "not-a-token"),
            ("malformed: four segments", genuine + ".extra"),
            ("malformed: bad base64", "!!!." + parts[1] + "." + parts[2]),
            ("malformed: empty", ""),
            ("malformed: header not JSON", Base64URL.encode(Data("nope".utf8)) + "." + parts[1] + "." + parts[2]),
        ]
    }

    @Test(arguments: DatabaseKind.eachDialect)
    func everyForgeryIsRefusedAndNothingIsWritten(_ kind: DatabaseKind) async throws {
        try await withServer(kind) { server in
            for (name, forged) in try await Self.forgeries(server) {
                let create = try await server.send(
                    .post, "/changejar/v1/actions", token: forged,
                    json: NewAction(title: "Forged", content: "x", authSource: .google, providerUserID: "alice"))
                #expect(create.status == .unauthorized, "\(name)")
                #expect(create.headers["WWW-Authenticate"]?.hasPrefix("Bearer") == true, "\(name)")
                let mine = try await server.send(.get, "/changejar/v1/actions/mine", token: forged)
                #expect(mine.status == .unauthorized, "\(name)")
            }
            let page = try server.decode(ActionPage.self, try await server.send(.get, "/changejar/v1/actions"))
            #expect(page.items.isEmpty)
        }
    }

    @Test func genuineTokensInRS256AndRS512AreAccepted() async throws {
        // A second published key, for RS256, beside the stand-in's RS512 key.
        let rs256Key = try RSAKey.generate(bits: 2048)
        let extra = try rs256Key.publicJWK(keyID: "us-east-1-2", algorithm: .rs256)
        try await withServer(.sqliteMemory, extraKeys: [extra]) { server in
            let genuine = try await server.signIn(.google, "alice")
            let identityID = try #require(try CompactJWS(parsing: genuine).claims()["sub"]?.stringValue)
            let claims = Self.claims(server, identityID: identityID)
            let rs256 = try Self.token(header: ["alg": "RS256", "kid": "us-east-1-2", "typ": "JWS"], claims: claims) {
                try rs256Key.sign($0, algorithm: .rs256)
            }
            for token in [genuine, rs256] {
                #expect(try await server.send(.get, "/changejar/v1/actions/mine", token: token).status == .ok)
            }
            // A key published for RS512 does not verify RS256 signatures (no algorithm switching per token).
            let switched = try Self.token(header: ["alg": "RS256", "kid": "us-east-1-1", "typ": "JWS"], claims: claims)
            {
                try server.signingKey().sign($0, algorithm: .rs256)
            }
            #expect(try await server.send(.get, "/changejar/v1/actions/mine", token: switched).status == .unauthorized)
        }
    }

    @Test func tokensExpireAfterTenMinutes() async throws {
        try await withServer(.sqliteMemory) { server in
            let token = try await server.signIn(.google, "alice")
            server.clock.advance(by: 590)
            #expect(try await server.send(.get, "/changejar/v1/actions/mine", token: token).status == .ok)
            // Ten minutes plus the verifier's 60 s leeway.
            server.clock.advance(by: 80)
            #expect(try await server.send(.get, "/changejar/v1/actions/mine", token: token).status == .unauthorized)
        }
    }

    @Test func otherSchemesAndMissingHeadersAreUnauthorized() async throws {
        try await withServer(.sqliteMemory) { server in
            let token = try await server.signIn(.google, "alice")
            let basic = try await server.send(
                .get, "/changejar/v1/actions/mine", headers: ["Authorization": "Basic \(token)"])
            #expect(basic.status == .unauthorized)
            let none = try await server.send(.get, "/changejar/v1/actions/mine")
            #expect(none.status == .unauthorized)
            #expect(none.headers["WWW-Authenticate"] == "Bearer")
        }
    }
}
