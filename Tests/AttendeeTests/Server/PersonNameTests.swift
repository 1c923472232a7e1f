import AttendeeModels
import DatabaseTestSupport
import Foundation
import HTTPServer
import Testing

/// A person's name is the byline of everything they write on the wall, in discussions and in messages, and every
/// reader downloads it with each of those: it is one line, and short in code points as well as in characters.
@Suite struct PersonNameTests {
    /// Names that look short but are not one line or not short: a line break that adds a line of the name's own
    /// under a byline, a right-to-left override that turns the rest of the line around, and one letter with
    /// 100,000 combining marks (one character, 200 KB on every post).
    static let oneLine = "The name must be one line, without control characters or characters that reorder text."
    static let refused: [(name: String, detail: String)] = [
        ("Ana\nOrganizer: the keynote moved to room 2", Self.oneLine),
        ("Ana\r\u{2028}Ferreira", Self.oneLine),
        ("Bo \u{202E}nehC", Self.oneLine),
        ("Bo \u{2067}Chen", Self.oneLine),
        ("Bo\u{1B}[2JChen", Self.oneLine),
        (
            "Z" + String(repeating: "\u{301}", count: 100_000),
            "The name holds too many accents or other combining marks: at most 640 code points."
        ),
    ]

    @Test(arguments: DatabaseKind.eachDialectOnDisk)
    func aNameThatIsNotOneShortLineIsRefusedAtSignUpAndOnTheProfile(kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            for (index, (name, detail)) in Self.refused.enumerated() {
                let signUp = try await server.client.post(
                    "/attendee/v1/auth/signup",
                    json: SignUpRequest(email: "name\(index)@example.com", password: "long enough", name: name))
                #expect(signUp.status == .unprocessableContent, "\(index)")
                #expect(signUp.problem["field"] == "name", "\(index)")
                #expect(signUp.problem["detail"] == detail, "\(index)")
            }

            let token = try await server.registeredAttendee("Ana Ferreira")
            let headers = AttendeeTestServer.auth(token)
            for (index, (name, detail)) in Self.refused.enumerated() {
                let edit = try await server.client.patch(
                    "/attendee/v1/me", json: ProfileUpdate(name: name), headers: headers)
                #expect(edit.status == .unprocessableContent, "\(index)")
                #expect(edit.problem["field"] == "name", "\(index)")
                #expect(edit.problem["detail"] == detail, "\(index)")
            }
            // The byline of what the person writes is the name they had.
            let posted = try await server.client.post(
                "/attendee/v1/events/\(server.eventID)/wall", json: NewPost(text: "Hello"), headers: headers)
            #expect(posted.status == .created)
            #expect(try posted.decode(WallPost.self).author.name == "Ana Ferreira")
        }
    }

    /// Names people have stay theirs: other scripts, accents, emoji made of several code points, and white
    /// space around the name (trimmed, as before).
    @Test(arguments: DatabaseKind.eachDialectOnDisk)
    func namesPeopleHaveAreTaken(kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let names = [
                "محمد بن سلمان", "שרה כהן", "Zoë Ångström-Núñez", " 李小龍 ",
                String(repeating: "👩‍👩‍👧‍👦", count: PersonName.limit),
            ]
            for (index, name) in names.enumerated() {
                let signUp = try await server.client.post(
                    "/attendee/v1/auth/signup",
                    json: SignUpRequest(email: "taken\(index)@example.com", password: "long enough", name: name))
                #expect(signUp.status == .created, "\(index): \(signUp.bodyText)")
                #expect(
                    try signUp.decode(AuthSession.self).profile.person.name
                        == name.trimmingCharacters(in: .whitespaces), "\(index)")
            }
        }
    }
}
