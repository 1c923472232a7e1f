import AttendeeModels
import DatabaseTestSupport
import Foundation
import HTTPServer
import Testing

/// A quiz's managers (its event's organizer, its session's speakers) see its correct options from the start, so
/// they do not answer it and never land on its leaderboard; a poll without correct options they still answer.
@Suite struct QuizManagerTests {
    @Test(arguments: DatabaseKind.eachDialectOnDisk)
    func aQuizsManagersCannotAnswerItAndItsLeaderboardIsTheAttendees(_ kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let organizer = try await server.organizer("Olga Organizer")
            let ada = try await server.registeredAttendee("Ada Lovelace")
            let session = try #require(try await server.agenda().first)
            let speaker = try await server.speaker("Sue Speaker", of: session.id)
            let registered = try await server.client.request(
                .post, "/attendee/v1/events/\(server.eventID)/registration", headers: .auth(speaker))
            #expect(registered.status == .created)

            var sessionQuiz = PollTests.quiz
            sessionQuiz.sessionID = session.id
            for (token, draft) in [(organizer, PollTests.quiz), (speaker, sessionQuiz)] {
                let quiz = try await server.createPoll(draft, token).decode(Poll.self)
                #expect(try await server.action("open", quiz.id, token).status == .ok)
                let own = try await server.answer(quiz.id, ["1": ["1-2"], "2": ["2-2"]], token)
                #expect(own.status == .forbidden, "\(own.bodyText)")
                #expect(own.problem["type"] == PollRefusal.managesQuiz.rawValue)
                #expect(own.problem["detail"] == "You manage this quiz and see its answers, so you cannot answer it.")
                #expect(try await server.answer(quiz.id, ["1": ["1-2"], "2": ["2-1"]], ada).status == .ok)
                let closed = try await server.action("close", quiz.id, token).decode(Poll.self)
                #expect(closed.outcome?.leaderboard.map(\.name) == ["Ada Lovelace"])
            }

            let colour = try await server.createPoll(PollTests.colour, organizer).decode(Poll.self)
            #expect(try await server.action("open", colour.id, organizer).status == .ok)
            #expect(try await server.answer(colour.id, ["1": ["1-2"]], organizer).status == .ok)
        }
    }
}
