import AttendeeModels
import AttendeeServer
import Database
import DatabaseTestSupport
import Foundation
import HTTPServer
import Testing

@Suite struct ImportEndpointTests {
    static func programme(title: String = "Hello", timeZone: String = "Pacific/Kiritimati") -> ConferenceProgramme {
        let start = Date(timeIntervalSince1970: 1_900_000_000)
        return ConferenceProgramme(
            event: ProgrammeEvent(
                externalID: "test:kiri", name: "Kiritimati Dev Days", startsAt: start,
                endsAt: start.addingTimeInterval(86_400), timeZone: timeZone, venue: Venue(name: "Hall")),
            speakers: [ProgrammeSpeaker(externalID: "test:sp1", name: "Aiko Nakamura")],
            sessions: [
                ProgrammeSession(
                    externalID: "test:s1", title: title, startsAt: start, endsAt: start.addingTimeInterval(3600),
                    capacity: 10, speakerIDs: ["test:sp1", "test:unknown"])
            ])
    }

    func post(_ server: AttendeeTestServer, _ programme: ConferenceProgramme, _ token: String) async throws -> Response
    {
        try await server.client.request(
            .post, "/attendee/v1/import", headers: AttendeeTestServer.auth(token),
            body: AttendeeCoding.encoder().encode(programme))
    }

    /// Seats a re-import adds go to the waitlist in order, as a seat given back does; no newcomer jumps the queue.
    @Test(arguments: DatabaseKind.eachDialectOnDisk)
    func seatsAReimportAddsGoToTheWaitlistFirst(kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let organizer = try await server.signUp("Organizer")
            var programme = Self.programme()
            programme.sessions[0].capacity = 1
            let eventID = try await post(server, programme, organizer).decode(ImportSummary.self).eventID
            var people: [String] = []
            for name in ["Ana", "Rui", "Zoe", "Bo"] {
                let token = try await server.signUp(name)
                let registered = try await server.client.request(
                    .post, "/attendee/v1/events/\(eventID)/registration", headers: AttendeeTestServer.auth(token))
                #expect(registered.status == .created)
                people.append(token)
            }
            let (ana, rui, zoe, bo) = (people[0], people[1], people[2], people[3])
            let sessionID = try #require(
                try await server.client.get("/attendee/v1/events/\(eventID)/agenda").decode([Session].self).first?.id)
            func state(_ token: String) async throws -> Session {
                try await server.client.get(
                    "/attendee/v1/sessions/\(sessionID)", headers: AttendeeTestServer.auth(token)
                )
                .decode(Session.self)
            }
            #expect(try await server.attend(sessionID, ana).status == .ok)
            #expect(try await server.attend(sessionID, rui, waitlist: true).status == .ok)
            #expect(try await server.attend(sessionID, zoe, waitlist: true).status == .ok)

            programme.sessions[0].capacity = 2
            #expect(try await post(server, programme, organizer).status == .ok)
            #expect(try await state(rui).myAttendance == .attending)
            #expect(try await state(zoe).myWaitlistPosition == 1)
            #expect(try await server.attend(sessionID, bo).status == .conflict, "Bo was not waiting")

            programme.sessions[0].capacity = nil
            #expect(try await post(server, programme, organizer).status == .ok)
            #expect(try await state(zoe).myAttendance == .attending)
            #expect(try await state(zoe).seatsTaken == 3)
        }
    }

    @Test(arguments: DatabaseKind.eachDialectOnDisk)
    func reimportUpdatesInsteadOfDuplicating(kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let organizer = try await server.signUp("Organizer")
            let created = try await post(server, Self.programme(), organizer)
            #expect(created.status == .created)
            let first = try created.decode(ImportSummary.self)
            #expect(first.sessionsCreated == 1)
            #expect(first.speakersCreated == 1)

            let updated = try await post(server, Self.programme(title: "Hello again"), organizer)
            #expect(updated.status == .ok)
            let second = try updated.decode(ImportSummary.self)
            #expect(second.eventID == first.eventID)
            #expect(second.sessionsUpdated == 1)
            #expect(second.sessionsCreated == 0)
            let agenda = try await server.client.get("/attendee/v1/events/\(first.eventID)/agenda")
                .decode([Session].self)
            #expect(agenda.map(\.title) == ["Hello again"])
            #expect(agenda.first?.speakers.map(\.name) == ["Aiko Nakamura"])

            let intruder = try await post(server, Self.programme(), try await server.signUp("Intruder"))
            #expect(intruder.status == .created)
            #expect(try intruder.decode(ImportSummary.self).eventID != first.eventID)
            let badZone = try await post(server, Self.programme(timeZone: "Mars/Olympus"), organizer)
            #expect(badZone.status == .unprocessableContent)
            #expect(badZone.problem["field"] == "event.timeZone")
            let anonymous = try await server.client.request(
                .post, "/attendee/v1/import", body: AttendeeCoding.encoder().encode(Self.programme()))
            #expect(anonymous.status == .unauthorized)
        }
    }

    @Test(arguments: DatabaseKind.eachDialectOnDisk)
    func anotherEventCannotRewriteASpeaker(kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let first = try await post(server, Self.programme(), try await server.signUp("Organizer A"))
            let eventID = try first.decode(ImportSummary.self).eventID
            var hostile = Self.programme()
            hostile.event.externalID = "test:other"
            hostile.speakers[0].name = "Defaced"
            let other = try await post(server, hostile, try await server.signUp("Organizer B"))
            #expect(other.status == .created)
            let agenda = try await server.client.get("/attendee/v1/events/\(eventID)/agenda").decode([Session].self)
            #expect(agenda.first?.speakers.map(\.name) == ["Aiko Nakamura"])
        }
    }

    /// Everything stored about one event: its row, sessions, speaker links and speakers, registrations and
    /// attendance, each row as its values.
    func stored(_ server: AttendeeTestServer, event eventID: String) async throws -> [[DatabaseValue]] {
        try await server.database.read { db in
            let queries: [SQL] = [
                "SELECT * FROM attendee_event WHERE id = \(eventID)",
                "SELECT * FROM attendee_session WHERE event_id = \(eventID) ORDER BY id",
                """
                SELECT k.* FROM attendee_session_speaker k JOIN attendee_session s ON s.id = k.session_id
                WHERE s.event_id = \(eventID) ORDER BY k.session_id, k.position
                """,
                """
                SELECT u.* FROM attendee_user u WHERE u.id IN (SELECT k.user_id FROM attendee_session_speaker k
                    JOIN attendee_session s ON s.id = k.session_id WHERE s.event_id = \(eventID)) ORDER BY u.id
                """,
                "SELECT * FROM attendee_registration WHERE event_id = \(eventID) ORDER BY user_id",
                """
                SELECT a.* FROM attendee_attendance a JOIN attendee_session s ON s.id = a.session_id
                WHERE s.event_id = \(eventID) ORDER BY a.session_id, a.user_id
                """,
            ]
            return try queries.flatMap { try db.query($0).map(\.values) }
        }
    }

    /// What a registered attendee and a passer-by see of an event.
    func seen(_ server: AttendeeTestServer, event eventID: String, by token: String) async throws -> [String] {
        let headers = AttendeeTestServer.auth(token)
        return try await [
            server.client.get("/attendee/v1/events/\(eventID)", headers: headers).bodyText,
            server.client.get("/attendee/v1/events/\(eventID)/agenda", headers: headers).bodyText,
            server.client.get("/attendee/v1/events/\(eventID)/agenda").bodyText,
            server.client.get("/attendee/v1/events/\(eventID)/speakers").bodyText,
            server.client.get("/attendee/v1/events/\(eventID)/my-agenda", headers: headers).bodyText,
            server.client.get("/attendee/v1/events/\(eventID)/attendees", headers: headers).bodyText,
        ]
    }

    func userID(_ server: AttendeeTestServer, _ token: String) async throws -> String {
        try await server.client.get("/attendee/v1/me", headers: AttendeeTestServer.auth(token))
            .decode(MyProfile.self).person.id
    }

    @Test(arguments: DatabaseKind.eachDialectOnDisk)
    func anotherPersonsImportLeavesTheEventAndItsAttendanceUnchanged(kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let organizer = try await server.signUp("Organizer")
            let original = try await post(server, Self.programme(), organizer).decode(ImportSummary.self)
            #expect(original.externalID == "test:kiri")
            let attendee = try await server.signUp("Attendee")
            let registered = try await server.client.request(
                .post, "/attendee/v1/events/\(original.eventID)/registration",
                headers: AttendeeTestServer.auth(attendee))
            #expect(registered.status == .created)
            let session = try #require(
                try await server.client.get("/attendee/v1/events/\(original.eventID)/agenda").decode([Session].self)
                    .first)
            #expect(try await server.attend(session.id, attendee).status == .ok)
            let storedBefore = try await stored(server, event: original.eventID)
            let seenBefore = try await seen(server, event: original.eventID, by: attendee)

            let other = try await server.signUp("Someone Else")
            var theirs = Self.programme(title: "Taken over")
            theirs.event.name = "Not your event"
            theirs.sessions[0].capacity = 0
            theirs.sessions[0].startsAt.addTimeInterval(600)
            theirs.speakers[0].name = "Defaced"
            let copy = try await post(server, theirs, other)
            #expect(copy.status == .created)
            let summary = try copy.decode(ImportSummary.self)
            #expect(summary.eventID != original.eventID)
            #expect(summary.externalID == (try await userID(server, other)) + "|test:kiri")

            #expect(try await stored(server, event: original.eventID) == storedBefore)
            #expect(try await seen(server, event: original.eventID, by: attendee) == seenBefore)
            let mine = try await server.client.get("/attendee/v1/events/\(summary.eventID)/agenda")
                .decode([Session].self)
            #expect(mine.map(\.title) == ["Taken over"])
            #expect(mine.first?.speakers.map(\.name) == ["Defaced"])
            #expect(mine.first?.seatsTaken == 0)

            // Their next import of the same file updates their own event, and still not the organizer's.
            let again = try await post(server, theirs, other)
            #expect(again.status == .ok)
            #expect(try again.decode(ImportSummary.self).eventID == summary.eventID)
            #expect(try await stored(server, event: original.eventID) == storedBefore)

            // The organizer's own re-import updates the original and keeps its attendance.
            let update = try await post(server, Self.programme(title: "Hello, updated"), organizer)
            #expect(update.status == .ok)
            #expect(try update.decode(ImportSummary.self).eventID == original.eventID)
            let updated = try await server.client.get(
                "/attendee/v1/events/\(original.eventID)/agenda", headers: AttendeeTestServer.auth(attendee)
            ).decode([Session].self)
            #expect(updated.map(\.title) == ["Hello, updated"])
            #expect(updated.first?.myAttendance == .attending)
            #expect(updated.first?.seatsTaken == 1)
            let events = try await server.client.get("/attendee/v1/events").decode([Event].self)
            #expect(Set(events.map(\.id)).isSuperset(of: [original.eventID, summary.eventID, server.eventID]))
            #expect(events.count == 3)
        }
    }

    @Test(arguments: DatabaseKind.eachDialectOnDisk)
    func aSeedEventCannotBeTakenOver(kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let attendee = try await server.registeredAttendee("Attendee")
            let keynote = try #require(try await server.agenda().first)
            #expect(try await server.attend(keynote.id, attendee).status == .ok)
            let storedBefore = try await stored(server, event: server.eventID)
            let seenBefore = try await seen(server, event: server.eventID, by: attendee)

            var hijack = Self.programme(title: "Hijacked")
            hijack.event.externalID = "demo:quartet-summit-2027"
            let someone = try await server.signUp("Someone")
            let response = try await post(server, hijack, someone)
            #expect(response.status == .created)
            let summary = try response.decode(ImportSummary.self)
            #expect(summary.eventID != server.eventID)
            #expect(summary.externalID == (try await userID(server, someone)) + "|demo:quartet-summit-2027")
            #expect(try await stored(server, event: server.eventID) == storedBefore)
            #expect(try await seen(server, event: server.eventID, by: attendee) == seenBefore)
            let again = try await post(server, hijack, attendee)
            #expect(again.status == .created)
            #expect(try await stored(server, event: server.eventID) == storedBefore)
        }
    }

    @Test(arguments: DatabaseKind.eachDialectOnDisk)
    func scopedIdsCannotBeForged(kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let victim = try await server.signUp("Victim")
            var forged = Self.programme()
            forged.event.externalID = (try await userID(server, victim)) + "|test:kiri"
            let refused = try await post(server, forged, try await server.signUp("Forger"))
            #expect(refused.status == .unprocessableContent)
            #expect(refused.problem["field"] == "event.externalID")
            var speaker = Self.programme()
            speaker.speakers[0].externalID = "test:kiri|test:sp1"
            let alsoRefused = try await post(server, speaker, victim)
            #expect(alsoRefused.status == .unprocessableContent)
            #expect(alsoRefused.problem["field"] == "speakers.0.externalID")

            // An event stored under someone's scoped id before `|` was refused still belongs to whoever made it.
            let owner = try await server.signUp("Owner")
            let first = try await post(server, Self.programme(), owner).decode(ImportSummary.self)
            let legacy = try await post(server, Self.programme(), try await server.signUp("Legacy"))
                .decode(ImportSummary.self)
            let victimID = try await userID(server, victim)
            try await server.database.write { db in
                try db.execute(
                    "UPDATE attendee_event SET external_id = \(victimID + "|test:kiri") WHERE id = \(legacy.eventID)")
            }
            let storedBefore = try await stored(server, event: legacy.eventID)
            let ownerBefore = try await stored(server, event: first.eventID)
            #expect(try await post(server, Self.programme(title: "Mine?"), victim).status == .forbidden)
            #expect(try await stored(server, event: legacy.eventID) == storedBefore)
            #expect(try await stored(server, event: first.eventID) == ownerBefore)
        }
    }

    @Test(arguments: DatabaseKind.eachDialectOnDisk)
    func seedLoadsOnceOnly(kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            #expect(try await server.service.loadSeedIfNeeded() == 0)
            let events = try await server.client.get("/attendee/v1/events").decode([Event].self)
            #expect(events.count == 1)
            #expect(events.first?.timeZone == "Europe/Lisbon")
        }
    }

    @Test(arguments: DatabaseKind.eachDialectOnDisk)
    func everyRouteIsDocumentedAndEveryOperationRouted(kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            var router = Router()
            server.service.register(on: &router)
            let routed = Set(router.endpoints.map { "\($0.method.rawValue) \($0.pattern)" })
            let documented = Set(AttendeeService.operations.map { "\($0.method.rawValue) \($0.path)" })
            #expect(routed == documented)
            #expect(routed == Set(AttendeeRoute.all.map(\.description)))
            let authenticated = Set(AttendeeService.operations.filter(\.requiresAuthentication).map(\.path))
            #expect(authenticated.contains("/attendee/v1/sessions/:sessionID/attendance"))
        }
    }
}
