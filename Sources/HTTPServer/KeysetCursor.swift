import Foundation
import HTTPTypes
import PublicInit

/// Where a page of a list read newest first by `(created_at, id)` ends: its last row, opaque to clients.
///
/// The next page is every row strictly older than the cursor, so rows written after the first page all sort
/// before it and never shift a later page. On the wire it is base64url (``Base64URL``) of
/// `v1:<created_at>:<id>`, and anything else is refused, so an edited cursor can only ever name another
/// position, never change what a query may see. Change Jar's actions, the wall and a discussion page by it.
///
/// ```swift
/// let cursor = try KeysetCursor.query(request)          // ?cursor=…, or nil for the first page
/// let next = KeysetCursor(createdAt: last.createdAt, id: last.id).encoded
/// ```
@PublicInit
public struct KeysetCursor: Sendable, Hashable {
    /// The row's creation time (milliseconds since 1970), as stored.
    public var createdAt: Int64
    /// The row's id.
    public var id: Int64

    /// Reads a cursor a client sent back; `nil` for anything this server did not write (not canonical
    /// base64url, another version, a negative time, an id below 1, more than 64 bytes).
    public init?(_ text: some StringProtocol) {
        guard (1...Self.maximumLength).contains(text.utf8.count), let data = Base64URL.decode(text),
            let plain = String(data: data, encoding: .utf8)
        else { return nil }
        let parts = plain.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0] == "v1", let createdAt = Int64(parts[1]), let id = Int64(parts[2]),
            createdAt >= 0, id > 0
        else { return nil }
        self.init(createdAt: createdAt, id: id)
    }

    /// The longest text a cursor can be, in bytes: the document's `maxLength` for it.
    public static let maximumLength = 64

    /// The text a client passes back.
    public var encoded: String { Base64URL.encode(Data("v1:\(createdAt):\(id)".utf8)) }

    /// The cursor in the query parameter `name`: `nil` when it is absent or empty, a 400 naming the parameter
    /// when it is not one this server made.
    public static func query(_ request: Request, _ name: String = "cursor") throws -> KeysetCursor? {
        try request.issuedValue(name) { KeysetCursor($0) }
    }

    /// The 400 for a query parameter `name` that holds a value this server did not give out (a cursor, a mark).
    public static func notIssued(_ name: String) -> HTTPError {
        HTTPError(
            .badRequest, detail: "The query parameter '\(name)' holds a value this server did not issue.", field: name)
    }
}
