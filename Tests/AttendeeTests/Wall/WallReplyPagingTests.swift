import APIClient
import AttendeeModels
import Database
import DatabaseTestSupport
import Foundation
import HTTPServer
import Locking
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

    /// Each reply written or deleted moves its post's reply version, under the post's row: the answer and the live
    /// event carry the version it made, a page the version its count was read at, and a reply deleted twice is
    /// one change (the second a 404, with no event).
    @Test(arguments: DatabaseKind.eachDialect)
    func repliesAndDeletionsCarryThePostsReplyVersion(_ kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let ana = try await server.registeredAttendee("Ana Ferreira")
            let post = try await server.post(ana, "Coffee?")
            #expect(post.replyVersion == 0)
            let first = try await server.reply(post.id, ana, "one").decode(WallReply.self)
            let second = try await server.reply(post.id, ana, "two").decode(WallReply.self)
            #expect([first.replyVersion, second.replyVersion] == [1, 2])
            var shown = try #require(try await server.wall(ana).posts.first)
            #expect(shown.replyVersion == 2)
            #expect(shown.replyCount == 2)

            let auth = AttendeeTestServer.auth(ana)
            let deleted = try await server.client.delete("/attendee/v1/wall-replies/\(first.id)", headers: auth)
            #expect(deleted.status == .ok)
            #expect(
                try deleted.decode(WallDeletion.self)
                    == WallDeletion(postID: post.id, replyID: first.id, replyVersion: 3))
            #expect(
                try await server.client.delete("/attendee/v1/wall-replies/\(first.id)", headers: auth).status
                    == .notFound)
            shown = try #require(try await server.wall(ana).posts.first)
            #expect(shown.replyVersion == 3)
            #expect(shown.replyCount == 1)

            let events = try await server.database.read { db in try LiveOutbox.events(after: 0, db) }
            let heard = events.compactMap { WallUpdate(kind: $0.kind, data: $0.data) }
            #expect(
                heard.compactMap { update -> Int? in
                    switch update {
                    case .replied(let reply): reply.replyVersion
                    case .deleted(let deletion): deletion.replyVersion
                    default: nil
                    }
                } == [1, 2, 3])
        }
    }

    static func post(replies: [Int], count: Int, version: Int) -> WallPage {
        var post = WallModelTests.post(1)
        post.replies = replies.map(Self.reply)
        post.replyCount = count
        post.replyVersion = version
        post.earlierRepliesCursor = "c1"
        return WallModelTests.page([post])
    }

    /// Pulled down while live: a reply further back than those shown is deleted while the page is read. A page read
    /// before the deletion still counts it and one read after does not; either way the count drops once, so the
    /// post offers one more reply, not two (the count stayed one too high), and never none.
    @MainActor @Test func aReplyNotShownDeletedWhileAPullIsReadComesOffTheCountOnce() async throws {
        let before = Self.post(replies: [3, 4, 5], count: 5, version: 5)
        let after = Self.post(replies: [3, 4, 5], count: 4, version: 6)
        let pages = Locked([before, before, after])
        let (firstPull, firstHeard) = AsyncThrowingStream.makeStream(of: LiveChange<WallUpdate>.self)
        let (secondPull, secondHeard) = AsyncThrowingStream.makeStream(of: LiveChange<WallUpdate>.self)
        let streams = Locked([firstPull, secondPull])
        let gate = Gate()
        let model = WallModelTests.model(
            AttendeeClient(
                wall: Self.pages(pages, through: gate), wallUpdates: { _ in streams.withLock { $0.removeFirst() } }))
        await model.appeared()
        #expect(model.rows.first?.moreReplies == "2 More Replies")
        let deletion = WallDeletion(postID: "1", replyID: "1", replyVersion: 6)

        await gate.close()
        let readBefore = Task { await model.appeared() }
        await gate.arrived(2)
        firstHeard.yield(.change(.deleted(deletion)))
        firstHeard.finish()
        await model.listen()
        #expect(model.rows.first?.moreReplies == "1 More Reply")
        await gate.open()
        await readBefore.value
        #expect(model.rows.first?.moreReplies == "1 More Reply")
        model.apply(.deleted(deletion))
        #expect(model.rows.first?.moreReplies == "1 More Reply")

        await gate.close()
        let readAfter = Task { await model.appeared() }
        await gate.arrived(3)
        secondHeard.yield(.change(.deleted(deletion)))
        secondHeard.finish()
        await model.listen()
        await gate.open()
        await readAfter.value
        #expect(model.rows.first?.moreReplies == "1 More Reply")
        #expect(model.rows.first?.replies.map(\.id) == ["3", "4", "5"])
    }

    /// Pulled down while live: a reply heard while a page read after it (and after three more) is read is counted
    /// and listed by that page already; it is not added again below the newer ones.
    @MainActor @Test func aReplyHeardWhileAPageReadAfterItIsReadIsNotAddedAgain() async throws {
        let pages = Locked([
            Self.post(replies: [3, 4, 5], count: 5, version: 5), Self.post(replies: [7, 8, 9], count: 9, version: 9),
        ])
        let (updates, continuation) = AsyncThrowingStream.makeStream(of: LiveChange<WallUpdate>.self)
        let gate = Gate()
        let model = WallModelTests.model(
            AttendeeClient(wall: Self.pages(pages, through: gate), wallUpdates: { _ in updates }))
        await model.appeared()
        await gate.close()
        let pulled = Task { await model.appeared() }
        await gate.arrived(2)
        var heard = Self.reply(6)
        heard.replyVersion = 6
        continuation.yield(.change(.replied(heard)))
        continuation.finish()
        await model.listen()
        await gate.open()
        await pulled.value
        #expect(model.rows.first?.replies.map(\.id) == ["7", "8", "9"])
        #expect(model.rows.first?.moreReplies == "6 More Replies")
    }

    /// A wall that answers `pages` in turn, each after passing `gate` (closed, a pull waits there).
    static func pages(_ pages: Locked<[WallPage]>, through gate: Gate)
        -> @Sendable (String, String?, Int?) async throws -> WallPage
    {
        { _, _, _ in
            let page = pages.withLock { $0.removeFirst() }
            await gate.pass()
            return page
        }
    }

    /// The person deletes a reply further back than those shown while a pull is read (no live stream: the command
    /// line): the answer's version tells the page read before it, which still counts it, so it comes off once.
    @MainActor @Test func aReplyThePersonDeletesWhileAPullIsReadComesOffTheCountOnce() async throws {
        let page = Self.post(replies: [3, 4, 5], count: 5, version: 5)
        let gate = Gate()
        var client = AttendeeClient(
            wall: { _, _, _ in
                await gate.pass()
                return page
            })
        client.deleteReply = { replyID in WallDeletion(postID: "1", replyID: replyID, replyVersion: 6) }
        let model = WallModelTests.model(client)
        await model.appeared()
        await gate.close()
        let pulled = Task { await model.appeared() }
        await gate.arrived(2)
        await model.confirmTapped(.reply(postID: "1", replyID: "1"))
        #expect(model.rows.first?.moreReplies == "1 More Reply")
        await gate.open()
        await pulled.value
        #expect(model.rows.first?.moreReplies == "1 More Reply")
    }

    /// The person deletes a reply someone else deleted first: a 404 that tells no version. With no live stream
    /// (the command line, a dropped stream) the count is right at once; the other deletion's event, heard after
    /// the 404 or before it, or again after a pull read before it, takes it off no second time.
    @MainActor @Test(arguments: [false, true])
    func aReplyDeletedByAnotherFirstComesOffTheCountOnceWithOrWithoutItsEvent(heardFirst: Bool) async throws {
        let pages = Locked([
            Self.post(replies: [3, 4, 5], count: 5, version: 5), Self.post(replies: [3, 4, 5], count: 5, version: 5),
        ])
        var client = AttendeeClient(wall: { _, _, _ in pages.withLock { $0.removeFirst() } })
        client.deleteReply = { _ in throw APIError.http(status: 404, problem: nil) }
        let model = WallModelTests.model(client)
        await model.appeared()
        #expect(model.rows.first?.moreReplies == "2 More Replies")
        let theirs = WallDeletion(postID: "1", replyID: "5", replyVersion: 6)
        if heardFirst { model.apply(.deleted(theirs)) }
        await model.confirmTapped(.reply(postID: "1", replyID: "5"))
        #expect(model.rows.first?.replies.map(\.id) == ["3", "4"])
        #expect(model.rows.first?.moreReplies == "2 More Replies")
        model.apply(.deleted(theirs))
        #expect(model.rows.first?.moreReplies == "2 More Replies")

        // A pull read before their deletion lists it and counts it again: their event takes it off once.
        await model.appeared()
        #expect(model.rows.first?.moreReplies == "2 More Replies")
        model.apply(.deleted(theirs))
        #expect(model.rows.first?.replies.map(\.id) == ["3", "4"])
        #expect(model.rows.first?.moreReplies == "2 More Replies")
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
