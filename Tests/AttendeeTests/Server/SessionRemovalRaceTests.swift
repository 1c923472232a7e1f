import AttendeeModels
import Database
import DatabaseTestSupport
import Foundation
import HTTPServer
import Testing

@testable import AttendeeServer

/// An attend, a join of the waitlist, a leave or a message in its discussion that meets a re-import removing the
/// session gets the same 404 as one on a session already removed: never "full", never the generic refusal of a
/// broken reference.
@Suite struct SessionRemovalRaceTests {
    enum Action: String, CaseIterable, Sendable { case attend, joinWaitlist, leave, discuss }

    @Test(arguments: DatabaseKind.eachDialectOnDisk, Action.allCases)
    func aChangeThatMeetsTheSessionsRemovalIsToldItIsGone(kind: DatabaseKind, action: Action) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let session = try #require(try await server.agenda().first)
            let ana = try await server.registeredAttendee("Ana Ferreira")
            if action == .leave { #expect(try await server.attend(session.id, ana).status == .ok) }
            func act() async throws -> Response {
                switch action {
                case .attend: try await server.attend(session.id, ana)
                case .joinWaitlist: try await server.attend(session.id, ana, waitlist: true)
                case .leave:
                    try await server.client.request(
                        .delete, "/attendee/v1/sessions/\(session.id)/attendance",
                        headers: AttendeeTestServer.auth(ana))
                case .discuss:
                    try await server.client.post(
                        "/attendee/v1/sessions/\(session.id)/discussion", json: NewPost(text: "Slides?"),
                        headers: AttendeeTestServer.auth(ana))
                }
            }

            // NB: gates, not a race, as in `WallDeletionRaceTests`: the removal (what a re-import does to a session
            // its file no longer lists) is held uncommitted; on PostgreSQL the seat change is seen waiting for it
            // before it commits. SQLite has one writer: the change runs after it.
            let removal = HeldTransaction(server.database) { db in
                try db.execute("DELETE FROM attendee_session WHERE id = \(session.id)")
            }
            let holder = try await removal.started("the removal is made").pid
            async let answer = act()
            if kind == .postgres {
                _ = try await LockWaits.until("the \(action) waits for the removal") {
                    try await LockWaits.waiting(on: [holder], server.database).first
                }
            }
            try await removal.commit()
            let response = try await answer
            #expect(response.status == .notFound, "\(response.bodyText)")
            #expect(response.problem["detail"] == "There is no session with this id.", "\(response.bodyText)")

            let late = try await act()
            #expect(late.status == .notFound)
            #expect(late.problem["detail"] == "There is no session with this id.")
            let sessionID = session.id
            let rows = try await server.database.read { db in
                [
                    try db.fetchValue(
                        Int.self, "SELECT COUNT(*) FROM attendee_attendance WHERE session_id = \(sessionID)"),
                    try db.fetchValue(
                        Int.self,
                        "SELECT COUNT(*) FROM attendee_discussion_message WHERE session_id = \(sessionID)"),
                ]
            }
            #expect(rows == [0, 0])
        }
    }
}
