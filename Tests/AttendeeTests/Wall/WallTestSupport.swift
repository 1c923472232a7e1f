import AttendeeModels
import Foundation
import HTTPServer
import Testing

@testable import AttendeeServer

/// Wall and discussion calls for the server tests.
extension AttendeeTestServer {
    var wallPath: String { "/attendee/v1/events/\(eventID)/wall" }

    /// The person id behind a token.
    func personID(_ token: String) async throws -> String {
        try await client.get("/attendee/v1/me", headers: Self.auth(token)).decode(MyProfile.self).person.id
    }

    /// Makes the token's person the demo event's organizer.
    func makeOrganizer(_ token: String) async throws {
        let id = try await personID(token)
        let eventID = self.eventID
        _ = try await database.write { db in
            try db.execute("UPDATE attendee_event SET organizer_id = \(id) WHERE id = \(eventID)")
        }
    }

    /// Posts and requires a 201.
    func post(_ token: String, _ text: String, imageID: String? = nil) async throws -> WallPost {
        let response = try await client.post(
            wallPath, json: NewPost(text: text, imageID: imageID), headers: Self.auth(token))
        try #require(response.status == .created, "\(response.bodyText)")
        return try response.decode(WallPost.self)
    }

    /// Posts a raw body.
    func postRaw(_ path: String, _ token: String, _ body: Data) async throws -> Response {
        try await client.post(path, body: body, headers: Self.auth(token))
    }

    /// A page of the wall as `token` sees it.
    func wall(_ token: String, cursor: String? = nil, limit: Int? = nil) async throws -> WallPage {
        var query: [String] = []
        if let cursor { query.append("cursor=\(cursor)") }
        if let limit { query.append("limit=\(limit)") }
        let target = wallPath + (query.isEmpty ? "" : "?" + query.joined(separator: "&"))
        let response = try await client.get(target, headers: Self.auth(token))
        try #require(response.status == .ok, "\(response.bodyText)")
        return try response.decode(WallPage.self)
    }

    /// The whole wall, every page followed.
    func wholeWall(_ token: String) async throws -> [WallPost] {
        var posts: [WallPost] = []
        var cursor: String?
        repeat {
            let page = try await wall(token, cursor: cursor, limit: PostPaging.maxLimit)
            posts += page.posts
            cursor = page.nextCursor
        } while cursor != nil
        return posts
    }

    func like(_ postID: String, _ token: String) async throws -> Response {
        try await client.request(.put, "/attendee/v1/wall/\(postID)/like", headers: Self.auth(token))
    }

    func unlike(_ postID: String, _ token: String) async throws -> Response {
        try await client.request(.delete, "/attendee/v1/wall/\(postID)/like", headers: Self.auth(token))
    }

    /// `call`'s response, made again (at most ten times) while the database answers "busy", as a client told to
    /// try again does.
    ///
    /// NB: for the tests that race many writes: on a loaded two-core machine some of 32 likes at once waited past the
    /// writer's 30 s acquire timeout and were answered 503 (`likeAndUnlikeRaces…` failed so, again and again). That
    /// answer means the write never began, so a retry cannot count twice; any other 503 (a request timeout, which
    /// may still commit) is returned as it is.
    func retryingBusy(_ call: () async throws -> Response) async throws -> Response {
        for _ in 0..<10 {
            let response = try await call()
            guard response.status == .serviceUnavailable, response.bodyText.contains("The service is busy") else {
                return response
            }
            try await Task.sleep(for: .milliseconds(200))
        }
        return try await call()
    }

    func reply(_ postID: String, _ token: String, _ text: String) async throws -> Response {
        try await client.post(
            "/attendee/v1/wall/\(postID)/replies", json: NewWallReply(text: text), headers: Self.auth(token))
    }

    /// The first session of the demo event.
    func firstSessionID() async throws -> String {
        try #require(try await agenda().first?.id)
    }

    /// Like rows as stored, and the post's stored count.
    func storedLikes(_ postID: String) async throws -> (rows: Int, count: Int) {
        let id = try #require(Int64(postID))
        return try await database.read { db in
            let rows =
                try db.fetchValue(Int.self, "SELECT COUNT(*) FROM attendee_wall_like WHERE post_id = \(id)") ?? -1
            let count = try db.fetchValue(Int.self, "SELECT like_count FROM attendee_wall_post WHERE id = \(id)") ?? -1
            return (rows, count)
        }
    }
}
