import DynamicJSON
import Foundation
import HTTPTypes
import Testing
import TokenVerifier

@Suite("TokenVerifier: valid tokens and claim checks")
struct TokenVerifierTests {
    @Test("a real-shaped Cognito token verifies and yields identity id, provider and provider user id")
    func realShapedCognitoToken() async throws {
        let harness = try Harness()
        // Cognito writes its header members in this order, with typ JWS.
        let header = #"{"kid":"eu-west-1-1","typ":"JWS","alg":"RS512"}"#
        let payload = String(decoding: try Forge.json(Cognito.claims()), as: UTF8.self)
        let input = Base64URL.encode(Data(header.utf8)) + "." + Base64URL.encode(Data(payload.utf8))
        let signature = try harness.keys.current.sign(Data(input.utf8), algorithm: .rs512)
        let token = input + "." + Base64URL.encode(signature)

        let verified = try await harness.verifier.verify(token)
        #expect(verified.algorithm == .rs512)
        #expect(verified.keyID == "eu-west-1-1")
        #expect(verified.issuer == Cognito.issuer)
        #expect(verified.audiences == [Cognito.poolID])
        #expect(verified.issuedAt == Cognito.epoch)
        #expect(verified.expiresAt == Cognito.epoch.addingTimeInterval(600))
        let identity = try CognitoIdentityClaims(verified, providers: CognitoIdentityClaimsTests.pool)
        #expect(identity.identityID == Cognito.identityID)
        #expect(identity.providerKey == "graph.facebook.com")
        #expect(identity.providerUserID == Cognito.facebookUserID)
    }

    @Test("RS512 and RS256 are both accepted when the key allows them", arguments: JWTAlgorithm.allCases)
    func acceptsBothAlgorithms(_ algorithm: JWTAlgorithm) async throws {
        let harness = try Harness(keyAlgorithm: nil)
        let verified = try await harness.verifier.verify(harness.token(algorithm: algorithm))
        #expect(verified.algorithm == algorithm)
        #expect(verified.subject == Cognito.identityID)
    }

    @Test("a key the JWKS restricts to RS512 does not verify an RS256 token")
    func keyAlgorithmRestriction() async throws {
        let harness = try Harness(keyAlgorithm: .rs512)
        await #expect(throws: TokenError.unsupportedAlgorithm) {
            try await harness.verifier.verify(harness.token(algorithm: .rs256))
        }
    }

    @Test("an algorithm left out of the configuration is refused")
    func configuredAllowList() async throws {
        let harness = try Harness(keyAlgorithm: nil) { $0.algorithms = [.rs512] }
        await #expect(throws: TokenError.unsupportedAlgorithm) {
            try await harness.verifier.verify(harness.token(algorithm: .rs256))
        }
        _ = try await harness.verifier.verify(harness.token(algorithm: .rs512))
    }

    @Test("exp is enforced with the leeway")
    func expiry() async throws {
        let harness = try Harness()
        let token = try harness.token()
        harness.clock.advance(by: 600 + 59)
        _ = try await harness.verifier.verify(token)
        harness.clock.advance(by: 1)
        await #expect(throws: TokenError.expired) { try await harness.verifier.verify(token) }
    }

    @Test("nbf in the future beyond the leeway is refused, within it accepted")
    func notBefore() async throws {
        let harness = try Harness()
        var claims = Cognito.claims()
        claims["nbf"] = .number(Cognito.epoch.timeIntervalSince1970 + 61)
        await #expect(throws: TokenError.notYetValid) { try await harness.verifier.verify(harness.token(claims)) }
        claims["nbf"] = .number(Cognito.epoch.timeIntervalSince1970 + 60)
        _ = try await harness.verifier.verify(harness.token(claims))
    }

    @Test("iat in the future beyond the leeway, or after exp, is refused")
    func issuedAtSanity() async throws {
        let harness = try Harness()
        var claims = Cognito.claims(issuedAt: Cognito.epoch.addingTimeInterval(120))
        await #expect(throws: TokenError.notYetValid) { try await harness.verifier.verify(harness.token(claims)) }
        claims = Cognito.claims()
        claims["iat"] = .number(Cognito.epoch.timeIntervalSince1970 + 30)
        claims["exp"] = .number(Cognito.epoch.timeIntervalSince1970 + 20)
        await #expect(throws: TokenError.malformed(.claims)) {
            try await harness.verifier.verify(harness.token(claims))
        }
    }

    @Test("a missing exp, or a time claim that is not a number, is malformed")
    func timeClaimTypes() async throws {
        let harness = try Harness()
        var claims = Cognito.claims()
        claims["exp"] = nil
        await #expect(throws: TokenError.malformed(.claims)) {
            try await harness.verifier.verify(harness.token(claims))
        }
        for name in ["exp", "nbf", "iat"] {
            claims = Cognito.claims()
            claims[name] = "1767225600"
            await #expect(throws: TokenError.malformed(.claims)) {
                try await harness.verifier.verify(harness.token(claims))
            }
        }
    }

    @Test("the wrong issuer is refused, and so is a missing one")
    func issuer() async throws {
        let harness = try Harness()
        var claims = Cognito.claims()
        for issuer: JSONValue? in ["https://evil.example", "https://cognito-identity.amazonaws.com/", nil] {
            claims["iss"] = issuer
            await #expect(throws: TokenError.wrongIssuer) { try await harness.verifier.verify(harness.token(claims)) }
        }
    }

    @Test("aud may be a string or an array that contains our pool; anything else is the wrong audience")
    func audience() async throws {
        let harness = try Harness()
        var claims = Cognito.claims()
        claims["aud"] = ["eu-west-1:other-pool", .string(Cognito.poolID)]
        #expect(try await harness.verifier.verify(harness.token(claims)).audiences.count == 2)
        for audience: JSONValue? in ["eu-west-1:other-pool", ["eu-west-1:other-pool", "x"], [], nil, 7] {
            claims["aud"] = audience
            await #expect(throws: TokenError.wrongAudience) { try await harness.verifier.verify(harness.token(claims)) }
        }
    }

    @Test("a validly signed payload that is not a JSON object is refused after the signature check")
    func signedGarbagePayload() async throws {
        let harness = try Harness()
        let token = try Forge.token(
            header: ["alg": "RS512", "kid": .string(Cognito.currentKeyID)], claims: [:], key: harness.keys.current)
        let parts = token.split(separator: ".")
        let input = parts[0] + "." + Base64URL.encode(Data("[\"not an object\"]".utf8))
        let resigned =
            input + "." + Base64URL.encode(try harness.keys.current.sign(Data(input.utf8), algorithm: .rs512))
        await #expect(throws: TokenError.malformed(.payload)) { try await harness.verifier.verify(resigned) }
    }
}
