import AttendeeModels
import Database
import DatabaseTestSupport
import Foundation
import HTTPServer
import Testing

@testable import AttendeeServer

/// The event wall on the server: members only, newest first with stable paging, exact likes, replies,
/// ownership of deletes, the text rules and the live events, on both databases.
@Suite struct WallServerTests {
    @Test(arguments: DatabaseKind.eachDialect)
    func membersSeePostsNewestFirstWithTheirOwnLikesAndTheReplies(_ kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let ana = try await server.registeredAttendee("Ana Ferreira")
            let bo = try await server.registeredAttendee("Bo Chen")
            let first = try await server.post(ana, "Coffee is in the hall ☕️")
            let photo = try await server.photoID(bo)
            let second = try await server.post(bo, "", imageID: photo)
            #expect(try await server.like(first.id, bo).status == .ok)
            let replied = try await server.reply(first.id, bo, "Thanks!")
            #expect(replied.status == .created)

            let seenByAna = try await server.wall(ana)
            #expect(seenByAna.posts.map(\.id) == [second.id, first.id])
            #expect(seenByAna.posts[1].text == "Coffee is in the hall ☕️")
            #expect(seenByAna.posts[1].author.name == "Ana Ferreira")
            #expect(seenByAna.posts[1].likeCount == 1)
            #expect(seenByAna.posts[1].likedByMe == false)
            #expect(seenByAna.posts[1].replies.map(\.text) == ["Thanks!"])
            #expect(seenByAna.posts[1].replies.first?.author.name == "Bo Chen")
            #expect(seenByAna.posts[0].imageID == photo)
            #expect(seenByAna.posts[0].text == "")
            #expect(seenByAna.viewer == PostViewer(personID: try await server.personID(ana), isOrganizer: false))
            #expect(seenByAna.nextCursor == nil)
            #expect(try await server.wall(bo).posts[1].likedByMe)
        }
    }

    @Test(arguments: DatabaseKind.eachDialect)
    func peopleWhoAreNotMembersCannotReadOrWriteAndNothingChanges(_ kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let ana = try await server.registeredAttendee("Ana Ferreira")
            let post = try await server.post(ana, "Members only")
            let stranger = try await server.signUp("Not Registered")
            let auth = AttendeeTestServer.auth(stranger)
            #expect(try await server.client.get(server.wallPath, headers: auth).status == .forbidden)
            #expect(
                try await server.client.post(server.wallPath, json: NewPost(text: "hi"), headers: auth).status
                    == .forbidden)
            #expect(try await server.like(post.id, stranger).status == .notFound)
            #expect(try await server.reply(post.id, stranger, "hi").status == .notFound)
            #expect(
                try await server.client.delete("/attendee/v1/wall/\(post.id)", headers: auth).status == .notFound)
            #expect(try await server.client.get(server.wallPath).status == .unauthorized)
            #expect(
                try await server.client.get(server.wallPath, headers: AttendeeTestServer.auth("not-a-token")).status
                    == .unauthorized)
            #expect(
                try await server.client.get("/attendee/v1/events/no-such-event/wall", headers: auth).status
                    == .notFound)

            let after = try await server.wholeWall(ana)
            #expect(after.map(\.id) == [post.id])
            #expect(after[0].likeCount == 0)
            #expect(after[0].replies.isEmpty)
        }
    }

    /// Post, reply and message ids are counters shared by every event: an outsider who got 403 for an id that
    /// exists and 404 for one that does not could count everyone's posts by walking the ids.
    @Test(arguments: DatabaseKind.eachDialect)
    func anOutsiderCannotTellAPostReplyOrMessageThatExistsFromOneThatDoesNot(_ kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let ana = try await server.registeredAttendee("Ana Ferreira")
            let post = try await server.post(ana, "Members only")
            let reply = try await server.reply(post.id, ana, "Mine").decode(WallReply.self)
            let session = try await server.firstSessionID()
            let message = try await server.client.post(
                "/attendee/v1/sessions/\(session)/discussion", json: NewPost(text: "Great talk"),
                headers: AttendeeTestServer.auth(ana)
            ).decode(DiscussionMessage.self)
            let stranger = try await server.signUp("Not Registered")
            let outsider = AttendeeTestServer.auth(stranger)
            let missing = "999999"

            func answers(post: String, reply: String, message: String) async throws -> [String] {
                let responses = [
                    try await server.like(post, stranger), try await server.unlike(post, stranger),
                    try await server.client.post(
                        "/attendee/v1/wall/\(post)/replies", json: NewWallReply(text: "hi"), headers: outsider),
                    try await server.client.get("/attendee/v1/wall/\(post)/replies", headers: outsider),
                    try await server.client.delete("/attendee/v1/wall/\(post)", headers: outsider),
                    try await server.client.delete("/attendee/v1/wall-replies/\(reply)", headers: outsider),
                    try await server.client.delete("/attendee/v1/discussion-messages/\(message)", headers: outsider),
                ]
                return responses.map { "\($0.status.rawValue) \($0.problem["detail"] ?? "")" }
            }
            let existing = try await answers(post: post.id, reply: reply.id, message: message.id)
            #expect(existing == (try await answers(post: missing, reply: missing, message: missing)))
            #expect(existing.allSatisfy { $0.hasPrefix("404 ") })

            let wall = try await server.wholeWall(ana)
            #expect(wall.map(\.id) == [post.id])
            #expect(wall[0].likeCount == 0)
            #expect(wall[0].replies.map(\.id) == [reply.id])
        }
    }

    @Test(arguments: DatabaseKind.eachDialect)
    func onlyTheAuthorOrTheOrganizerDeletesAPostOrAReply(_ kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let ana = try await server.registeredAttendee("Ana Ferreira")
            let bo = try await server.registeredAttendee("Bo Chen")
            let organizer = try await server.signUp("Olga Organizer")
            try await server.makeOrganizer(organizer)
            let anas = try await server.post(ana, "Ana's post")
            let bos = try await server.post(bo, "Bo's post")
            let reply = try await server.reply(anas.id, ana, "Ana's reply").decode(WallReply.self)

            let boAuth = AttendeeTestServer.auth(bo)
            let refused = try await server.client.delete("/attendee/v1/wall/\(anas.id)", headers: boAuth)
            #expect(refused.status == .forbidden)
            #expect(refused.problem["detail"] == "You can delete only your own posts.")
            #expect(
                try await server.client.delete("/attendee/v1/wall-replies/\(reply.id)", headers: boAuth).status
                    == .forbidden)
            var wall = try await server.wholeWall(ana)
            #expect(wall.map(\.id) == [bos.id, anas.id])
            #expect(wall[1].replies.map(\.id) == [reply.id])

            #expect(
                try await server.client.delete(
                    "/attendee/v1/wall-replies/\(reply.id)", headers: AttendeeTestServer.auth(ana)
                ).status == .ok)
            #expect(
                try await server.client.delete(
                    "/attendee/v1/wall/\(bos.id)", headers: AttendeeTestServer.auth(organizer)
                ).status == .noContent)
            wall = try await server.wholeWall(organizer)
            #expect(wall.map(\.id) == [anas.id])
            #expect(wall[0].replies.isEmpty)
            #expect(try await server.wall(organizer).viewer.isOrganizer)
            #expect(
                try await server.client.delete("/attendee/v1/wall/\(anas.id)", headers: AttendeeTestServer.auth(ana))
                    .status == .noContent)
            #expect(try await server.wholeWall(ana).isEmpty)
        }
    }

    @Test(arguments: DatabaseKind.eachDialect)
    func badIDsAreNotFound(_ kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let ana = try await server.registeredAttendee("Ana Ferreira")
            let auth = AttendeeTestServer.auth(ana)
            for path in [
                "/attendee/v1/wall/not-a-number", "/attendee/v1/wall/999999", "/attendee/v1/wall/-1",
                "/attendee/v1/wall-replies/abc", "/attendee/v1/wall-replies/424242",
            ] {
                #expect(try await server.client.delete(path, headers: auth).status == .notFound, "\(path)")
            }
            #expect(try await server.like("abc", ana).status == .notFound)
            #expect(try await server.like("999999", ana).status == .notFound)
            #expect(try await server.reply("999999", ana, "hello").status == .notFound)
        }
    }

    @Test(arguments: DatabaseKind.eachDialectOnDisk)
    func concurrentLikersAreCountedExactlyAndTwiceIsOnce(_ kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let author = try await server.registeredAttendee("Ana Ferreira")
            let post = try await server.post(author, "Like me")
            var likers: [String] = []
            for index in 0..<16 { likers.append(try await server.registeredAttendee("Liker \(index)")) }
            let statuses = try await withThrowingTaskGroup(of: HTTPStatus.self) { group in
                for token in likers {
                    group.addTask { try await server.retryingBusy { try await server.like(post.id, token) }.status }
                    group.addTask { try await server.retryingBusy { try await server.like(post.id, token) }.status }
                }
                return try await group.reduce(into: [HTTPStatus]()) { $0.append($1) }
            }
            #expect(statuses.allSatisfy { $0 == .ok })
            #expect(try await server.storedLikes(post.id) == (16, 16))
            #expect(try await server.wall(author).posts[0].likeCount == 16)
            let mine = try await server.like(post.id, likers[0]).decode(WallLikes.self)
            #expect(mine == WallLikes(postID: post.id, likeCount: 16, likedByMe: true))
        }
    }

    @Test(arguments: DatabaseKind.eachDialectOnDisk)
    func likeAndUnlikeRacesLeaveTheCountEqualToTheLikes(_ kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let author = try await server.registeredAttendee("Ana Ferreira")
            let post = try await server.post(author, "Toggle me")
            var people: [String] = []
            for index in 0..<8 { people.append(try await server.registeredAttendee("Racer \(index)")) }
            try await withThrowingTaskGroup(of: Void.self) { group in
                for token in people {
                    for round in 0..<4 {
                        group.addTask {
                            let response = try await server.retryingBusy {
                                round.isMultiple(of: 2)
                                    ? try await server.like(post.id, token) : try await server.unlike(post.id, token)
                            }
                            #expect(response.status == .ok, "\(response.bodyText)")
                        }
                    }
                }
                try await group.waitForAll()
            }
            let stored = try await server.storedLikes(post.id)
            #expect(stored.rows == stored.count)
            let likedBy = try await withThrowingTaskGroup(of: Bool.self) { group in
                for token in people { group.addTask { try await server.wall(token).posts[0].likedByMe } }
                return try await group.reduce(0) { $0 + ($1 ? 1 : 0) }
            }
            #expect(likedBy == stored.rows)
            // Everyone takes their like back: the count returns to zero, never below.
            for token in people {
                for _ in 0..<2 {
                    let response = try await server.retryingBusy { try await server.unlike(post.id, token) }
                    #expect(response.status == .ok, "\(response.bodyText)")
                }
            }
            #expect(try await server.storedLikes(post.id) == (0, 0))
        }
    }

    @Test(arguments: DatabaseKind.eachDialect)
    func pagingByCursorIsStableWhenNewPostsArrive(_ kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let ana = try await server.registeredAttendee("Ana Ferreira")
            var ids: [String] = []
            for index in 1...5 { ids.append(try await server.post(ana, "Post \(index)").id) }

            let first = try await server.wall(ana, limit: 2)
            #expect(first.posts.map(\.text) == ["Post 5", "Post 4"])
            let cursor = try #require(first.nextCursor)
            let newer = try await server.post(ana, "Post 6, arriving while paging")
            let second = try await server.wall(ana, cursor: cursor, limit: 2)
            #expect(second.posts.map(\.text) == ["Post 3", "Post 2"])
            #expect(second.nextCursor != nil)
            let third = try await server.wall(ana, cursor: second.nextCursor, limit: 2)
            #expect(third.posts.map(\.text) == ["Post 1"])
            #expect(third.nextCursor == nil)
            #expect(try await server.wall(ana, limit: 1).posts.map(\.id) == [newer.id])
            #expect(try await server.wholeWall(ana).map(\.id) == [newer.id] + ids.reversed())

            let auth = AttendeeTestServer.auth(ana)
            for query in ["cursor=garbage", "cursor=djE6eDp5"] {
                let response = try await server.client.get(server.wallPath + "?" + query, headers: auth)
                #expect(response.status == .badRequest, "\(query)")
            }
            // The limit is read as every paged list reads it: 1…100, else a 422 naming it.
            for query in ["limit=0", "limit=-3", "limit=many", "limit=101", "limit=100000", "limit=%EF%BC%95"] {
                let response = try await server.client.get(server.wallPath + "?" + query, headers: auth)
                #expect(response.status == .unprocessableContent, "\(query)")
                #expect(response.problem["field"] == "limit")
            }
            #expect(
                try await server.client.get(server.wallPath + "?limit=\(PostPaging.maxLimit)", headers: auth).status
                    == .ok)
        }
    }

    @Test(arguments: DatabaseKind.eachDialect)
    func textIsLimitedInCharactersAsPeopleSeeThem(_ kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let ana = try await server.registeredAttendee("Ana Ferreira")
            let family = "👨‍👩‍👧‍👦"  // one character, seven scalars, 25 bytes
            let accented = "e\u{301}\u{323}"  // one character, three scalars
            #expect(family.count == 1 && family.utf8.count == 25)
            let longest = String(repeating: family, count: PostText.limit)
            let posted = try await server.post(ana, longest)
            #expect(posted.text == longest)
            #expect(try await server.wall(ana).posts[0].text.count == PostText.limit)
            #expect(try await server.post(ana, String(repeating: accented, count: PostText.limit)).text.count == 2_000)

            for text in [longest + "a", String(repeating: accented, count: PostText.limit + 1)] {
                let response = try await server.client.post(
                    server.wallPath, json: NewPost(text: text), headers: AttendeeTestServer.auth(ana))
                #expect(response.status == .unprocessableContent)
                #expect(response.problem["field"] == "text")
                #expect(response.problem["detail"] == "The text must be at most 2,000 characters.")
            }
            #expect(try await server.wholeWall(ana).count == 2)
        }
    }

    @Test(arguments: DatabaseKind.eachDialect)
    func hostileBodiesAreRefusedCleanly(_ kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let ana = try await server.registeredAttendee("Ana Ferreira")
            let post = try await server.post(ana, "Reply here")
            for path in [server.wallPath, "/attendee/v1/wall/\(post.id)/replies"] {
                let cases: [(Data, HTTPStatus, String?)] = [
                    (Data("{\"text\": ".utf8), .badRequest, nil),
                    (Data("not json".utf8), .badRequest, nil),
                    (Data("{}".utf8), .unprocessableContent, "text"),
                    (Data("{\"text\": 42}".utf8), .unprocessableContent, "text"),
                    (Data("{\"text\": \"   \\n\\t \"}".utf8), .unprocessableContent, "text"),
                    (Data("{\"text\": \"a\\u0000b\"}".utf8), .unprocessableContent, "text"),
                    (
                        Data([0x7B, 0x22, 0x74, 0x65, 0x78, 0x74, 0x22, 0x3A, 0x22, 0xC3, 0x28, 0xFF, 0x22, 0x7D]),
                        .badRequest, nil
                    ),
                    (
                        Data(("{\"text\": \"" + String(repeating: "x", count: 10_000_000) + "\"}").utf8),
                        .contentTooLarge, nil
                    ),
                ]
                for (body, status, field) in cases {
                    let response = try await server.postRaw(path, ana, body)
                    #expect(response.status == status, "\(path) \(body.prefix(20)): \(response.bodyText.prefix(200))")
                    #expect(response.problem["field"] == field)
                    #expect(!response.bodyText.contains("SQL"))
                }
            }
            let wall = try await server.wholeWall(ana)
            #expect(wall.map(\.id) == [post.id])
            #expect(wall[0].replies.isEmpty)
            let image = try await server.postRaw(server.wallPath, ana, Data("{\"text\": \"\", \"imageID\": \"\"}".utf8))
            #expect(image.status == .unprocessableContent)
            #expect(image.problem["field"] == "imageID")
        }
    }

    @Test(arguments: DatabaseKind.eachDialectOnDisk)
    func everyChangeIsHeardOnTheEventsLiveStream(_ kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let ana = try await server.registeredAttendee("Ana Ferreira")
            let bo = try await server.registeredAttendee("Bo Chen")
            let stream = try await LiveListener.open(server, token: bo)
            defer { stream.close() }
            // NB: a stream is live once it says `ready`; a change made before that may be before it subscribed.
            #expect(try await stream.next().event == "ready")
            let post = try await server.post(ana, "Live!")
            var heard = try await stream.next()
            #expect(heard.event == "wall.post")
            #expect(WallUpdate(kind: heard.event ?? "", data: heard.data) == .posted(post))

            _ = try await server.like(post.id, bo)
            heard = try await stream.next()
            #expect(
                WallUpdate(kind: heard.event ?? "", data: heard.data)
                    == .likes(
                        WallLikes(
                            postID: post.id, likeCount: 1, changedBy: try await server.personID(bo), changerLikes: true)
                    ))
            _ = try await server.like(post.id, bo)  // a second like changes nothing and says nothing

            let reply = try await server.reply(post.id, bo, "Heard you").decode(WallReply.self)
            heard = try await stream.next()
            #expect(WallUpdate(kind: heard.event ?? "", data: heard.data) == .replied(reply))

            _ = try await server.client.delete("/attendee/v1/wall/\(post.id)", headers: AttendeeTestServer.auth(ana))
            heard = try await stream.next()
            #expect(
                WallUpdate(kind: heard.event ?? "", data: heard.data) == .deleted(WallDeletion(postID: post.id)))
        }
    }
}

/// Tokens that no longer hold are refused before anything is read or written.
@Suite struct WallTokenTests {
    @Test(arguments: DatabaseKind.eachDialect)
    func anExpiredTokenIsRefusedAndWritesNothing(_ kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let ana = try await server.registeredAttendee("Ana Ferreira")
            let post = try await server.post(ana, "Before it expired")
            _ = try await server.database.write { db in try db.execute("UPDATE attendee_auth_token SET expires_at = 0")
            }
            let auth = AttendeeTestServer.auth(ana)
            #expect(try await server.client.get(server.wallPath, headers: auth).status == .unauthorized)
            #expect(
                try await server.client.post(server.wallPath, json: NewPost(text: "after"), headers: auth).status
                    == .unauthorized)
            #expect(try await server.like(post.id, ana).status == .unauthorized)
            #expect(
                try await server.client.delete("/attendee/v1/wall/\(post.id)", headers: auth).status == .unauthorized)
            let count = try await server.database.read { db in
                try db.fetchValue(Int.self, "SELECT COUNT(*) FROM attendee_wall_post")
            }
            #expect(count == 1)
            #expect(try await server.storedLikes(post.id) == (0, 0))
        }
    }
}
