import AttendeeModels
import Foundation
import HTTPServer

/// How a wall or discussion request names its page and its posts.
enum WallRequest {
    /// The `cursor` and `limit` query parameters of a page request: 400 for a cursor that is not one, 422 for a
    /// limit outside 1…``PostPaging/maxLimit``.
    static func page(_ request: Request) throws -> (cursor: KeysetCursor?, limit: Int) {
        (
            try KeysetCursor.query(request),
            try request.pageSize(default: PostPaging.defaultLimit, maximum: PostPaging.maxLimit)
        )
    }

    /// An id from a path: 404 when it is not a number, as no such post exists.
    static func id(_ text: String, _ what: String) throws -> Int64 {
        guard let id = Int64(text), id > 0 else {
            throw HTTPError(.notFound, detail: "There is no \(what) with this id.")
        }
        return id
    }
}
