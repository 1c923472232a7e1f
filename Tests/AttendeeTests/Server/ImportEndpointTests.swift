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
                    capacity: 10, speakerIDs: ["test:sp1"])
            ])
    }

    func post(_ server: AttendeeTestServer, _ programme: ConferenceProgramme, _ token: String) async throws -> Response
    {
        try await server.client.request(
            .post, "/attendee/v1/import", headers: AttendeeTestServer.auth(token),
            body: AttendeeCoding.encoder().encode(programme))
    }

    /// `programme()` as JSON, changed by `change`: the bodies a person can send, whatever Swift's types allow.
    static func body(_ change: (inout [String: Any]) -> Void) throws -> Data {
        var root = try #require(
            try JSONSerialization.jsonObject(with: AttendeeCoding.encoder().encode(programme())) as? [String: Any])
        change(&root)
        return try JSONSerialization.data(withJSONObject: root)
    }

    /// `root[path]`, where `path` names objects and list positions (`event.venue`, `sessions.0`), set by `change`.
    static func edit(_ root: inout [String: Any], _ path: String, _ change: (inout [String: Any]) -> Void) {
        func edit(_ value: Any?, _ keys: ArraySlice<Substring>) -> Any? {
            guard let key = keys.first else {
                var object = value as? [String: Any] ?? [:]
                change(&object)
                return object
            }
            if var list = value as? [Any], let index = Int(key) {
                list[index] = edit(list[index], keys.dropFirst()) as Any
                return list
            }
            var object = value as? [String: Any] ?? [:]
            object[String(key)] = edit(object[String(key)], keys.dropFirst())
            return object
        }
        root = edit(root, path.split(separator: ".")[...]) as? [String: Any] ?? root
    }

    /// The security review's bodies: each was taken with 201, and each is now a 422 naming the field it breaks.
    @Test func theReviewsBodiesAreRefusedNamingTheirField() async throws {
        try await AttendeeTestServer.with { server in
            let token = try await server.signUp("Organizer")
            let year1999 = "1999-06-01T10:00:00Z"
            let cases: [(String, (inout [String: Any]) -> Void)] = [
                ("event.name", { Self.edit(&$0, "event") { $0["name"] = String(repeating: "n", count: 1 << 20) } }),
                (
                    "event.summary",
                    {
                        Self.edit(&$0, "event") { $0["summary"] = String(repeating: "s", count: 3 << 20) }
                    }
                ),
                ("event.name", { Self.edit(&$0, "event") { $0["name"] = "   " } }),
                ("event.endsAt", { Self.edit(&$0, "event") { $0["endsAt"] = "2030-03-17T16:00:00Z" } }),
                (
                    "sessions.0.startsAt",
                    {
                        Self.edit(&$0, "sessions.0") {
                            $0["startsAt"] = year1999
                            $0["endsAt"] = "1999-06-01T11:00:00Z"
                        }
                    }
                ),
                (
                    "sessions.0.speakerIDs.1",
                    {
                        Self.edit(&$0, "sessions.0") { $0["speakerIDs"] = ["test:sp1", "test:unknown"] }
                    }
                ),
                ("event.seatsThreshold", { Self.edit(&$0, "event") { $0["seatsThreshold"] = -100 } }),
                ("event.venue.latitude", { Self.edit(&$0, "event.venue") { $0["latitude"] = 999 } }),
                ("event.venue.longitude", { Self.edit(&$0, "event.venue") { $0["longitude"] = -999 } }),
                (
                    "event.additionalInfoFields.0.key",
                    {
                        Self.edit(&$0, "event") {
                            $0["additionalInfoFields"] = [["key": "", "label": "One"], ["key": "", "label": "Two"]]
                        }
                    }
                ),
                (
                    "event.additionalInfoFields.1.key",
                    {
                        Self.edit(&$0, "event") {
                            $0["additionalInfoFields"] = [["key": "a", "label": "One"], ["key": "a", "label": "Two"]]
                        }
                    }
                ),
                ("event.coverImageURL", { Self.edit(&$0, "event") { $0["coverImageURL"] = "javascript:alert(1)" } }),
                (
                    "sessions.0.title",
                    {
                        Self.edit(&$0, "sessions.0") { $0["title"] = String(repeating: "t", count: 201) }
                    }
                ),
                (
                    "sessions.0.abstract",
                    {
                        Self.edit(&$0, "sessions.0") { $0["abstract"] = String(repeating: "a", count: 10_001) }
                    }
                ),
                (
                    "sessions.0.track",
                    { Self.edit(&$0, "sessions.0") { $0["track"] = String(repeating: "t", count: 201) } }
                ),
                (
                    "sessions.0.room",
                    { Self.edit(&$0, "sessions.0") { $0["room"] = String(repeating: "r", count: 201) } }
                ),
                (
                    "speakers.0.name",
                    { Self.edit(&$0, "speakers.0") { $0["name"] = String(repeating: "n", count: 81) } }
                ),
                (
                    "speakers.0.bio",
                    { Self.edit(&$0, "speakers.0") { $0["bio"] = String(repeating: "b", count: 2001) } }
                ),
                (
                    "speakers.0.title",
                    { Self.edit(&$0, "speakers.0") { $0["title"] = String(repeating: "t", count: 121) } }
                ),
                (
                    "event.venue.name",
                    {
                        Self.edit(&$0, "event.venue") { $0["name"] = String(repeating: "v", count: 201) }
                    }
                ),
                (
                    "event.venue.address",
                    {
                        Self.edit(&$0, "event.venue") { $0["address"] = String(repeating: "v", count: 201) }
                    }
                ),
                (
                    "event.additionalInfoFields.0.label",
                    {
                        Self.edit(&$0, "event") {
                            $0["additionalInfoFields"] = [["key": "k", "label": String(repeating: "l", count: 201)]]
                        }
                    }
                ),
                ("event.startsAt", { Self.edit(&$0, "event") { $0["startsAt"] = "the first of June" } }),
                ("sessions.0.endsAt", { Self.edit(&$0, "sessions.0") { $0["endsAt"] = "soon" } }),
            ]
            for (field, change) in cases {
                let response = try await server.client.request(
                    .post, "/attendee/v1/import", headers: AttendeeTestServer.auth(token), body: try Self.body(change))
                #expect(response.status == .unprocessableContent, "\(field): \(response.status)")
                #expect(response.problem["field"] == field)
            }
            let events = try await server.client.get("/attendee/v1/events")
            #expect(try events.decode([Event].self).count == 1, "only the seed event")
            #expect(events.bodyData.count < 10_000)
        }
    }

    /// A body with only the fields the document requires is taken, with the documented defaults.
    @Test func aBodyWithOnlyTheRequiredFieldsIsTaken() async throws {
        try await AttendeeTestServer.with { server in
            let token = try await server.signUp("Organizer")
            let body = Data(
                """
                {"event": {"externalID": "test:bare", "name": "Bare", "startsAt": "2030-01-01T09:00:00.250Z",
                           "endsAt": "2030-01-01T18:00:00Z", "timeZone": "UTC", "venue": {"name": "Hall"}},
                 "speakers": [{"externalID": "p", "name": "P"}],
                 "sessions": [{"externalID": "s", "title": "S", "startsAt": "2030-01-01T10:00:00Z",
                               "endsAt": "2030-01-01T11:00:00Z", "speakerIDs": ["p"]}]}
                """.utf8)
            let response = try await server.client.request(
                .post, "/attendee/v1/import", headers: AttendeeTestServer.auth(token), body: body)
            #expect(response.status == .created, "\(response.bodyText)")
            let eventID = try response.decode(ImportSummary.self).eventID
            let event = try await server.client.get("/attendee/v1/events/\(eventID)").decode(EventDetails.self).event
            #expect(event.summary == "")
            #expect(event.seatsThreshold == 10)
            #expect(event.venue.address == "")
            #expect(event.startsAt == Date(timeIntervalSince1970: 1_893_488_400))
            let agenda = try await server.client.get("/attendee/v1/events/\(eventID)/agenda").decode([Session].self)
            #expect(agenda.map(\.kind) == [.talk])
            #expect(agenda.first?.speakers.map(\.name) == ["P"])
        }
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

            // A file without capacities (`import` without `--capacity`) keeps the stored limit.
            programme.sessions[0].capacity = nil
            #expect(try await post(server, programme, organizer).status == .ok)
            #expect(try await state(zoe).myWaitlistPosition == 1)
            #expect(try await state(zoe).capacity == 2)
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
            #expect(routed.isSuperset(of: ["PUT /attendee/v1/polls/:pollID", "DELETE /attendee/v1/polls/:pollID"]))
            #expect(authenticated.contains("/attendee/v1/polls/:pollID"))
        }
    }
}
