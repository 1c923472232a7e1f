import Foundation
import HTTPTypes

/// Random opaque tokens (session ids, reset links, API keys) and the SHA-256 digest to store in their place.
///
/// Store only `storageHash(of:)`; a leaked table then holds nothing that can be presented as a token.
public enum SecureToken {
    /// A new token: 32 random bytes (256 bits) as unpadded base64url, 43 characters.
    public static func generate() throws(CryptoError) -> String {
        Base64URL.encode(try SecureRandom.bytes(32))
    }

    /// The SHA-256 of the token's UTF-8, as unpadded base64url, for storage and lookup.
    public static func storageHash(of token: String) throws(CryptoError) -> String {
        Base64URL.encode(try SHA256.hash(Data(token.utf8)))
    }

    /// Whether a presented token matches a stored hash, compared in constant time.
    public static func matches(_ token: String, storageHash: String) -> Bool {
        guard let stored = Base64URL.decode(storageHash), let presented = try? SHA256.hash(Data(token.utf8)) else {
            return false
        }
        return ConstantTime.equals(presented, stored)
    }
}
