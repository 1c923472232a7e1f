import Foundation
import HTTPTypes
import Testing
import TokenVerifier

@Suite("SecureToken")
struct SecureTokenTests {
    @Test("tokens are 32 random bytes in 43 base64url characters, all different")
    func generates() throws {
        let tokens = try (0..<100).map { _ in try SecureToken.generate() }
        #expect(Set(tokens).count == 100)
        for token in tokens {
            #expect(token.count == 43)
            #expect(Base64URL.decode(token)?.count == 32)
        }
    }

    @Test("the storage hash is the SHA-256 of the token and matches only that token")
    func storageHash() throws {
        #expect(try SecureToken.storageHash(of: "abc") == "ungWv48Bz-pBQUDeXa4iI7ADYaOWF3qctBD_YfIAFa0")
        let token = try SecureToken.generate()
        let stored = try SecureToken.storageHash(of: token)
        #expect(stored != token)
        #expect(SecureToken.matches(token, storageHash: stored))
        #expect(!SecureToken.matches(token + "x", storageHash: stored))
        #expect(!SecureToken.matches(token, storageHash: "not base64url!"))
        #expect(!SecureToken.matches(token, storageHash: String(stored.dropLast(2))))
    }
}
