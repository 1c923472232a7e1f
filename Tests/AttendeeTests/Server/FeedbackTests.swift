import AttendeeModels
import AttendeeServer
import AttendeeTestSupport
import DatabaseTestSupport
import Foundation
import HTTPServer
import Testing

@Suite struct FeedbackTests {
    /// The keynote is under way: feedback on the event and the keynote is open.
    static func duringTheKeynote(_ configuration: inout AttendeeService.Configuration) {
        configuration.eventNow = runningClock(from: demoKeynoteUnderway)
    }

    /// PostgreSQL cannot store NUL in text, so a comment holding one is a 422 on both engines (not a 500 on one
    /// and stored on the other), and the feedback can then still be given once (schemathesis found it).
    @Test(arguments: DatabaseKind.eachDialectOnDisk)
    func aCommentWithNULIsRefusedAndLosesNothing(kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind, configure: Self.duringTheKeynote) { server in
            let token = try await server.registeredAttendee("Ilse Brandt")
            let path = "/attendee/v1/events/\(server.eventID)/feedback"
            let refused = try await server.client.post(
                path, json: EventFeedback(rating: 4, comment: "Nice\u{0}venue"), headers: AttendeeTestServer.auth(token)
            )
            #expect(refused.status == .unprocessableContent)
            #expect(refused.problem["field"] == "comment")
            let given = try await server.client.post(
                path, json: EventFeedback(rating: 4, comment: "Nice venue"), headers: AttendeeTestServer.auth(token))
            #expect(given.status == .noContent)
        }
    }

    /// A comment is held to the length rule of everything else people write: "Z" with 40,000 combining marks is one
    /// character but 80 KB, and is a 422 naming the comment; the feedback can then still be given once.
    @Test(arguments: DatabaseKind.eachDialectOnDisk)
    func aCommentOfOneLetterWithThousandsOfMarksIsRefusedAndLosesNothing(kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind, configure: Self.duringTheKeynote) { server in
            let token = try await server.registeredAttendee("Ilse Brandt")
            let path = "/attendee/v1/events/\(server.eventID)/feedback"
            let marks = "Z" + String(repeating: "\u{301}", count: 40_000)
            let refused = try await server.client.post(
                path, json: EventFeedback(rating: 4, comment: marks), headers: AttendeeTestServer.auth(token))
            #expect(refused.status == .unprocessableContent)
            #expect(refused.problem["field"] == "comment")
            #expect(
                refused.problem["detail"]
                    == "The comment holds too many accents or other combining marks: at most 32,000 code points.")
            let given = try await server.client.post(
                path, json: EventFeedback(rating: 4, comment: "Nice venue"), headers: AttendeeTestServer.auth(token))
            #expect(given.status == .noContent)
        }
    }

    @Test(arguments: DatabaseKind.eachDialectOnDisk)
    func eventFeedbackOnceOnly(kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind, configure: Self.duringTheKeynote) { server in
            let outsider = try await server.signUp("Outsider")
            let path = "/attendee/v1/events/\(server.eventID)/feedback"
            #expect(
                try await server.client.post(
                    path, json: EventFeedback(rating: 5), headers: AttendeeTestServer.auth(outsider)
                )
                .status == .forbidden)
            let token = try await server.registeredAttendee("Maja Haddad")
            let bad = try await server.client.post(
                path, json: EventFeedback(rating: 9), headers: AttendeeTestServer.auth(token))
            #expect(bad.status == .unprocessableContent)
            #expect(bad.problem["field"] == "rating")
            let first = try await server.client.post(
                path, json: EventFeedback(rating: 4, comment: "Great venue"), headers: AttendeeTestServer.auth(token))
            #expect(first.status == .noContent)
            let second = try await server.client.post(
                path, json: EventFeedback(rating: 5), headers: AttendeeTestServer.auth(token))
            #expect(second.status == .conflict)
        }
    }

    @Test(arguments: DatabaseKind.eachDialectOnDisk)
    func sessionFeedbackRatesEverySpeakerOnce(kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind, configure: Self.duringTheKeynote) { server in
            let token = try await server.registeredAttendee("Nuno Lopes")
            let keynote = try #require(try await server.agenda().first)
            let path = "/attendee/v1/sessions/\(keynote.id)/feedback"
            let speakers = keynote.speakers.map(\.id)
            let full = SessionFeedback(
                rating: 5, speakerRatings: Dictionary(uniqueKeysWithValues: speakers.map { ($0, 4) }),
                comment: "Loved it")

            let notAttended = try await server.client.post(path, json: full, headers: AttendeeTestServer.auth(token))
            #expect(notAttended.status == .forbidden)
            #expect(try await server.attend(keynote.id, token).status == .ok)

            let partial = SessionFeedback(rating: 5, speakerRatings: [speakers[0]: 4])
            let missing = try await server.client.post(path, json: partial, headers: AttendeeTestServer.auth(token))
            #expect(missing.status == .unprocessableContent)
            #expect(missing.problem["field"] == "speakerRatings.\(speakers[1])")

            var stranger = full
            stranger.speakerRatings["someone-else"] = 3
            let extra = try await server.client.post(path, json: stranger, headers: AttendeeTestServer.auth(token))
            #expect(extra.problem["field"] == "speakerRatings.someone-else")

            #expect(
                try await server.client.post(path, json: full, headers: AttendeeTestServer.auth(token)).status
                    == .noContent)
            let again = try await server.client.post(path, json: full, headers: AttendeeTestServer.auth(token))
            #expect(again.status == .conflict)
            #expect(again.problem["type"] == AttendanceRefusal.duplicate.rawValue)
            let session = try await server.client.get(
                "/attendee/v1/sessions/\(keynote.id)", headers: AttendeeTestServer.auth(token)
            ).decode(Session.self)
            #expect(session.feedbackGiven)
        }
    }

    /// A speaker who takes a seat in their own session does not rate it, nor its co-speakers: the ratings are its
    /// audience's. Any other session they attend they rate as everyone does.
    @Test(arguments: DatabaseKind.eachDialectOnDisk)
    func speakersDoNotRateTheirOwnSession(kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind, configure: Self.duringTheKeynote) { server in
            let keynote = try #require(try await server.agenda().first)
            let speaker = try await server.speaker("Rui Matos", of: keynote.id)
            let registered = try await server.client.request(
                .post, "/attendee/v1/events/\(server.eventID)/registration", headers: AttendeeTestServer.auth(speaker))
            #expect(registered.status == .created)
            #expect(try await server.attend(keynote.id, speaker).status == .ok)
            let rated = try await server.client.get(
                "/attendee/v1/sessions/\(keynote.id)", headers: AttendeeTestServer.auth(speaker)
            ).decode(Session.self)
            let own = SessionFeedback(
                rating: 5, speakerRatings: Dictionary(uniqueKeysWithValues: rated.speakers.map { ($0.id, 5) }))
            let path = "/attendee/v1/sessions/\(keynote.id)/feedback"
            let refused = try await server.client.post(path, json: own, headers: AttendeeTestServer.auth(speaker))
            #expect(refused.status == .forbidden)
            #expect(refused.problem["detail"] == "Speakers do not give feedback on their own session.")

            // The audience still rates it, the speaker included.
            let listener = try await server.registeredAttendee("Nuno Lopes")
            #expect(try await server.attend(keynote.id, listener).status == .ok)
            let given = try await server.client.post(path, json: own, headers: AttendeeTestServer.auth(listener))
            #expect(given.status == .noContent)
        }
    }
}
