import Foundation
import TokenVerifier

/// The stand-in's RSA signing key: generated on first start, then read back from the data directory.
enum SigningKeyFile {
    /// The key's file name inside the stand-in's folder.
    static let fileName = "signing-key.pem"

    /// Loads the key at `directory/signing-key.pem`, creating the folder (0700) and the key (0600) when absent.
    static func loadOrCreate(in directory: URL) throws -> RSAKey {
        let manager = FileManager.default
        let file = directory.appendingPathComponent(fileName)
        if let pem = try? String(contentsOf: file, encoding: .utf8) {
            return try RSAKey.privateKey(pem: pem)
        }
        try manager.createDirectory(
            at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let key = try RSAKey.generate(bits: 2048)
        let pem = try key.privateKeyPEM()
        // NB: the file is created with owner-only permissions before any byte is written, so the private key is
        // never readable by others, even for an instant; O_EXCL keeps two starting servers from both writing.
        let descriptor = open(file.path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        guard descriptor >= 0 else {
            if errno == EEXIST, let pem = try? String(contentsOf: file, encoding: .utf8) {
                return try RSAKey.privateKey(pem: pem)
            }
            throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: file.path])
        }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        try handle.write(contentsOf: Data(pem.utf8))
        try handle.synchronize()
        return key
    }
}
