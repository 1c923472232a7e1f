import AttendeeModels
import Foundation
import HTTPServer
import Testing

/// Every field a person writes has a limit, so no one can make every attendee of an event download megabytes of
/// someone's profile or registration, or make a sign-in hash megabytes.
@Suite struct FieldLimitTests {
    static let answers = ["dietaryNeeds": "vegetarian", "tshirtSize": "M", "role": "iOS"]

    @Test(
        arguments: [
            (ProfileUpdate(title: String(repeating: "t", count: 121)), "title"),
            (ProfileUpdate(company: String(repeating: "c", count: 121)), "company"),
            (
                ProfileUpdate(
                    socialLinks: Array(repeating: SocialLink(network: "Web", url: "https://a.example"), count: 11)),
                "socialLinks"
            ),
            (
                ProfileUpdate(socialLinks: [
                    SocialLink(network: String(repeating: "n", count: 41), url: "https://a.example")
                ]), "socialLinks.0.network"
            ),
            (ProfileUpdate(socialLinks: [SocialLink(network: "Web", url: "javascript:alert(1)")]), "socialLinks.0.url"),
            (ProfileUpdate(socialLinks: [SocialLink(network: "Web", url: "https://")]), "socialLinks.0.url"),
            (
                ProfileUpdate(socialLinks: [
                    SocialLink(network: "Web", url: "https://a.example/" + String(repeating: "p", count: 2048))
                ]), "socialLinks.0.url"
            ),
            (ProfileUpdate(preferences: Preferences(tracks: (0...50).map { "Track \($0)" })), "preferences.tracks"),
            (
                ProfileUpdate(preferences: Preferences(topics: [String(repeating: "x", count: 81)])),
                "preferences.topics"
            ),
        ] as [(ProfileUpdate, String)])
    func aProfileFieldPastItsLimitIsRefused(_ update: ProfileUpdate, _ field: String) {
        #expect(update.validationError()?.field == field)
    }

    @Test func aProfileAtItsLimitsIsTaken() {
        let update = ProfileUpdate(
            title: String(repeating: "t", count: 120), company: String(repeating: "👩‍💻", count: 120),
            socialLinks: (1...10).map {
                SocialLink(network: String(repeating: "n", count: 40), url: "HTTPS://x.example/\($0)")
            },
            preferences: Preferences(tracks: Array(repeating: String(repeating: "é", count: 80), count: 50)))
        #expect(update.validationError() == nil)
    }

    @Test func registrationAnswersAndGuestsHaveLimits() {
        let fields = Self.answers.keys.map { AdditionalInfoField(key: $0, label: $0 == "role" ? "Role" : $0) }
        var long = Self.answers
        long["role"] = String(repeating: "r", count: 501)
        #expect(
            AdditionalInfoSubmission(answers: long).validationErrors(fields: fields).map(\.message)
                == ["Role must be at most 500 characters."])
        let crowd = (1...11).map { Guest(name: "Guest \($0)", email: "g\($0)@example.com") }
        #expect(
            AdditionalInfoSubmission(answers: Self.answers, guests: crowd).validationError(fields: fields)?.field
                == "guests")
        let named = [Guest(name: String(repeating: "n", count: 81), email: "n@example.com")]
        #expect(
            AdditionalInfoSubmission(answers: Self.answers, guests: named).validationError(fields: fields)?.message
                == "Guest 1's name must be at most 80 characters.")
        #expect(
            AdditionalInfoSubmission(answers: Self.answers, guests: Array(crowd.prefix(10)))
                .validationError(fields: fields) == nil)
    }

    @Test func aPasswordHasAnUpperLimit() {
        let longest = String(repeating: "p", count: SignUpRequest.maximumPasswordLength)
        #expect(SignUpRequest(email: "ana@example.com", password: longest, name: "Ana").validationError() == nil)
        #expect(
            SignUpRequest(email: "ana@example.com", password: longest + "p", name: "Ana").validationError()?.message
                == "The password must have at most 1,024 characters.")
    }

    /// The server applies the same rules: what the QA pass sent (an 18 MB profile, a 10 MB answer) is a 422 naming
    /// the field, and nothing is stored.
    @Test func theServerRefusesOversizedFieldsAndKeepsNothing() async throws {
        try await AttendeeTestServer.with { server in
            let token = try await server.registeredAttendee("Ana Ferreira")
            let headers = AttendeeTestServer.auth(token)
            let title = try await server.client.patch(
                "/attendee/v1/me", json: ProfileUpdate(title: String(repeating: "T", count: 200)), headers: headers)
            #expect(title.status == .unprocessableContent)
            #expect(title.problem["field"] == "title")
            #expect(title.problem["detail"] == "Job title must be at most 120 characters.")
            let me = try await server.client.get("/attendee/v1/me", headers: headers).decode(MyProfile.self)
            #expect(me.person.title == "")

            var long = Self.answers
            long["dietaryNeeds"] = String(repeating: "d", count: 10_000)
            let answer = try await server.client.put(
                "/attendee/v1/events/\(server.eventID)/registration/additional-info",
                json: AdditionalInfoSubmission(answers: long), headers: headers)
            #expect(answer.status == .unprocessableContent)
            #expect(answer.problem["field"] == "answers.dietaryNeeds")

            let signUp = try await server.client.post(
                "/attendee/v1/auth/signup",
                json: SignUpRequest(
                    email: "long@example.com", password: String(repeating: "p", count: 5000), name: "Long"))
            #expect(signUp.status == .unprocessableContent)
            #expect(signUp.problem["field"] == "password")
        }
    }
}
