import COpenSSL
import Foundation
import HTTPTypes

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Signs links that stand in for a sign-in (a file shared by e-mail): an HMAC-SHA256 of what the link names, under
/// a key only the server holds, checked in constant time.
///
/// ```swift
/// let signer = LinkSigner(key: try LinkSigner.loadOrCreateKey(at: dataDirectory.appendingPathComponent("link.key")))
/// let signature = try signer.signature(for: "media\n\(id)\n\(expires)")
/// signer.isValid(signature, for: "media\n\(id)\n\(expires)")   // true
/// ```
///
/// NB: the message must name everything the link grants (what, until when, for which purpose), each part in a
/// form that cannot run into the next (fixed separators, no separator inside a part).
public struct LinkSigner: Sendable {
    private let key: Data

    /// A signer with `key` (at least 32 bytes: ``generateKey()``).
    public init(key: Data) {
        self.key = key
    }

    /// 32 random bytes, a key for a signer.
    public static func generateKey() throws(CryptoError) -> Data {
        try SecureRandom.bytes(32)
    }

    /// The key at `file`, created (32 random bytes, mode 0600, in a folder made 0700) when absent, so every
    /// instance that shares the data directory signs alike and a link outlives a restart.
    public static func loadOrCreateKey(at file: URL) throws -> Data {
        if let key = try? Data(contentsOf: file), key.count >= 32 { return key }
        try FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(), withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o700])
        let key = try generateKey()
        // NB: owner-only before any byte is written; O_EXCL keeps two starting servers from both writing.
        let descriptor = open(file.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            if errno == EEXIST, let existing = try? Data(contentsOf: file), existing.count >= 32 { return existing }
            throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: file.path])
        }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        try handle.write(contentsOf: key)
        try handle.synchronize()
        return key
    }

    /// The signature of `message`, as unpadded base64url (43 characters).
    public func signature(for message: String) throws(CryptoError) -> String {
        Base64URL.encode(try mac(Data(message.utf8)))
    }

    /// Whether `signature` is the signature of `message`, compared in constant time.
    public func isValid(_ signature: String, for message: String) -> Bool {
        guard let presented = Base64URL.decode(signature), let expected = try? mac(Data(message.utf8)) else {
            return false
        }
        return ConstantTime.equals(presented, expected)
    }

    private func mac(_ message: Data) throws(CryptoError) -> Data {
        var output = Data(count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        let done = key.withUnsafeBytes { key in
            message.withUnsafeBytes { message in
                output.withUnsafeMutableBytes { output in
                    HMAC(
                        EVP_sha256(), key.baseAddress, Int32(key.count),
                        message.baseAddress?.assumingMemoryBound(to: UInt8.self), message.count,
                        output.baseAddress?.assumingMemoryBound(to: UInt8.self), &length)
                }
            }
        }
        guard done != nil, length == 32 else {
            ERR_clear_error()
            throw .operationFailed("HMAC-SHA256")
        }
        return output.prefix(Int(length))
    }
}
