import DynamicJSON
import Foundation
import HTTPTypes
import Testing
import TokenVerifier

/// Tokens an attacker would send. Every one is refused, for the right reason, without the key set being
/// fetched when the refusal can be decided earlier, and without any of its content in the error message.
@Suite("TokenVerifier: forged tokens")
struct ForgedTokenTests {
    private let harness: Harness
    private let header: JSONObject = ["alg": "RS512", "kid": .string(Cognito.currentKeyID), "typ": "JWS"]
    private var claims: JSONObject {
        var claims = Cognito.claims()
        claims["sub"] = .string(Cognito.canary)
        return claims
    }

    init() throws {
        harness = try Harness()
    }

    /// Verifies `token`, expects `error`, and checks the error message does not echo the token.
    private func expectRefused(
        _ token: String, _ error: TokenError, fetches: Int? = nil, sourceLocation: SourceLocation = #_sourceLocation
    ) async {
        let thrown = await #expect(throws: TokenError.self, sourceLocation: sourceLocation) {
            try await harness.verifier.verify(token)
        }
        #expect(thrown == error, sourceLocation: sourceLocation)
        let message = thrown.map { "\($0)" } ?? ""
        #expect(!message.isEmpty && !message.contains(Cognito.canary), sourceLocation: sourceLocation)
        if let fetches {
            #expect(harness.server.fetchCount == fetches, sourceLocation: sourceLocation)
        }
    }

    private func json(_ object: JSONObject) throws -> String {
        String(decoding: try Forge.json(object), as: UTF8.self)
    }

    @Test("alg none, with and without a signature, is refused before any key is fetched")
    func algNone() async throws {
        for alg in ["none", "None", "NONE", "nOnE"] {
            var header = header
            header["alg"] = .string(alg)
            let unsigned = Forge.token(headerJSON: try json(header), payloadJSON: try json(claims))
            await expectRefused(unsigned, .unsupportedAlgorithm, fetches: 0)
            let signed = try Forge.token(header: header, claims: claims, key: harness.keys.current)
            await expectRefused(signed, .unsupportedAlgorithm, fetches: 0)
        }
    }

    @Test("HS256 signed with the RSA public key's PEM (or DER-ish JWK bytes) as the HMAC secret is refused")
    func keyConfusion() async throws {
        let pem = try harness.keys.current.publicKeyPEM()
        var header = header
        for alg in ["HS256", "HS384", "HS512"] {
            header["alg"] = .string(alg)
            for secret in [Data(pem.utf8), Data(pem.utf8.dropLast())] {
                let token = try Forge.hs256(header: header, claims: claims, secret: secret)
                await expectRefused(token, .unsupportedAlgorithm, fetches: 0)
            }
        }
    }

    @Test("other algorithm names are refused: PS256, ES256, RS1, lowercase, non-string")
    func otherAlgorithms() async throws {
        for alg: JSONValue in ["PS256", "ES256", "RS1", "rs512", "RS512 ", "", ["RS512"]] {
            var header = header
            header["alg"] = alg
            let token = try Forge.token(header: header, claims: claims, key: harness.keys.current)
            let expected: TokenError = alg.stringValue == nil ? .malformed(.header) : .unsupportedAlgorithm
            await expectRefused(token, expected, fetches: 0)
        }
    }

    @Test("a token signed by a key outside the JWKS is refused even under a known kid")
    func attackerKey() async throws {
        let token = try Forge.token(header: header, claims: claims, key: harness.keys.attacker)
        await expectRefused(token, .badSignature)
    }

    @Test("a tampered payload fails the signature check")
    func tamperedPayload() async throws {
        let token = try Forge.token(header: header, claims: claims, key: harness.keys.current)
        var parts = token.split(separator: ".").map(String.init)
        var tampered = claims
        tampered["exp"] = .number(Cognito.epoch.timeIntervalSince1970 + 86_400 * 365)
        parts[1] = Base64URL.encode(try Forge.json(tampered))
        await expectRefused(parts.joined(separator: "."), .badSignature)
    }

    @Test("a tampered header fails the signature check")
    func tamperedHeader() async throws {
        let token = try Forge.token(header: header, claims: claims, key: harness.keys.current)
        var parts = token.split(separator: ".").map(String.init)
        var tampered = header
        tampered["typ"] = "JWT"
        parts[0] = Base64URL.encode(try Forge.json(tampered))
        await expectRefused(parts.joined(separator: "."), .badSignature)
    }

    @Test("a signature for RS256 relabelled as RS512 fails")
    func relabelledAlgorithm() async throws {
        let harness = try Harness(keyAlgorithm: nil)
        let token = try Forge.token(header: header, claims: claims, key: harness.keys.current, algorithm: .rs256)
        await #expect(throws: TokenError.badSignature) { try await harness.verifier.verify(token) }
    }

    @Test("a truncated, empty or extended signature fails")
    func damagedSignature() async throws {
        let token = try Forge.token(header: header, claims: claims, key: harness.keys.current)
        let parts = token.split(separator: ".").map(String.init)
        let signature = try #require(Base64URL.decode(parts[2]))
        for damaged in [Data(), signature.dropLast(), signature + [0], Data(signature.reversed())] {
            let forged = parts[0] + "." + parts[1] + "." + Base64URL.encode(damaged)
            await expectRefused(forged, .badSignature)
        }
    }

    @Test("claims are not looked at before the signature: an expired, foreign, garbage token is a bad signature")
    func signatureBeforeClaims() async throws {
        var stale = claims
        stale["exp"] = 0
        stale["iss"] = "https://evil.example"
        let expired = try Forge.token(header: header, claims: stale, key: harness.keys.attacker)
        await expectRefused(expired, .badSignature)
        let garbage = Forge.token(headerJSON: try json(header), payloadJSON: "{{{ not json", signature: Data([1]))
        await expectRefused(garbage, .badSignature)
    }

    @Test("a repeated header or claim name is refused, even in a token signed by the JWKS key")
    func duplicateNames() async throws {
        let duplicateAlg = #"{"alg":"RS512","kid":"eu-west-1-1","alg":"none"}"#
        await expectRefused(
            Forge.token(headerJSON: duplicateAlg, payloadJSON: try json(claims)), .malformed(.header), fetches: 0)

        var payload = String(decoding: try Forge.json(claims), as: UTF8.self)
        payload.removeLast()
        payload += #","sub":"eu-west-1:someone-else"}"#
        let input = Base64URL.encode(try Forge.json(header)) + "." + Base64URL.encode(Data(payload.utf8))
        let signature = try harness.keys.current.sign(Data(input.utf8), algorithm: .rs512)
        await expectRefused(input + "." + Base64URL.encode(signature), .malformed(.payload))
    }

    @Test("an expired token is refused")
    func expired() async throws {
        let token = try harness.token(claims)
        harness.clock.advance(by: 3600)
        await expectRefused(token, .expired)
    }

    @Test("a token with nbf in the future is refused")
    func notYetValid() async throws {
        var future = claims
        future["nbf"] = .number(Cognito.epoch.timeIntervalSince1970 + 300)
        await expectRefused(try harness.token(future), .notYetValid)
    }

    @Test("a wrong issuer is refused")
    func wrongIssuer() async throws {
        var foreign = claims
        foreign["iss"] = "https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_attacker"
        await expectRefused(try harness.token(foreign), .wrongIssuer)
    }

    @Test("a wrong audience, or an audience array without ours, is refused")
    func wrongAudience() async throws {
        var foreign = claims
        foreign["aud"] = "eu-west-1:00000000-0000-0000-0000-000000000000"
        await expectRefused(try harness.token(foreign), .wrongAudience)
        foreign["aud"] = ["eu-west-1:00000000-0000-0000-0000-000000000000", .string(Cognito.canary)]
        await expectRefused(try harness.token(foreign), .wrongAudience)
    }

    @Test("malformed tokens are refused without fetching keys")
    func malformed() async throws {
        let valid = try harness.token()
        let parts = valid.split(separator: ".").map(String.init)
        let cases: [(String, TokenError)] = [
            (parts[0] + "." + parts[1], .malformed(.segmentCount)),
            (valid + "." + parts[2], .malformed(.segmentCount)),
            (valid + ".", .malformed(.segmentCount)),
            ("\(parts[0])=.\(parts[1]).\(parts[2])", .malformed(.base64)),
            ("\(parts[0]).\(parts[1])*.\(parts[2])", .malformed(.base64)),
            ("\(parts[0]).\(parts[1]).\(parts[2])=", .malformed(.base64)),
            (Forge.token(headerJSON: "not json \(Cognito.canary)", payloadJSON: "{}"), .malformed(.header)),
            (Forge.token(headerJSON: "[\"RS512\"]", payloadJSON: "{}"), .malformed(.header)),
            (parts[0] + "." + String(repeating: "A", count: 17_000) + "." + parts[2], .malformed(.tooLarge)),
            ("", .malformed(.segmentCount)),
            ("Bearer " + valid, .malformed(.base64)),
        ]
        for (token, error) in cases {
            await expectRefused(token, error, fetches: 0)
        }
    }

    @Test("jku, jwk, x5u, x5c and crit headers are refused and never fetched or used, whoever signed the token")
    func injectedKeyReferences() async throws {
        let attackerJWK = try harness.keys.attacker.publicJWK(keyID: Cognito.currentKeyID, algorithm: .rs512)
        let jwkValue = try JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(attackerJWK))
        let injections: [String: JSONValue] = [
            "jku": "https://attacker.example/jwks.json",
            "jwk": jwkValue,
            "x5u": "https://attacker.example/cert.pem",
            "x5c": ["MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA"],
            "crit": ["exp"],
        ]
        for (name, value) in injections {
            var injected = header
            injected[name] = value
            // Signed by the attacker's key, with the kid of an unknown key: the verifier must not go looking.
            injected["kid"] = "attacker-1"
            let byAttacker = try Forge.token(header: injected, claims: claims, key: harness.keys.attacker)
            await expectRefused(byAttacker, .malformed(.forbiddenHeader), fetches: 0)
            // Even signed by the genuine JWKS key, a token that points elsewhere for its key is refused.
            injected["kid"] = .string(Cognito.currentKeyID)
            let byPool = try Forge.token(header: injected, claims: claims, key: harness.keys.current)
            await expectRefused(byPool, .malformed(.forbiddenHeader), fetches: 0)
        }
        _ = try await harness.verifier.verify(harness.token())
        #expect(harness.server.fetchCount == 1)
    }

    @Test("an unknown kid, a missing kid or an oversized kid is an unknown key")
    func unknownKid() async throws {
        var unknown = header
        unknown["kid"] = .string(Cognito.canary)
        await expectRefused(try Forge.token(header: unknown, claims: claims, key: harness.keys.current), .unknownKey)
        unknown["kid"] = nil
        await expectRefused(try Forge.token(header: unknown, claims: claims, key: harness.keys.current), .unknownKey)
        unknown["kid"] = .string(String(repeating: "k", count: 300))
        await expectRefused(try Forge.token(header: unknown, claims: claims, key: harness.keys.current), .unknownKey)
        #expect(harness.server.fetchCount == 1)
    }
}
