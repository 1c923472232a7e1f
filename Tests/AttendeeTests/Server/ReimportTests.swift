import AttendeeModels
import Database
import DatabaseTestSupport
import Foundation
import HTTPServer
import Testing

@testable import AttendeeCore
@testable import AttendeeServer

/// What a second import of a file does: a different unnamed file is a different event, the same file updates
/// its event, a session the file dropped goes with its seats and waitlist, and no capacity keeps the limits.
@Suite struct ReimportTests {
    static func sessionize(_ sessions: [(id: String, day: String)]) -> Data {
        let rows = sessions.map {
            #"{"id": "\#($0.id)", "title": "Talk \#($0.id)", "startsAt": "\#($0.day)T10:00", "endsAt": "\#($0.day)T11:00"}"#
        }
        return Data(#"{"sessions": [\#(rows.joined(separator: ","))], "speakers": []}"#.utf8)
    }

    @Test func unnamedFilesOfEachFormatAreTheirOwnEventsAndTheSameFileKeepsItsId() throws {
        let options = ImportOptions(timeZone: "UTC")
        let kotlin = try ProgrammeImporter.read(Self.sessionize([("a1", "2027-01-01")]), options: options)
        let other = try ProgrammeImporter.read(Self.sessionize([("b1", "2027-02-01")]), options: options)
        #expect(kotlin.programme.event.externalID != other.programme.event.externalID)
        #expect(kotlin.programme.event.externalID == "sessionize:session:a1")
        let again = try ProgrammeImporter.read(
            Self.sessionize([("a2", "2027-01-01"), ("a1", "2027-01-01")]), options: options)
        #expect(again.programme.event.externalID == kotlin.programme.event.externalID)
        let named = try ProgrammeImporter.read(
            Self.sessionize([("a1", "2027-01-01")]), options: ImportOptions(eventName: "Kotlin Conf", timeZone: "UTC"))
        #expect(named.programme.event.externalID == "sessionize:kotlin-conf")

        func frab(_ guid: String) throws -> String {
            try ProgrammeImporter.read(
                Data(
                    #"""
                    {"schedule": {"conference": {"time_zone_name": "UTC", "days": [{"date": "2027-01-01",
                      "rooms": {"Hall": [{"guid": "\#(guid)", "title": "T", "date": "2027-01-01T10:00:00Z",
                      "duration": "00:30"}]}}]}}}
                    """#.utf8), options: options
            ).programme.event.externalID
        }
        #expect(try frab("g1") != frab("g2"))
        #expect(try frab("g1") == frab("g1"))

        func openEvent(_ id: String) throws -> String {
            try ProgrammeImporter.read(
                Data(
                    #"""
                    [{"id": "\#(id)", "title": "T", "starts-at": "2027-01-01T10:00:00Z",
                      "ends-at": "2027-01-01T11:00:00Z", "state": "accepted"}]
                    """#.utf8), options: options
            ).programme.event.externalID
        }
        #expect(try openEvent("1") != openEvent("2"))
        #expect(try openEvent("1") == openEvent("1"))
    }

    @Test func theKotlinConfFileWithoutANameIsNotTheImportedConference() throws {
        guard let data = try conferenceFixture("kotlinconf-app_2025_conference.json") else { return }
        let report = try ProgrammeImporter.read(data, options: ImportOptions(timeZone: "Europe/Copenhagen"))
        #expect(report.programme.event.externalID.hasPrefix("sessionize:session:"))
        let small = try ProgrammeImporter.read(
            Self.sessionize([("x1", "2027-01-01")]), options: ImportOptions(timeZone: "UTC"))
        #expect(small.programme.event.externalID != report.programme.event.externalID)
    }

    /// The test programme with a second session, `test:s2`, an hour long, starting `offset` seconds after the
    /// event does.
    static func withSecondSession(_ title: String, startingAfter offset: TimeInterval, capacity: Int)
        -> ConferenceProgramme
    {
        var programme = ImportEndpointTests.programme()
        let start = programme.event.startsAt.addingTimeInterval(offset)
        programme.sessions.append(
            ProgrammeSession(
                externalID: "test:s2", title: title, startsAt: start, endsAt: start.addingTimeInterval(3600),
                capacity: capacity))
        return programme
    }

    @Test(arguments: DatabaseKind.eachDialectOnDisk)
    func aDroppedSessionGoesWithItsSeatsAndANoCapacityReimportKeepsTheLimits(kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let organizer = try await server.signUp("Organizer")
            let programme = Self.withSecondSession("Dropped", startingAfter: 0, capacity: 1)
            let import1 = try await ImportEndpointTests().post(server, programme, organizer)
            let eventID = try import1.decode(ImportSummary.self).eventID
            let ana = try await server.signUp("Ana")
            let bo = try await server.signUp("Bo")
            for token in [ana, bo] {
                _ = try await server.client.request(
                    .post, "/attendee/v1/events/\(eventID)/registration", headers: AttendeeTestServer.auth(token))
            }
            let agenda = try await server.client.get("/attendee/v1/events/\(eventID)/agenda").decode([Session].self)
            let dropped = try #require(agenda.first { $0.title == "Dropped" }?.id)
            let kept = try #require(agenda.first { $0.title == "Hello" }?.id)
            #expect(try await server.attend(dropped, ana).status == .ok)
            #expect(try await server.attend(dropped, bo, waitlist: true).status == .ok)
            #expect(try await server.attend(kept, bo).status == .ok)

            var second = ImportEndpointTests.programme()
            second.sessions[0].capacity = nil
            let answer = try await ImportEndpointTests().post(server, second, organizer)
            #expect(answer.status == .ok)
            let summary = try answer.decode(ImportSummary.self)
            #expect(summary.sessionsRemoved == 1)
            #expect(summary.sessionsUpdated == 1)
            #expect(AttendeeCommandText.imported(summary).contains("1 session no longer in the file was removed"))
            let after = try await server.client.get("/attendee/v1/events/\(eventID)/agenda").decode([Session].self)
            #expect(after.map(\.title) == ["Hello"])
            #expect(after.first?.capacity == 10, "the stored limit stays")
            #expect(after.first?.seatsTaken == 1)
            let rows = try await server.database.read { db in
                try db.fetchValue(Int.self, "SELECT COUNT(*) FROM attendee_attendance WHERE session_id = \(dropped)")
            }
            #expect(rows == 0)
            #expect(
                try await server.client.get(
                    "/attendee/v1/sessions/\(dropped)", headers: AttendeeTestServer.auth(ana)
                ).status == .notFound)
        }
    }

    /// A re-import that lowers a session's capacity below the seats taken keeps it at the seats taken, as before,
    /// and now tells the organizer which sessions and why (the summary, and `import`'s line from the core's table);
    /// a capacity lowered to what is still free, or raised, is not listed.
    @Test(arguments: DatabaseKind.eachDialectOnDisk)
    func aCapacityLoweredBelowTheSeatsTakenIsKeptAndSaidSo(kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let organizer = try await server.signUp("Organizer")
            var programme = Self.withSecondSession("Roomy", startingAfter: 7200, capacity: 10)
            let eventID = try await ImportEndpointTests().post(server, programme, organizer)
                .decode(ImportSummary.self).eventID
            let agenda = try await server.client.get("/attendee/v1/events/\(eventID)/agenda").decode([Session].self)
            let hello = try #require(agenda.first { $0.title == "Hello" }?.id)
            let roomy = try #require(agenda.first { $0.title == "Roomy" }?.id)
            for name in ["Ana", "Bo", "Cy"] {
                let token = try await server.signUp(name)
                _ = try await server.client.request(
                    .post, "/attendee/v1/events/\(eventID)/registration", headers: AttendeeTestServer.auth(token))
                #expect(try await server.attend(hello, token).status == .ok)
                if name == "Ana" { #expect(try await server.attend(roomy, token).status == .ok) }
            }

            programme.sessions[0].capacity = 2
            programme.sessions[1].capacity = 1
            let answer = try await ImportEndpointTests().post(server, programme, organizer)
            #expect(answer.status == .ok)
            let summary = try answer.decode(ImportSummary.self)
            #expect(
                summary.capacitiesKept == [
                    CapacityKept(externalID: "test:s1", title: "Hello", requested: 2, capacity: 3)
                ])
            #expect(
                AttendeeCommandText.capacitiesKept(summary) == [
                    "Capacity of “Hello” kept at 3, not 2: the seats already taken stay taken."
                ])
            let after = try await server.client.get("/attendee/v1/events/\(eventID)/agenda").decode([Session].self)
            #expect(after.map(\.capacity) == [3, 1])
        }
    }
}
