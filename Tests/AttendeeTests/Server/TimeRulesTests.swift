import AttendeeModels
import AttendeeTestSupport
import DatabaseTestSupport
import Foundation
import HTTPServer
import TestSupport
import Testing

@testable import AttendeeServer

/// What the server's clock allows: a seat only until its session ends, feedback once what it rates has started,
/// a registration only until its event ends (DECISIONS: "Attendee's seats, feedback and registration keep time").
@Suite struct TimeRulesTests {
    /// The demo keynote runs 09:00–10:00 UTC on 10 March 2027; the event 08:30 on the 10th to 18:00 on the 11th.
    static let keynoteEnds = demoKeynoteUnderway.addingTimeInterval(30 * 60)

    /// A server whose every clock, the programme's included, is `clock`.
    static func everything(on clock: TestClock) -> (inout AttendeeService.Configuration) -> Void {
        { configuration in
            configuration.now = clock.closure
            configuration.eventNow = clock.closure
        }
    }

    @Test(arguments: DatabaseKind.eachDialectOnDisk)
    func aSeatIsNeitherTakenNorGivenBackOnceTheSessionHasEnded(kind: DatabaseKind) async throws {
        let clock = TestClock(demoKeynoteUnderway)
        try await AttendeeTestServer.with(kind, configure: Self.everything(on: clock)) { server in
            let ana = try await server.registeredAttendee("Ana Ferreira")
            let bo = try await server.registeredAttendee("Bo Lindqvist")
            let agenda = try await server.agenda()
            let keynote = try #require(agenda.first)
            #expect(keynote.endsAt == Self.keynoteEnds)
            let later = try #require(agenda.first { $0.startsAt >= Self.keynoteEnds && $0.capacity == nil })
            // Under way, a seat is still taken (a person walks in late).
            #expect(try await server.attend(keynote.id, ana).status == .ok)

            clock.set(Self.keynoteEnds)
            let late = try await server.attend(keynote.id, bo)
            #expect(late.status == .conflict)
            #expect(late.problem["type"] == AttendanceRefusal.sessionEnded.rawValue)
            #expect(late.problem["detail"] == "“\(keynote.title)” has ended.")
            let waitlisted = try await server.attend(keynote.id, bo, waitlist: true)
            #expect(waitlisted.problem["type"] == AttendanceRefusal.sessionEnded.rawValue)
            let left = try await server.client.request(
                .delete, "/attendee/v1/sessions/\(keynote.id)/attendance", headers: AttendeeTestServer.auth(ana))
            #expect(left.status == .conflict)
            #expect(left.problem["type"] == AttendanceRefusal.sessionEnded.rawValue)

            // Nothing moved: Ana keeps the seat she sat in (and may rate it), Bo has none.
            let after = try await server.agenda(ana).first { $0.id == keynote.id }
            #expect(after?.myAttendance == .attending)
            #expect(after?.seatsTaken == 1)
            #expect(try await server.agenda(bo).first { $0.id == keynote.id }?.myAttendance == nil)
            // A session still to come is attended as before.
            #expect(try await server.attend(later.id, bo).status == .ok)
        }
    }

    @Test(arguments: DatabaseKind.eachDialectOnDisk)
    func feedbackOpensWhenTheSessionOrTheEventStarts(kind: DatabaseKind) async throws {
        // 08:00: the event starts at 08:30, its keynote at 09:00.
        let clock = TestClock(demoKeynoteUnderway.addingTimeInterval(-90 * 60))
        try await AttendeeTestServer.with(kind, configure: Self.everything(on: clock)) { server in
            let token = try await server.registeredAttendee("Nuno Lopes")
            let keynote = try #require(try await server.agenda().first)
            #expect(try await server.attend(keynote.id, token).status == .ok)
            let sessionPath = "/attendee/v1/sessions/\(keynote.id)/feedback"
            let eventPath = "/attendee/v1/events/\(server.eventID)/feedback"
            let rating = SessionFeedback(
                rating: 5, speakerRatings: Dictionary(uniqueKeysWithValues: keynote.speakers.map { ($0.id, 4) }))
            let auth = AttendeeTestServer.auth(token)

            let early = try await server.client.post(sessionPath, json: rating, headers: auth)
            #expect(early.status == .conflict)
            #expect(early.problem["type"] == AttendanceRefusal.notStarted.rawValue)
            let eventEarly = try await server.client.post(eventPath, json: EventFeedback(rating: 4), headers: auth)
            #expect(eventEarly.status == .conflict)
            #expect(eventEarly.problem["type"] == AttendanceRefusal.notStarted.rawValue)

            // The event has started (08:30), the keynote not yet.
            clock.advance(by: 30 * 60)
            #expect(
                try await server.client.post(eventPath, json: EventFeedback(rating: 4), headers: auth).status
                    == .noContent)
            #expect(
                try await server.client.post(sessionPath, json: rating, headers: auth).problem["type"]
                    == AttendanceRefusal.notStarted.rawValue)
            // Nothing was kept of the early tries: the keynote is rated once it runs.
            clock.set(keynote.startsAt)
            #expect(try await server.client.post(sessionPath, json: rating, headers: auth).status == .noContent)
            let again = try await server.client.post(sessionPath, json: rating, headers: auth)
            #expect(again.problem["type"] == AttendanceRefusal.duplicate.rawValue)
        }
    }

    @Test(arguments: DatabaseKind.eachDialectOnDisk)
    func nobodyNewRegistersForAnEventThatIsOver(kind: DatabaseKind) async throws {
        let clock = TestClock(demoKeynoteUnderway)
        try await AttendeeTestServer.with(kind, configure: Self.everything(on: clock)) { server in
            let ana = try await server.registeredAttendee("Ana Ferreira")
            let bo = try await server.signUp("Bo Lindqvist")
            let event = try await server.client.get("/attendee/v1/events/\(server.eventID)").decode(EventDetails.self)
            clock.set(event.event.endsAt)
            let path = "/attendee/v1/events/\(server.eventID)/registration"
            let late = try await server.client.request(.post, path, headers: AttendeeTestServer.auth(bo))
            #expect(late.status == .conflict)
            #expect(late.problem["type"] == AttendanceRefusal.eventEnded.rawValue)
            #expect(late.problem["detail"] == "“\(event.event.name)” is over.")
            let details = try await server.client.get(
                "/attendee/v1/events/\(server.eventID)", headers: AttendeeTestServer.auth(bo)
            ).decode(EventDetails.self)
            #expect(details.registration == nil)
            // Registering again after the end still answers the registration one made in time.
            let again = try await server.client.request(.post, path, headers: AttendeeTestServer.auth(ana))
            #expect(again.status == .ok)
            #expect(try again.decode(Registration.self).eventID == server.eventID)
        }
    }

    /// An import that raises an ended session's capacity seats nobody from its waitlist: a seat in a session that
    /// is over would let someone rate what they never sat in.
    @Test(arguments: DatabaseKind.eachDialectOnDisk)
    func anImportRaisingAnEndedSessionsCapacitySeatsNobody(kind: DatabaseKind) async throws {
        let programme = ImportEndpointTests.programme()
        let start = programme.event.startsAt
        let clock = TestClock(start)
        try await AttendeeTestServer.with(kind, configure: Self.everything(on: clock)) { server in
            let organizer = try await server.signUp("Organizer")
            var small = programme
            small.sessions[0].capacity = 1
            let eventID = try await ImportEndpointTests().post(server, small, organizer).decode(ImportSummary.self)
                .eventID
            let sessionID = try #require(
                try await server.client.get("/attendee/v1/events/\(eventID)/agenda").decode([Session].self).first?.id)
            let (ana, bo) = (try await server.signUp("Ana"), try await server.signUp("Bo"))
            for token in [ana, bo] {
                _ = try await server.client.request(
                    .post, "/attendee/v1/events/\(eventID)/registration", headers: AttendeeTestServer.auth(token))
            }
            #expect(try await server.attend(sessionID, ana).status == .ok)
            #expect(try await server.attend(sessionID, bo, waitlist: true).status == .ok)

            clock.set(start.addingTimeInterval(3600))
            #expect(try await ImportEndpointTests().post(server, programme, organizer).status == .ok)
            let session = try await server.client.get(
                "/attendee/v1/sessions/\(sessionID)", headers: AttendeeTestServer.auth(bo)
            ).decode(Session.self)
            #expect(session.capacity == 10)
            #expect(session.myAttendance == .waitlisted)
            #expect(session.seatsTaken == 1)
        }
    }
}
