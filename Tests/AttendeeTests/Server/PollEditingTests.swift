import AttendeeModels
import Database
import DatabaseTestSupport
import Foundation
import HTTPServer
import Testing

@testable import AttendeeServer

/// Editing a draft and deleting a poll: only its managers, only a draft edited, an open poll closed before it is
/// deleted, its answers deleted with it, refusals that change nothing, and the live events that tell open screens.
@Suite struct PollEditingTests {
    static let typo = PollEdit(
        kind: .poll, choice: .multiple,
        questions: [PollQuestionDraft(text: "Favourite colour?", options: ["Red", "Green", "Blue", "Yellow"])])

    @Test(arguments: DatabaseKind.eachDialect)
    func aDraftIsEditedByItsManagersAndRefusedOnceOpen(_ kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let organizer = try await server.organizer("Olga Organizer")
            let session = try #require(try await server.agenda().first)
            let speaker = try await server.speaker("Sue Speaker", of: session.id)
            let draft = PollDraft(
                sessionID: session.id, kind: .poll, choice: .single,
                questions: [PollQuestionDraft(text: "Favourit colour?", options: ["Red", "Gren"])])
            let poll = try await server.createPoll(draft, speaker).decode(Poll.self)

            let edited = try await server.editPoll(poll.id, Self.typo, speaker)
            #expect(edited.status == .ok, "\(edited.bodyText)")
            let saved = try edited.decode(Poll.self)
            #expect(saved.state == .draft)
            #expect(saved.sessionID == session.id)
            #expect(saved.choice == .multiple)
            #expect(saved.questions.first?.text == "Favourite colour?")
            #expect(saved.questions.first?.options.map(\.text) == ["Red", "Green", "Blue", "Yellow"])
            #expect(saved.questions.first?.options.map(\.id) == ["1-1", "1-2", "1-3", "1-4"])
            #expect(try await server.pollAsSeen(poll.id, organizer) == saved)

            // A poll becomes a quiz, with its correct options kept for its managers.
            let quiz = PollEdit(
                kind: .quiz, choice: .single,
                questions: [
                    PollQuestionDraft(text: "2 + 2?", options: ["3", " 4 "], correct: [1]),
                    PollQuestionDraft(text: "Capital of Portugal?", options: ["Porto", "Lisbon"], correct: [1]),
                ])
            let asQuiz = try await server.editPoll(poll.id, quiz, organizer).decode(Poll.self)
            #expect(asQuiz.kind == .quiz)
            #expect(asQuiz.questions.map(\.correctOptionIDs) == [["1-2"], ["2-2"]])
            #expect(asQuiz.questions.first?.options.last?.text == "4")

            _ = try await server.action("open", poll.id, organizer)
            let late = try await server.editPoll(poll.id, Self.typo, organizer)
            #expect(late.status == .conflict)
            #expect(late.problem["type"] == PollRefusal.wrongState.rawValue)
            #expect(late.problem["detail"] == "Only a draft quiz can be edited; this one has opened.")
            #expect(try await server.pollAsSeen(poll.id, organizer).questions == asQuiz.questions)
        }
    }

    @Test(arguments: DatabaseKind.eachDialect)
    func attendeesStrangersAndAnotherEventsOrganizerAreRefusedAndNothingChanges(_ kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let organizer = try await server.organizer("Olga Organizer")
            let ada = try await server.registeredAttendee("Ada Lovelace")
            let stranger = try await server.signUp("Sam Stranger")
            let oscar = try await server.signUp("Oscar Other")
            let theirs = try await server.importProgramme(SpeakerAccountTests.programme(), oscar)
            #expect(theirs.eventID != server.eventID)
            let sessions = try await server.agenda()
            let otherSpeaker = try await server.speaker("Sue Speaker", of: try #require(sessions.last).id)

            let draft = try await server.createPoll(PollTests.colour, organizer).decode(Poll.self)
            let closed = try await server.createPoll(PollTests.colour, organizer).decode(Poll.self)
            _ = try await server.action("open", closed.id, organizer)
            _ = try await server.answer(closed.id, ["1": ["1-2"]], ada)
            _ = try await server.action("close", closed.id, organizer)

            // A draft is not shown outside its managers: those outside the event get 404, as for no poll at all.
            for (token, status) in [
                (ada, HTTPStatus.forbidden), (stranger, .notFound), (oscar, .notFound), (otherSpeaker, .notFound),
            ] {
                #expect(try await server.editPoll(draft.id, Self.typo, token).status == status)
                #expect(try await server.deletePoll(draft.id, token).status == status)
            }
            for token in [ada, stranger, oscar, otherSpeaker] {
                let refused = try await server.deletePoll(closed.id, token)
                #expect(refused.status == .forbidden)
                #expect(
                    refused.problem["detail"]
                        == "Only the event's organizers, and a session's speakers, manage its polls.")
                #expect(try await server.editPoll(closed.id, Self.typo, token).status == .forbidden)
            }
            #expect(try await server.deletePoll(closed.id, nil).status == .unauthorized)
            #expect(try await server.editPoll(draft.id, Self.typo, nil).status == .unauthorized)
            #expect(try await server.deletePoll("no-such-poll", organizer).status == .notFound)
            #expect(try await server.editPoll("no-such-poll", Self.typo, organizer).status == .notFound)

            #expect(try await server.pollAsSeen(draft.id, organizer).questions == draft.questions)
            let kept = try await server.pollAsSeen(closed.id, ada)
            #expect(kept.myAnswer == ["1": ["1-2"]])
            #expect(kept.results.voters == 1)
        }
    }

    @Test(arguments: DatabaseKind.eachDialect)
    func aMalformedOrInvalidEditIsA4xxThatNamesTheProblemAndChangesNothing(_ kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let organizer = try await server.organizer("Olga Organizer")
            let poll = try await server.createPoll(PollTests.colour, organizer).decode(Poll.self)
            let path = "/attendee/v1/polls/\(poll.id)"
            let malformed: [(body: String, status: HTTPStatus, field: String?)] = [
                ("{", .badRequest, nil),
                (#"{"kind":"poll","choice":"single"}"#, .unprocessableContent, "questions"),
                (#"{"kind":"survey","choice":"single","questions":[]}"#, .unprocessableContent, "kind"),
                (
                    #"{"kind":"poll","choice":"single","questions":[{"text":"Hi?","options":"Yes"}]}"#,
                    .unprocessableContent, "questions.0.options"
                ),
            ]
            for (body, status, field) in malformed {
                let response = try await server.client.request(
                    .put, path, headers: Self.json(organizer), body: Data(body.utf8))
                #expect(response.status == status, "\(body): \(response.bodyText)")
                #expect(response.problem["field"] == field)
                #expect(!(response.problem["detail"] ?? "").isEmpty)
            }
            let invalid: [(PollEdit, String)] = [
                (PollEdit(kind: .poll, choice: .single, questions: []), "questions"),
                (
                    PollEdit(
                        kind: .poll, choice: .single, questions: [PollQuestionDraft(text: "  ", options: ["A", "B"])]),
                    "questions.0.text"
                ),
                (
                    PollEdit(
                        kind: .poll, choice: .single, questions: [PollQuestionDraft(text: "Q?", options: ["A", "a "])]),
                    "questions.0.options.1"
                ),
                (
                    PollEdit(
                        kind: .quiz, choice: .single, questions: [PollQuestionDraft(text: "Q?", options: ["A", "B"])]),
                    "questions.0.correct"
                ),
            ]
            for (edit, field) in invalid {
                let response = try await server.editPoll(poll.id, edit, organizer)
                #expect(response.status == .unprocessableContent)
                #expect(response.problem["field"] == field, "\(response.bodyText)")
            }
            #expect(try await server.pollAsSeen(poll.id, organizer) == poll)
        }
    }

    @Test(arguments: DatabaseKind.eachDialect)
    func aClosedPollIsDeletedWithItsAnswersAndAnOpenOneIsClosedFirst(_ kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let organizer = try await server.organizer("Olga Organizer")
            let ada = try await server.registeredAttendee("Ada Lovelace")
            let poll = try await server.createPoll(PollTests.quiz, organizer).decode(Poll.self)
            let kept = try await server.createPoll(PollTests.colour, organizer).decode(Poll.self)
            _ = try await server.action("open", poll.id, organizer)
            _ = try await server.action("open", kept.id, organizer)
            #expect(try await server.answer(poll.id, ["1": ["1-2"], "2": ["2-1"]], ada).status == .ok)
            #expect(try await server.answer(kept.id, ["1": ["1-1"]], ada).status == .ok)

            let open = try await server.deletePoll(poll.id, organizer)
            #expect(open.status == .conflict)
            #expect(open.problem["type"] == PollRefusal.wrongState.rawValue)
            #expect(open.problem["detail"] == "Close the quiz before deleting it.")
            #expect(try await server.answerRows(poll.id) == (answers: 1, choices: 2))

            _ = try await server.action("close", poll.id, organizer)
            let deleted = try await server.deletePoll(poll.id, organizer)
            #expect(deleted.status == .noContent, "\(deleted.bodyText)")
            #expect(try await server.answerRows(poll.id) == (answers: 0, choices: 0))
            #expect(
                try await server.client.get("/attendee/v1/polls/\(poll.id)", headers: .auth(organizer)).status
                    == .notFound)
            #expect(try await server.polls(ada).map(\.id) == [kept.id])
            #expect(try await server.deletePoll(poll.id, organizer).status == .notFound)
            // Another poll's answers stay.
            #expect(try await server.answerRows(kept.id) == (answers: 1, choices: 1))

            // A draft goes the same way.
            let draft = try await server.createPoll(PollTests.colour, organizer).decode(Poll.self)
            #expect(try await server.deletePoll(draft.id, organizer).status == .noContent)
            #expect(try await server.polls(organizer).map(\.id) == [kept.id])
        }
    }

    /// A draft's creation is heard on the event's and session's streams of its managers only (the organizer, the
    /// session's speaker), naming the poll only; an attendee's streams hear nothing of it until it opens.
    @Test(arguments: DatabaseKind.eachDialectOnDisk)
    func aCreationIsHeardByTheManagersStreamsOnlyNamingOnlyThePoll(_ kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let (organizer, attendee, session, _, onEvent, onSession) = try await server.sessionPollHeardByAnAttendee()
            let managers = try await server.managersListening(organizer: organizer, session: session.id)
            var draft = PollTests.colour
            draft.sessionID = session.id
            let created = try await server.createPoll(draft, organizer).decode(Poll.self)
            let reference = PollReference(pollID: created.id, eventID: server.eventID, sessionID: session.id)
            for listener in managers {
                let event = try await listener.next()
                #expect(event.event == PollReference.Kind.created.rawValue)
                #expect(!event.data.contains("Favourite"))
                #expect(try JSONDecoder().decode(PollReference.self, from: Data(event.data.utf8)) == reference)
            }
            // The attendee's list does not show it, nor do their streams tell of it: the next they hear is it opening.
            #expect(try await server.polls(attendee).contains { $0.id == created.id } == false)
            _ = try await server.action("open", created.id, organizer)
            for listener in [onEvent, onSession] + managers {
                let opened = try await listener.next()
                #expect(opened.event == PollUpdate.Kind.opened.rawValue)
                #expect(try JSONDecoder().decode(PollUpdate.self, from: Data(opened.data.utf8)).pollID == created.id)
                listener.close()
            }
        }
    }

    /// A draft's edit and deletion reach its managers' streams only; an open poll's events, and a closed poll's
    /// deletion, reach everyone's as before.
    @Test(arguments: DatabaseKind.eachDialectOnDisk)
    func anEditAndADeletionOfADraftAreHeardByTheManagersStreamsOnly(_ kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let (organizer, _, session, poll, onEvent, onSession) = try await server.sessionPollHeardByAnAttendee()
            let managers = try await server.managersListening(organizer: organizer, session: session.id)

            #expect(try await server.editPoll(poll.id, Self.typo, organizer).status == .ok)
            #expect(try await server.deletePoll(poll.id, organizer).status == .noContent)
            let reference = PollReference(pollID: poll.id, eventID: server.eventID, sessionID: session.id)
            for listener in managers {
                let edited = try await listener.next()
                #expect(edited.event == PollReference.Kind.edited.rawValue)
                // NB: the draft's words stay out even for its managers: they read the poll.
                #expect(!edited.data.contains("Favourite"))
                #expect(try JSONDecoder().decode(PollReference.self, from: Data(edited.data.utf8)) == reference)
                let deleted = try await listener.next()
                #expect(deleted.event == PollReference.Kind.deleted.rawValue)
                #expect(try JSONDecoder().decode(PollReference.self, from: Data(deleted.data.utf8)) == reference)
            }

            // Another poll opens, closes and is deleted: everyone hears all of it, and the attendee nothing before.
            var draft = PollTests.colour
            draft.sessionID = session.id
            let later = try await server.createPoll(draft, organizer).decode(Poll.self)
            for action in ["open", "close"] { _ = try await server.action(action, later.id, organizer) }
            #expect(try await server.deletePoll(later.id, organizer).status == .noContent)
            for listener in managers { #expect(try await listener.next().event == PollReference.Kind.created.rawValue) }
            for listener in [onEvent, onSession] + managers {
                #expect(try await listener.next().event == PollUpdate.Kind.opened.rawValue)
                #expect(try await listener.next().event == PollUpdate.Kind.closed.rawValue)
                let deleted = try await listener.next()
                #expect(deleted.event == PollReference.Kind.deleted.rawValue)
                #expect(try JSONDecoder().decode(PollReference.self, from: Data(deleted.data.utf8)).pollID == later.id)
                listener.close()
            }
        }
    }

    /// A reconnect replays what was missed under the same rule: an attendee is not replayed a draft's events, its
    /// managers are; once it opened, everyone is.
    @Test(arguments: DatabaseKind.eachDialectOnDisk)
    func aReplayAfterAReconnectTellsOfADraftOnlyItsManagers(_ kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let organizer = try await server.organizer("Olga Organizer")
            let ada = try await server.registeredAttendee("Ada Lovelace")
            let session = try #require(try await server.agenda().first)
            let speaker = try await server.speaker("Sue Speaker", of: session.id)
            let sessionPath = "/attendee/v1/sessions/\(session.id)/live"

            // Each connects once and keeps the id of its `ready`, then drops.
            var resumeFrom: [String: String] = [:]
            let streams: [(name: String, token: String, path: String?)] = [
                ("ada", ada, sessionPath), ("ada-event", ada, nil), ("organizer", organizer, nil),
                ("sue", speaker, sessionPath),
            ]
            for (name, token, path) in streams {
                let first = try await LiveListener.open(
                    server, path: path ?? "/attendee/v1/events/\(server.eventID)/live", token: token)
                resumeFrom[name] = try await first.next().id
                first.close()
            }
            var draft = PollTests.colour
            draft.sessionID = session.id
            let poll = try await server.createPoll(draft, speaker).decode(Poll.self)
            #expect(try await server.editPoll(poll.id, Self.typo, speaker).status == .ok)
            _ = try await server.action("open", poll.id, speaker)
            _ = try await server.commit(.session(session.id), kind: "test.marker")
            _ = try await server.commit(.event(server.eventID), kind: "test.marker")

            for (name, token, path) in streams {
                let resumed = try await server.listen(token, path: path, lastEventID: resumeFrom[name])
                let ready = try await resumed.next()
                #expect(ready.event == LiveReady.eventType)
                #expect(try AttendeeCoding.decoder().decode(LiveReady.self, from: Data(ready.data.utf8)).resumed)
                var heard: [String] = []
                while heard.last != "test.marker" { heard.append(try await resumed.next().event ?? "") }
                let expected =
                    name.hasPrefix("ada")
                    ? ["poll.opened", "test.marker"] : ["poll.created", "poll.edited", "poll.opened", "test.marker"]
                #expect(heard == expected, "\(name)")
                resumed.close()
            }
        }
    }

    /// Events another instance committed (heard through the PostgreSQL relay) follow the same rule: a draft's reach
    /// its managers only, and an event heard both ways is still sent once.
    @Test(arguments: DatabaseKind.eachDialectOnDisk)
    func aDraftsEventsFromAnotherInstanceReachItsManagersOnly(_ kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let (organizer, _, session, poll, onEvent, onSession) = try await server.sessionPollHeardByAnAttendee()
            let managers = try await server.managersListening(organizer: organizer, session: session.id)
            let organizerID = try await server.userID(organizer)
            // Written as another instance would: committed, not published here; then its notifications arrive.
            let edited = try await server.service.store.editPoll(id: poll.id, userID: organizerID, Self.typo)
            let opened = try await server.service.store.openPoll(id: poll.id, userID: organizerID)
            let sequences = (edited.events + opened.events).map(\.sequence)
            try await server.service.live.received(sequences: sequences)
            server.service.live.publish(opened.events)
            try await server.service.live.received(sequences: sequences)
            let closed = try await server.service.store.closePoll(id: poll.id, userID: organizerID)
            try await server.service.live.received(sequences: closed.events.map(\.sequence))

            for listener in managers {
                #expect(try await listener.next().event == PollReference.Kind.edited.rawValue)
            }
            for listener in [onEvent, onSession] + managers {
                #expect(try await listener.next().event == PollUpdate.Kind.opened.rawValue)
                #expect(try await listener.next().event == PollUpdate.Kind.closed.rawValue)
                listener.close()
            }
        }
    }
}

extension PollEditingTests {
    static func json(_ token: String) -> HTTPHeaders {
        var headers = HTTPHeaders.auth(token)
        headers["Content-Type"] = "application/json"
        return headers
    }
}

extension AttendeeTestServer {
    /// The organizer on the event's and the session's streams, and a new speaker of the session on its stream, all
    /// past `ready`: everyone who manages the session's polls.
    func managersListening(organizer: String, session sessionID: String) async throws -> [LiveListener] {
        let speaker = try await speaker("Sue Speaker", of: sessionID)
        let sessionPath = "/attendee/v1/sessions/\(sessionID)/live"
        return [
            try await listen(organizer), try await listen(organizer, path: sessionPath),
            try await listen(speaker, path: sessionPath),
        ]
    }

    /// `token`'s stream at `path` (the event's when `nil`); past `ready` unless it resumes after `lastEventID`.
    func listen(_ token: String, path: String? = nil, lastEventID: String? = nil) async throws -> LiveListener {
        let listener = try await LiveListener.open(
            self, path: path ?? "/attendee/v1/events/\(eventID)/live", token: token, lastEventID: lastEventID)
        if lastEventID == nil { #expect(try await listener.next().event == LiveReady.eventType) }
        return listener
    }

    func editPoll(_ pollID: String, _ edit: PollEdit, _ token: String?) async throws -> Response {
        try await client.put("/attendee/v1/polls/\(pollID)", json: edit, headers: token.map(HTTPHeaders.auth) ?? [:])
    }

    func deletePoll(_ pollID: String, _ token: String?) async throws -> Response {
        try await client.delete("/attendee/v1/polls/\(pollID)", headers: token.map(HTTPHeaders.auth) ?? [:])
    }

    /// The poll as `token` reads it, requiring the read to go through.
    func pollAsSeen(_ pollID: String, _ token: String) async throws -> Poll {
        let response = try await client.get("/attendee/v1/polls/\(pollID)", headers: .auth(token))
        try #require(response.status == .ok, "\(response.bodyText)")
        return try response.decode(Poll.self)
    }

    /// How many answer and choice rows the database holds for a poll.
    func answerRows(_ pollID: String) async throws -> (answers: Int, choices: Int) {
        try await database.read { db in
            (
                try db.fetchValue(Int.self, "SELECT COUNT(*) FROM attendee_poll_answer WHERE poll_id = \(pollID)") ?? 0,
                try db.fetchValue(Int.self, "SELECT COUNT(*) FROM attendee_poll_choice WHERE poll_id = \(pollID)") ?? 0
            )
        }
    }
}
