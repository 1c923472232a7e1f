import AttendeeModels
import Database
import DatabaseTestSupport
import Foundation
import HTTPServer
import Localization
import Testing

@testable import AttendeeServer

/// Polls and quizzes: who may create, open, close and answer them, what each person sees, exact results
/// under concurrent answers, and the live events every change sends.
@Suite struct PollTests {
    static let colour = PollDraft(
        kind: .poll, choice: .single,
        questions: [PollQuestionDraft(text: "Favourite colour?", options: ["Red", "Green", "Blue"])])

    static let quiz = PollDraft(
        kind: .quiz, choice: .single,
        questions: [
            PollQuestionDraft(text: "2 + 2?", options: ["3", "4"], correct: [1]),
            PollQuestionDraft(text: "Capital of Portugal?", options: ["Porto", "Lisbon", "Faro"], correct: [1]),
        ])

    @Test(arguments: DatabaseKind.eachDialect)
    func anOrganizersPollOpensTakesAnswersThatMayChangeThenCloses(_ kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let organizer = try await server.organizer("Olga Organizer")
            let ada = try await server.registeredAttendee("Ada Lovelace")
            let created = try await server.createPoll(Self.colour, organizer)
            #expect(created.status == .created)
            let poll = try created.decode(Poll.self)
            #expect(poll.state == .draft)
            #expect(poll.canManage)
            #expect(poll.questions.map(\.options).first?.map(\.id) == ["1-1", "1-2", "1-3"])

            // A draft is the organizer's alone.
            #expect(try await server.polls(ada).isEmpty)
            #expect(
                try await server.client.get("/attendee/v1/polls/\(poll.id)", headers: .auth(ada)).status == .notFound)
            // Answering it is answered as for no poll at all, so its id says nothing of a draft.
            let toDraft = try await server.answer(poll.id, ["1": ["1-1"]], ada)
            let toNothing = try await server.answer("no-such-poll", ["1": ["1-1"]], ada)
            #expect(toDraft.status == .notFound)
            #expect(toDraft.problem["detail"] == toNothing.problem["detail"])
            #expect(toDraft.problem["type"] == toNothing.problem["type"])
            let stranger = try await server.signUp("Sam Stranger")
            #expect(try await server.answer(poll.id, ["1": ["1-1"]], stranger).status == .notFound)
            // Its organizer, who sees it, is told it is not open yet.
            let own = try await server.answer(poll.id, ["1": ["1-1"]], organizer)
            #expect(own.status == .conflict)
            #expect(own.problem["type"] == PollRefusal.notOpen.rawValue)

            #expect(try await server.action("open", poll.id, organizer).decode(Poll.self).state == .open)
            #expect(try await server.polls(ada).map(\.id) == [poll.id])
            #expect(try await server.polls(ada).first?.canManage == false)

            let first = try await server.answer(poll.id, ["1": ["1-1"]], ada)
            #expect(first.status == .ok)
            let answered = try first.decode(Poll.self)
            #expect(answered.myAnswer == ["1": ["1-1"]])
            #expect(answered.results.voters == 1)
            #expect(answered.results.questions.first?.counts == ["1-1": 1, "1-2": 0, "1-3": 0])

            let changed = try await server.answer(poll.id, ["1": ["1-3"]], ada).decode(Poll.self)
            #expect(changed.myAnswer == ["1": ["1-3"]])
            #expect(changed.results.voters == 1)
            #expect(changed.results.questions.first?.counts == ["1-1": 0, "1-2": 0, "1-3": 1])

            let details = try await server.client.get(
                "/attendee/v1/events/\(server.eventID)", headers: .auth(ada)
            ).decode(EventDetails.self)
            #expect(details.livePoll?.id == poll.id)
            #expect(details.livePoll?.question == "Favourite colour?")
            #expect(details.livePoll?.options.map(\.text) == ["Red", "Green", "Blue"])
            #expect(details.livePoll?.results.voters == 1)

            #expect(try await server.action("close", poll.id, organizer).decode(Poll.self).state == .closed)
            let late = try await server.answer(poll.id, ["1": ["1-2"]], ada)
            #expect(late.status == .conflict)
            #expect(late.problem["type"] == PollRefusal.notOpen.rawValue)
            let final = try await server.client.get("/attendee/v1/polls/\(poll.id)", headers: .auth(ada))
                .decode(Poll.self)
            #expect(final.myAnswer == ["1": ["1-3"]])
            #expect(final.results.questions.first?.counts == ["1-1": 0, "1-2": 0, "1-3": 1])
            #expect(
                try await server.client.get("/attendee/v1/events/\(server.eventID)").decode(EventDetails.self)
                    .livePoll == nil)

            let reopen = try await server.action("open", poll.id, organizer)
            #expect(reopen.status == .conflict)
            #expect(reopen.problem["type"] == PollRefusal.wrongState.rawValue)
        }
    }

    @Test(arguments: DatabaseKind.eachDialect)
    func onlyOrganizersAndTheSessionsSpeakersManagePollsAndARefusalChangesNothing(_ kind: DatabaseKind)
        async throws
    {
        try await AttendeeTestServer.with(kind) { server in
            let organizer = try await server.organizer("Olga Organizer")
            let ada = try await server.registeredAttendee("Ada Lovelace")
            let stranger = try await server.signUp("Sam Stranger")
            let sessions = try await server.agenda()
            let mine = try #require(sessions.first)
            let other = try #require(sessions.last)
            let speaker = try await server.speaker("Sue Speaker", of: mine.id)

            // The event's details say what each person may create polls for, as creating enforces it.
            func scopes(_ token: String?) async throws -> PollScopes? {
                try await server.client.get(
                    "/attendee/v1/events/\(server.eventID)", headers: token.map { .auth($0) } ?? [:]
                ).decode(EventDetails.self).pollScopes
            }
            #expect(try await scopes(organizer) == PollScopes(wholeEvent: true, sessionIDs: sessions.map(\.id)))
            #expect(try await scopes(speaker) == PollScopes(wholeEvent: false, sessionIDs: [mine.id]))
            #expect(try await scopes(ada) == nil)
            #expect(try await scopes(stranger) == nil)
            #expect(try await scopes(nil) == nil)

            #expect(try await server.createPoll(Self.colour, ada).status == .forbidden)
            #expect(try await server.createPoll(Self.colour, stranger).status == .forbidden)
            #expect(try await server.createPoll(Self.colour, speaker).status == .forbidden)
            #expect(try await server.createPoll(Self.colour, nil).status == .unauthorized)
            #expect(try await server.createPoll(Self.colour, "not-a-token").status == .unauthorized)
            var forOther = Self.colour
            forOther.sessionID = other.id
            #expect(try await server.createPoll(forOther, speaker).status == .forbidden)
            var forNowhere = Self.colour
            forNowhere.sessionID = "no-such-session"
            #expect(try await server.createPoll(forNowhere, organizer).status == .unprocessableContent)
            #expect(try await server.polls(organizer).isEmpty)

            var forMine = Self.colour
            forMine.sessionID = mine.id
            let poll = try await server.createPoll(forMine, speaker).decode(Poll.self)
            #expect(poll.sessionID == mine.id)
            #expect(try await server.action("open", poll.id, ada).status == .forbidden)
            #expect(try await server.action("open", poll.id, stranger).status == .notFound)
            #expect(try await server.action("open", "no-such-poll", organizer).status == .notFound)
            #expect(try await server.polls(organizer).first?.state == .draft)

            #expect(try await server.action("open", poll.id, speaker).decode(Poll.self).state == .open)
            #expect(try await server.action("close", poll.id, ada).status == .forbidden)
            #expect(try await server.action("close", poll.id, stranger).status == .forbidden)
            #expect(try await server.answer(poll.id, ["1": ["1-1"]], stranger).status == .forbidden)
            #expect(try await server.polls(ada).first?.state == .open)
            #expect(try await server.polls(ada).first?.results.voters == 0)
            // The organizer manages every poll of the event, a session's too.
            #expect(try await server.action("close", poll.id, organizer).decode(Poll.self).state == .closed)
            #expect(
                try await server.client.get("/attendee/v1/events/\(server.eventID)/polls", headers: .auth(stranger))
                    .status == .forbidden)
        }
    }

    @Test(arguments: DatabaseKind.eachDialect)
    func hostileDraftsAndAnswersAreRefusedWithProblemDetails(_ kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let organizer = try await server.organizer("Olga Organizer")
            let ada = try await server.registeredAttendee("Ada Lovelace")
            let path = "/attendee/v1/events/\(server.eventID)/polls"
            let malformed = try await server.client.post(path, body: Data("{\"kind\":".utf8), headers: .auth(organizer))
            #expect(malformed.status == .badRequest)
            #expect(malformed.problem["detail"] == "The request body is not valid JSON.")
            let missing = try await server.client.post(
                path, body: Data(#"{"kind":"poll","choice":"single"}"#.utf8), headers: .auth(organizer))
            #expect(missing.status == .unprocessableContent)
            #expect(missing.problem["field"] == "questions")
            let badKind = try await server.client.post(
                path, body: Data(#"{"kind":"vote","choice":"single","questions":[]}"#.utf8), headers: .auth(organizer))
            #expect(badKind.status == .unprocessableContent)

            let long = String(repeating: "x", count: PollDraft.questionLimit + 1)
            let cases: [(PollDraft, String)] = [
                (PollDraft(questions: []), "questions"),
                (PollDraft(questions: [PollQuestionDraft(text: long, options: ["a", "b"])]), "questions.0.text"),
                (PollDraft(questions: [PollQuestionDraft(text: "  ", options: ["a", "b"])]), "questions.0.text"),
                (PollDraft(questions: [PollQuestionDraft(text: "Q", options: ["a"])]), "questions.0.options"),
                (
                    PollDraft(questions: [
                        PollQuestionDraft(text: "Q", options: ["a", String(repeating: "y", count: 121)])
                    ]),
                    "questions.0.options.1"
                ),
                (
                    PollDraft(questions: [PollQuestionDraft(text: "Q", options: ["a", "b"], correct: [0])]),
                    "questions.0.correct"
                ),
                (
                    PollDraft(kind: .quiz, questions: [PollQuestionDraft(text: "Q", options: ["a", "b"])]),
                    "questions.0.correct"
                ),
                (
                    PollDraft(
                        kind: .quiz, questions: [PollQuestionDraft(text: "Q", options: ["a", "b"], correct: [2])]),
                    "questions.0.correct"
                ),
                (
                    PollDraft(
                        kind: .quiz, choice: .single,
                        questions: [PollQuestionDraft(text: "Q", options: ["a", "b"], correct: [0, 1])]),
                    "questions.0.correct"
                ),
            ]
            for (draft, field) in cases {
                let response = try await server.createPoll(draft, organizer)
                #expect(response.status == .unprocessableContent, "\(field)")
                #expect(response.problem["field"] == field)
                #expect(response.bodyText.contains("SELECT") == false)
            }
            #expect(try await server.polls(organizer).isEmpty)

            var multiple = Self.colour
            multiple.choice = .multiple
            let single = try await server.createPoll(Self.colour, organizer).decode(Poll.self)
            let many = try await server.createPoll(multiple, organizer).decode(Poll.self)
            _ = try await server.action("open", single.id, organizer)
            _ = try await server.action("open", many.id, organizer)
            let answers: [(String, [String: [String]], String)] = [
                (single.id, [:], "choices.1"),
                (single.id, ["1": []], "choices.1"),
                (single.id, ["1": ["1-1", "1-2"]], "choices.1"),
                (single.id, ["1": ["9-9"]], "choices.1"),
                (single.id, ["1": ["1-1"], "2": ["1-2"]], "choices.2"),
                (many.id, ["1": ["1-1", "1-1"]], "choices.1"),
                (many.id, ["1": ["1-1", "nope"]], "choices.1"),
            ]
            for (pollID, choices, field) in answers {
                let response = try await server.answer(pollID, choices, ada)
                #expect(response.status == .unprocessableContent, "\(choices)")
                #expect(response.problem["field"] == field)
            }
            let garbage = try await server.client.request(
                .put, "/attendee/v1/polls/\(single.id)/answer", headers: .auth(ada), body: Data("[1,2".utf8))
            #expect(garbage.status == .badRequest)
            let wrongShape = try await server.client.request(
                .put, "/attendee/v1/polls/\(single.id)/answer", headers: .auth(ada),
                body: Data(#"{"choices":{"1":"1-1"}}"#.utf8))
            #expect(wrongShape.status == .unprocessableContent)
            #expect(try await server.answer("no-such-poll", ["1": ["1-1"]], ada).status == .notFound)
            #expect(try await server.answer(single.id, ["1": ["1-1"]], nil).status == .unauthorized)
            let expired = try await server.registeredAttendee("Eve Expired")
            _ = try await server.database.write { db in
                try db.execute(
                    """
                    UPDATE attendee_auth_token SET expires_at = 0
                    WHERE user_id = (SELECT id FROM attendee_user WHERE name = 'Eve Expired')
                    """)
            }
            #expect(try await server.answer(single.id, ["1": ["1-1"]], expired).status == .unauthorized)
            let untouched = try await server.polls(ada)
            #expect(untouched.map(\.results.voters) == [0, 0])
            #expect(untouched.allSatisfy { $0.myAnswer == nil })
            // Several options are fine where the poll allows them.
            let both = try await server.answer(many.id, ["1": ["1-1", "1-3"]], ada).decode(Poll.self)
            #expect(both.results.questions.first?.counts == ["1-1": 1, "1-2": 0, "1-3": 1])
        }
    }

    /// One option given twice (the same words once trimmed, whatever their case or accents) is refused with
    /// the rule's sentence, on the option that repeats; nothing is created.
    @Test(arguments: DatabaseKind.eachDialect)
    func anOptionGivenTwiceIsRefused(_ kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let organizer = try await server.organizer("Olga Organizer")
            let twice: [([String], String)] = [
                (["A", "A"], "questions.0.options.1"),
                (["Yes", "No", "yes "], "questions.0.options.2"),
                (["Café", "Tea", "cafe"], "questions.0.options.2"),
            ]
            for (options, field) in twice {
                let response = try await server.createPoll(
                    PollDraft(questions: [PollQuestionDraft(text: "Coffee?", options: options)]), organizer)
                #expect(response.status == .unprocessableContent, "\(options)")
                #expect(response.problem["field"] == field)
                #expect(response.problem["detail"] == "Give each option once.")
            }
            let quiz = PollDraft(
                kind: .quiz,
                questions: [
                    PollQuestionDraft(text: "Meet at?", options: ["10:30", "11:00"], correct: [1]),
                    PollQuestionDraft(text: "Where?", options: ["Hall", " hall"], correct: [0]),
                ])
            let refused = try await server.createPoll(quiz, organizer)
            #expect(refused.status == .unprocessableContent)
            #expect(refused.problem["field"] == "questions.1.options.1")
            #expect(try await server.polls(organizer).isEmpty)
            let distinct = PollDraft(questions: [PollQuestionDraft(text: "Coffee?", options: ["Yes", "Yes!"])])
            #expect(try await server.createPoll(distinct, organizer).status == .created)
        }
    }

    /// A question or option is held to the code-point cap of everything people write to each other, not only to its
    /// characters: one letter with 100,000 combining marks is one character, and every attendee's list and live
    /// stream carried it (200 KB a question). A draft's edit is held to the same rule.
    @Test(arguments: DatabaseKind.eachDialect)
    func aQuestionOrOptionOfOneLetterAndThousandsOfMarksIsRefused(_ kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let organizer = try await server.organizer("Olga Organizer")
            let marked = "Z" + String(repeating: "\u{301}", count: 100_000)
            let cases: [(PollDraft, String, Int)] = [
                (
                    PollDraft(questions: [PollQuestionDraft(text: marked, options: ["a", "b"])]), "questions.0.text",
                    2240
                ),
                (
                    PollDraft(questions: [PollQuestionDraft(text: "Which?", options: ["a", marked])]),
                    "questions.0.options.1", 960
                ),
            ]
            for (draft, field, codePoints) in cases {
                let response = try await server.createPoll(draft, organizer)
                #expect(response.status == .unprocessableContent, "\(field)")
                #expect(response.problem["field"] == field)
                #expect(
                    response.problem["detail"]
                        == "The text holds too many accents or other combining marks: at most "
                        + "\(NumberText.count(codePoints, locale: Locale(identifier: "en_US"))) code points."
                )
            }
            // A question that is simply long is told it is too long, not that it holds marks.
            let long = try await server.createPoll(
                PollDraft(questions: [
                    PollQuestionDraft(text: String(repeating: "q", count: 3_000), options: ["a", "b"])
                ]),
                organizer)
            #expect(long.problem["detail"] == "A question must be at most 280 characters.")
            #expect(try await server.polls(organizer).isEmpty)

            let poll = try await server.createPoll(Self.colour, organizer).decode(Poll.self)
            let edit = try await server.client.request(
                .put, "/attendee/v1/polls/\(poll.id)", headers: .auth(organizer),
                body: Response.jsonEncoder.encode(
                    PollEdit(
                        kind: .poll, choice: .single,
                        questions: [PollQuestionDraft(text: marked, options: ["Red", "Green"])])))
            #expect(edit.status == .unprocessableContent)
            #expect(edit.problem["field"] == "questions.0.text")
            // Marks a language needs stay: a question of Vietnamese or Hindi at the character limit is taken.
            let vietnamese = String(repeating: "ệ", count: PollDraft.questionLimit)
            let hindi = String(repeating: "क्षि", count: PollDraft.questionLimit / 2)
            for text in [vietnamese, hindi] {
                let taken = try await server.createPoll(
                    PollDraft(questions: [PollQuestionDraft(text: text, options: ["Yes", "No"])]), organizer)
                #expect(taken.status == .created, "\(taken.bodyText)")
            }
        }
    }

    @Test(arguments: DatabaseKind.eachDialect)
    func aQuizKeepsItsAnswersAndScoresHiddenUntilItClosesThenRanksEveryone(_ kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let organizer = try await server.organizer("Olga Organizer")
            let ada = try await server.registeredAttendee("Ada Lovelace")
            let bob = try await server.registeredAttendee("Bob Bernard")
            let cy = try await server.registeredAttendee("Cy Cole")
            let quiz = try await server.createPoll(Self.quiz, organizer).decode(Poll.self)
            #expect(quiz.questions.map(\.correctOptionIDs) == [["1-2"], ["2-2"]])
            _ = try await server.action("open", quiz.id, organizer)

            let seen = try await server.client.get("/attendee/v1/polls/\(quiz.id)", headers: .auth(ada))
            #expect(!seen.bodyText.contains("correctOptionIDs"))
            let adaAnswer = try await server.answer(quiz.id, ["1": ["1-2"], "2": ["2-2"]], ada)
            #expect(!adaAnswer.bodyText.contains("correctOptionIDs"))
            #expect(try adaAnswer.decode(Poll.self).myScore == nil)
            _ = try await server.answer(quiz.id, ["1": ["1-2"], "2": ["2-1"]], bob)
            _ = try await server.answer(quiz.id, ["1": ["1-1"], "2": ["2-3"]], cy)
            #expect(try await server.polls(bob).first?.outcome == nil)
            #expect(try await server.polls(bob).first?.myScore == nil)

            _ = try await server.action("close", quiz.id, organizer)
            let closed = try await server.client.get("/attendee/v1/polls/\(quiz.id)", headers: .auth(bob))
                .decode(Poll.self)
            #expect(closed.questions.map(\.correctOptionIDs) == [["1-2"], ["2-2"]])
            #expect(closed.myScore == 1)
            #expect(closed.results.voters == 3)
            let outcome = try #require(closed.outcome)
            #expect(outcome.leaderboard.map(\.name) == ["Ada Lovelace", "Bob Bernard", "Cy Cole"])
            #expect(outcome.leaderboard.map(\.score) == [2, 1, 0])
            #expect(outcome.leaderboard.map(\.rank) == [1, 2, 3])
            #expect(
                outcome.distribution == [
                    .init(score: 0, people: 1), .init(score: 1, people: 1), .init(score: 2, people: 1),
                ])
        }
    }

    @Test(arguments: DatabaseKind.eachDialectOnDisk)
    func concurrentAnswersAreCountedExactlyAndTheNewestLiveEventHasThemAll(_ kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let organizer = try await server.organizer("Olga Organizer")
            var multiple = Self.colour
            multiple.choice = .multiple
            let poll = try await server.createPoll(multiple, organizer).decode(Poll.self)
            _ = try await server.action("open", poll.id, organizer)
            let people = 40
            var tokens: [String] = []
            for index in 0..<people { tokens.append(try await server.registeredAttendee("Voter \(index)")) }
            let listener = try await LiveListener.open(server, token: tokens[0])
            #expect(try await listener.next().event == "ready")

            // Each person answers, then half change their answer, all at once.
            let statuses = try await withThrowingTaskGroup(of: HTTPStatus.self) { group in
                for (index, token) in tokens.enumerated() {
                    group.addTask {
                        let first = index % 2 == 0 ? ["1-1"] : ["1-2", "1-3"]
                        var status = try await server.answer(poll.id, ["1": first], token).status
                        if index % 4 == 0 {
                            status = try await server.answer(poll.id, ["1": ["1-3"]], token).status
                        }
                        return status
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(statuses.allSatisfy { $0 == .ok })
            let results = try #require(try await server.polls(organizer).first?.results)
            // Even indexes pick 1-1, odd pick 1-2 and 1-3; every fourth (all even) switched to 1-3.
            #expect(results.voters == people)
            #expect(results.questions.first?.counts == ["1-1": 10, "1-2": 20, "1-3": 30])

            // NB: the newest by id, not the last to arrive: each event is published after its commit, so two
            // answers close together may be sent the other way round (clients keep the newest by id).
            let answers = people + people / 4
            var newest: (id: Int, update: PollUpdate)?
            for _ in 0..<answers {
                let event = try await listener.next()
                #expect(event.event == PollUpdate.Kind.results.rawValue)
                let id = try #require(event.id.flatMap { Int($0) })
                let update = try JSONDecoder().decode(PollUpdate.self, from: Data(event.data.utf8))
                if id > newest?.id ?? .min { newest = (id, update) }
            }
            #expect(newest?.update.results == results)
            listener.close()
        }
    }

    @Test(arguments: DatabaseKind.eachDialectOnDisk)
    func everyChangeIsHeardOnTheEventStreamAndASessionsPollOnTheSessionStream(_ kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let (organizer, ada, session, poll, onEvent, onSession) = try await server.sessionPollHeardByAnAttendee()
            #expect(
                try await server.client.get(
                    "/attendee/v1/sessions/\(session.id)/live", headers: .auth(try await server.signUp("Sam"))
                ).status == .forbidden)
            #expect(
                try await server.client.get("/attendee/v1/sessions/nope/live", headers: .auth(ada)).status
                    == .notFound)

            _ = try await server.action("open", poll.id, organizer)
            _ = try await server.answer(poll.id, ["1": ["1-2"]], ada)
            _ = try await server.action("close", poll.id, organizer)
            for listener in [onEvent, onSession] {
                let opened = try await listener.next()
                #expect(opened.event == "poll.opened")
                let answered = try await listener.next()
                #expect(answered.event == "poll.results")
                let update = try JSONDecoder().decode(PollUpdate.self, from: Data(answered.data.utf8))
                #expect(update.pollID == poll.id)
                #expect(update.sessionID == session.id)
                #expect(update.results.questions.first?.counts["1-2"] == 1)
                let closed = try await listener.next()
                #expect(closed.event == "poll.closed")
                #expect(try JSONDecoder().decode(PollUpdate.self, from: Data(closed.data.utf8)).state == .closed)
                listener.close()
            }
        }
    }
}

/// The hub catching up after the notification listener lost its connection.
@Suite struct LiveCatchUpTests {
    @Test(arguments: DatabaseKind.eachDialectOnDisk)
    func aHubSendsWhatWasCommittedAfterItsNewestEventOnce(_ kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let token = try await server.registeredAttendee("Ada Lovelace")
            let hub = server.service.live
            let listener = try await LiveListener.open(server, token: token)
            #expect(try await listener.next().event == "ready")
            // Committed after the stream's `ready` and never published: caught up, before what follows it.
            let old = try await server.commit(.event(server.eventID), kind: "test.old")
            try await server.service.liveEventsCatchUp()
            hub.publish(try await server.commit(.event(server.eventID), kind: "test.sent"))
            #expect(try await listener.next().event == "test.old")
            #expect(try await listener.next().event == "test.sent")
            let missed = try await server.commit(.event(server.eventID), kind: "test.missed")
            try await server.service.liveEventsCatchUp()
            try await server.service.liveEventsCatchUp()
            let later = try await server.commit(.event(server.eventID), kind: "test.later")
            hub.publish(later)
            let heard = try await listener.next()
            #expect(heard.event == "test.missed")
            #expect(heard.id == String(missed.sequence))
            #expect(try await listener.next().event == "test.later")
            #expect(old.sequence < missed.sequence)
            listener.close()
        }
    }
}

extension HTTPHeaders {
    static func auth(_ token: String) -> HTTPHeaders { AttendeeTestServer.auth(token) }
}

extension AttendeeTestServer {
    /// Signs up a person and makes them the demo event's organizer.
    func organizer(_ name: String) async throws -> String {
        let (token, id) = try await person(name)
        let eventID = self.eventID
        _ = try await database.write { db in
            try db.execute("UPDATE attendee_event SET organizer_id = \(id) WHERE id = \(eventID)")
        }
        return token
    }

    /// Signs up a person and adds them to a session's speakers (not registered for the event).
    func speaker(_ name: String, of sessionID: String) async throws -> String {
        let (token, id) = try await person(name)
        _ = try await database.write { db in
            try db.execute(
                "INSERT INTO attendee_session_speaker (session_id, user_id, position) VALUES (\(sessionID), \(id), 99)")
        }
        return token
    }

    private func person(_ name: String) async throws -> (token: String, id: String) {
        let response = try await client.post(
            "/attendee/v1/auth/signup",
            json: SignUpRequest(
                email: name.lowercased().replacingOccurrences(of: " ", with: ".") + "@example.com",
                password: "correct horse", name: name))
        let session = try response.decode(AuthSession.self)
        return (session.token, session.profile.person.id)
    }

    /// The organizer's draft poll on the first session, and an attendee listening to the event's and that session's
    /// streams, both past `ready`.
    func sessionPollHeardByAnAttendee() async throws -> (
        organizer: String, attendee: String, session: Session, poll: Poll, onEvent: LiveListener,
        onSession: LiveListener
    ) {
        let organizer = try await organizer("Olga Organizer")
        let ada = try await registeredAttendee("Ada Lovelace")
        let session = try #require(try await agenda().first)
        var draft = PollTests.colour
        draft.sessionID = session.id
        let poll = try await createPoll(draft, organizer).decode(Poll.self)
        let onEvent = try await LiveListener.open(self, token: ada)
        #expect(try await onEvent.next().event == "ready")
        let onSession = try await LiveListener.open(self, path: "/attendee/v1/sessions/\(session.id)/live", token: ada)
        #expect(try await onSession.next().event == "ready")
        return (organizer, ada, session, poll, onEvent, onSession)
    }

    func createPoll(_ draft: PollDraft, _ token: String?) async throws -> Response {
        try await client.post(
            "/attendee/v1/events/\(eventID)/polls", json: draft, headers: token.map(HTTPHeaders.auth) ?? [:])
    }

    func action(_ verb: String, _ pollID: String, _ token: String) async throws -> Response {
        try await client.request(.post, "/attendee/v1/polls/\(pollID)/\(verb)", headers: .auth(token))
    }

    func answer(_ pollID: String, _ choices: [String: [String]], _ token: String?) async throws -> Response {
        try await client.put(
            "/attendee/v1/polls/\(pollID)/answer", json: PollAnswer(choices: choices),
            headers: token.map(HTTPHeaders.auth) ?? [:])
    }

    func polls(_ token: String) async throws -> [Poll] {
        let response = try await client.get("/attendee/v1/events/\(eventID)/polls", headers: .auth(token))
        try #require(response.status == .ok, "\(response.bodyText)")
        return try response.decode([Poll].self)
    }
}
