import AttendeeModels
import DatabaseTestSupport
import Foundation
import HTTPServer
import Testing

@Suite struct PeopleTests {
    @Test(arguments: DatabaseKind.eachDialectOnDisk)
    func attendeeSearchIgnoresCaseAndAccents(kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let token = try await server.registeredAttendee("José Núñez")
            let other = try await server.registeredAttendee("Chloé Andersen")
            _ = try await server.client.patch(
                "/attendee/v1/me", json: ProfileUpdate(title: "Développeuse", company: "Café Analytics"),
                headers: AttendeeTestServer.auth(other))
            func search(_ text: String) async throws -> [String] {
                let query = text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? text
                return try await server.client.get(
                    "/attendee/v1/events/\(server.eventID)/attendees?search=\(query)",
                    headers: AttendeeTestServer.auth(token)
                ).decode([Person].self).map(\.name)
            }
            #expect(try await search("") == ["Chloé Andersen", "José Núñez"])
            #expect(try await search("JOSE") == ["José Núñez"])
            #expect(try await search("nunez") == ["José Núñez"])
            #expect(try await search("cafe") == ["Chloé Andersen"])
            #expect(try await search("developpeuse") == ["Chloé Andersen"])
            #expect(try await search("100%") == [])
            #expect(try await search("_") == [])

            let outsider = try await server.signUp("Outsider")
            let refused = try await server.client.get(
                "/attendee/v1/events/\(server.eventID)/attendees", headers: AttendeeTestServer.auth(outsider))
            #expect(refused.status == .forbidden)
        }
    }

    /// The organizer sees whose profiles they may open (DECISIONS: an event's organizer shares it with its
    /// attendees), without registering for their own event; someone outside it is still refused.
    @Test(arguments: DatabaseKind.eachDialectOnDisk)
    func theOrganizerListsTheEventsAttendees(kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            _ = try await server.registeredAttendee("Ada Lovelace")
            let organizer = try await server.organizer("Olga Organizer")
            let listed = try await server.client.get(
                "/attendee/v1/events/\(server.eventID)/attendees", headers: AttendeeTestServer.auth(organizer))
            #expect(listed.status == .ok, "\(listed.bodyText)")
            #expect(try listed.decode([Person].self).map(\.name) == ["Ada Lovelace"])
            let outsider = try await server.signUp("Outsider")
            let refused = try await server.client.get(
                "/attendee/v1/events/\(server.eventID)/attendees", headers: AttendeeTestServer.auth(outsider))
            #expect(refused.status == .forbidden)
            #expect(refused.problem["detail"] == "Register for this event first.")
        }
    }

    /// A session page's Attendees link follows the event's rule: its organizer, who need not register for their own
    /// event, sees who holds a seat; someone outside the event is still refused.
    @Test(arguments: DatabaseKind.eachDialectOnDisk)
    func theOrganizerListsASessionsAttendees(kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let session = try #require(try await server.agenda().first)
            let ada = try await server.registeredAttendee("Ada Lovelace")
            #expect(try await server.attend(session.id, ada).status == .ok)
            let organizer = try await server.organizer("Olga Organizer")
            let path = "/attendee/v1/sessions/\(session.id)/attendees"
            let listed = try await server.client.get(path, headers: AttendeeTestServer.auth(organizer))
            #expect(listed.status == .ok, "\(listed.bodyText)")
            #expect(try listed.decode([Person].self).map(\.name) == ["Ada Lovelace"])
            let outsider = try await server.signUp("Outsider")
            let refused = try await server.client.get(path, headers: AttendeeTestServer.auth(outsider))
            #expect(refused.status == .forbidden)
            #expect(refused.problem["detail"] == "Register for this event first.")
        }
    }

    @Test(arguments: DatabaseKind.eachDialectOnDisk)
    func speakersAndTheirProfiles(kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let speakers = try await server.client.get("/attendee/v1/events/\(server.eventID)/speakers")
                .decode([Person].self)
            let speaking = Set(try await server.agenda().flatMap { $0.speakers.map(\.id) })
            #expect(Set(speakers.map(\.id)) == speaking)
            #expect(speakers.count == speaking.count)
            #expect(speakers.map(\.name) == speakers.map(\.name).sorted())
            let first = try #require(speakers.first)
            let profile = try await server.client.get("/attendee/v1/events/\(server.eventID)/speakers/\(first.id)")
                .decode(SpeakerProfile.self)
            #expect(profile.speaker.name == first.name)
            #expect(!profile.sessions.isEmpty)
            #expect(profile.sessions.allSatisfy { $0.speakers.contains { $0.id == first.id } })
            #expect(!profile.speaker.socialLinks.isEmpty)

            let attendee = try await server.signUp("Not A Speaker")
            let me = try await server.client.get("/attendee/v1/me", headers: AttendeeTestServer.auth(attendee))
                .decode(MyProfile.self)
            #expect(
                try await server.client.get("/attendee/v1/events/\(server.eventID)/speakers/\(me.person.id)").status
                    == .notFound)
            #expect(
                try await server.client.get("/attendee/v1/events/no-such-event/speakers/\(first.id)").status
                    == .notFound)
        }
    }

    /// A speaker's profile is read through an event, and lists their sessions at that event only (their times are
    /// written in its zone); a speaker of another event alone is no speaker of this one.
    @Test(arguments: DatabaseKind.eachDialectOnDisk)
    func aSpeakersProfileKeepsToItsEvent(kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let first = try #require(
                try await server.client.get("/attendee/v1/events/\(server.eventID)/speakers").decode([Person].self)
                    .first)
            _ = try await server.database.write { db in
                try db.execute(
                    """
                    INSERT INTO attendee_event (id, external_id, name, starts_at, ends_at, time_zone, venue_name,
                        venue_address, summary, seats_threshold, additional_fields)
                    VALUES ('tokyo', 'test:tokyo', 'Tokyo Day', 1900000000, 1900036000, 'Asia/Tokyo', 'Hall', '', '',
                        10, '[]')
                    """)
                try db.execute(
                    """
                    INSERT INTO attendee_session (id, event_id, external_id, title, abstract, kind, starts_at, ends_at)
                    VALUES ('tokyo-1', 'tokyo', 't1', 'Far away', '', 'talk', 1900000000, 1900003600)
                    """)
                try db.execute(
                    """
                    INSERT INTO attendee_session_speaker (session_id, user_id, position)
                    VALUES ('tokyo-1', \(first.id), 0)
                    """)
            }
            let here = try await server.client.get("/attendee/v1/events/\(server.eventID)/speakers/\(first.id)")
                .decode(SpeakerProfile.self)
            #expect(!here.sessions.isEmpty)
            #expect(here.sessions.allSatisfy { $0.eventID == server.eventID })
            let there = try await server.client.get("/attendee/v1/events/tokyo/speakers/\(first.id)")
                .decode(SpeakerProfile.self)
            #expect(there.sessions.map(\.id) == ["tokyo-1"])

            _ = try await server.speaker("Sue Speaker", of: "tokyo-1")
            let sue = try #require(
                try await server.client.get("/attendee/v1/events/tokyo/speakers").decode([Person].self).first {
                    $0.name == "Sue Speaker"
                })
            #expect(
                try await server.client.get("/attendee/v1/events/\(server.eventID)/speakers/\(sue.id)").status
                    == .notFound)
        }
    }

    @Test(arguments: DatabaseKind.eachDialectOnDisk)
    func aProfileIsSeenOnlyByThoseWhoShareAnEventWithItsPerson(kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let ada = try await server.registeredAttendee("Ada Lovelace")
            let ben = try await server.registeredAttendee("Ben Okafor")
            let stranger = try await server.signUp("Stranger")
            let organizer = try await server.signUp("Olga Organizer")
            try await server.makeOrganizer(organizer)
            let adaID = try await server.personID(ada)
            func status(_ personID: String, as token: String) async throws -> HTTPStatus {
                try await server.client.get("/attendee/v1/people/\(personID)", headers: AttendeeTestServer.auth(token))
                    .status
            }
            #expect(try await status(adaID, as: ada) == .ok)
            #expect(try await status(adaID, as: ben) == .ok)
            #expect(try await status(adaID, as: organizer) == .ok)
            #expect(try await status(try await server.personID(organizer), as: ada) == .ok)
            // Someone who shares no event with Ada cannot tell her account from no account.
            #expect(try await status(adaID, as: stranger) == .notFound)
            #expect(try await status(try await server.personID(ben), as: stranger) == .notFound)
            let speaker = try #require(try await server.agenda().first?.speakers.first)
            #expect(try await status(speaker.id, as: stranger) == .ok)
        }
    }
}
