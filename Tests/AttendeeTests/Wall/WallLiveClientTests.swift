import APIClient
import AttendeeCore
import AttendeeModels
import Foundation
import TestSupport
import Testing

/// The wall and discussion models over the live client, against the real server in process.
@MainActor @Suite struct WallLiveClientTests {
    @Test func pagesLoadByCursorAndTwoPeopleSeeEachOthersPostsAndLikes() async throws {
        try await AttendeeTestServer.with { server in
            let bo = try await server.registeredAttendee("Bo Chen")
            for index in 1...25 { _ = try await server.post(bo, "Bo \(index)") }
            let tokens = LiveScreenTests.MemoryTokens()
            let client = try LiveScreenTests.client(server, tokens)
            _ = try await client.signUp(SignUpRequest(email: "ana@example.com", password: "correct horse", name: "Ana"))
            _ = try await client.register(server.eventID)

            let wall = WallModel(client: client, eventID: server.eventID, timeZone: .gmt)
            await wall.appeared()
            #expect(wall.rows.count == PostPaging.defaultLimit)
            #expect(wall.rows.first?.text == "Bo 25")
            #expect(wall.rows.allSatisfy { !$0.canDelete })
            #expect(wall.canLoadMore)
            await wall.loadMoreTapped()
            #expect(wall.rows.map(\.text) == (1...25).reversed().map { "Bo \($0)" })
            #expect(wall.canLoadMore == false)

            let top = try #require(wall.rows.first?.id)
            await wall.likeTapped(postID: top)
            #expect(wall.rows[0].likes == "1 like")
            #expect(wall.rows[0].isLiked)
            wall.draftChanged("Ana here")
            await wall.postTapped()
            #expect(wall.rows[0].text == "Ana here")
            #expect(wall.rows[0].canDelete)
            #expect(try await server.wall(bo).posts[1].likeCount == 1)
            await wall.likeTapped(postID: top)
            #expect(wall.rows[1].likes == "No likes")
            #expect(try await server.wall(bo).posts[1].likeCount == 0)

            let session = try await server.firstSessionID()
            let discussion = DiscussionModel(client: client, sessionID: session, timeZone: .gmt)
            await discussion.appeared()
            #expect(discussion.emptyMessage == "No messages yet. Start the discussion.")
            discussion.draftChanged("👋🏽 hello")
            await discussion.sendTapped()
            #expect(discussion.rows.map(\.text) == ["👋🏽 hello"])
            discussion.deleteTapped(messageID: discussion.rows[0].id)
            #expect(discussion.rows.count == 1)
            await discussion.confirmTapped(try #require(discussion.confirmation).action)
            #expect(discussion.rows.isEmpty)
            #expect(discussion.banner == nil)
        }
    }

    /// The live client reads a reply deletion's answer: what was deleted, with the post's reply version it made.
    @Test func aReplyDeletionAnswersItsVersion() async throws {
        try await AttendeeTestServer.with { server in
            let bo = try await server.registeredAttendee("Bo Chen")
            let post = try await server.post(bo, "Coffee?")
            let tokens = LiveScreenTests.MemoryTokens()
            let client = try LiveScreenTests.client(server, tokens)
            _ = try await client.signUp(SignUpRequest(email: "ana@example.com", password: "correct horse", name: "Ana"))
            _ = try await client.register(server.eventID)
            let reply = try await client.reply(post.id, NewWallReply(text: "Yes"), "key-1")
            #expect(reply.replyVersion == 1)
            #expect(
                try await client.deleteReply(reply.id)
                    == WallDeletion(postID: post.id, replyID: reply.id, replyVersion: 2))
        }
    }

    /// The live client's wall stream: the first `ready` (afresh) asks for a resync, a reconnect's `ready` that
    /// resumes says nothing, and the changes come through in order.
    @Test func aResumedReconnectAsksForNoResync() async throws {
        try await AttendeeTestServer.with { server in
            let json = { (value: any Encodable) in
                String(decoding: try AttendeeCoding.encoder().encode(value), as: UTF8.self)
            }
            let post = WallPost(
                id: "7", eventID: server.eventID, author: PersonReference(id: "bo", name: "Bo Chen"), text: "Hi",
                createdAt: Date(timeIntervalSince1970: 1_804_669_200), likeCount: 0, likedByMe: false)
            let (afresh, posted) = (try json(LiveReady(resumed: false)), try json(post))
            let deleted = try json(WallDeletion(postID: "7"))
            let script = LiveScript()
            script.connections = [
                { _ in
                    try script.stream(
                        [
                            LiveScript.sse("1", LiveReady.eventType, afresh, retry: 0),
                            LiveScript.sse("2", WallUpdate.Kind.posted.rawValue, posted),
                        ], thenDrop: true)
                },
                { _ in
                    try script.stream(
                        [
                            try LiveScript.resumedReady("2"),
                            LiveScript.sse("3", "poll.results", "{}"),
                            LiveScript.sse("4", WallUpdate.Kind.deleted.rawValue, deleted),
                        ], thenDrop: false)
                },
            ]
            let client = try script.client(server, LiveScreenTests.MemoryTokens())
            var heard: [LiveChange<WallUpdate>] = []
            for try await change in client.wallUpdates(server.eventID) { heard.append(change) }
            #expect(heard == [.resync, .change(.posted(post)), .change(.deleted(WallDeletion(postID: "7")))])
            #expect(script.lastEventIDs == [nil, "2"])
        }
    }
}
