/// A failure of a key, signing or hashing operation (as opposed to a refused token).
public enum CryptoError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The key material is not an acceptable RSA key (wrong type, size, encoding, or not private when signing).
    case invalidKey
    /// A stored password hash is not in the format `PasswordHasher` writes, or its parameters are out of bounds.
    case malformedPasswordHash
    /// The system random generator failed.
    case randomUnavailable
    /// An OpenSSL (or encoding) operation failed; the associated value names the operation.
    case operationFailed(String)

    /// A human-readable explanation.
    public var description: String {
        switch self {
        case .invalidKey: "The key is not an acceptable RSA key."
        case .malformedPasswordHash: "The stored password hash is malformed."
        case .randomUnavailable: "The random number generator failed."
        case .operationFailed(let operation): "The cryptographic operation failed: \(operation)."
        }
    }
}
