import APIClient
import AttendeeModels
import Foundation
import HTTPServer
import Locking
import Observation
import TestSupport
import Testing

@testable import AttendeeCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The polls list while it is shown: the event's live stream, scripted event by event, changes its rows; what
/// an event does not carry is read from a stub server that keeps drafts from those who may not see them, as the
/// real one does.
///
/// NB: the time limit only ends a run that hangs (a list that reads once per event waits at the gate for ever).
@MainActor @Suite(.timeLimit(.minutes(5))) struct PollListLiveTests {
    nonisolated static func poll(
        _ id: String, _ state: PollState, _ text: String, voters: Int = 0, kind: PollKind = .poll
    ) -> Poll {
        Poll(
            id: id, eventID: "e1", sessionID: nil, kind: kind, choice: .single, state: state,
            questions: [
                PollQuestion(
                    id: "1", text: text,
                    options: [PollOption(id: "1-1", text: "Yes"), PollOption(id: "1-2", text: "No")])
            ],
            results: PollResults(voters: voters, questions: []), canManage: false)
    }

    /// The stub server: the event's polls in order, the list reads it was asked for, and a gate each read passes.
    final class Server: Sendable {
        let polls: Locked<[Poll]>
        let reads = Locked(0)
        let gate = Gate()
        /// Whether the caller manages the polls (sees drafts) or is a plain attendee.
        let organizer: Bool

        init(_ polls: [Poll], organizer: Bool) {
            self.polls = Locked(polls)
            self.organizer = organizer
        }

        func client(_ live: LiveSteps) -> AttendeeClient {
            var client = AttendeeClient()
            client.event = { _ in
                EventDetails(
                    event: Demo.event(),
                    pollScopes: self.organizer ? PollScopes(wholeEvent: true, sessionIDs: []) : nil)
            }
            client.polls = { _ in
                self.reads.withLock { $0 += 1 }
                await self.gate.pass()
                let polls = self.polls.withLock { $0 }
                return self.organizer ? polls : polls.filter { $0.state != .draft }
            }
            client.live = { _ in live.stream() }
            return client
        }
    }

    /// A scripted live stream: its events in order, each `wait` holding the stream until its gate opens and
    /// each `run` until its work is done; at the end, the stream says it has run out (``drained``) and ends, or
    /// fails when told to.
    final class LiveSteps: Sendable {
        enum Step: Sendable {
            case event(ServerEvent)
            case wait(Gate)
            case run(@Sendable () async -> Void)
        }
        private let steps = Locked<[Step]>([])
        private let failsAtEnd: Bool
        /// Passed once the model has asked for the event after the last.
        let drained = Gate()

        init(failsAtEnd: Bool = false) { self.failsAtEnd = failsAtEnd }

        /// The steps the stream plays once followed.
        func play(_ steps: [Step]) { self.steps.withLock { $0 = steps } }

        func stream() -> AsyncThrowingStream<ServerEvent, any Error> {
            AsyncThrowingStream {
                while let step = self.steps.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) {
                    switch step {
                    case .event(let event): return event
                    case .wait(let gate): await gate.pass()
                    case .run(let work): await work()
                    }
                }
                await self.drained.pass()
                if self.failsAtEnd { throw URLError(.cannotConnectToHost) }
                return nil
            }
        }
    }

    nonisolated static func ready(resumed: Bool, _ id: String = "1") -> ServerEvent {
        ServerEvent(type: LiveReady.eventType, data: encoded(LiveReady(resumed: resumed)), lastEventID: id)
    }

    nonisolated static func reference(_ kind: PollReference.Kind, _ pollID: String) -> ServerEvent {
        ServerEvent(
            type: kind.rawValue, data: encoded(PollReference(pollID: pollID, eventID: "e1", sessionID: nil)),
            lastEventID: "2")
    }

    nonisolated static func update(_ kind: PollUpdate.Kind, _ poll: Poll, voters: Int = 0) -> ServerEvent {
        let update = PollUpdate(
            pollID: poll.id, eventID: "e1", sessionID: nil,
            state: kind == .opened ? .open : kind == .closed ? .closed : poll.state,
            question: poll.questions.first?.text ?? "", options: poll.questions.first?.options ?? [],
            results: PollResults(voters: voters, questions: []), kind: poll.kind)
        return ServerEvent(type: kind.rawValue, data: encoded(update), lastEventID: "3")
    }

    nonisolated static func encoded(_ value: some Encodable) -> String {
        // NB: these values always encode.
        String(decoding: (try? AttendeeCoding.encoder().encode(value)) ?? Data(), as: UTF8.self)
    }

    static func lines(_ list: PollListModel) -> [String] { list.rows.map { "\($0.title) — \($0.subtitle)" } }

    /// Returns once `condition` holds, waking on each change of what it reads (no clock).
    static func until(_ condition: @MainActor () -> Bool) async {
        while !condition() {
            await withCheckedContinuation { continuation in
                withObservationTracking {
                    _ = condition()
                } onChange: {
                    continuation.resume()
                }
            }
        }
    }

    @Test func openingClosingAndAnswersChangeTheirRowsWithoutARead() async throws {
        let draft = Self.poll("p1", .draft, "Coffee?")
        let open = Self.poll("p2", .open, "Tabs?", voters: 1)
        let server = Server([draft, open], organizer: true)
        let live = LiveSteps()
        live.play([
            .event(Self.ready(resumed: true)),
            .event(Self.update(.opened, draft)),
            .event(Self.update(.results, open, voters: 2)),
            .event(Self.update(.closed, open, voters: 3)),
        ])
        let list = PollListModel(client: server.client(live), eventID: "e1")
        await list.appeared()
        #expect(Self.lines(list) == ["Coffee? — Poll · Draft · 0 votes", "Tabs? — Poll · Open · 1 vote"])

        await list.follow()
        #expect(Self.lines(list) == ["Coffee? — Poll · Open · 0 votes", "Tabs? — Poll · Closed · 3 votes"])
        #expect(list.rows.map(\.state) == [.open, .closed])
        #expect(server.reads.withLock { $0 } == 1)
        #expect(list.banner == nil)
        #expect(list.liveNotice == nil)
    }

    @Test func aDeletedPollsRowGoesAndTheLastLeavesTheEmptyLine() async throws {
        let server = Server([Self.poll("p1", .closed, "Coffee?"), Self.poll("p2", .closed, "Tabs?")], organizer: false)
        let look = Gate(isOpen: false)
        let live = LiveSteps()
        live.play([
            .event(Self.ready(resumed: true)),
            .event(Self.reference(.deleted, "p9")),
            .event(Self.reference(.deleted, "p1")),
            .wait(look),
            .event(Self.reference(.deleted, "p2")),
        ])
        let list = PollListModel(client: server.client(live), eventID: "e1")
        await list.appeared()
        let following = Task { await list.follow() }
        await look.arrived(1)
        #expect(list.rows.map(\.id) == ["p2"])
        #expect(list.emptyMessage == nil)
        await look.open()
        await following.value

        #expect(list.rows.isEmpty)
        #expect(list.emptyMessage == "No polls yet.")
        #expect(server.reads.withLock { $0 } == 1)
    }

    /// Events that carry too little (an edit, a poll the list does not show) have the list read again: while a
    /// read is on its way, all those heard meanwhile make one more read after it, however many there are.
    @Test func aBurstOfEventsReadsTheListOnceMoreAfterTheReadOnItsWay() async throws {
        let server = Server([Self.poll("p1", .draft, "Coffee?")], organizer: true)
        let readStarted = Gate(isOpen: false)
        let live = LiveSteps()
        live.play(
            [.event(Self.ready(resumed: true)), .event(Self.reference(.edited, "p1")), .wait(readStarted)]
                + (0..<5).map { _ in .event(Self.reference(.edited, "p1")) }
                + [.event(Self.reference(.created, "p2")), .event(Self.update(.opened, Self.poll("p3", .open, "?")))]
                + (0..<3).map { _ in .event(Self.reference(.created, "p2")) })
        let list = PollListModel(client: server.client(live), eventID: "e1")
        await list.appeared()
        await server.gate.close()

        let following = Task { await list.follow() }
        await server.gate.arrived(2)
        // While the first read waits: the draft is edited, another is created and a third opens.
        server.polls.withLock {
            $0 = [
                Self.poll("p1", .draft, "Tea?"), Self.poll("p2", .draft, "Cake?"), Self.poll("p3", .open, "Scones?"),
            ]
        }
        await readStarted.open()
        await live.drained.arrived(1)
        #expect(Self.lines(list) == ["Coffee? — Poll · Draft · 0 votes"])
        await server.gate.open()
        await following.value

        // The page, the read on its way, and one for the ten events heard meanwhile.
        #expect(server.reads.withLock { $0 } == 3)
        #expect(
            Self.lines(list) == [
                "Tea? — Poll · Draft · 0 votes", "Cake? — Poll · Draft · 0 votes", "Scones? — Poll · Open · 0 votes",
            ])
    }

    /// A reconnect that resumes is replayed what it missed and reads nothing; one that starts afresh (the first
    /// connection, or a reconnect too far behind) reads the list once, and so shows what changed while away.
    @Test func aReconnectThatStartsAfreshReadsTheListAgainOnce() async throws {
        let server = Server([Self.poll("p1", .closed, "Coffee?"), Self.poll("p2", .open, "Tabs?")], organizer: false)
        let live = LiveSteps()
        let list = PollListModel(client: server.client(live), eventID: "e1")
        await list.appeared()
        // Between the page and the stream, a poll opened.
        server.polls.withLock { $0.append(Self.poll("p3", .open, "Cake?")) }
        live.play([
            .event(Self.ready(resumed: false, "1")),
            .run {
                await Self.until { list.rows.count == 3 }
                // While the stream was away: the closed poll was deleted and the open one closed.
                server.polls.withLock {
                    $0 = [Self.poll("p2", .closed, "Tabs?", voters: 4), Self.poll("p3", .open, "Cake?")]
                }
            },
            .event(Self.ready(resumed: true, "5")),
            .event(Self.ready(resumed: false, "9")),
        ])
        await list.follow()

        #expect(Self.lines(list) == ["Tabs? — Poll · Closed · 4 votes", "Cake? — Poll · Open · 0 votes"])
        // The page, the first connection's read, and the afresh reconnect's; the resumed one read nothing.
        #expect(server.reads.withLock { $0 } == 3)
        #expect(list.banner == nil)
    }

    /// A plain attendee's list never shows a draft: a draft's creation and edit read nothing (only its managers
    /// see it), and a poll that opens is read from the list, which has it only once it is open.
    @Test func anAttendeeNeverSeesADraft() async throws {
        let server = Server([Self.poll("p1", .closed, "Coffee?"), Self.poll("p2", .draft, "Tea?")], organizer: false)
        let live = LiveSteps()
        let list = PollListModel(client: server.client(live), eventID: "e1")
        let opening = Gate(isOpen: false)
        live.play([
            .event(Self.ready(resumed: true)),
            .event(Self.reference(.created, "p2")),
            .event(Self.reference(.edited, "p2")),
            .wait(opening),
            .event(Self.update(.opened, Self.poll("p2", .open, "Tea?"))),
        ])
        await list.appeared()
        #expect(list.rows.map(\.id) == ["p1"])
        let following = Task { await list.follow() }
        await opening.arrived(1)
        #expect(list.rows.map(\.id) == ["p1"])
        #expect(server.reads.withLock { $0 } == 1)

        server.polls.withLock { $0[1].state = .open }
        await opening.open()
        await following.value
        #expect(Self.lines(list) == ["Coffee? — Poll · Closed · 0 votes", "Tea? — Poll · Open · 0 votes"])
        #expect(server.reads.withLock { $0 } == 2)
    }

    /// An organizer's list shows a draft created elsewhere, and then its edited question.
    @Test func anOrganizerSeesADraftCreatedAndEditedElsewhere() async throws {
        let server = Server([Self.poll("p1", .closed, "Coffee?")], organizer: true)
        let live = LiveSteps()
        let list = PollListModel(client: server.client(live), eventID: "e1")
        await list.appeared()
        server.polls.withLock { $0.append(Self.poll("p2", .draft, "Tea?")) }
        live.play([
            .event(Self.ready(resumed: true)),
            .event(Self.reference(.created, "p2")),
            .run {
                await Self.until { list.rows.count == 2 }
                server.polls.withLock { $0[1].questions[0].text = "Cake?" }
            },
            .event(Self.reference(.edited, "p2")),
        ])
        await list.follow()
        #expect(Self.lines(list) == ["Coffee? — Poll · Closed · 0 votes", "Cake? — Poll · Draft · 0 votes"])
        #expect(server.reads.withLock { $0 } == 3)
    }

    /// A stream that cannot connect leaves the list as it was, with no banner: the line under it says live
    /// updates paused, as a poll's page does.
    @Test func aStreamThatCannotConnectLeavesTheListWorking() async throws {
        let server = Server([Self.poll("p1", .open, "Coffee?")], organizer: false)
        let list = PollListModel(client: server.client(LiveSteps(failsAtEnd: true)), eventID: "e1")
        await list.appeared()
        await list.follow()
        #expect(Self.lines(list) == ["Coffee? — Poll · Open · 0 votes"])
        #expect(list.banner == nil)
        #expect(list.liveNotice == "Live updates paused.")
        server.polls.withLock { $0.append(Self.poll("p2", .open, "Tea?")) }
        await list.appeared()
        #expect(list.rows.map(\.id) == ["p1", "p2"])
    }

    /// A quizzes list is not moved by a poll's events.
    @Test func aQuizListIgnoresPolls() async throws {
        let quiz = Self.poll("q1", .draft, "2 + 2?", kind: .quiz)
        let server = Server([quiz, Self.poll("p1", .draft, "Coffee?")], organizer: true)
        let live = LiveSteps()
        live.play([
            .event(Self.ready(resumed: true)),
            .event(Self.update(.opened, Self.poll("p1", .open, "Coffee?"))),
            .event(Self.update(.opened, Self.poll("p9", .open, "Tea?"))),
            .event(Self.update(.opened, quiz)),
        ])
        let list = PollListModel(client: server.client(live), eventID: "e1", kind: .quiz)
        await list.appeared()
        await list.follow()
        #expect(Self.lines(list) == ["2 + 2? — Quiz · Open · 0 votes"])
        #expect(server.reads.withLock { $0 } == 1)
    }
}

/// The polls list through the live client against the real server in process, its stream scripted connection by
/// connection: what the list reads is the server's, for the person it is.
@MainActor @Suite(.timeLimit(.minutes(5))) struct PollListServerTests {
    nonisolated static func ready(_ id: String, resumed: Bool) throws -> Data {
        let data = String(decoding: try AttendeeCoding.encoder().encode(LiveReady(resumed: resumed)), as: UTF8.self)
        return LiveScript.sse(id, LiveReady.eventType, data, retry: 0)
    }

    nonisolated static func reference(_ id: String, _ kind: PollReference.Kind, _ poll: Poll) throws -> Data {
        let reference = PollReference(pollID: poll.id, eventID: poll.eventID, sessionID: poll.sessionID)
        return LiveScript.sse(
            id, kind.rawValue, String(decoding: try AttendeeCoding.encoder().encode(reference), as: UTF8.self))
    }

    /// Ada, registered, on the list; Olga organizes: her draft's creation and edit reach Ada's list as they reach
    /// everyone's, and show her nothing. The stream drops, and while it is away Olga closes one poll and deletes
    /// another; the reconnect cannot resume, so the list reads again and is right.
    @Test func anAttendeesListSurvivesADropAndNeverShowsADraft() async throws {
        try await AttendeeTestServer.with { server in
            let organizer = try await server.organizer("Olga Organizer")
            let closed = try await server.createPoll(PollTests.colour, organizer).decode(Poll.self)
            _ = try await server.action("open", closed.id, organizer)
            _ = try await server.action("close", closed.id, organizer)
            let open = try await server.createPoll(PollTests.quiz, organizer).decode(Poll.self)
            _ = try await server.action("open", open.id, organizer)

            let script = LiveScript()
            script.connections = [
                { _ in
                    let draft = try await server.createPoll(PollTests.colour, organizer).decode(Poll.self)
                    #expect(try await server.editPoll(draft.id, PollEditingTests.typo, organizer).status == .ok)
                    return try script.stream(
                        [
                            try Self.ready("10", resumed: true), try Self.reference("11", .created, draft),
                            try Self.reference("12", .edited, draft),
                        ], thenDrop: true)
                },
                { _ in
                    _ = try await server.action("close", open.id, organizer)
                    #expect(try await server.deletePoll(closed.id, organizer).status == .noContent)
                    return try script.stream([try Self.ready("20", resumed: false)], thenDrop: false)
                },
            ]
            let tokens = LiveScreenTests.MemoryTokens()
            var client = try script.client(server, tokens)
            _ = try await client.signUp(
                SignUpRequest(email: "ada@example.com", password: "correct horse", name: "Ada Lovelace"))
            _ = try await client.register(server.eventID)
            let reads = Locked(0)
            let polls = client.polls
            client.polls = { id in
                reads.withLock { $0 += 1 }
                return try await polls(id)
            }

            let list = PollListModel(client: client, eventID: server.eventID)
            let seen = SeenRecorder { list.rows.map { "\($0.title) — \($0.subtitle)" } }
            await list.appeared()
            seen.look()
            await script.watching({ seen.look() }) { await list.follow() }

            #expect(
                seen.values == [
                    ["Favourite colour? — Poll · Closed · 0 votes", "2 + 2? — Quiz · Open · 0 votes"],
                    ["2 + 2? — Quiz · Closed · 0 votes"],
                ])
            #expect(script.lastEventIDs == [nil, "12"])
            // The page and the afresh reconnect's read: the draft's creation and edit read nothing for Ada.
            #expect(reads.withLock { $0 } == 2)
            #expect(list.banner == nil)
        }
    }

    /// Pulled twice, the first read landing first: it is dropped, and the spinner stays on until the newer read
    /// lands.
    @Test func theSpinnerStaysOnUntilTheNewestReadLands() async {
        let gates = [Gate(isOpen: false), Gate(isOpen: false)]
        let reads = Locked(0)
        let newest = PollListLiveTests.poll("p1", .open, "Lunch at noon?")
        var client = AttendeeClient()
        client.event = { _ in EventDetails(event: Demo.event()) }
        client.polls = { _ in
            let read = reads.next()
            await gates[read - 1].pass()
            return read == 1 ? [] : [newest]
        }
        let list = PollListModel(client: client, eventID: "e1")
        let older = Task { await list.appeared() }
        await gates[0].arrived(1)
        let newer = Task { await list.appeared() }
        await gates[1].arrived(1)
        await gates[0].open()
        await older.value
        #expect(list.isBusy, "the newer read is still on its way")
        await gates[1].open()
        await newer.value
        #expect(list.isBusy == false)
        #expect(list.rows.map(\.id) == ["p1"])
    }

    /// A pull whose read is dropped for a live re-read that started after it: the spinner stays on until that
    /// quiet re-read lands, and goes with it (the calls on their way and the newest read, with no special case).
    @Test func aPullDroppedForALiveRereadKeepsTheSpinnerUntilTheRereadLands() async {
        let gates = [Gate(isOpen: false), Gate(isOpen: false)]
        let reads = Locked(0)
        var client = AttendeeClient()
        client.event = { _ in EventDetails(event: Demo.event()) }
        client.polls = { _ in
            let read = reads.next()
            if read <= gates.count { await gates[read - 1].pass() }
            return [PollListLiveTests.poll("p1", .open, "Lunch at noon?")]
        }
        let live = PollListLiveTests.LiveSteps()
        live.play([.event(PollListLiveTests.ready(resumed: false))])
        client.live = { _ in live.stream() }
        let list = PollListModel(client: client, eventID: "e1")
        let pull = Task { await list.appeared() }
        await gates[0].arrived(1)
        let following = Task { await list.follow() }
        await gates[1].arrived(1)
        await gates[0].open()
        await pull.value
        #expect(list.isBusy, "the re-read, the newest, is still on its way")
        await gates[1].open()
        await following.value
        #expect(list.isBusy == false)
        #expect(list.rows.map(\.id) == ["p1"])
    }
}
