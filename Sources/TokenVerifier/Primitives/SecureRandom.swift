import COpenSSL
import Foundation

/// Cryptographically secure random bytes from OpenSSL's `RAND_bytes`.
enum SecureRandom {
    /// Returns `count` random bytes, or throws when the generator is not seeded or fails.
    static func bytes(_ count: Int) throws(CryptoError) -> Data {
        var bytes = Data(count: count)
        let status = bytes.withUnsafeMutableBytes { buffer in
            RAND_bytes(buffer.baseAddress?.assumingMemoryBound(to: UInt8.self), Int32(buffer.count))
        }
        guard status == 1 else {
            ERR_clear_error()
            throw .randomUnavailable
        }
        return bytes
    }
}
