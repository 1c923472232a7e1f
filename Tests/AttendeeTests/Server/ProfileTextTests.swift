import AttendeeModels
import AttendeeServer
import DatabaseTestSupport
import Foundation
import HTTPServer
import Testing

/// Every attendee downloads every profile of their event, and a guest's name is listed to the organizer: a job
/// title, company and guest name are one line, "About me" reorders nothing, and all are capped in code points as
/// well as characters ("Z" and 100,000 combining marks is one character, 200 KB).
@Suite struct ProfileTextTests {
    static let marks = "Z" + String(repeating: "\u{301}", count: 100_000)

    static let refused: [(update: ProfileUpdate, field: String, detail: String)] = [
        (
            ProfileUpdate(title: "iOS Engineer\nOrganizer: the keynote moved"), "title",
            "Job title must be one line, without control characters or characters that reorder text."
        ),
        (
            ProfileUpdate(company: "Tejo \u{202E}ocsiS"), "company",
            "Company must be one line, without control characters or characters that reorder text."
        ),
        (
            ProfileUpdate(title: marks), "title",
            "Job title holds too many accents or other combining marks: at most 960 code points."
        ),
        (
            ProfileUpdate(company: marks), "company",
            "Company holds too many accents or other combining marks: at most 960 code points."
        ),
        (
            ProfileUpdate(aboutMe: "I build \u{2066}apps"), "aboutMe",
            "About Me must not contain characters that reorder text."
        ),
        (
            ProfileUpdate(aboutMe: marks), "aboutMe",
            "About Me holds too many accents or other combining marks: at most 16,000 code points."
        ),
    ]

    @Test(arguments: DatabaseKind.eachDialectOnDisk)
    func aTitleCompanyOrAboutThatBreaksTheRulesIsRefused(kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let headers = AttendeeTestServer.auth(try await server.registeredAttendee("Ana Ferreira"))
            for (index, (update, field, detail)) in Self.refused.enumerated() {
                let edit = try await server.client.patch("/attendee/v1/me", json: update, headers: headers)
                #expect(edit.status == .unprocessableContent, "\(index)")
                #expect(edit.problem["field"] == field, "\(index)")
                #expect(edit.problem["detail"] == detail, "\(index)")
            }
            let taken = try await server.client.patch(
                "/attendee/v1/me",
                json: ProfileUpdate(title: "مهندسة", company: "Tejo", aboutMe: "Line one\n\nLine two"),
                headers: headers)
            #expect(taken.status == .ok, "\(taken.bodyText)")
            #expect(try taken.decode(MyProfile.self).person.aboutMe == "Line one\n\nLine two")
        }
    }

    @Test(arguments: DatabaseKind.eachDialectOnDisk)
    func aGuestsNameIsOneShortLine(kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let path = "/attendee/v1/events/\(server.eventID)/registration/additional-info"
            let headers = AttendeeTestServer.auth(try await server.registeredAttendee("Inês Okafor"))
            let refused = [
                (
                    "Zoë\nand friends",
                    "Guest 1's name must be one line, without control characters or characters that reorder text."
                ),
                (
                    Self.marks,
                    "Guest 1's name holds too many accents or other combining marks: at most 640 code points."
                ),
            ]
            for (index, (name, detail)) in refused.enumerated() {
                let guests = [Guest(name: name, email: "z@example.com")]
                let submitted = try await server.client.put(
                    path, json: AdditionalInfoSubmission(later: true, guests: guests), headers: headers)
                #expect(submitted.status == .unprocessableContent, "\(index)")
                #expect(submitted.problem["field"] == "guests.0.name", "\(index)")
                #expect(submitted.problem["detail"] == detail, "\(index)")
            }
        }
    }

    /// An imported speaker is a profile like any other: the server refuses one that breaks its rules, naming the
    /// speaker's field (the importer cleans line breaks before it sends; see `ImporterTests`).
    @Test(arguments: DatabaseKind.eachDialectOnDisk)
    func anImportedSpeakerKeepsTheProfileRules(kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let token = try await server.signUp("Importer")
            let cases: [(change: (inout ProgrammeSpeaker) -> Void, field: String)] = [
                ({ $0.name = Self.marks }, "speakers.0.name"),
                ({ $0.name = "Aiko\nNakamura" }, "speakers.0.name"),
                ({ $0.title = "Engineer\u{202E}" }, "speakers.0.title"),
                ({ $0.company = Self.marks }, "speakers.0.company"),
                ({ $0.bio = "Bio \u{2067}" }, "speakers.0.bio"),
            ]
            for (index, (change, field)) in cases.enumerated() {
                var programme = ImportEndpointTests.programme()
                change(&programme.speakers[0])
                let response = try await ImportEndpointTests().post(server, programme, token)
                #expect(response.status == .unprocessableContent, "\(index)")
                #expect(response.problem["field"] == field, "\(index)")
            }
        }
    }
}
