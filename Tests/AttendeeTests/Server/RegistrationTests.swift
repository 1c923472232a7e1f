import AttendeeModels
import DatabaseTestSupport
import Foundation
import HTTPServer
import Testing

@Suite struct RegistrationTests {
    @Test(arguments: DatabaseKind.eachDialectOnDisk)
    func additionalInfoRequiresEveryFieldAndValidGuests(kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let token = try await server.signUp("Inês Okafor")
            let path = "/attendee/v1/events/\(server.eventID)/registration/additional-info"
            let answers = ["dietaryNeeds": "vegetarian", "tshirtSize": "M", "role": "iOS"]

            let early = try await server.client.put(
                path, json: AdditionalInfoSubmission(answers: answers), headers: AttendeeTestServer.auth(token))
            #expect(early.status == .forbidden)

            let registered = try await server.client.request(
                .post, "/attendee/v1/events/\(server.eventID)/registration", headers: AttendeeTestServer.auth(token))
            #expect(registered.status == .created)
            #expect(try registered.decode(Registration.self).additionalInfoStatus == .pending)
            let again = try await server.client.request(
                .post, "/attendee/v1/events/\(server.eventID)/registration", headers: AttendeeTestServer.auth(token))
            #expect(again.status == .ok)

            var partial = answers
            partial["tshirtSize"] = "  "
            let missing = try await server.client.put(
                path, json: AdditionalInfoSubmission(answers: partial), headers: AttendeeTestServer.auth(token))
            #expect(missing.status == .unprocessableContent)
            #expect(missing.problem["field"] == "answers.tshirtSize")

            let badGuest = try await server.client.put(
                path,
                json: AdditionalInfoSubmission(
                    answers: answers,
                    guests: [Guest(name: "Zoë", email: "zoe@example.com"), Guest(name: "Lars", email: "lars")]),
                headers: AttendeeTestServer.auth(token))
            #expect(badGuest.problem["field"] == "guests.1.email")

            let nameless = try await server.client.put(
                path, json: AdditionalInfoSubmission(answers: answers, guests: [Guest(name: "", email: "a@b.co")]),
                headers: AttendeeTestServer.auth(token))
            #expect(nameless.problem["field"] == "guests.0.name")

            let ok = try await server.client.put(
                path,
                json: AdditionalInfoSubmission(
                    answers: answers, guests: [Guest(name: "Zoë", email: "Zoe@Example.com")]),
                headers: AttendeeTestServer.auth(token))
            #expect(ok.status == .ok)
            let details = try await server.client.get(
                "/attendee/v1/events/\(server.eventID)", headers: AttendeeTestServer.auth(token)
            ).decode(EventDetails.self)
            #expect(details.registration?.additionalInfoStatus == .completed)
            #expect(details.registration?.guests == [Guest(name: "Zoë", email: "zoe@example.com")])
        }
    }

    @Test(arguments: DatabaseKind.eachDialectOnDisk)
    func laterSkipsTheStep(kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let token = try await server.registeredAttendee("Pedro Rossi")
            let response = try await server.client.put(
                "/attendee/v1/events/\(server.eventID)/registration/additional-info",
                json: AdditionalInfoSubmission(later: true), headers: AttendeeTestServer.auth(token))
            #expect(response.status == .ok)
            #expect(try response.decode(Registration.self).additionalInfoStatus == .later)
            // A guest it carries is not kept, but must be well formed (as the document says): the contract run
            // found a nameless one accepted.
            let nameless = try await server.client.put(
                "/attendee/v1/events/\(server.eventID)/registration/additional-info",
                json: AdditionalInfoSubmission(later: true, guests: [Guest(name: " ", email: "zoe@example.com")]),
                headers: AttendeeTestServer.auth(token))
            #expect(nameless.status == .unprocessableContent, "\(nameless.bodyText)")
            #expect(nameless.bodyText.contains("guests.0.name"))
            let kept = try await server.client.put(
                "/attendee/v1/events/\(server.eventID)/registration/additional-info",
                json: AdditionalInfoSubmission(later: true, guests: [Guest(name: "Zoë", email: "zoe@example.com")]),
                headers: AttendeeTestServer.auth(token))
            #expect(try kept.decode(Registration.self).guests.isEmpty)
        }
    }

    @Test(arguments: DatabaseKind.eachDialectOnDisk)
    func unknownEventIs404AndSignedOutIs401(kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            #expect(try await server.client.get("/attendee/v1/events/nope").status == .notFound)
            let anonymous = try await server.client.request(
                .post, "/attendee/v1/events/\(server.eventID)/registration")
            #expect(anonymous.status == .unauthorized)
        }
    }
}
