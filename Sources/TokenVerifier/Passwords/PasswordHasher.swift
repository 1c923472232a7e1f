import COpenSSL
import Foundation
import HTTPTypes

/// Hashes passwords for storage with PBKDF2-HMAC-SHA256 or scrypt, and checks them in constant time.
///
/// The stored string records everything needed to check it later, in a PHC-like format with unpadded base64url:
/// `$pbkdf2-sha256$i=600000$<salt>$<hash>` or `$scrypt$ln=15,r=8,p=1$<salt>$<hash>`.
///
/// ```swift
/// let stored = try PasswordHasher().hash("correct horse")
/// let ok = try PasswordHasher().verify("correct horse", against: stored)  // true
/// ```
public struct PasswordHasher: Sendable {
    /// A key-derivation function and its cost parameters.
    public enum Algorithm: Sendable, Hashable {
        /// PBKDF2 with HMAC-SHA256 and the given iteration count.
        case pbkdf2SHA256(iterations: Int)
        /// scrypt with N = 2^`costExponent`, block size r and parallelism p.
        case scrypt(costExponent: Int, blockSize: Int, parallelism: Int)

        /// PBKDF2-HMAC-SHA256 at 600,000 iterations, OWASP's current figure for that function.
        public static let recommended = Algorithm.pbkdf2SHA256(iterations: 600_000)
    }

    /// The function and parameters used for new hashes.
    public var algorithm: Algorithm
    /// Compares derived keys; a seam so tests can prove the constant-time comparison is the one used.
    var compare: @Sendable (Data, Data) -> Bool = ConstantTime.equals

    static let saltLength = 16
    static let hashLength = 32

    /// Creates a hasher; lower the cost only in tests.
    public init(algorithm: Algorithm = .recommended) {
        self.algorithm = algorithm
    }

    /// Hashes a password with a fresh 16-byte random salt and returns the encoded string to store.
    public func hash(_ password: String) throws(CryptoError) -> String {
        guard Self.isWithinBounds(algorithm) else { throw .malformedPasswordHash }
        let salt = try SecureRandom.bytes(Self.saltLength)
        let derived = try Self.derive(password, salt: salt, algorithm: algorithm, length: Self.hashLength)
        return Self.encode(algorithm, salt: salt, hash: derived)
    }

    /// Whether `password` matches a string that `hash(_:)` produced; throws when the stored string is malformed.
    public func verify(_ password: String, against encoded: String) throws(CryptoError) -> Bool {
        let stored = try Self.decode(encoded)
        let derived = try Self.derive(
            password, salt: stored.salt, algorithm: stored.algorithm, length: stored.hash.count)
        return compare(derived, stored.hash)
    }

    /// Whether a stored hash was made with other parameters than this hasher's, and should be redone at next sign-in.
    public func needsRehash(_ encoded: String) -> Bool {
        guard let stored = try? Self.decode(encoded) else { return true }
        return stored.algorithm != algorithm
    }

    // MARK: - Derivation

    static func derive(
        _ password: String, salt: Data, algorithm: Algorithm, length: Int
    ) throws(CryptoError) -> Data {
        // NB: canonical composition (NFC), so a password typed as "é" or as "e" + combining accent matches itself.
        let passwordBytes = Array(password.precomposedStringWithCanonicalMapping.utf8)
        var output = Data(count: length)
        let status = passwordBytes.withUnsafeBufferPointer { passwordBuffer in
            salt.withUnsafeBytes { saltBuffer in
                output.withUnsafeMutableBytes { outputBuffer in
                    let saltPointer = saltBuffer.baseAddress?.assumingMemoryBound(to: UInt8.self)
                    let outputPointer = outputBuffer.baseAddress?.assumingMemoryBound(to: UInt8.self)
                    switch algorithm {
                    case .pbkdf2SHA256(let iterations):
                        return PKCS5_PBKDF2_HMAC(
                            passwordBuffer.baseAddress.map { UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self) },
                            Int32(passwordBuffer.count), saltPointer, Int32(saltBuffer.count), Int32(iterations),
                            EVP_sha256(), Int32(outputBuffer.count), outputPointer)
                    case .scrypt(let costExponent, let blockSize, let parallelism):
                        return EVP_PBE_scrypt(
                            passwordBuffer.baseAddress.map { UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self) },
                            passwordBuffer.count, saltPointer, saltBuffer.count, UInt64(1) << UInt64(costExponent),
                            UInt64(blockSize), UInt64(parallelism), UInt64(scryptMemoryLimit), outputPointer,
                            outputBuffer.count)
                    }
                }
            }
        }
        guard status == 1 else {
            ERR_clear_error()
            throw .operationFailed("password key derivation")
        }
        return output
    }

    // NB: scrypt needs 128 · r · N bytes; the bound below is twice the largest accepted setting, so a stored
    // hash can never make the server allocate more than this.
    private static let scryptMemoryLimit = 2 * 256 * 1024 * 1024

    private static func isWithinBounds(_ algorithm: Algorithm) -> Bool {
        switch algorithm {
        case .pbkdf2SHA256(let iterations):
            (1...10_000_000).contains(iterations)
        case .scrypt(let costExponent, let blockSize, let parallelism):
            (1...24).contains(costExponent) && (1...32).contains(blockSize) && (1...16).contains(parallelism)
                && 128 * blockSize << costExponent <= scryptMemoryLimit / 2
        }
    }

    // MARK: - Encoding

    private struct Stored {
        var algorithm: Algorithm
        var salt: Data
        var hash: Data
    }

    private static func encode(_ algorithm: Algorithm, salt: Data, hash: Data) -> String {
        let parameters =
            switch algorithm {
            case .pbkdf2SHA256(let iterations):
                "pbkdf2-sha256$i=\(iterations)"
            case .scrypt(let costExponent, let blockSize, let parallelism):
                "scrypt$ln=\(costExponent),r=\(blockSize),p=\(parallelism)"
            }
        return "$\(parameters)$\(Base64URL.encode(salt))$\(Base64URL.encode(hash))"
    }

    private static func decode(_ encoded: String) throws(CryptoError) -> Stored {
        let fields = encoded.split(separator: "$", omittingEmptySubsequences: false)
        guard fields.count == 5, fields[0].isEmpty,
            let salt = Base64URL.decode(fields[3]), (8...64).contains(salt.count),
            let hash = Base64URL.decode(fields[4]), hash.count == hashLength
        else { throw .malformedPasswordHash }
        let parameters = parseParameters(fields[2])
        let algorithm: Algorithm
        switch fields[1] {
        case "pbkdf2-sha256":
            guard parameters.count == 1, let iterations = parameters["i"] else { throw .malformedPasswordHash }
            algorithm = .pbkdf2SHA256(iterations: iterations)
        case "scrypt":
            guard parameters.count == 3, let costExponent = parameters["ln"], let blockSize = parameters["r"],
                let parallelism = parameters["p"]
            else { throw .malformedPasswordHash }
            algorithm = .scrypt(costExponent: costExponent, blockSize: blockSize, parallelism: parallelism)
        default:
            throw .malformedPasswordHash
        }
        guard isWithinBounds(algorithm) else { throw .malformedPasswordHash }
        return Stored(algorithm: algorithm, salt: salt, hash: hash)
    }

    /// Parses `name=value,name=value` with small decimal values; a malformed pair yields an empty result.
    private static func parseParameters(_ text: Substring) -> [String: Int] {
        var result: [String: Int] = [:]
        for pair in text.split(separator: ",", omittingEmptySubsequences: false) {
            let parts = pair.split(separator: "=", omittingEmptySubsequences: false)
            guard parts.count == 2, parts[1].count <= 9, parts[1].allSatisfy(\.isASCII),
                let value = Int(parts[1]), result[String(parts[0])] == nil
            else { return [:] }
            result[String(parts[0])] = value
        }
        return result
    }
}
