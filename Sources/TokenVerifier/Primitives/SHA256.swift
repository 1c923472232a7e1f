import COpenSSL
import Foundation

/// SHA-256 through OpenSSL's one-shot `EVP_Digest`.
enum SHA256 {
    /// The 32-byte SHA-256 digest of `data`.
    static func hash(_ data: Data) throws(CryptoError) -> Data {
        var digest = Data(count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        let status = data.withUnsafeBytes { input in
            digest.withUnsafeMutableBytes { output in
                EVP_Digest(
                    input.baseAddress, input.count,
                    output.baseAddress?.assumingMemoryBound(to: UInt8.self), &length, EVP_sha256(), nil)
            }
        }
        guard status == 1 else {
            ERR_clear_error()
            throw .operationFailed("SHA-256")
        }
        return digest.prefix(Int(length))
    }
}
