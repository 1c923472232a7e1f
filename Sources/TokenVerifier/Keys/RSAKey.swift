import COpenSSL
import Foundation
import HTTPTypes

// NB: @unchecked Sendable is sound because the class owns exactly one EVP_PKEY reference, never replaces or
// mutates it after initialization, and frees it once in deinit. OpenSSL 3 allows one EVP_PKEY to be used from
// many threads at once for signing and verifying: each operation makes its own EVP_MD_CTX, and the reference
// count and provider key cache inside the EVP_PKEY are guarded by OpenSSL's own locks.
/// An RSA key pair, or an RSA public key, held by OpenSSL as an `EVP_PKEY`.
///
/// Keys are 2048 to 8192 bits; smaller (weak) and larger (costly to verify) keys are refused on import.
public final class RSAKey: @unchecked Sendable {
    /// The accepted key sizes, in bits.
    public static let acceptedBits = 2048...8192

    let key: OpaquePointer
    /// Whether this key holds the private half and can sign.
    public let isPrivate: Bool

    private init(owning key: OpaquePointer, isPrivate: Bool) {
        self.key = key
        self.isPrivate = isPrivate
    }

    deinit {
        EVP_PKEY_free(key)
    }

    /// The modulus size in bits.
    public var bits: Int { Int(EVP_PKEY_get_bits(key)) }

    // MARK: - Making keys

    /// Generates a new RSA key pair (2048, 3072 or 4096 bits) with public exponent 65537.
    public static func generate(bits: Int = 2048) throws(CryptoError) -> RSAKey {
        guard [2048, 3072, 4096].contains(bits) else { throw .invalidKey }
        guard let context = EVP_PKEY_CTX_new_from_name(nil, "RSA", nil) else {
            throw .operationFailed("RSA key generation")
        }
        defer { EVP_PKEY_CTX_free(context) }
        var generated: OpaquePointer?
        guard EVP_PKEY_keygen_init(context) == 1,
            EVP_PKEY_CTX_set_rsa_keygen_bits(context, Int32(bits)) == 1,
            EVP_PKEY_generate(context, &generated) == 1
        else {
            ERR_clear_error()
            throw .operationFailed("RSA key generation")
        }
        return try adopt(generated, isPrivate: true)
    }

    /// Reads an unencrypted private key from PEM (PKCS#8 `BEGIN PRIVATE KEY`, or PKCS#1 `BEGIN RSA PRIVATE KEY`).
    public static func privateKey(pem: String) throws(CryptoError) -> RSAKey {
        let key = try withMemoryBIO(pem) { bio in PEM_read_bio_PrivateKey(bio, nil, refusePassphrase, nil) }
        return try adopt(key, isPrivate: true)
    }

    /// Reads a public key from PEM (SubjectPublicKeyInfo, `BEGIN PUBLIC KEY`).
    public static func publicKey(pem: String) throws(CryptoError) -> RSAKey {
        let key = try withMemoryBIO(pem) { bio in PEM_read_bio_PUBKEY(bio, nil, refusePassphrase, nil) }
        return try adopt(key, isPrivate: false)
    }

    /// Builds a public key from its big-endian modulus and public exponent (JWK `n` and `e`, decoded).
    public static func publicKey(modulus: Data, exponent: Data) throws(CryptoError) -> RSAKey {
        // NB: sizes are bounded before OpenSSL sees the numbers: 1025 bytes is 8192 bits plus a leading zero
        // byte, and OpenSSL's RSA verification refuses exponents above 64 bits for large moduli anyway.
        guard (1...1025).contains(modulus.count), (1...8).contains(exponent.count) else { throw .invalidKey }
        // NB: e must be odd and at least 3; e = 1 would make every message its own signature.
        guard let lastExponentByte = exponent.last, lastExponentByte & 1 == 1,
            exponent.dropLast().contains(where: { $0 != 0 }) || lastExponentByte >= 3
        else { throw .invalidKey }
        guard let builder = OSSL_PARAM_BLD_new() else { throw .operationFailed("OSSL_PARAM_BLD_new") }
        defer { OSSL_PARAM_BLD_free(builder) }
        let modulusNumber = bigNumber(modulus)
        let exponentNumber = bigNumber(exponent)
        defer {
            BN_free(modulusNumber)
            BN_free(exponentNumber)
        }
        guard let modulusNumber, let exponentNumber,
            // NB: the builder keeps the parameter-name pointers, so they must be C strings with static storage.
            OSSL_PARAM_BLD_push_BN(builder, copenssl_param_rsa_n(), modulusNumber) == 1,
            OSSL_PARAM_BLD_push_BN(builder, copenssl_param_rsa_e(), exponentNumber) == 1,
            let parameters = OSSL_PARAM_BLD_to_param(builder)
        else {
            ERR_clear_error()
            throw .operationFailed("RSA parameters")
        }
        defer { OSSL_PARAM_free(parameters) }
        guard let context = EVP_PKEY_CTX_new_from_name(nil, "RSA", nil) else {
            throw .operationFailed("RSA key import")
        }
        defer { EVP_PKEY_CTX_free(context) }
        var imported: OpaquePointer?
        guard EVP_PKEY_fromdata_init(context) == 1,
            EVP_PKEY_fromdata(context, &imported, copenssl_evp_pkey_public_key_selection(), parameters) == 1
        else {
            ERR_clear_error()
            throw .invalidKey
        }
        return try adopt(imported, isPrivate: false)
    }

    /// Builds a public key from an RSA JWK (`kty: RSA` with base64url `n` and `e`).
    public static func publicKey(jwk: JWK) throws(CryptoError) -> RSAKey {
        guard jwk.kty == "RSA", let n = jwk.n, let e = jwk.e,
            let modulus = Base64URL.decode(n), let exponent = Base64URL.decode(e)
        else { throw .invalidKey }
        return try publicKey(modulus: modulus, exponent: exponent)
    }

    // MARK: - Exporting keys

    /// The private key as unencrypted PKCS#8 PEM (`BEGIN PRIVATE KEY`).
    public func privateKeyPEM() throws(CryptoError) -> String {
        guard isPrivate else { throw .invalidKey }
        return try writePEM { bio in PEM_write_bio_PrivateKey(bio, key, nil, nil, 0, nil, nil) }
    }

    /// The public key as SubjectPublicKeyInfo PEM (`BEGIN PUBLIC KEY`).
    public func publicKeyPEM() throws(CryptoError) -> String {
        try writePEM { bio in PEM_write_bio_PUBKEY(bio, key) }
    }

    /// The public key as a JWK for a JWKS document: `kty: RSA`, `use: sig`, the given `kid` and `alg`.
    public func publicJWK(keyID: String, algorithm: JWTAlgorithm) throws(CryptoError) -> JWK {
        JWK(
            kty: "RSA", kid: keyID, alg: algorithm.rawValue, use: "sig",
            n: Base64URL.encode(try bigNumberParameter("n")), e: Base64URL.encode(try bigNumberParameter("e")))
    }

    // MARK: - Signing and verifying

    /// Signs `data` with RSASSA-PKCS1-v1_5 over the algorithm's digest (JWS `RS256` / `RS512`).
    public func sign(_ data: Data, algorithm: JWTAlgorithm) throws(CryptoError) -> Data {
        guard isPrivate else { throw .invalidKey }
        guard let context = EVP_MD_CTX_new() else { throw .operationFailed("EVP_MD_CTX_new") }
        defer { EVP_MD_CTX_free(context) }
        var signature = Data(count: Int(EVP_PKEY_get_size(key)))
        var length = signature.count
        let status = data.withUnsafeBytes { input in
            signature.withUnsafeMutableBytes { output in
                guard EVP_DigestSignInit(context, nil, algorithm.digest, nil, key) == 1 else { return Int32(0) }
                return EVP_DigestSign(
                    context, output.baseAddress?.assumingMemoryBound(to: UInt8.self), &length,
                    input.baseAddress?.assumingMemoryBound(to: UInt8.self), input.count)
            }
        }
        guard status == 1 else {
            ERR_clear_error()
            throw .operationFailed("EVP_DigestSign")
        }
        return signature.prefix(length)
    }

    /// Whether `signature` is a valid RSASSA-PKCS1-v1_5 signature of `data` under the algorithm's digest.
    public func verify(signature: Data, of data: Data, algorithm: JWTAlgorithm) -> Bool {
        // NB: a PKCS#1 v1.5 signature is exactly the modulus length; anything else is refused unseen.
        guard signature.count == Int(EVP_PKEY_get_size(key)), let context = EVP_MD_CTX_new() else { return false }
        defer { EVP_MD_CTX_free(context) }
        let status = data.withUnsafeBytes { input in
            signature.withUnsafeBytes { signatureBytes in
                guard EVP_DigestVerifyInit(context, nil, algorithm.digest, nil, key) == 1 else { return Int32(0) }
                return EVP_DigestVerify(
                    context, signatureBytes.baseAddress?.assumingMemoryBound(to: UInt8.self), signatureBytes.count,
                    input.baseAddress?.assumingMemoryBound(to: UInt8.self), input.count)
            }
        }
        // NB: a failed verification leaves entries on this thread's OpenSSL error queue; clear them so they
        // neither pile up nor surface in an unrelated later call.
        ERR_clear_error()
        return status == 1
    }

    // MARK: - OpenSSL plumbing

    /// Wraps a freshly made EVP_PKEY, or frees it and throws when it is not an RSA key of an accepted size.
    private static func adopt(_ key: OpaquePointer?, isPrivate: Bool) throws(CryptoError) -> RSAKey {
        guard let key else {
            ERR_clear_error()
            throw .invalidKey
        }
        guard EVP_PKEY_is_a(key, "RSA") == 1, acceptedBits.contains(Int(EVP_PKEY_get_bits(key))) else {
            EVP_PKEY_free(key)
            throw .invalidKey
        }
        return RSAKey(owning: key, isPrivate: isPrivate)
    }

    /// Runs `body` with a read-only memory BIO over the UTF-8 of `text`.
    private static func withMemoryBIO(
        _ text: String, _ body: (OpaquePointer) -> OpaquePointer?
    ) throws(CryptoError) -> OpaquePointer? {
        var bytes = Array(text.utf8)
        guard !bytes.isEmpty, bytes.count <= 64 * 1024 else { throw .invalidKey }
        return bytes.withUnsafeMutableBytes { buffer -> OpaquePointer? in
            guard let bio = BIO_new_mem_buf(buffer.baseAddress, Int32(buffer.count)) else { return nil }
            defer { BIO_free(bio) }
            return body(bio)
        }
    }

    private func writePEM(_ write: (OpaquePointer) -> Int32) throws(CryptoError) -> String {
        guard let bio = BIO_new(BIO_s_mem()) else { throw .operationFailed("BIO_new") }
        defer { BIO_free(bio) }
        guard write(bio) == 1 else {
            ERR_clear_error()
            throw .operationFailed("PEM export")
        }
        var pointer: UnsafeMutablePointer<CChar>?
        let length = copenssl_bio_get_mem_data(bio, &pointer)
        guard let pointer, length > 0 else { throw .operationFailed("PEM export") }
        return String(decoding: UnsafeRawBufferPointer(start: pointer, count: length), as: UTF8.self)
    }

    private func bigNumberParameter(_ name: String) throws(CryptoError) -> Data {
        var number: OpaquePointer?
        guard EVP_PKEY_get_bn_param(key, name, &number) == 1, let number else {
            ERR_clear_error()
            throw .operationFailed("RSA parameter export")
        }
        defer { BN_free(number) }
        var bytes = Data(count: Int(copenssl_bn_num_bytes(number)))
        bytes.withUnsafeMutableBytes { buffer in
            _ = BN_bn2bin(number, buffer.baseAddress?.assumingMemoryBound(to: UInt8.self))
        }
        return bytes
    }

    private static func bigNumber(_ bytes: Data) -> OpaquePointer? {
        bytes.withUnsafeBytes { buffer in
            BN_bin2bn(buffer.baseAddress?.assumingMemoryBound(to: UInt8.self), Int32(buffer.count), nil)
        }
    }
}

// NB: with a nil callback OpenSSL would prompt for an encrypted key's passphrase on the terminal; a server must
// never block on that, so encrypted PEM is refused instead.
private let refusePassphrase:
    @convention(c) (
        UnsafeMutablePointer<CChar>?, Int32, Int32, UnsafeMutableRawPointer?
    ) -> Int32 = { _, _, _, _ in -1 }
