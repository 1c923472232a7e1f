import AttendeeModels
import Database
import DatabaseTestSupport
import Foundation
import HTTPServer
import Testing

@testable import AttendeeCore
@testable import AttendeeServer

/// An open quiz keeps its per-option counts from attendees (its managers see them), in answers and live
/// events alike; a plain poll shows them; a closed quiz shows them to everyone.
@Suite struct QuizCountsTests {
    @Test(arguments: DatabaseKind.eachDialect)
    func anOpenQuizHidesItsCountsFromAttendeesAndTheirLiveEventsUntilItCloses(_ kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let organizer = try await server.organizer("Olga Organizer")
            let ada = try await server.registeredAttendee("Ada Lovelace")
            let bob = try await server.registeredAttendee("Bob Bernard")
            let quiz = try await server.createPoll(PollTests.quiz, organizer).decode(Poll.self)
            _ = try await server.action("open", quiz.id, organizer)
            _ = try await server.answer(quiz.id, ["1": ["1-2"], "2": ["2-2"]], ada)
            let answered = try await server.answer(quiz.id, ["1": ["1-2"], "2": ["2-1"]], bob).decode(Poll.self)
            #expect(answered.results == PollResults(voters: 2, questions: [], countsHidden: true))
            let seen = try await server.client.get("/attendee/v1/polls/\(quiz.id)", headers: .auth(ada))
                .decode(Poll.self)
            #expect(seen.results.questions.isEmpty)
            #expect(seen.results.countsHidden == true)
            #expect(try await server.polls(bob).first?.results.questions.isEmpty == true)
            let managed = try await server.client.get("/attendee/v1/polls/\(quiz.id)", headers: .auth(organizer))
                .decode(Poll.self)
            #expect(managed.results.questions.first?.counts["1-2"] == 2)
            #expect(managed.results.countsHidden == nil)

            let heard = try await server.database.read { db in
                try db.query("SELECT data FROM attendee_live_event WHERE kind = 'poll.results' ORDER BY sequence")
                    .map { try $0.decode(String.self, "data") }
            }
            #expect(heard.count == 2)
            for data in heard {
                let update = try AttendeeCoding.decoder().decode(PollUpdate.self, from: Data(data.utf8))
                #expect(update.results.questions.isEmpty)
                #expect(update.results.countsHidden == true)
            }

            _ = try await server.action("close", quiz.id, organizer)
            let closed = try await server.client.get("/attendee/v1/polls/\(quiz.id)", headers: .auth(ada))
                .decode(Poll.self)
            #expect(closed.results.questions.first?.counts == ["1-1": 0, "1-2": 2])
            #expect(closed.results.countsHidden == nil)
        }
    }

    @Test(arguments: DatabaseKind.eachDialect)
    func aPlainPollStillShowsItsCountsWhileOpen(_ kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let organizer = try await server.organizer("Olga Organizer")
            let ada = try await server.registeredAttendee("Ada Lovelace")
            let poll = try await server.createPoll(PollTests.colour, organizer).decode(Poll.self)
            _ = try await server.action("open", poll.id, organizer)
            let answered = try await server.answer(poll.id, ["1": ["1-2"]], ada).decode(Poll.self)
            #expect(answered.results.questions.first?.counts["1-2"] == 1)
            #expect(answered.results.countsHidden == nil)
        }
    }

    @MainActor @Test func thePollScreenSaysWhenTheResultsComeAndTheCommandLineWordsAgree() async throws {
        let poll = Poll(
            id: "q", eventID: "e", kind: .quiz, choice: .single, state: .open,
            questions: [PollQuestion(id: "1", text: "2 + 2?", options: [PollOption(id: "1-1", text: "4")])],
            results: PollResults(voters: 3, questions: [], countsHidden: true))
        let client = AttendeeClient(poll: { _ in poll })
        let model = LivePollModel(client: client, pollID: "q")
        await model.appeared()
        #expect(model.resultsNotice == "Results when the quiz closes.")
        #expect(model.questions.first?.options.first?.shareText == "")
        #expect(model.questions.first?.options.first?.accessibilityLabel == "4")
        #expect(model.voters == "3 votes")
    }
}
