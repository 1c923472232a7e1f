import COpenSSL

/// The JWS algorithms this module signs and verifies: RSASSA-PKCS1-v1_5 with SHA-256 or SHA-512.
///
/// `none` and the HMAC algorithms are deliberately unrepresentable: a verifier cannot be configured to accept them.
public enum JWTAlgorithm: String, Sendable, Hashable, CaseIterable, Codable {
    /// RSASSA-PKCS1-v1_5 with SHA-256.
    case rs256 = "RS256"
    /// RSASSA-PKCS1-v1_5 with SHA-512 (what Cognito Identity signs with).
    case rs512 = "RS512"

    var digest: OpaquePointer? {
        switch self {
        case .rs256: EVP_sha256()
        case .rs512: EVP_sha512()
        }
    }
}
