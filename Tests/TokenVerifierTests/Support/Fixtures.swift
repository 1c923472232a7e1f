import COpenSSL
import DynamicJSON
import Foundation
import HTTPTypes
import Locking
import TestSupport
import TokenVerifier

/// RSA keys generated once per test process (2048 bits keeps the suite fast).
struct TestKeys: Sendable {
    /// The identity pool's current signing key, published in the JWKS as `eu-west-1-1`.
    let current: RSAKey
    /// A rotated-in signing key, `eu-west-1-2`, published only when a test says so.
    let next: RSAKey
    /// A key the attacker controls; never published.
    let attacker: RSAKey

    private static let shared = Result { () throws(CryptoError) -> TestKeys in
        TestKeys(current: try .generate(), next: try .generate(), attacker: try .generate())
    }

    static func get() throws -> TestKeys { try shared.get() }
}

/// Values shared by the token tests, shaped like Cognito Identity's.
enum Cognito {
    static let issuer = "https://cognito-identity.amazonaws.com"
    static let poolID = "eu-west-1:0f3c9b5e-7d21-4c8e-9a44-3b6d2f1e8c70"
    static let identityID = "eu-west-1:5a1d7c2e-9b3f-4e6a-8d10-2c4b6e8f0a13"
    static let facebookUserID = "10157439851234567"
    static let currentKeyID = "eu-west-1-1"
    static let nextKeyID = "eu-west-1-2"
    /// A marker placed in forged tokens; error messages must never contain it.
    static let canary = "CANARY-3f9e"
    static let epoch = Date(timeIntervalSince1970: 1_767_225_600)

    /// The claims of a valid Facebook sign-in issued at `issuedAt`, valid for ten minutes like Cognito's.
    static func claims(issuedAt: Date = epoch) -> JSONObject {
        [
            "iss": .string(issuer),
            "aud": .string(poolID),
            "sub": .string(identityID),
            "amr": ["authenticated", "graph.facebook.com", .string("graph.facebook.com:\(poolID):\(facebookUserID)")],
            "iat": .number(issuedAt.timeIntervalSince1970),
            "exp": .number(issuedAt.timeIntervalSince1970 + 600),
            "https://cognito-identity.amazonaws.com/identity-pool-arn": .string(
                "arn:aws:cognito-identity:eu-west-1:123456789012:identitypool/\(poolID)"),
        ]
    }

    /// A JWKS document publishing the given keys as signing keys for `algorithm` (any allowed one when nil).
    static func jwks(_ keys: [(String, RSAKey)], algorithm: JWTAlgorithm? = .rs512) throws -> Data {
        let jwks = try keys.map { kid, key in
            var jwk = try key.publicJWK(keyID: kid, algorithm: algorithm ?? .rs512)
            jwk.alg = algorithm?.rawValue
            return jwk
        }
        return try JSONEncoder().encode(JWKS(keys: jwks))
    }
}

/// Builds tokens by hand, including ones no honest signer would make.
enum Forge {
    /// A compact token from raw header and payload bytes and a raw signature.
    static func token(headerJSON: String, payloadJSON: String, signature: Data = Data()) -> String {
        Base64URL.encode(Data(headerJSON.utf8)) + "." + Base64URL.encode(Data(payloadJSON.utf8)) + "."
            + Base64URL.encode(signature)
    }

    /// A token with any header, signed with `key` over `algorithm`.
    static func token(
        header: JSONObject, claims: JSONObject, key: RSAKey, algorithm: JWTAlgorithm = .rs512
    ) throws -> String {
        let input = Base64URL.encode(try json(header)) + "." + Base64URL.encode(try json(claims))
        return input + "." + Base64URL.encode(try key.sign(Data(input.utf8), algorithm: algorithm))
    }

    /// A token with any header, HMAC-SHA256-signed with `secret` (the classic RS/HS key-confusion attack).
    static func hs256(header: JSONObject, claims: JSONObject, secret: Data) throws -> String {
        let input = Base64URL.encode(try json(header)) + "." + Base64URL.encode(try json(claims))
        var mac = [UInt8](repeating: 0, count: 32)
        var length = 0
        let message = Array(input.utf8)
        let secretBytes = Array(secret)
        guard
            EVP_Q_mac(
                nil, "HMAC", nil, "SHA256", nil, secretBytes, secretBytes.count, message, message.count, &mac,
                mac.count, &length) != nil
        else { throw CryptoError.operationFailed("HMAC") }
        return input + "." + Base64URL.encode(mac.prefix(length))
    }

    static func json(_ object: JSONObject) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return try encoder.encode(object)
    }
}

/// A JWKS endpoint stand-in that counts fetches, and can be switched to fail or to serve other keys.
final class TestKeyServer: Sendable {
    private struct State {
        var document: Data
        var isDown = false
        var fetchCount = 0
    }

    private let state: Locked<State>
    private let delay: Duration

    init(document: Data, delay: Duration = .zero) {
        state = Locked(State(document: document))
        self.delay = delay
    }

    var fetchCount: Int { state.withLock { $0.fetchCount } }

    func publish(_ document: Data) { state.withLock { $0.document = document } }

    func setDown(_ isDown: Bool) { state.withLock { $0.isDown = isDown } }

    var fetcher: JWKSFetcher {
        JWKSFetcher { [self] in
            let (document, isDown) = state.withLock { state in
                state.fetchCount += 1
                return (state.document, state.isDown)
            }
            if delay > .zero { try await Task.sleep(for: delay) }
            if isDown { throw URLError(.cannotConnectToHost) }
            return document
        }
    }
}

/// A verifier for the test pool, with its clock and key server.
struct Harness {
    let keys: TestKeys
    let clock: TestClock
    let server: TestKeyServer
    let verifier: TokenVerifier

    init(
        keyAlgorithm: JWTAlgorithm? = .rs512, fetchDelay: Duration = .zero,
        configure: (inout TokenVerifier.Configuration) -> Void = { _ in }
    ) throws {
        keys = try TestKeys.get()
        clock = TestClock(Cognito.epoch)
        server = TestKeyServer(
            document: try Cognito.jwks([(Cognito.currentKeyID, keys.current)], algorithm: keyAlgorithm),
            delay: fetchDelay)
        var configuration = TokenVerifier.Configuration(audience: Cognito.poolID)
        configure(&configuration)
        let clock = clock
        verifier = TokenVerifier(configuration: configuration, fetcher: server.fetcher, now: { clock.now })
    }

    /// A token signed with the current JWKS key, in the Cognito header shape.
    func token(
        _ claims: JSONObject = Cognito.claims(), algorithm: JWTAlgorithm = .rs512, keyID: String = Cognito.currentKeyID
    ) throws -> String {
        try JWTSigner(key: keys.current, algorithm: algorithm, keyID: keyID).sign(claims)
    }
}
