import AttendeeModels
import AttendeeServer
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

            let intruder = try await server.signUp("Intruder")
            #expect(try await post(server, Self.programme(), intruder).status == .forbidden)
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
