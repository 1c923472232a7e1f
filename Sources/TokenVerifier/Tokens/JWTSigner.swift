import DynamicJSON
import Foundation
import HTTPTypes
import PublicInit

/// Signs JWT claims with an RSA private key into a compact token.
///
/// ```swift
/// let signer = JWTSigner(key: key, keyID: "eu-west-1-1")  // RS512, typ JWS, as Cognito Identity signs
/// let token = try signer.sign(["iss": "https://cognito-identity.amazonaws.com", "sub": "eu-west-1:…"])
/// ```
@PublicInit
public struct JWTSigner: Sendable {
    /// The private key.
    public var key: RSAKey
    /// The signing algorithm, written to the header's `alg`.
    public var algorithm: JWTAlgorithm = .rs512
    /// The key id, written to the header's `kid`.
    public var keyID: String
    /// The header's `typ`, or nil to leave it out.
    public var type: String? = "JWS"

    /// Signs a claims set and returns the compact token `header.payload.signature`.
    public func sign(_ claims: JSONObject) throws(CryptoError) -> String {
        var header: JSONObject = ["alg": .string(algorithm.rawValue), "kid": .string(keyID)]
        if let type { header["typ"] = .string(type) }
        let signingInput = Base64URL.encode(try header.encodedJSON()) + "." + Base64URL.encode(try claims.encodedJSON())
        let signature = try key.sign(Data(signingInput.utf8), algorithm: algorithm)
        return signingInput + "." + Base64URL.encode(signature)
    }
}
