import APIClient
import AttendeeCore
import AttendeeModels
import Foundation
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
            shareBaseURL: URL(string: "https://quartet.example")!)
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
            deviceTimeZone: .gmt)
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
}
