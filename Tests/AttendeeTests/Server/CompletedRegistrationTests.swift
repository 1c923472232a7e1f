import AttendeeModels
import Database
import DatabaseTestSupport
import Foundation
import HTTPServer
import Testing

@testable import AttendeeServer

/// A completed Additional Info is final, a guest is listed once, and an e-mail is what the document says one is.
@Suite struct CompletedRegistrationTests {
    static let answers = ["dietaryNeeds": "vegetarian", "tshirtSize": "M", "role": "iOS"]

    @Test(arguments: DatabaseKind.eachDialectOnDisk)
    func aCompletedStepCannotBeChangedOrWipedAndOfTwoRacingSubmitsOneWins(kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let path = "/attendee/v1/events/\(server.eventID)/registration/additional-info"
            let token = try await server.registeredAttendee("Inês Okafor")
            let auth = AttendeeTestServer.auth(token)
            let racing = try await withThrowingTaskGroup(of: HTTPStatus.self) { group in
                for size in ["S", "XL"] {
                    group.addTask {
                        var answers = Self.answers
                        answers["tshirtSize"] = size
                        return try await server.client.put(
                            path, json: AdditionalInfoSubmission(answers: answers), headers: auth
                        ).status
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(racing.map(\.rawValue).sorted() == [200, 409])

            let wipe = try await server.client.put(
                path, json: AdditionalInfoSubmission(later: true), headers: auth)
            #expect(wipe.status == .conflict)
            #expect(wipe.problem["type"] == AdditionalInfoSubmission.completedType)
            let change = try await server.client.put(
                path, json: AdditionalInfoSubmission(answers: Self.answers), headers: auth)
            #expect(change.status == .conflict)
            let details = try await server.client.get("/attendee/v1/events/\(server.eventID)", headers: auth)
                .decode(EventDetails.self)
            #expect(details.registration?.additionalInfoStatus == .completed)
            #expect(["S", "XL"].contains(details.registration?.answers["tshirtSize"] ?? ""))
        }
    }

    @Test(arguments: DatabaseKind.eachDialectOnDisk)
    func aGuestListedTwiceInAnyCaseIsRefusedNamingTheField(kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let token = try await server.registeredAttendee("Pedro Rossi")
            let response = try await server.client.put(
                "/attendee/v1/events/\(server.eventID)/registration/additional-info",
                json: AdditionalInfoSubmission(
                    answers: Self.answers,
                    guests: [Guest(name: "Zoë", email: "zoe@example.com"), Guest(name: "Z", email: " ZOE@Example.com")]),
                headers: AttendeeTestServer.auth(token))
            #expect(response.status == .unprocessableContent)
            #expect(response.problem["field"] == "guests.1.email")
        }
    }

    @Test(arguments: DatabaseKind.eachDialectOnDisk)
    func signUpRefusesWhatThePatternRefuses(kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            for email in ["a@b..c", "ｆｕｌｌ@example.com"] {
                let response = try await server.client.post(
                    "/attendee/v1/auth/signup",
                    json: SignUpRequest(email: email, password: "correct horse", name: "Someone"))
                #expect(response.status == .unprocessableContent, "\(email)")
                #expect(response.problem["field"] == "email")
            }
        }
    }

    /// Every address in the table, through both the rule and the document's pattern.
    @Test func theRuleAndThePublishedPatternAgree() throws {
        let pattern = try NSRegularExpression(pattern: EmailAddress.pattern)
        let table: [(String, Bool)] = [
            ("a@b.co", true), ("first.last+tag@sub.example.org", true), ("x@y.z", true), ("a.@b.c", true),
            ("!#$%&'*+/=?^_`{|}~-@example.com", true), ("a@b-.c", true),
            ("a@b..c", false), ("ｆｕｌｌ@example.com", false), ("é@x.io", false), ("a@bc", false), ("@b.c", false),
            ("a@.b.c", false), ("a@b.c.", false), ("a b@c.d", false), ("a@b@c.d", false), ("<a@b.c>", false),
            ("a@b.c ", false), ("", false), ("a@", false), ("a@xn--bcher-kva.example", true),
            (String(repeating: "a", count: 250) + "@b.co", false), (String(repeating: "a", count: 249) + "@b.co", true),
        ]
        for (address, plausible) in table {
            let range = NSRange(address.startIndex..., in: address)
            let matches =
                pattern.firstMatch(in: address, range: range) != nil
                && address.unicodeScalars.count <= EmailAddress.maximumLength
            #expect(EmailAddress.isPlausible(address) == plausible, "\(address)")
            #expect(matches == plausible, "pattern: \(address)")
        }
    }
}
