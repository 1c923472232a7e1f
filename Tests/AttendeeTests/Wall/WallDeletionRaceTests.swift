import AttendeeModels
import Database
import DatabaseTestSupport
import Foundation
import HTTPServer
import Locking
import Testing

@testable import AttendeeServer

/// A like, an unlike or a reply that meets the post's deletion half-way gets the same 404 as one on a post already
/// deleted, never the generic refusal of a broken reference, on both databases.
@Suite struct WallDeletionRaceTests {

    enum Action: String, CaseIterable, Sendable { case like, unlike, reply }

    @Test(arguments: DatabaseKind.eachDialectOnDisk, Action.allCases)
    func aWriteThatMeetsThePostsDeletionIsToldThePostIsGone(kind: DatabaseKind, action: Action) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let ana = try await server.registeredAttendee("Ana Ferreira")
            let bo = try await server.registeredAttendee("Bo Chen")
            let post = try await server.post(ana, "Going, going…")
            if action == .unlike { #expect(try await server.like(post.id, bo).status == .ok) }
            let postID = try #require(Int64(post.id))
            func act() async throws -> Response {
                switch action {
                case .like: try await server.like(post.id, bo)
                case .unlike: try await server.unlike(post.id, bo)
                case .reply: try await server.reply(post.id, bo, "Wait for me")
                }
            }

            // NB: gates, not a race. The deletion is made and held uncommitted; the write starts; on PostgreSQL
            // the test waits until it is blocked behind the deletion, so it passed the point where the post was
            // still there, and only then commits the deletion. SQLite has one writer: the write runs after it.
            let deletion = HeldTransaction(server.database) { db in
                try db.execute("DELETE FROM attendee_wall_post WHERE id = \(postID)")
            }
            let holder = try await deletion.started("the deletion is made").pid
            async let answer = act()
            if kind == .postgres {
                _ = try await LockWaits.until("the \(action) waits for the deletion") {
                    try await LockWaits.waiting(on: [holder], server.database).first
                }
            }
            try await deletion.commit()
            let response = try await answer
            #expect(response.status == .notFound, "\(response.bodyText)")
            #expect(response.bodyText.contains("There is no post with this id."), "\(response.bodyText)")

            // The same as a write on a post already deleted, and nothing was left behind.
            let late = try await act()
            #expect(late.status == .notFound)
            #expect(late.bodyText.contains("There is no post with this id."))
            #expect(try await server.storedLikes(post.id) == (0, -1))
        }
    }
}

/// A reply's deletion that meets another deletion of the reply (its author's and the organizer's at once), or its
/// post's, half-way is a 404 that sends no event: a second `wall.deleted` took the reply off every app's count
/// again.
@Suite struct WallReplyDeletionRaceTests {
    enum First: String, CaseIterable, Sendable { case reply, post }

    @Test(arguments: DatabaseKind.eachDialectOnDisk, First.allCases)
    func aReplyDeletionThatMeetsAnotherIsA404AndSendsNoEvent(kind: DatabaseKind, first: First) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let ana = try await server.registeredAttendee("Ana Ferreira")
            let post = try await server.post(ana, "Going, going…")
            let reply = try await server.reply(post.id, ana, "Gone").decode(WallReply.self)
            let (postID, replyID) = (try #require(Int64(post.id)), try #require(Int64(reply.id)))
            let before = try await server.database.read { db in try LiveOutbox.events(after: 0, db) }.count

            // NB: gates, not a race, as above: the first deletion is held uncommitted until the second waits for it.
            let statement: SQL =
                first == .reply
                ? "DELETE FROM attendee_wall_reply WHERE id = \(replyID)"
                : "DELETE FROM attendee_wall_post WHERE id = \(postID)"
            let deletion = HeldTransaction(server.database) { db in try db.execute(statement) }
            let holder = try await deletion.started("the first deletion is made").pid
            async let answer = server.client.delete(
                "/attendee/v1/wall-replies/\(reply.id)", headers: AttendeeTestServer.auth(ana))
            if kind == .postgres {
                _ = try await LockWaits.until("the reply's deletion waits for the first") {
                    try await LockWaits.waiting(on: [holder], server.database).first
                }
            }
            try await deletion.commit()
            let response = try await answer
            #expect(response.status == .notFound, "\(response.bodyText)")
            #expect(try await server.database.read { db in try LiveOutbox.events(after: 0, db) }.count == before)
        }
    }
}
