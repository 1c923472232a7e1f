import AttendeeModels
import Database
import DatabaseTestSupport
import Foundation
import HTTPServer
import TestSupport
import Testing

@testable import AttendeeCore
@testable import AttendeeServer

/// A wall page carries each post's latest replies and their count, whatever one person writes; the rest are
/// paged on their own route, and the wall screen shows "N More Replies" and loads them.
@Suite struct WallReplyPagingTests {
    @Test(arguments: DatabaseKind.eachDialect)
    func aWallPageCarriesTheLatestRepliesAndTheRestArePagedBack(_ kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let ana = try await server.registeredAttendee("Ana Ferreira")
            let spammer = try await server.registeredAttendee("Spam Mer")
            let post = try await server.post(ana, "Coffee?")
            let long = String(repeating: "x", count: PostText.limit - 2)
            for index in 1...8 {
                #expect(try await server.reply(post.id, spammer, "\(index) \(long)").status == .created)
            }
            let page = try await server.wall(ana, limit: 100)
            let shown = try #require(page.posts.first)
            #expect(shown.replyCount == 8)
            #expect(shown.replies.map { $0.text.prefix(1) } == ["6", "7", "8"])
            let cursor = try #require(shown.earlierRepliesCursor)

            func replies(_ cursor: String?, limit: Int?, token: String = ana) async throws -> Response {
                var query = [String]()
                if let cursor { query.append("cursor=\(cursor)") }
                if let limit { query.append("limit=\(limit)") }
                return try await server.client.get(
                    "/attendee/v1/wall/\(post.id)/replies?" + query.joined(separator: "&"),
                    headers: AttendeeTestServer.auth(token))
            }
            let older = try await replies(cursor, limit: 3).decode(WallReplyPage.self)
            #expect(older.replies.map { $0.text.prefix(1) } == ["3", "4", "5"])
            let oldest = try await replies(older.nextCursor, limit: 3).decode(WallReplyPage.self)
            #expect(oldest.replies.map { $0.text.prefix(1) } == ["1", "2"])
            #expect(oldest.nextCursor == nil)
            #expect(try await replies(nil, limit: nil).decode(WallReplyPage.self).replies.count == 8)

            #expect(try await replies(nil, limit: 0).status == .unprocessableContent)
            #expect(try await replies("not-a-cursor", limit: nil).status == .badRequest)
            let stranger = try await server.signUp("Not Registered")
            #expect(try await replies(nil, limit: nil, token: stranger).status == .notFound)
            #expect(
                try await server.client.get("/attendee/v1/wall/999999/replies", headers: AttendeeTestServer.auth(ana))
                    .status == .notFound)
        }
    }

    @Test(arguments: DatabaseKind.eachDialect)
    func aPostWithFewRepliesCarriesThemAllAndNoCursor(_ kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let ana = try await server.registeredAttendee("Ana Ferreira")
            let post = try await server.post(ana, "Hello")
            _ = try await server.reply(post.id, ana, "one")
            let shown = try #require(try await server.wall(ana).posts.first)
            #expect(shown.replies.map(\.text) == ["one"])
            #expect(shown.replyCount == 1)
            #expect(shown.earlierRepliesCursor == nil)
        }
    }

    static func reply(_ id: Int) -> WallReply {
        WallReply(
            id: String(id), postID: "1", author: WallModelTests.other, text: "Reply \(id)",
            createdAt: WallModelTests.start.addingTimeInterval(Double(id)))
    }

    @MainActor @Test func theWallShowsHowManyMoreRepliesThereAreAndLoadsThem() async throws {
        var post = WallModelTests.post(1)
        post.replies = [Self.reply(5), Self.reply(6), Self.reply(7)]
        post.replyCount = 7
        post.earlierRepliesCursor = "c1"
        let shown = post
        var client = AttendeeClient(wall: { _, _, _ in WallModelTests.page([shown]) })
        client.wallReplies = { postID, cursor, _ in
            #expect(postID == "1")
            return cursor == "c1"
                ? WallReplyPage(replies: [Self.reply(3), Self.reply(4)], nextCursor: "c2")
                : WallReplyPage(replies: [Self.reply(1), Self.reply(2)], nextCursor: nil)
        }
        let model = WallModelTests.model(client)
        await model.appeared()
        #expect(model.rows.first?.moreReplies == "4 More Replies")
        #expect(model.rows.first?.replies.map(\.id) == ["5", "6", "7"])

        model.apply(.replied(Self.reply(8)))
        model.apply(.replied(Self.reply(8)))
        #expect(model.rows.first?.moreReplies == "4 More Replies")
        model.apply(.deleted(WallDeletion(postID: "1", replyID: "2")))
        model.apply(.deleted(WallDeletion(postID: "1", replyID: "2")))
        #expect(model.rows.first?.moreReplies == "3 More Replies")

        await model.moreRepliesTapped(postID: "1")
        #expect(model.rows.first?.replies.map(\.id) == ["3", "4", "5", "6", "7", "8"])
        #expect(model.rows.first?.moreReplies == "1 More Reply")
        await model.moreRepliesTapped(postID: "1")
        // NB: reply 2 was deleted live; the stub still sends it, as a page read before the deletion would.
        #expect(model.rows.first?.replies.map(\.id) == ["1", "3", "4", "5", "6", "7", "8"])
        #expect(model.rows.first?.moreReplies == nil)
    }

    /// An earlier reply deleted while its page of replies is read does not come back when the page lands.
    @MainActor @Test func anEarlierReplyDeletedWhileItsPageIsReadStaysGone() async throws {
        var post = WallModelTests.post(1)
        post.replies = [Self.reply(4)]
        post.replyCount = 3
        post.earlierRepliesCursor = "c1"
        let shown = post
        let gate = Gate(isOpen: false)
        var client = AttendeeClient(wall: { _, _, _ in WallModelTests.page([shown]) })
        client.wallReplies = { _, _, _ in
            await gate.pass()
            return WallReplyPage(replies: [Self.reply(2), Self.reply(3)], nextCursor: nil)
        }
        let model = WallModelTests.model(client)
        await model.appeared()
        let loading = Task { await model.moreRepliesTapped(postID: "1") }
        await gate.arrived(1)
        model.apply(.deleted(WallDeletion(postID: "1", replyID: "3")))
        await gate.open()
        await loading.value
        #expect(model.rows.first?.replies.map(\.id) == ["2", "4"])
        #expect(model.rows.first?.moreReplies == nil)
    }

    /// A reply further back than the page being read, deleted meanwhile: the page lands with a cursor to it, but
    /// nothing is left before what is shown, so the post offers no "1 more reply".
    @MainActor @Test func aReplyFurtherBackDeletedWhileAPageIsReadLeavesNoneMore() async throws {
        var post = WallModelTests.post(1)
        post.replies = [Self.reply(4)]
        post.replyCount = 4
        post.earlierRepliesCursor = "c1"
        let shown = post
        let gate = Gate(isOpen: false)
        var client = AttendeeClient(wall: { _, _, _ in WallModelTests.page([shown]) })
        client.wallReplies = { _, cursor, _ in
            #expect(cursor == "c1")
            await gate.pass()
            // Read before reply 1 was deleted: the cursor still points at it.
            return WallReplyPage(replies: [Self.reply(2), Self.reply(3)], nextCursor: "c2")
        }
        let model = WallModelTests.model(client)
        await model.appeared()
        #expect(model.rows.first?.moreReplies == "3 More Replies")
        let loading = Task { await model.moreRepliesTapped(postID: "1") }
        await gate.arrived(1)
        model.apply(.deleted(WallDeletion(postID: "1", replyID: "1")))
        #expect(model.rows.first?.moreReplies == "2 More Replies")
        await gate.open()
        await loading.value
        #expect(model.rows.first?.replies.map(\.id) == ["2", "3", "4"])
        #expect(model.rows.first?.moreReplies == nil)
    }
}
