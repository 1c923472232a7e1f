import DynamicJSON
import Foundation
import HTTPTypes

/// A compact JWS (`header.payload.signature`), split and decoded but not yet trusted.
///
/// Parsing checks the size limit, the segment count, the base64url of all three segments and that the header
/// is a JSON object with a string `alg`. The payload stays bytes until the signature has been verified:
/// `claims()` decodes it then.
public struct CompactJWS: Sendable {
    /// The largest token accepted, in bytes; bounds the work an attacker can ask for.
    public static let maximumLength = 16 * 1024

    /// The decoded JOSE header.
    public let header: JSONObject
    /// The decoded payload bytes (not yet parsed).
    public let payload: Data
    /// The decoded signature bytes.
    public let signature: Data
    /// The ASCII bytes `header.payload` that the signature covers.
    public let signingInput: Data

    /// Splits and decodes a compact token; throws `TokenError.malformed` when it is not one.
    public init(parsing token: String) throws(TokenError) {
        let utf8 = token.utf8
        guard utf8.count <= Self.maximumLength else { throw .malformed(.tooLarge) }
        let segments = utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard segments.count == 3 else { throw .malformed(.segmentCount) }
        guard let headerBytes = Base64URL.decode(Substring(segments[0])),
            let payload = Base64URL.decode(Substring(segments[1])),
            let signature = Base64URL.decode(Substring(segments[2]))
        else { throw .malformed(.base64) }
        guard let header = JSONObject.decodeObject(headerBytes), header["alg"]?.stringValue != nil else {
            throw .malformed(.header)
        }
        self.header = header
        self.payload = payload
        self.signature = signature
        self.signingInput = Data(utf8[segments[0].startIndex..<segments[1].endIndex])
    }

    /// The header's `alg` member.
    public var algorithmName: String { header["alg"]?.stringValue ?? "" }

    /// The header's `kid` member, when it is a string.
    public var keyID: String? { header["kid"]?.stringValue }

    /// Decodes the payload as a JSON object. Call only after the signature has been verified.
    public func claims() throws(TokenError) -> JSONObject {
        guard let claims = JSONObject.decodeObject(payload) else { throw .malformed(.payload) }
        return claims
    }
}
