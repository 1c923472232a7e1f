import Foundation
import HTTPTypes
import Testing
@testable import TokenVerifier

@Suite("RSAKey")
struct RSAKeyTests {
    @Test("generates 2048-bit private keys that sign, and refuses other sizes")
    func generates() throws {
        let key = try TestKeys.get().current
        #expect(key.bits == 2048)
        #expect(key.isPrivate)
        #expect(throws: CryptoError.invalidKey) { try RSAKey.generate(bits: 1024) }
    }

    @Test("round-trips the private key through PKCS#8 PEM and the public key through SPKI PEM")
    func pemRoundTrip() throws {
        let key = try TestKeys.get().current
        let privatePEM = try key.privateKeyPEM()
        let publicPEM = try key.publicKeyPEM()
        #expect(privatePEM.hasPrefix("-----BEGIN PRIVATE KEY-----\n"))
        #expect(publicPEM.hasPrefix("-----BEGIN PUBLIC KEY-----\n"))

        let reloaded = try RSAKey.privateKey(pem: privatePEM)
        let publicOnly = try RSAKey.publicKey(pem: publicPEM)
        #expect(reloaded.isPrivate)
        #expect(!publicOnly.isPrivate)
        #expect(try reloaded.publicKeyPEM() == publicPEM)

        let message = Data("signed by the reloaded key".utf8)
        let signature = try reloaded.sign(message, algorithm: .rs512)
        #expect(publicOnly.verify(signature: signature, of: message, algorithm: .rs512))
        #expect(key.verify(signature: signature, of: message, algorithm: .rs512))
    }

    @Test("a public key neither signs nor exports a private PEM")
    func publicKeyCannotSign() throws {
        let publicOnly = try RSAKey.publicKey(pem: TestKeys.get().current.publicKeyPEM())
        #expect(throws: CryptoError.invalidKey) { try publicOnly.sign(Data("x".utf8), algorithm: .rs256) }
        #expect(throws: CryptoError.invalidKey) { try publicOnly.privateKeyPEM() }
    }

    @Test("refuses PEM that is garbage, truncated, or encrypted, without prompting for a passphrase")
    func refusesBadPEM() throws {
        let pem = try TestKeys.get().current.privateKeyPEM()
        let encrypted = """
            -----BEGIN ENCRYPTED PRIVATE KEY-----
            MIIBrzBJBgkqhkiG9w0BBQ0wPDAbBgkqhkiG9w0BBQwwDgQIAAAAAAAAAAACAggA
            -----END ENCRYPTED PRIVATE KEY-----
            """
        for text in ["", "not a key", String(pem.prefix(200)), encrypted] {
            #expect(throws: CryptoError.invalidKey) { try RSAKey.privateKey(pem: text) }
            #expect(throws: CryptoError.invalidKey) { try RSAKey.publicKey(pem: text) }
        }
    }

    @Test("exports a JWK with kty, kid, alg, use, n and e, and the imported JWK verifies the key's signatures")
    func jwkRoundTrip() throws {
        let key = try TestKeys.get().current
        let jwk = try key.publicJWK(keyID: "eu-west-1-1", algorithm: .rs512)
        #expect(jwk.kty == "RSA")
        #expect(jwk.kid == "eu-west-1-1")
        #expect(jwk.alg == "RS512")
        #expect(jwk.use == "sig")
        #expect(jwk.e == "AQAB")
        let modulus = try #require(jwk.n)
        #expect(Base64URL.decode(modulus)?.count == 256)

        let decoded = try JSONDecoder().decode(JWK.self, from: JSONEncoder().encode(jwk))
        let imported = try RSAKey.publicKey(jwk: decoded)
        #expect(try imported.publicKeyPEM() == key.publicKeyPEM())
        let message = Data("header.payload".utf8)
        let signature = try key.sign(message, algorithm: .rs256)
        #expect(imported.verify(signature: signature, of: message, algorithm: .rs256))
        #expect(!imported.verify(signature: signature, of: message, algorithm: .rs512))
        #expect(!imported.verify(signature: signature, of: Data("header.payloaD".utf8), algorithm: .rs256))
    }

    @Test(
        "refuses JWKs that are not RSA, lack n or e, are weak, have an exponent of 1 or an even one, or are not base64url"
    )
    func refusesBadJWK() throws {
        let good = try TestKeys.get().current.publicJWK(keyID: "k", algorithm: .rs256)
        let weakModulus = Base64URL.encode([0xC1] + [UInt8](repeating: 0x5B, count: 127))
        let cases: [JWK] = [
            JWK(kty: "EC", n: good.n, e: good.e),
            JWK(kty: "RSA", e: good.e),
            JWK(kty: "RSA", n: good.n),
            JWK(kty: "RSA", n: weakModulus, e: good.e),
            JWK(kty: "RSA", n: (good.n ?? "") + "=", e: good.e),
            JWK(kty: "RSA", n: good.n, e: Base64URL.encode([UInt8](repeating: 1, count: 9))),
            JWK(kty: "RSA", n: good.n, e: "AQ"),
            JWK(kty: "RSA", n: good.n, e: "AAE"),
            JWK(kty: "RSA", n: good.n, e: "AQAA"),
        ]
        for jwk in cases {
            #expect(throws: CryptoError.invalidKey) { try RSAKey.publicKey(jwk: jwk) }
        }
    }

    @Test("a key shared by many tasks verifies concurrently")
    func concurrentVerify() async throws {
        let key = try TestKeys.get().current
        let message = Data("shared".utf8)
        let signature = try key.sign(message, algorithm: .rs512)
        let results = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<32 {
                group.addTask { key.verify(signature: signature, of: message, algorithm: .rs512) }
            }
            return await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(results == Array(repeating: true, count: 32))
    }
}
