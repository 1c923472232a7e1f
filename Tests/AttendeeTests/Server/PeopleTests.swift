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
            let profile = try await server.client.get("/attendee/v1/speakers/\(first.id)").decode(SpeakerProfile.self)
            #expect(profile.speaker.name == first.name)
            #expect(!profile.sessions.isEmpty)
            #expect(profile.sessions.allSatisfy { $0.speakers.contains { $0.id == first.id } })
            #expect(!profile.speaker.socialLinks.isEmpty)

            let attendee = try await server.signUp("Not A Speaker")
            let me = try await server.client.get("/attendee/v1/me", headers: AttendeeTestServer.auth(attendee))
                .decode(MyProfile.self)
            #expect(try await server.client.get("/attendee/v1/speakers/\(me.person.id)").status == .notFound)
        }
    }
}
