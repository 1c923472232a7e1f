import APIClient
import AttendeeModels
import Foundation
import HTTPServer
import Localization
import Locking
import TestSupport
import Testing

@testable import AttendeeCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The poll screens against the real server in process, with the live stream scripted connection by
/// connection (a drop, then a reconnect that must send `Last-Event-ID`).
@MainActor @Suite struct LivePollModelTests {
    /// What a person sees at one moment.
    struct Seen: Equatable {
        var phase: LivePollPhase
        var voters: String
        var picked: [String]
        var canSubmit: Bool
        var submitTitle: String
        var score: String?
        var banner: Banner?

        @MainActor init(_ model: LivePollModel) {
            phase = model.phase
            voters = model.voters
            picked = model.questions.flatMap(\.options).filter(\.isSelected).map(\.id)
            canSubmit = model.canSubmit
            submitTitle = model.submitTitle
            score = model.score
            banner = model.banner
        }

        init(
            _ phase: LivePollPhase, _ voters: String, _ picked: [String], canSubmit: Bool = false,
            submit: String = "Vote", score: String? = nil, banner: Banner? = nil
        ) {
            self.phase = phase
            self.voters = voters
            self.picked = picked
            self.canSubmit = canSubmit
            self.submitTitle = submit
            self.score = score
            self.banner = banner
        }
    }

    @Test func aPersonVotesHearsOthersLiveSurvivesADropAndSeesTheClose() async throws {
        try await AttendeeTestServer.with { server in
            let organizer = try await server.organizer("Olga Organizer")
            let bob = try await server.registeredAttendee("Bob Bernard")
            let poll = try await server.createPoll(PollTests.colour, organizer).decode(Poll.self)
            _ = try await server.action("open", poll.id, organizer)
            let script = LiveScript()
            script.connections = [
                { _ in
                    // Bob answers on the server; the stream says so, then the connection drops.
                    let results = try await server.answer(poll.id, ["1": ["1-1"]], bob).decode(Poll.self).results
                    return try script.stream(
                        [
                            try LiveScript.resumedReady("10"),
                            LiveScript.sse("11", "poll.results", try LiveScript.update(poll, .open, results)),
                        ], thenDrop: true)
                },
                { _ in
                    let closed = try await server.action("close", poll.id, organizer).decode(Poll.self)
                    return try script.stream(
                        [
                            try LiveScript.resumedReady("12"),
                            LiveScript.sse("13", "poll.closed", try LiveScript.update(poll, .closed, closed.results)),
                        ], thenDrop: false)
                },
            ]
            let tokens = LiveScreenTests.MemoryTokens()
            let client = try script.client(server, tokens)
            _ = try await client.signUp(
                SignUpRequest(email: "ada@example.com", password: "correct horse", name: "Ada Lovelace"))
            _ = try await client.register(server.eventID)

            let model = LivePollModel(client: client, pollID: poll.id)
            let seen = SeenRecorder { Seen(model) }
            await model.appeared()
            seen.look()
            model.optionTapped(questionID: "1", optionID: "1-2")
            seen.look()
            model.optionTapped(questionID: "1", optionID: "1-3")
            seen.look()
            await model.submitTapped()
            seen.look()
            await script.watching({ seen.look() }) { await model.follow() }

            #expect(
                seen.values == [
                    Seen(.open, "0 votes", []),
                    Seen(.open, "0 votes", ["1-2"], canSubmit: true),
                    Seen(.open, "0 votes", ["1-3"], canSubmit: true),
                    Seen(.answered, "1 vote", ["1-3"], submit: "Change My Answer"),
                    Seen(.answered, "2 votes", ["1-3"], submit: "Change My Answer"),
                    Seen(.closed, "2 votes", ["1-3"], submit: "Change My Answer"),
                ])
            #expect(script.lastEventIDs == [nil, "11"])
            #expect(model.questions.first?.options.map(\.shareText) == ["50%", "0%", "50%"])
            #expect(model.canPick == false)
            #expect(model.management == nil)
        }
    }

    @Test func aQuizShowsTheScoreAndLeaderboardOnlyOnceClosedAndALateAnswerIsRefused() async throws {
        try await AttendeeTestServer.with { server in
            let organizer = try await server.organizer("Olga Organizer")
            let bob = try await server.registeredAttendee("Bob Bernard")
            let quiz = try await server.createPoll(PollTests.quiz, organizer).decode(Poll.self)
            _ = try await server.action("open", quiz.id, organizer)
            _ = try await server.answer(quiz.id, ["1": ["1-2"], "2": ["2-2"]], bob)
            let tokens = LiveScreenTests.MemoryTokens()
            let client = try LiveScript().client(server, tokens)
            let me = try await client.signUp(
                SignUpRequest(email: "ada@example.com", password: "correct horse", name: "Ada Lovelace"))
            _ = try await client.register(server.eventID)

            let model = LivePollModel(client: client, pollID: quiz.id, personID: me.profile.person.id)
            await model.appeared()
            #expect(model.kindTitle == "Quiz")
            #expect(model.summary == "Quiz · Open · 1 vote")
            #expect(model.showsSubmit)
            model.optionTapped(questionID: "1", optionID: "1-2")
            #expect(model.canSubmit == false)
            model.optionTapped(questionID: "2", optionID: "2-1")
            await model.submitTapped()
            #expect(model.phase == .answered)
            #expect(model.showsSubmit)
            #expect(model.submitTitle == "Change My Answer")
            #expect(model.score == nil)
            #expect(model.questions.flatMap(\.options).allSatisfy { $0.isCorrect == nil })
            #expect(model.leaderboard.isEmpty)

            // Closed meanwhile, and this screen has not heard: changing the answer is refused, then it shows
            // the quiz as it is, saying once that it is closed: its notice, not a banner of the same words too.
            _ = try await server.action("close", quiz.id, organizer)
            model.optionTapped(questionID: "2", optionID: "2-2")
            #expect(model.canSubmit)
            await model.submitTapped()
            #expect(model.banner == nil)
            #expect(model.phase == .closed)
            #expect(model.showsSubmit == false)
            #expect(model.score == "Your score: 1 of 2")
            #expect(model.notice == "This quiz is closed.")
            #expect(model.questions[1].options.map(\.isCorrect) == [false, true, false])
            #expect(model.questions[1].options.map(\.isSelected) == [true, false, false])
            #expect(model.leaderboard.map(\.name) == ["Bob Bernard", "Ada Lovelace"])
            #expect(model.leaderboard.map(\.rank) == ["1.", "2."])
            #expect(model.leaderboard.map(\.score) == ["2 of 2", "1 of 2"])
            #expect(model.leaderboard.map(\.isMe) == [false, true])
        }
    }

    /// The send button says why it is disabled: a question left unanswered, or two options chosen at once on a
    /// single-choice question, is the poll's rule in the person's words, and nothing is sent; the answer already
    /// sent is disabled without a sentence.
    @Test func anAnswerThatBreaksTheRuleSaysWhyAndSendsNothing() async throws {
        try await AttendeeTestServer.with { server in
            let organizer = try await server.organizer("Olga Organizer")
            let quiz = try await server.createPoll(PollTests.quiz, organizer).decode(Poll.self)
            _ = try await server.action("open", quiz.id, organizer)
            let client = try LiveScript().client(server, LiveScreenTests.MemoryTokens())
            _ = try await client.signUp(
                SignUpRequest(email: "ada@example.com", password: "correct horse", name: "Ada Lovelace"))
            _ = try await client.register(server.eventID)

            let model = LivePollModel(client: client, pollID: quiz.id)
            #expect(model.submitBlock == .notOpen)
            await model.appeared()
            #expect(model.submitBlock == .invalid)
            #expect(model.submitHint == "Answer every question.")
            model.optionsChosen(questionID: "1", optionIDs: ["1-2"])
            #expect(model.submitBlock == .invalid)
            #expect(model.submitHint == "Answer every question.")
            await model.submitTapped()
            #expect(model.phase == .open)
            #expect(try await client.poll(quiz.id).results.voters == 0)

            model.optionsChosen(questionID: "2", optionIDs: ["2-1", "2-2"])
            #expect(model.questions[1].options.map(\.isSelected) == [true, true, false])
            #expect(model.canSubmit == false)
            #expect(model.submitBlock == .invalid)
            #expect(model.submitHint == "Pick one option.")
            await model.submitTapped()
            #expect(try await client.poll(quiz.id).results.voters == 0)

            model.optionsChosen(questionID: "2", optionIDs: ["2-2"])
            #expect(model.submitBlock == nil)
            #expect(model.submitHint == nil)
            #expect(model.canSubmit)
            await model.submitTapped()
            #expect(model.phase == .answered)
            #expect(model.submitBlock == .unchanged)
            #expect(model.submitHint == nil)
            #expect(try await client.poll(quiz.id).myAnswer == ["1": ["1-2"], "2": ["2-2"]])
        }
    }

    /// A vote that does not go (a 500, a dropped line, an expired session) keeps what the person picked, with
    /// Vote still on to send it again, and says why in the core's words.
    @Test(arguments: [
        APIError.http(status: 500, problem: nil), APIError.connectionLost, APIError.signedOut,
    ])
    func aVoteThatDoesNotGoKeepsThePick(failure: APIError) async {
        var client = AttendeeClient()
        client.poll = { id in
            Poll(
                id: id, eventID: "e1", sessionID: nil, kind: .poll, choice: .single, state: .open,
                questions: [
                    PollQuestion(
                        id: "1", text: "Lunch?",
                        options: [PollOption(id: "1-1", text: "Yes"), PollOption(id: "1-2", text: "No")])
                ],
                results: PollResults(voters: 3, questions: []), canManage: false)
        }
        client.answerPoll = { _, _ in throw failure }
        let model = LivePollModel(client: client, pollID: "p1")
        await model.appeared()
        model.optionTapped(questionID: "1", optionID: "1-2")
        await model.submitTapped()
        #expect(Seen(model) == Seen(.open, "3 votes", ["1-2"], canSubmit: true, banner: .failure(failure.message)))
    }

    /// A live client signed in as Olga, made the organizer of the test server's event.
    static func organizer(of server: AttendeeTestServer) async throws -> AttendeeClient {
        let client = try LiveScript().client(server, LiveScreenTests.MemoryTokens())
        _ = try await client.signUp(
            SignUpRequest(email: "olga@example.com", password: "correct horse", name: "Olga Organizer"))
        let profile = try await client.me()
        let eventID = server.eventID
        _ = try await server.database.write { db in
            try db.execute("UPDATE attendee_event SET organizer_id = \(profile.person.id) WHERE id = \(eventID)")
        }
        return client
    }

    @Test func managersOpenAndCloseFromTheScreenAndOthersGetNoButton() async throws {
        try await AttendeeTestServer.with { server in
            let client = try await Self.organizer(of: server)
            let composer = PollComposerModel(client: client, eventID: server.eventID)
            composer.questionChanged(0, text: "Coffee?", options: ["Yes"])
            await composer.createTapped()
            #expect(composer.invalidField == .options(0))
            #expect(composer.banner == .failure("Check the highlighted part of the poll."))
            #expect(composer.created == nil)
            composer.questionChanged(0, text: "Coffee?", options: ["Yes", "Tea"])
            await composer.createTapped()
            let created = try #require(composer.created)

            let model = LivePollModel(client: client, pollID: created.id)
            await model.appeared()
            #expect(model.phase == .draft)
            #expect(model.showsSubmit == false)
            #expect(model.management == .open)
            #expect(model.managementTitle == "Open Poll")
            await model.managementTapped(.open)
            #expect(model.phase == .open)
            #expect(model.showsSubmit)
            #expect(model.managementTitle == "Close Poll")
            await model.managementTapped(.close)
            #expect(model.phase == .closed)
            #expect(model.management == nil)

            let list = PollListModel(client: client, eventID: server.eventID)
            await list.appeared()
            #expect(list.rows.map(\.subtitle) == ["Poll · Closed · 0 votes"])
            let quizzes = PollListModel(client: client, eventID: server.eventID, kind: .quiz)
            await quizzes.appeared()
            #expect(quizzes.emptyMessage == "No quizzes yet.")

            let ada = try await server.registeredAttendee("Ada Lovelace")
            let attendeeView = try await server.client.get("/attendee/v1/polls/\(created.id)", headers: .auth(ada))
            #expect(try attendeeView.decode(Poll.self).canManage == false)
        }
    }

    /// Open on its way when the page is read again (it appeared again): the read ending first turned the page's
    /// spinner off and its buttons back on, so a second Open (and Edit, Delete) went through while the first was on
    /// its way; they stay off until the last call ends.
    @Test func openStaysOffUntilEveryCallOnItsWayHasEnded() async {
        let opening = Gate(isOpen: false)
        let reading = Gate(isOpen: false)
        let opens = Locked(0)
        let reads = Locked(0)
        var managed = PollListLiveTests.poll("p1", .draft, "Coffee?")
        managed.canManage = true
        let draft = managed
        let read = BusyScreenTests.holding(2, at: reading, made: reads) { draft }
        let open = BusyScreenTests.holding(1, at: opening, made: opens) {
            var opened = draft
            opened.state = .open
            return opened
        }
        var client = AttendeeClient()
        client.poll = { _ in await read() }
        client.openPoll = { _ in await open() }
        let model = LivePollModel(client: client, pollID: "p1")
        await model.appeared()
        #expect(model.canTapManagement && model.canEdit && model.canDelete)

        let first = Task { await model.managementTapped(.open) }
        await opening.arrived(1)
        let again = Task { await model.appeared() }
        await reading.arrived(1)
        await reading.open()
        await again.value
        #expect(model.isBusy, "the open is still on its way")
        #expect(!model.canTapManagement && !model.canEdit && !model.canDelete)
        await model.managementTapped(.open)
        #expect(opens.withLock { $0 } == 1, "the second Open sent nothing")

        await opening.open()
        await first.value
        #expect(!model.isBusy)
        #expect(model.phase == .open)
        #expect(model.management == .close)
        #expect(model.canTapManagement)
        #expect(opens.withLock { $0 } == 1)
    }

    /// Another organizer opened the draft just as this one tapped Open: the button the tap was on opened, so it
    /// must not close the poll it now shows as Close; the banner says why nothing was done.
    @Test func anOpenTappedAfterTheButtonBecameCloseClosesNothing() async {
        var managed = PollListLiveTests.poll("p1", .draft, "Coffee?")
        managed.canManage = true
        let shown = Locked(managed)
        let closes = Locked(0)
        var client = AttendeeClient()
        client.poll = { _ in shown.withLock { $0 } }
        client.closePoll = { _ in
            closes.withLock { $0 += 1 }
            return shown.withLock { $0 }
        }
        let model = LivePollModel(client: client, pollID: "p1")
        await model.appeared()
        #expect(model.management == .open)
        shown.withLock { $0.state = .open }
        await model.appeared()
        #expect(model.management == .close)

        await model.managementTapped(.open)
        #expect(closes.withLock { $0 } == 0)
        #expect(model.phase == .open)
        #expect(model.banner == .failure("Only a draft can be opened; this one is open."))
        await model.managementTapped(.close)
        #expect(closes.withLock { $0 } == 1)
        #expect(model.banner == nil)
    }

    /// DECISIONS: a quiz's managers see its correct options throughout (the server sends them), attendees only
    /// once it closes.
    @Test func aQuizsOrganizerSeesTheCorrectOptionsBeforeTheClose() async throws {
        try await AttendeeTestServer.with { server in
            let client = try await Self.organizer(of: server)
            let quiz = try await client.createPoll(server.eventID, PollTests.quiz, UUID().uuidString)

            let model = LivePollModel(client: client, pollID: quiz.id)
            await model.appeared()
            #expect(model.phase == .draft)
            #expect(model.questions.map { $0.options.map(\.isCorrect) } == [[false, true], [false, true, false]])
            await model.managementTapped(.open)
            #expect(model.phase == .open)
            #expect(model.questions.map { $0.options.map(\.isCorrect) } == [[false, true], [false, true, false]])
            // Seeing the answers, the organizer is not offered to answer, and is told why.
            #expect(model.optionsAreChoices == false)
            #expect(model.canPick == false)
            #expect(model.showsSubmit == false)
            #expect(model.submitBlock == .managesQuiz)
            #expect(model.notice == "You manage this quiz and see its answers, so you do not answer it.")
            model.optionTapped(questionID: "1", optionID: "1-2")
            #expect(model.questions.flatMap(\.options).filter(\.isSelected).isEmpty)

            let ada = try await server.registeredAttendee("Ada Lovelace")
            let attendeeView = try await server.client.get("/attendee/v1/polls/\(quiz.id)", headers: .auth(ada))
            #expect(try attendeeView.decode(Poll.self).questions.allSatisfy { $0.correctOptionIDs == nil })
        }
    }

    /// Ada signs up and registers through `client` (as the app would), and her dashboard has appeared.
    static func adasDashboard(_ client: AttendeeClient, _ server: AttendeeTestServer) async throws
        -> EventDetailsModel
    {
        _ = try await client.signUp(
            SignUpRequest(email: "ada@example.com", password: "correct horse", name: "Ada Lovelace"))
        _ = try await client.register(server.eventID)
        let dashboard = EventDetailsModel(client: client, eventID: server.eventID)
        await dashboard.appeared(now: Demo.at("2027-01-01T00:00", "Europe/Lisbon"))
        return dashboard
    }

    @Test func theDashboardCardFollowsTheOpenPollLive() async throws {
        try await AttendeeTestServer.with { server in
            let organizer = try await server.organizer("Olga Organizer")
            let bob = try await server.registeredAttendee("Bob Bernard")
            let poll = try await server.createPoll(PollTests.colour, organizer).decode(Poll.self)
            _ = try await server.action("open", poll.id, organizer)
            let script = LiveScript()
            script.connections = [
                { _ in
                    let results = try await server.answer(poll.id, ["1": ["1-3"]], bob).decode(Poll.self).results
                    _ = try await server.action("close", poll.id, organizer)
                    return try script.stream(
                        [
                            try LiveScript.resumedReady("1"),
                            LiveScript.sse("2", "poll.results", try LiveScript.update(poll, .open, results)),
                            LiveScript.sse("3", "poll.closed", try LiveScript.update(poll, .closed, results)),
                        ], thenDrop: false)
                }
            ]
            let client = try script.client(server, LiveScreenTests.MemoryTokens())
            let dashboard = try await Self.adasDashboard(client, server)
            #expect(dashboard.livePoll?.question == "Favourite colour?")
            #expect(dashboard.livePollDestination == .poll(id: poll.id))
            let cards = SeenRecorder {
                dashboard.livePollOptions.map { "\($0.text) \($0.shareText)" } + [dashboard.livePollVoters ?? "-"]
            }
            cards.look()
            await script.watching({ cards.look() }) { await dashboard.followLive() }
            #expect(
                cards.values == [
                    ["Red 0%", "Green 0%", "Blue 0%", "0 votes"],
                    ["Red 0%", "Green 0%", "Blue 100%", "1 vote"],
                    ["-"],
                ])
            #expect(dashboard.livePoll == nil)
        }
    }

    /// An open quiz's card keeps its counts from attendees as its page does: no bars that read as "nobody picked
    /// this", and the line that says when the results come.
    @Test func theDashboardCardOfAnOpenQuizShowsNoSharesAndSaysWhenResultsCome() async throws {
        try await AttendeeTestServer.with { server in
            let organizer = try await server.organizer("Olga Organizer")
            let bob = try await server.registeredAttendee("Bob Bernard")
            let quiz = try await server.createPoll(PollTests.quiz, organizer).decode(Poll.self)
            _ = try await server.action("open", quiz.id, organizer)
            _ = try await server.answer(quiz.id, ["1": ["1-2"], "2": ["2-2"]], bob)
            let client = try LiveScript().client(server, LiveScreenTests.MemoryTokens())
            let dashboard = try await Self.adasDashboard(client, server)
            #expect(dashboard.livePoll?.question == "2 + 2?")
            #expect(dashboard.livePollOptions.map(\.text) == ["3", "4"])
            #expect(dashboard.livePollOptions.allSatisfy { $0.sharesHidden && $0.shareText.isEmpty })
            #expect(dashboard.livePollVoters == "1 vote")
            #expect(dashboard.livePollNotice == "Results when the quiz closes.")

            _ = try await server.action("close", quiz.id, organizer)
            await dashboard.appeared(now: Demo.at("2027-01-01T00:00", "Europe/Lisbon"))
            #expect(dashboard.livePoll == nil)
            #expect(dashboard.livePollNotice == nil)
        }
    }

    /// Results events are published after their commits, so two answers close together can arrive the other way
    /// round (and a relay from another instance arrives when it arrives): an older count heard after a newer one is
    /// ignored, on the card and on the poll's screen.
    @Test func resultsOlderThanTheOnesShownAreIgnored() async throws {
        try await AttendeeTestServer.with { server in
            let organizer = try await server.organizer("Olga Organizer")
            let bob = try await server.registeredAttendee("Bob Bernard")
            let poll = try await server.createPoll(PollTests.colour, organizer).decode(Poll.self)
            _ = try await server.action("open", poll.id, organizer)
            let before = poll.results
            let after = try await server.answer(poll.id, ["1": ["1-3"]], bob).decode(Poll.self).results
            let script = LiveScript()
            let late = { @Sendable () throws -> StreamedResponse in
                try script.stream(
                    [
                        try LiveScript.resumedReady("1"),
                        LiveScript.sse("7", "poll.results", try LiveScript.update(poll, .open, after)),
                        LiveScript.sse("6", "poll.results", try LiveScript.update(poll, .open, before)),
                    ], thenDrop: false)
            }
            script.connections = [{ _ in try late() }, { _ in try late() }]
            let client = try script.client(server, LiveScreenTests.MemoryTokens())
            let dashboard = try await Self.adasDashboard(client, server)
            await dashboard.followLive()
            #expect(dashboard.livePollVoters == "1 vote")
            #expect(dashboard.livePollOptions.map(\.shareText) == ["0%", "0%", "100%"])

            let screen = LivePollModel(client: client, pollID: poll.id, personID: nil)
            await screen.appeared()
            await screen.follow()
            #expect(screen.voters == "1 vote")
        }
    }

    @Test func aRefusedStreamPausesLiveUpdatesAndLeavesTheScreenWorking() async throws {
        try await AttendeeTestServer.with { server in
            let organizer = try await server.organizer("Olga Organizer")
            let poll = try await server.createPoll(PollTests.colour, organizer).decode(Poll.self)
            _ = try await server.action("open", poll.id, organizer)
            let script = LiveScript()
            script.connections = [{ request in try LiveScript.response(request, status: 403, chunks: []) }]
            let client = try script.client(server, LiveScreenTests.MemoryTokens())
            _ = try await client.signUp(
                SignUpRequest(email: "ada@example.com", password: "correct horse", name: "Ada Lovelace"))
            _ = try await client.register(server.eventID)
            let model = LivePollModel(client: client, pollID: poll.id)
            await model.appeared()
            #expect(model.liveNotice == nil)
            await model.follow()
            #expect(model.liveNotice == "Live updates paused.")
            #expect(model.banner == nil)
            model.optionTapped(questionID: "1", optionID: "1-1")
            await model.submitTapped()
            #expect(model.phase == .answered)
            #expect(model.voters == "1 vote")
        }
    }

    @Test func theWatchFeedPrintsEachChangeAndStopsAtItsLimit() async throws {
        try await AttendeeTestServer.with { server in
            let organizer = try await server.organizer("Olga Organizer")
            let poll = try await server.createPoll(PollTests.colour, organizer).decode(Poll.self)
            let results = PollResults(
                voters: 4, questions: [PollQuestionResults(questionID: "1", counts: ["1-1": 1, "1-2": 0, "1-3": 3])])
            let script = LiveScript()
            script.connections = [
                { _ in
                    try script.stream(
                        [
                            try LiveScript.resumedReady("1"),
                            LiveScript.sse("2", "wall.post", "{}"),
                            LiveScript.sse("3", "poll.opened", try LiveScript.update(poll, .open, results)),
                            LiveScript.sse("4", "poll.results", try LiveScript.update(poll, .open, results)),
                            LiveScript.sse("5", "poll.closed", try LiveScript.update(poll, .closed, results)),
                        ], thenDrop: false)
                }
            ]
            let watch = LiveWatchModel(client: try script.client(server, LiveScreenTests.MemoryTokens()), eventID: "e")
            var printed: [String] = []
            await watch.follow(limit: 2) { printed.append($0.text) }
            #expect(
                printed == [
                    "Poll opened: Favourite colour?",
                    "Favourite colour? — Red 25% · Green 0% · Blue 75% (4 votes)",
                ])
            #expect(watch.entries.map(\.kind) == [.pollOpened, .pollResults])
        }
    }

    /// The feed prints the wall's changes too (a post with its photo, a reply, likes, deletions), a quiz as a quiz
    /// with every question, and a poll's deletion, from the events the server sends an attendee (never a draft's
    /// creation or edit).
    @Test func theWatchFeedPrintsTheWallAndQuizzesWithEveryQuestion() async throws {
        try await AttendeeTestServer.with { server in
            let organizer = try await server.organizer("Olga Organizer")
            let ada = try await server.registeredAttendee("Ada Lovelace")
            let listener = try await LiveListener.open(server, token: ada)
            #expect(try await listener.next().event == LiveReady.eventType)
            let quiz = try await server.createPoll(PollTests.quiz, organizer).decode(Poll.self)
            #expect(try await server.action("open", quiz.id, organizer).status == .ok)
            _ = try await server.answer(quiz.id, ["1": ["1-2"], "2": ["2-1"]], ada)
            let post = try await server.client.post(
                "/attendee/v1/events/\(server.eventID)/wall", json: NewPost(text: "Lunch?\nAt the bar"),
                headers: .auth(ada)
            ).decode(WallPost.self)
            let reply = try await server.client.post(
                "/attendee/v1/wall/\(post.id)/replies", json: NewWallReply(text: "Count me in"),
                headers: .auth(organizer)
            ).decode(WallReply.self)
            _ = try await server.client.request(.put, "/attendee/v1/wall/\(post.id)/like", headers: .auth(organizer))
            _ = try await server.client.request(
                .delete, "/attendee/v1/wall-replies/\(reply.id)", headers: .auth(organizer))
            _ = try await server.client.request(.delete, "/attendee/v1/wall/\(post.id)", headers: .auth(ada))
            _ = try await server.action("close", quiz.id, organizer)
            // A draft's creation and edit are its managers' alone: the attendee's stream never sends them (nor the
            // quiz's creation, before it opened).
            let draft = try await server.createPoll(PollTests.colour, organizer).decode(Poll.self)
            #expect(try await server.editPoll(draft.id, PollEditingTests.typo, organizer).status == .ok)
            #expect(try await server.deletePoll(quiz.id, organizer).status == .noContent)
            var entries: [LiveWatchEntry] = []
            for _ in 0..<9 {
                let event = try await listener.next()
                #expect(event.event != "poll.created" && event.event != "poll.edited", "a draft's event reached Ada")
                let heard = ServerEvent(type: event.event ?? "message", data: event.data, lastEventID: event.id ?? "")
                entries += LiveWatchModel.entry(heard).map { [$0] } ?? []
            }
            listener.close()
            #expect(
                entries.map(\.text) == [
                    "Quiz opened: 2 + 2?\n    Capital of Portugal?",
                    // An open quiz's counts are not sent to the event (everyone would copy the majority).
                    "2 + 2? — Results when the quiz closes. (1 vote)\n"
                        + "    Capital of Portugal? — Results when the quiz closes. (1 vote)",
                    "New post by Ada Lovelace: Lunch?\n    At the bar",
                    "Olga Organizer replied to post \(post.id): Count me in",
                    "Post \(post.id): 1 like",
                    "Reply \(reply.id) to post \(post.id) was deleted.",
                    "Post \(post.id) was deleted.",
                    "Quiz closed: 2 + 2? (1 vote)\n    Capital of Portugal?",
                    "Poll \(quiz.id) was deleted.",
                ])
            #expect(
                entries.map(\.kind) == [
                    .pollOpened, .pollResults, .wallPost, .wallReply, .wallLikes, .wallDeleted, .wallDeleted,
                    .pollClosed, .pollDeleted,
                ])
            #expect(entries[2].postID == post.id)
        }
    }
}

/// A live stream played connection by connection; every other call goes to the real server in process.
final class LiveScript: Sendable {
    typealias Connection = @Sendable (URLRequest) async throws -> StreamedResponse
    private struct State {
        var connections: [Connection] = []
        var lastEventIDs: [String?] = []
        var look: (@Sendable () async -> Void)?
    }
    private let state = Locked(State())

    var connections: [Connection] {
        get { state.withLock { $0.connections } }
        set { state.withLock { $0.connections = newValue } }
    }

    /// The `Last-Event-ID` each connection sent.
    var lastEventIDs: [String?] { state.withLock { $0.lastEventIDs } }

    /// The live client: the server for calls, this script for streams (204 once the script runs out). Its
    /// live stream calls the watcher's `look` each time the model asks for the next event.
    func client(_ server: AttendeeTestServer, _ tokens: LiveScreenTests.MemoryTokens) throws -> AttendeeClient {
        let base = HTTPTransport.inProcess(server.client)
        let transport = HTTPTransport(
            send: base.send, upload: base.upload, download: base.download,
            stream: { request in
                let next = self.state.withLock { state -> Connection? in
                    guard !state.connections.isEmpty else { return nil }
                    state.lastEventIDs.append(request.value(forHTTPHeaderField: "Last-Event-ID"))
                    return state.connections.removeFirst()
                }
                guard let next else { return try Self.response(request, status: 204, chunks: []) }
                return try await next(request)
            })
        var client = AttendeeClient.live(
            baseURL: try #require(URL(string: "http://attendee.test")), transport: transport, tokens: tokens.store)
        let inner = client.live
        client.live = { channel in
            let events = EventsBox(inner(channel))
            return AsyncThrowingStream {
                if let look = self.state.withLock({ $0.look }) { await look() }
                return try await events.next()
            }
        }
        return client
    }

    /// A 200 event stream of `chunks`, ending cleanly or dropping.
    func stream(_ chunks: [Data], thenDrop: Bool) throws -> StreamedResponse {
        guard
            let head = HTTPURLResponse(
                url: URL(fileURLWithPath: "/live"), statusCode: 200, httpVersion: "HTTP/1.1",
                headerFields: ["Content-Type": "text/event-stream"])
        else { throw URLError(.badServerResponse) }
        let body = AsyncThrowingStream<Data, any Error> { continuation in
            for chunk in chunks { continuation.yield(chunk) }
            continuation.finish(throwing: thenDrop ? URLError(.networkConnectionLost) : nil)
        }
        return StreamedResponse(response: head, chunks: body)
    }

    static func response(_ request: URLRequest, status: Int, chunks: [Data]) throws -> StreamedResponse {
        guard
            let url = request.url,
            let head = HTTPURLResponse(url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: [:])
        else { throw URLError(.badURL) }
        return StreamedResponse(response: head, chunks: AsyncThrowingStream { $0.finish() })
    }

    /// A `ready` that says the stream resumes, so the screen is moved by the scripted events alone (the real
    /// server's first `ready` says it does not, and the screen reads again: `LiveResyncTests`).
    static func resumedReady(_ id: String) throws -> Data {
        let data = String(decoding: try AttendeeCoding.encoder().encode(LiveReady(resumed: true)), as: UTF8.self)
        return sse(id, LiveReady.eventType, data, retry: 0)
    }

    static func sse(_ id: String, _ event: String, _ data: String, retry: Int? = nil) -> Data {
        var text = "id: \(id)\nevent: \(event)\ndata: \(data)\n"
        if let retry { text += "retry: \(retry)\n" }
        return Data((text + "\n").utf8)
    }

    static func update(_ poll: Poll, _ state: PollState, _ results: PollResults) throws -> String {
        let update = PollUpdate(
            pollID: poll.id, eventID: poll.eventID, sessionID: poll.sessionID, state: state,
            question: poll.questions.first?.text ?? "", options: poll.questions.first?.options ?? [],
            results: results)
        return String(decoding: try AttendeeCoding.encoder().encode(update), as: UTF8.self)
    }

    /// Runs `follow`, calling `look` each time the model asks for its next event (so every state it passes
    /// through is seen) and once more at the end.
    @MainActor
    func watching(_ look: @escaping @MainActor @Sendable () -> Void, _ follow: () async -> Void) async {
        state.withLock { $0.look = { await MainActor.run { look() } } }
        await follow()
        state.withLock { $0.look = nil }
        look()
    }
}

/// Records each value `read` gives when it differs from the last one: what a person sees, change by change.
@MainActor final class SeenRecorder<Value: Equatable> {
    private(set) var values: [Value] = []
    private let read: @MainActor () -> Value

    init(_ read: @escaping @MainActor () -> Value) { self.read = read }

    func look() {
        let value = read()
        if values.last != value { values.append(value) }
    }
}

/// The iterator of a stream, kept across the calls of an unfolding stream (one consumer at a time).
private final class EventsBox: @unchecked Sendable {
    private var iterator: AsyncThrowingStream<ServerEvent, any Error>.AsyncIterator

    init(_ stream: AsyncThrowingStream<ServerEvent, any Error>) {
        iterator = stream.makeAsyncIterator()
    }

    func next() async throws -> ServerEvent? {
        try await iterator.next()
    }
}
