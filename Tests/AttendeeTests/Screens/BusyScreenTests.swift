import APIClient
import AttendeeCore
import AttendeeModels
import AttendeeTestSupport
import Foundation
import Locking
import Observation
import TestSupport
import Testing

/// The one busy-and-banner rule every Attendee screen follows: the spinner shows while a call is in flight, the
/// banner says why a call failed, and the next call that works takes the banner away. Before the rule was one
/// piece of code, the speakers, attendees, my agenda, session and documents screens kept their "offline" banner
/// after a reload that worked.
@MainActor @Suite struct BusyScreenTests {
    static let offline = "You're offline. Check your connection and try again."

    /// A call that fails offline the first time and answers `value` after.
    static func offlineOnce<Value: Sendable>(_ value: Value) -> @Sendable () throws -> Value {
        let calls = Recorder(0)
        return {
            calls.update { $0 += 1 }
            if calls.value == 1 { throw APIError.offline }
            return value
        }
    }

    @Test func speakersLoseTheOfflineBannerWhenAReloadWorks() async {
        let answer = Self.offlineOnce([Person(id: "p1", name: "Ana Ferreira")])
        let model = SpeakersModel(client: AttendeeClient(speakers: { _ in try answer() }), eventID: "e1")
        await model.appeared()
        #expect(model.banner == .failure(Self.offline))
        #expect(model.isBusy == false)
        await model.appeared()
        #expect(model.banner == nil)
        #expect(model.rows.map(\.id) == ["p1"])
    }

    @Test func attendeesLoseTheOfflineBannerWhenAReloadWorks() async {
        let answer = Self.offlineOnce([Person(id: "p2", name: "Bob Babbage")])
        let model = AttendeesModel(client: AttendeeClient(attendees: { _, _ in try answer() }), eventID: "e1")
        await model.appeared()
        #expect(model.banner == .failure(Self.offline))
        await model.appeared()
        #expect(model.banner == nil)
        #expect(model.isBusy == false)
    }

    @Test func myAgendaLosesTheOfflineBannerWhenAReloadWorks() async {
        let answer = Self.offlineOnce([
            Demo.session("s1", "2027-03-10T10:00", "2027-03-10T10:45", attendance: .attending)
        ])
        let model = MyAgendaModel(
            client: AttendeeClient(
                event: { _ in EventDetails(event: Demo.event()) }, myAgenda: { _ in try answer() }),
            eventID: "e1", shareBaseURL: URL(string: "https://quartet.example")!)
        await model.appeared(deviceTimeZone: .gmt)
        #expect(model.banner == .failure(Self.offline))
        await model.appeared(deviceTimeZone: .gmt)
        #expect(model.banner == nil)
        #expect(model.rows.map(\.id) == ["s1"])
    }

    @Test func sessionDetailsLoseTheOfflineBannerWhenAReloadWorks() async {
        let answer = Self.offlineOnce(Demo.session("s1", "2027-03-10T10:00", "2027-03-10T10:45"))
        let model = SessionDetailsModel(
            client: AttendeeClient(
                event: { _ in EventDetails(event: Demo.event()) }, session: { _ in try answer() }),
            shareBaseURL: URL(string: "https://quartet.example")!, now: { demoConferenceAhead })
        await model.appeared(sessionID: "s1", deviceTimeZone: .gmt)
        #expect(model.banner == .failure(Self.offline))
        await model.appeared(sessionID: "s1", deviceTimeZone: .gmt)
        #expect(model.banner == nil)
        #expect(model.state == .notAttended)
    }

    @Test func documentsLoseTheOfflineBannerWhenAReloadWorks() async {
        let answer = Self.offlineOnce(MediaSamples.page)
        let model = DocumentsModel(
            client: AttendeeMediaClient(documents: { _, _ in try answer() }), eventID: "e1", sessionID: nil)
        await model.appeared()
        #expect(model.banner == .failure(Self.offline))
        await model.appeared()
        #expect(model.banner == nil)
    }

    @Test func anAttendThatWorksTakesAwayTheFailedOnesBanner() async {
        let session = Demo.session("s1", "2027-03-10T10:00", "2027-03-10T10:45", capacity: 10)
        let answer = Self.offlineOnce(AttendanceResult(sessionID: "s1", state: .attending, seatsTaken: 1, capacity: 10))
        let model = AgendaModel(
            client: AttendeeClient(
                event: { _ in EventDetails(event: Demo.event()) }, agenda: { _ in [session] },
                attend: { _, _ in try answer() }),
            deviceTimeZone: .gmt, now: { demoConferenceAhead })
        await model.appeared(eventID: "e1", now: Demo.at("2027-03-10T09:00", "Europe/Lisbon"))
        await model.plusTapped("s1")
        #expect(model.banner == .failure(Self.offline))
        await model.plusTapped("s1")
        #expect(model.banner == nil)
        #expect(model.isBusy == false)
    }

    @Test func feedbackAlreadyGivenElsewhereSaysSoInsteadOfTheFailure() async {
        let model = FeedbackModel(
            client: AttendeeClient(
                eventFeedback: { _, _ in
                    throw APIError.http(status: 409, problem: ProblemDetails(status: 409, detail: "Given."))
                }),
            target: .event(id: "e1"))
        model.ratingChosen(4)
        await model.submitTapped()
        #expect(model.banner == .failure("You already gave feedback."))
        #expect(model.submitTitle == "Feedback Given")
        #expect(model.isBusy == false)
    }

    // MARK: Calls that overlap

    /// A call that passes `gate` the `held`-th time it is made, and straight through every other time (a call the
    /// defect lets through must not wait for ever); `made` counts the calls.
    static func holding<Value: Sendable>(
        _ held: Int, at gate: Gate, made: Locked<Int>, _ answer: @escaping @Sendable () -> Value
    ) -> @Sendable () async -> Value {
        {
            let call = made.next()
            if call == held { await gate.pass() }
            return answer()
        }
    }

    /// Create on its way when the form appears again and reads what it may ask about: that read ending first
    /// turned the spinner off, and a second Create tapped then sent the draft again while the first was on its way.
    @Test func aReadThatEndsFirstLeavesTheSpinnerOnAndCreateClosedWhileTheSaveIsOnItsWay() async {
        let saving = Gate(isOpen: false)
        let reading = Gate(isOpen: false)
        let creates = Locked(0)
        let reads = Locked(0)
        var client = PollComposerModelTests.client(PollScopes(wholeEvent: true, sessionIDs: []))
        let create = client.createPoll
        let details = Self.holding(2, at: reading, made: reads) {
            EventDetails(event: Demo.event(), pollScopes: PollScopes(wholeEvent: true, sessionIDs: []))
        }
        client.event = { _ in await details() }
        let created = Self.holding(1, at: saving, made: creates) {}
        client.createPoll = { eventID, draft, key in
            await created()
            return try await create(eventID, draft, key)
        }
        let form = PollComposerModel(client: client, eventID: "e1")
        await form.appeared()
        form.typeLunchPoll()

        let save = Task { await form.saveTapped() }
        await saving.arrived(1)
        let read = Task { await form.appeared() }
        await reading.arrived(1)
        await reading.open()
        await read.value
        #expect(form.isBusy, "the save is still on its way")
        await form.saveTapped()
        #expect(creates.withLock { $0 } == 1, "the second Create sent nothing")

        await saving.open()
        await save.value
        #expect(!form.isBusy)
        #expect(form.created != nil)
        #expect(creates.withLock { $0 } == 1)
    }

    /// A seat taken while the agenda reloads (the reload sets the spinner itself, not through `whileBusy`): the seat
    /// answering first turned the spinner off while the reload was still on its way.
    @Test func theAgendasSpinnerStaysOnUntilTheReloadAndTheSeatHaveBothAnswered() async {
        let session = Demo.session("s1", "2027-03-10T10:00", "2027-03-10T10:45", capacity: 10)
        let attending = Gate(isOpen: false)
        let reloading = Gate(isOpen: false)
        let reads = Locked(0)
        let attends = Locked(0)
        let agenda = Self.holding(2, at: reloading, made: reads) { [session] }
        let attend = Self.holding(1, at: attending, made: attends) {
            AttendanceResult(sessionID: "s1", state: .attending, seatsTaken: 1, capacity: 10)
        }
        let model = AgendaModel(
            client: AttendeeClient(
                event: { _ in EventDetails(event: Demo.event()) }, agenda: { _ in await agenda() },
                attend: { _, _ in await attend() }),
            deviceTimeZone: .gmt, now: { demoConferenceAhead })
        let now = Demo.at("2027-03-10T09:00", "Europe/Lisbon")
        await model.appeared(eventID: "e1", now: now)

        let seat = Task { await model.plusTapped("s1") }
        await attending.arrived(1)
        let reload = Task { await model.appeared(eventID: "e1", now: now) }
        await reloading.arrived(1)
        #expect(model.isBusy)
        await attending.open()
        await seat.value
        #expect(model.isBusy, "the reload is still on its way")

        await reloading.open()
        await reload.value
        #expect(!model.isBusy)
        #expect(attends.withLock { $0 } == 1)
    }

    /// The spinner is computed from the calls on their way: a view that reads it is told when a call starts and
    /// when the last one ends, as it was when it was stored.
    @Test func aViewReadingTheSpinnerIsToldWhenItChanges() async {
        let gate = Gate(isOpen: false)
        let model = SpeakersModel(
            client: AttendeeClient(speakers: { _ in
                await gate.pass()
                return []
            }),
            eventID: "e1")
        let changes = Locked(0)
        let observe = {
            let changed: @Sendable () -> Void = { changes.withLock { $0 += 1 } }
            withObservationTracking({ _ = model.isBusy }, onChange: changed)
        }
        observe()
        let load = Task { await model.appeared() }
        await gate.arrived(1)
        #expect(model.isBusy)
        #expect(changes.withLock { $0 } == 1, "told when the call started")
        observe()
        await gate.open()
        await load.value
        #expect(!model.isBusy)
        #expect(changes.withLock { $0 } == 2, "told when it ended")
    }

    /// A speaker tapped, then another before the first answer came: the page shows the one tapped last, however
    /// late the first answer lands.
    @Test func aSpeakerTappedLastIsTheOneShown() async {
        let gate = Gate(isOpen: false)
        let model = SpeakersModel(
            client: AttendeeClient(
                event: { _ in EventDetails(event: Demo.event()) },
                speaker: { _, id in
                    if id == "slow" { await gate.pass() }
                    return SpeakerProfile(speaker: Person(id: id, name: "Speaker \(id)"), sessions: [])
                }),
            eventID: "e1", locale: Demo.british)
        let first = Task { await model.rowTapped("slow") }
        await gate.arrived(1)
        await model.rowTapped("quick")
        #expect(model.profile?.details.name == "Speaker quick")
        await gate.open()
        await first.value
        #expect(model.profile?.details.name == "Speaker quick")
        #expect(model.isBusy == false)
    }

    /// Register tapped twice before its answer: one registration goes, and Additional Info opens once, so what the
    /// person starts typing there is not replaced by a second, empty form.
    @Test func registerTappedTwiceRegistersOnceAndKeepsTheForm() async throws {
        let gate = Gate(isOpen: false)
        let calls = Locked(0)
        let model = EventDetailsModel(
            client: AttendeeClient(
                event: { _ in EventDetails(event: Demo.event()) },
                register: { eventID in
                    // NB: only the first waits, so a second call, if sent, answers at once rather than hang the test.
                    if calls.withLock({
                        $0 += 1
                        return $0
                    }) == 1 {
                        await gate.pass()
                    }
                    return Registration(eventID: eventID)
                }),
            eventID: "e1", locale: Demo.british, now: { demoConferenceAhead })
        await model.appeared()
        let first = Task { await model.registerTapped() }
        await gate.arrived(1)
        await model.registerTapped()
        await gate.open()
        await first.value
        let form = try #require(model.additionalInfo)
        form.answerChanged("tshirtSize", "L")
        #expect(calls.withLock { $0 } == 1)
        #expect(model.additionalInfo?.answers == ["tshirtSize": "L"])
        #expect(model.registration?.additionalInfoStatus == .pending)
    }
}
