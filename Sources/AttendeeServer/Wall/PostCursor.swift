import AttendeeModels
import Foundation
import HTTPServer

/// Where a page of posts ends: the last post's `(created_at, id)`, opaque to clients.
///
/// Pages are ordered newest first by `(created_at, id)`, so the next page is everything strictly older than the
/// cursor; posts written after the first page all sort before it and never shift a later page.
struct PostCursor: Sendable, Hashable {
    /// The post's creation time in milliseconds, as stored.
    var createdAt: Int64
    /// The post's id.
    var id: Int64

    /// The text clients pass back: base64url of `v1:<milliseconds>:<id>`.
    var encoded: String {
        Data("v1:\(createdAt):\(id)".utf8).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    init(createdAt: Int64, id: Int64) {
        self.createdAt = createdAt
        self.id = id
    }

    /// Reads a cursor a client sent; `nil` when it is not one this server made.
    init?(encoded text: String) {
        guard text.count <= 64 else { return nil }
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        guard let data = Data(base64Encoded: base64), let plain = String(data: data, encoding: .utf8) else {
            return nil
        }
        let parts = plain.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0] == "v1", let createdAt = Int64(parts[1]), let id = Int64(parts[2]) else {
            return nil
        }
        self.init(createdAt: createdAt, id: id)
    }

    /// The `cursor` and `limit` query parameters of a page request: 400 for a cursor that is not one, 422 for a
    /// limit outside 1…``PostPaging/maxLimit``.
    static func page(_ request: Request) throws -> (cursor: PostCursor?, limit: Int) {
        var cursor: PostCursor?
        if let text = request.query["cursor"], !text.isEmpty {
            guard let parsed = PostCursor(encoded: text) else {
                throw HTTPError(.badRequest, detail: "This cursor is not valid.", field: "cursor")
            }
            cursor = parsed
        }
        return (cursor, try request.pageSize(default: PostPaging.defaultLimit, maximum: PostPaging.maxLimit))
    }

    /// An id from a path: 404 when it is not a number, as no such post exists.
    static func id(_ text: String, _ what: String) throws -> Int64 {
        guard let id = Int64(text), id > 0 else {
            throw HTTPError(.notFound, detail: "There is no \(what) with this id.")
        }
        return id
    }
}
