import AttendeeModels
import Foundation
import HTTPServer
import TokenVerifier

/// A create's `Idempotency-Key` with what the request it came with asked for.
///
/// Two requests are the same when they go to the same path with the same body as decoded (its JSON re-encoded with
/// sorted keys, so a client's spacing or key order does not count); only a digest of it is kept. A streamed upload
/// stands for its body with ``UploadFingerprint`` (its content's SHA-256 and the query it was named with).
///
/// ```swift
/// let draft = try request.decode(NoteDraft.self)
/// let key = try IdempotencyKey(request, body: draft)   // nil without the header
/// ```
struct IdempotencyKey: Sendable {
    /// The key as the client sent it (without quotes).
    let value: String
    /// The SHA-256 of the method, path and canonical body, base64url.
    let fingerprint: String

    /// The request's key, or `nil` when it sends none; a malformed or over-long key is a 400 naming the header.
    init?(_ request: Request, body: some Encodable) throws {
        guard let header = request.headers[IdempotencyKeyRules.header] else { return nil }
        guard let value = IdempotencyKeyRules.key(header) else {
            throw HTTPError(
                .badRequest,
                detail: "The \(IdempotencyKeyRules.header) header must be 1 to \(IdempotencyKeyRules.maximumLength) "
                    + "visible ASCII characters, without quotes or backslashes inside.",
                type: IdempotencyKeyRules.invalidType, field: IdempotencyKeyRules.header)
        }
        let json = String(decoding: try Response.jsonEncoder.encode(body), as: UTF8.self)
        self.value = value
        self.fingerprint = try SecureToken.storageHash(of: "\(request.method.rawValue) \(request.path)\n\(json)")
    }

    /// The answer to a key sent again with another request.
    static let reused = HTTPError(
        .unprocessableContent,
        detail: "This \(IdempotencyKeyRules.header) was already used for a different request.",
        type: IdempotencyKeyRules.reusedType, field: IdempotencyKeyRules.header)

    /// How long a key is kept: a repeat after that is a new request.
    static let retention: TimeInterval = 24 * 3600
}

/// What an upload's `Idempotency-Key` fingerprint covers besides its method and path: the SHA-256 of the bytes
/// as they arrived (``MediaUpload/receivedSHA256``) and the query that names and places them.
struct UploadFingerprint: Encodable, Sendable {
    /// The received content's SHA-256, hex.
    let sha256: String
    /// The query parameters the route reads (`name`, `purpose`, `sessionID`), as sent.
    let query: [String: String]
}

/// What a create answers, and the live events to publish once it is committed (none when it was a repeat).
struct CreatedAnswer: Sendable {
    /// The response: the made thing as JSON, or what the first request with the key answered.
    let response: Response
    /// The live events the create stored; empty for a repeat, which changed nothing.
    let events: [LiveEvent]
    /// Whether this is the answer stored for an earlier request with the key (nothing was made now).
    var isReplay = false
}
