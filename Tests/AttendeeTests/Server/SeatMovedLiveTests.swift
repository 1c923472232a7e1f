import AttendeeModels
import DatabaseTestSupport
import Foundation
import HTTPServer
import Testing

@testable import AttendeeServer

/// A seat given back moves the people waiting for it: each hears it on their own stream (`GET /me/live`), so a page
/// showing "Waitlist #1" shows the seat without being read again.
@Suite struct SeatMovedLiveTests {
    static func decode(_ event: ServerSentEvent) throws -> AttendanceResult {
        try AttendeeCoding.decoder().decode(AttendanceResult.self, from: Data(event.data.utf8))
    }

    static func leave(_ sessionID: String, _ token: String, _ server: AttendeeTestServer) async throws {
        let left = try await server.client.request(
            .delete, "/attendee/v1/sessions/\(sessionID)/attendance", headers: AttendeeTestServer.auth(token))
        try #require(left.status == .ok, "\(left.bodyText)")
    }

    @Test(arguments: DatabaseKind.eachDialectOnDisk)
    func theSeatAndEachPlaceGainedAreHeardByTheirOwnersOnly(kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let session = try #require(try await server.agenda().first)
            try await server.setCapacity(session.id, 1)
            let ana = try await server.registeredAttendee("Ana")
            let rui = try await server.registeredAttendee("Rui")
            let zoe = try await server.registeredAttendee("Zoe")
            let eva = try await server.registeredAttendee("Eva")
            #expect(try await server.attend(session.id, ana).status == .ok)
            for token in [rui, zoe, eva] {
                #expect(try await server.attend(session.id, token, waitlist: true).status == .ok)
            }
            let listeners = try await [ana, rui, zoe, eva].asyncMap {
                try await LiveListener.open(server, path: "/attendee/v1/me/live", token: $0)
            }
            for listener in listeners { #expect(try await listener.next().event == "ready") }
            let (anas, ruis, zoes, evas) = (listeners[0], listeners[1], listeners[2], listeners[3])

            // Ana gives her seat back: Rui has it, Zoe and Eva move up.
            try await Self.leave(session.id, ana, server)
            let seated = try await ruis.next()
            #expect(seated.event == AttendanceResult.changedEvent)
            #expect(
                try Self.decode(seated)
                    == AttendanceResult(sessionID: session.id, state: .attending, seatsTaken: 1, capacity: 1))
            let first = try Self.decode(try await zoes.next())
            #expect(first.state == .waitlisted && first.waitlistPosition == 1)
            #expect(try Self.decode(try await evas.next()).waitlistPosition == 2)

            // Zoe leaves the waitlist: Eva is next.
            try await Self.leave(session.id, zoe, server)
            let next = try Self.decode(try await evas.next())
            #expect(next.state == .waitlisted && next.waitlistPosition == 1)

            // Nobody else heard of it: the next thing Ana and Rui hear is a message to each.
            let thread = try await server.client.post(
                "/attendee/v1/events/\(server.eventID)/threads",
                json: StartThreadRequest(personID: try await server.personID(rui)),
                headers: AttendeeTestServer.auth(ana)
            ).decode(MessageThread.self)
            _ = try await server.client.post(
                "/attendee/v1/threads/\(thread.id)/messages", json: SendMessageRequest(text: "Enjoy the seat"),
                headers: AttendeeTestServer.auth(ana))
            #expect(try await anas.next().event == MessageRules.newMessageEvent)
            #expect(try await ruis.next().event == MessageRules.newMessageEvent)
            for listener in listeners { listener.close() }
        }
    }
}
