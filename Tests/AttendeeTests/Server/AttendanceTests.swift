import AttendeeModels
import DatabaseTestSupport
import Foundation
import HTTPServer
import Testing

@testable import AttendeeServer

@Suite struct AttendanceTests {
    @Test(arguments: DatabaseKind.eachDialectOnDisk)
    func agendaIsOrderedAndPersonal(kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let agenda = try await server.agenda()
            #expect(agenda.count == 38)
            #expect(agenda.map(\.startsAt) == agenda.map(\.startsAt).sorted())
            #expect(agenda.first?.kind == .keynote)
            #expect(agenda.first?.speakers.count == 2)
            #expect(agenda.allSatisfy { $0.myAttendance == nil })
        }
    }

    @Test(arguments: DatabaseKind.eachDialectOnDisk)
    func attendOverlapLeaveAndStates(kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let token = try await server.registeredAttendee("Sofia Dubois")
            let agenda = try await server.agenda()
            let keynote = try #require(agenda.first)
            let parallel = agenda.filter { $0.startsAt == agenda[1].startsAt }
            try #require(parallel.count >= 2)

            let first = try await server.attend(parallel[0].id, token)
            #expect(first.status == .ok)
            #expect(try first.decode(AttendanceResult.self).state == .attending)
            let repeated = try await server.attend(parallel[0].id, token)
            #expect(try repeated.decode(AttendanceResult.self).state == .attending)
            #expect(try await server.agenda(token).first { $0.id == parallel[0].id }?.seatsTaken == 1)

            let clash = try await server.attend(parallel[1].id, token)
            #expect(clash.status == .conflict)
            #expect(clash.problem["type"] == AttendanceRefusal.overlapping.rawValue)
            #expect(clash.problem["clashingSessionID"] == parallel[0].id)
            #expect(clash.problem["detail"]?.contains(parallel[0].title) == true)

            #expect(try await server.attend(keynote.id, token).status == .ok)
            let mine = try await server.client.get(
                "/attendee/v1/events/\(server.eventID)/my-agenda", headers: AttendeeTestServer.auth(token)
            ).decode([Session].self)
            #expect(mine.map(\.id) == [keynote.id, parallel[0].id])

            let left = try await server.client.request(
                .delete, "/attendee/v1/sessions/\(parallel[0].id)/attendance", headers: AttendeeTestServer.auth(token))
            #expect(try left.decode(AttendanceResult.self).state == .cancelled)
            let session = try await server.client.get(
                "/attendee/v1/sessions/\(parallel[0].id)", headers: AttendeeTestServer.auth(token)
            ).decode(Session.self)
            #expect(session.myAttendance == .cancelled)
            #expect(session.seatsTaken == 0)
            #expect(try await server.attend(parallel[1].id, token).status == .ok)
        }
    }

    @Test(arguments: DatabaseKind.eachDialectOnDisk)
    func unregisteredIs403AndAnonymousIs401(kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let token = try await server.signUp("Lars Novák")
            let session = try #require(try await server.agenda().first)
            #expect(try await server.attend(session.id, token).status == .forbidden)
            let anonymous = try await server.client.request(.post, "/attendee/v1/sessions/\(session.id)/attendance")
            #expect(anonymous.status == .unauthorized)
            let missing = try await server.attend("no-such-session", token)
            #expect(missing.status == .notFound)
        }
    }

    @Test(arguments: DatabaseKind.eachDialectOnDisk)
    func fullIsRefusedAndTheWaitlistMovesUp(kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let session = try #require(try await server.agenda().first)
            try await server.setCapacity(session.id, 1)
            let ana = try await server.registeredAttendee("Ana")
            let rui = try await server.registeredAttendee("Rui")
            let zoe = try await server.registeredAttendee("Zoe")
            #expect(try await server.attend(session.id, ana).status == .ok)
            let full = try await server.attend(session.id, rui)
            #expect(full.status == .conflict)
            #expect(full.problem["type"] == AttendanceRefusal.full.rawValue)

            let waiting = try await server.attend(session.id, rui, waitlist: true).decode(AttendanceResult.self)
            #expect(waiting.state == .waitlisted)
            #expect(waiting.waitlistPosition == 1)
            let second = try await server.attend(session.id, zoe, waitlist: true).decode(AttendanceResult.self)
            #expect(second.waitlistPosition == 2)
            // The place is kept: the session page and the agenda read it back, for the caller alone.
            #expect(try await server.agenda(zoe).first { $0.id == session.id }?.myWaitlistPosition == 2)
            #expect(try await server.agenda(ana).first { $0.id == session.id }?.myWaitlistPosition == nil)

            _ = try await server.client.request(
                .delete, "/attendee/v1/sessions/\(session.id)/attendance", headers: AttendeeTestServer.auth(ana))
            let promoted = try await server.client.get(
                "/attendee/v1/sessions/\(session.id)", headers: AttendeeTestServer.auth(rui)
            ).decode(Session.self)
            #expect(promoted.myAttendance == .attending)
            #expect(promoted.seatsTaken == 1)
            let still = try await server.client.get(
                "/attendee/v1/sessions/\(session.id)", headers: AttendeeTestServer.auth(zoe)
            ).decode(Session.self)
            #expect(still.myAttendance == .waitlisted)
            #expect(still.myWaitlistPosition == 1)
            #expect(promoted.myWaitlistPosition == nil)
        }
    }

    /// A seat given back while the first person waiting attends a session at the same time is passed over for them;
    /// when they give that session up, the free seat is theirs, not the next newcomer's (it stayed free, and they
    /// were told "Waitlist #1" beside it).
    @Test(arguments: DatabaseKind.eachDialectOnDisk)
    func aWaitingPersonWhoGivesUpTheClashTakesTheSeatLeftFree(kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let agenda = try await server.agenda()
            let parallel = agenda.filter { $0.startsAt == agenda[1].startsAt }
            try #require(parallel.count >= 2)
            let (wanted, other) = (parallel[0].id, parallel[1].id)
            try await server.setCapacity(wanted, 1)
            let holder = try await server.registeredAttendee("Seat Holder")
            let ana = try await server.registeredAttendee("Ana Waiting")
            let bo = try await server.registeredAttendee("Bo Newcomer")
            #expect(try await server.attend(wanted, holder).status == .ok)
            #expect(try await server.attend(wanted, ana, waitlist: true).status == .ok)
            #expect(try await server.attend(other, ana).status == .ok)
            // The seat given back goes to nobody: the only person waiting attends a session at the same time.
            _ = try await server.client.request(
                .delete, "/attendee/v1/sessions/\(wanted)/attendance", headers: AttendeeTestServer.auth(holder))

            _ = try await server.client.request(
                .delete, "/attendee/v1/sessions/\(other)/attendance", headers: AttendeeTestServer.auth(ana))
            let hers = try await server.client.get(
                "/attendee/v1/sessions/\(wanted)", headers: AttendeeTestServer.auth(ana)
            ).decode(Session.self)
            #expect(hers.myAttendance == .attending)
            #expect(hers.seatsTaken == 1)
            let late = try await server.attend(wanted, bo)
            #expect(late.problem["type"] == AttendanceRefusal.full.rawValue)
        }
    }

    @Test(arguments: DatabaseKind.eachDialectOnDisk)
    func concurrentRequestsForTheLastSeatsNeverOverbook(kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let session = try #require(try await server.agenda().first)
            let seats = 5
            try await server.setCapacity(session.id, seats)
            var tokens: [String] = []
            for index in 0..<40 { tokens.append(try await server.registeredAttendee("Person \(index)")) }
            let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                for token in tokens {
                    group.addTask { try await server.attend(session.id, token).status.rawValue }
                }
                var all: [Int] = []
                for try await status in group { all.append(status) }
                return all
            }
            #expect(statuses.filter { $0 == 200 }.count == seats)
            #expect(statuses.filter { $0 == 409 }.count == tokens.count - seats)
            let stored = try await server.database.read { db in
                try db.fetchValue(
                    Int.self,
                    "SELECT COUNT(*) FROM attendee_attendance WHERE session_id = \(session.id) AND state = 'attending'")
            }
            #expect(stored == seats)
            #expect(try await server.agenda().first?.seatsTaken == seats)
        }
    }

    /// The seat someone gives back goes to the first person waiting while that person takes a seat in a session
    /// at the same time: they end up in one of the two, never both (on PostgreSQL both clash checks ran on the
    /// old state).
    @Test(arguments: DatabaseKind.eachDialectOnDisk)
    func aPromotionRacingTheSamePersonsAttendNeverDoubleBooks(kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let agenda = try await server.agenda()
            let parallel = agenda.filter { $0.startsAt == agenda[1].startsAt }
            try #require(parallel.count >= 2)
            let (full, other) = (parallel[0].id, parallel[1].id)
            try await server.setCapacity(full, 1)
            let holder = try await server.registeredAttendee("Seat Holder")
            let waiter = try await server.registeredAttendee("Next In Line")
            let (leaveFull, leaveOther) = (
                "/attendee/v1/sessions/\(full)/attendance", "/attendee/v1/sessions/\(other)/attendance"
            )
            for _ in 0..<12 {
                #expect(try await server.attend(full, holder).status == .ok)
                #expect(try await server.attend(full, waiter, waitlist: true).status == .ok)
                async let left = server.client.request(.delete, leaveFull, headers: AttendeeTestServer.auth(holder))
                async let attended = server.attend(other, waiter)
                _ = try await (left, attended)
                let mine = try await server.client.get(
                    "/attendee/v1/events/\(server.eventID)/my-agenda", headers: AttendeeTestServer.auth(waiter)
                ).decode([Session].self)
                #expect(mine.count == 1, "\(mine.map(\.title))")
                for path in [leaveFull, leaveOther] {
                    _ = try await server.client.request(.delete, path, headers: AttendeeTestServer.auth(waiter))
                }
            }
        }
    }

    /// A double tap (or a hostile client) sends one person's attend, then leave, many times at once: one seat is
    /// taken and then given back, never counted twice (on PostgreSQL both requests read the same old state).
    @Test(arguments: DatabaseKind.eachDialectOnDisk)
    func onePersonsConcurrentAttendsAndLeavesCountOneSeat(kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let session = try #require(try await server.agenda().first)
            let other = try await server.registeredAttendee("Other Person")
            #expect(try await server.attend(session.id, other).status == .ok)
            let token = try await server.registeredAttendee("Double Tapper")
            let leave: @Sendable () async throws -> Int = {
                try await server.client.request(
                    .delete, "/attendee/v1/sessions/\(session.id)/attendance", headers: AttendeeTestServer.auth(token)
                ).status.rawValue
            }
            for _ in 0..<5 {
                let attended = try await withThrowingTaskGroup(of: Int.self) { group in
                    for _ in 0..<8 { group.addTask { try await server.attend(session.id, token).status.rawValue } }
                    return try await group.reduce(into: [Int]()) { $0.append($1) }
                }
                #expect(attended.allSatisfy { $0 == 200 })
                #expect(try await server.agenda().first?.seatsTaken == 2)
                let left = try await withThrowingTaskGroup(of: Int.self) { group in
                    for _ in 0..<8 { group.addTask(operation: leave) }
                    return try await group.reduce(into: [Int]()) { $0.append($1) }
                }
                #expect(left.allSatisfy { $0 == 200 })
                #expect(try await server.agenda().first?.seatsTaken == 1)
            }
        }
    }
}

@Suite struct AgendaCacheTests {
    @Test(arguments: DatabaseKind.eachDialectOnDisk)
    func anonymousAgendaReflectsSeatsRightAfterAWrite(kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let before = try await server.client.get("/attendee/v1/events/\(server.eventID)/agenda")
            let again = try await server.client.get("/attendee/v1/events/\(server.eventID)/agenda")
            #expect(before.bodyData == again.bodyData)
            #expect(before.headers["Content-Type"] == "application/json; charset=utf-8")
            let session = try #require(try before.decode([Session].self).first)
            let token = try await server.registeredAttendee("Ana")
            #expect(try await server.attend(session.id, token).status == .ok)
            #expect(try await server.agenda().first?.seatsTaken == 1)
            _ = try await server.client.request(
                .delete, "/attendee/v1/sessions/\(session.id)/attendance", headers: AttendeeTestServer.auth(token))
            #expect(try await server.agenda().first?.seatsTaken == 0)
        }
    }
}

/// The page a shared session link opens: no account needed, the programme's text escaped, the time in the
/// event's zone.
@Suite struct SessionPageTests {
    @Test func aSharedLinkOpensTheSessionsPageForAnyone() async throws {
        try await AttendeeTestServer.with { server in
            let session = try #require(try await server.agenda().first)
            let page = try await server.client.get("/sessions/\(session.id)")
            #expect(page.status == .ok)
            #expect(page.headers["Content-Type"] == "text/html; charset=utf-8")
            #expect(page.bodyText.contains("<h1>\(session.title.markupEscaped)</h1>"))
            #expect(try await server.client.get("/sessions/no-such-session").status == .notFound)
        }
    }

    @Test func thePageEscapesTheProgrammeAndTellsTheTimeInTheEventsZone() throws {
        let start = try #require(ISO8601DateFormatter().date(from: "2027-03-10T09:00:00Z"))
        let session = Session(
            id: "s", eventID: "e", title: "<script>alert(1)</script> & more", abstract: "Line one\nLine <b>two</b>",
            room: "Hall \"A\"", startsAt: start, endsAt: start.addingTimeInterval(3600),
            speakers: [PersonReference(id: "p", name: "Zoë <Z>")])
        let event = Event(
            id: "e", name: "Summit", startsAt: start, endsAt: start, timeZone: "America/New_York",
            venue: Venue(name: "Centre"))
        let html = SessionPage(session: session, event: event).html
        #expect(!html.contains("<script>"))
        #expect(html.contains("<h1>&lt;script&gt;alert(1)&lt;/script&gt; &amp; more</h1>"))
        #expect(html.contains("Wednesday 10 March 2027, 04:00–05:00 (America/New_York)"))
        #expect(
            html.contains("<p>Line <b>") == false && html.contains("<p>Line one</p><p>Line &lt;b&gt;two&lt;/b&gt;</p>"))
        #expect(html.contains("Zoë &lt;Z&gt;"))
    }
}
