import COpenSSL
import Foundation

/// SHA-256 over data that arrives in pieces (an upload written to disk as it comes), through OpenSSL's
/// `EVP_Digest*` API.
///
/// ```swift
/// let hasher = SHA256Hasher()
/// hasher.update(piece)              // as often as pieces arrive
/// let hex = hasher.finalizeHex()    // 64 lowercase hex digits
/// ```
///
/// NB: not `Sendable`: one writer feeds it; a type that hands it between threads says so itself.
public final class SHA256Hasher {
    private let context: OpaquePointer?
    private var finished = false

    /// A hasher with nothing hashed yet.
    public init() {
        context = EVP_MD_CTX_new()
        if let context, EVP_DigestInit_ex(context, EVP_sha256(), nil) != 1 { ERR_clear_error() }
    }

    deinit { EVP_MD_CTX_free(context) }

    /// Adds the next bytes.
    public func update(_ bytes: UnsafeRawBufferPointer) {
        guard !finished, let context, let base = bytes.baseAddress, bytes.count > 0 else { return }
        if EVP_DigestUpdate(context, base, bytes.count) != 1 { ERR_clear_error() }
    }

    /// Adds the next bytes.
    public func update(_ data: Data) {
        data.withUnsafeBytes { update($0) }
    }

    /// The digest of everything added, as 32 bytes (the hasher takes no more input afterwards).
    public func finalize() throws(CryptoError) -> Data {
        guard !finished, let context else { throw .operationFailed("SHA-256") }
        finished = true
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        guard EVP_DigestFinal_ex(context, &digest, &length) == 1 else {
            ERR_clear_error()
            throw .operationFailed("SHA-256")
        }
        return Data(digest.prefix(Int(length)))
    }

    /// The digest as 64 lowercase hexadecimal digits.
    public func finalizeHex() throws(CryptoError) -> String {
        try finalize().map { byte in
            let hex = String(byte, radix: 16)
            return byte < 16 ? "0" + hex : hex
        }.joined()
    }
}
