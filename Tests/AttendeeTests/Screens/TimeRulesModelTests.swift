import APIClient
import AttendeeCore
import AttendeeModels
import Foundation
import Locking
import Testing

/// The screens keep the server's time rules: no seat in a session that has ended, no registration for an event
/// that is over, feedback once what it rates has started; each says so in the core's words.
@MainActor @Suite struct TimeRulesModelTests {
    /// An ended session's agenda mark is drawn disabled, and a tap that comes anyway sends nothing and says why.
    @Test func anEndedSessionsMarkDoesNothingAndSaysWhy() async {
        let fake = AgendaModelTests.FakeSeats(AgendaModelTests.programme())
        let zone = AgendaModelTests.zone
        let model = AgendaModel(
            client: fake.client, deviceTimeZone: .gmt, now: { Demo.at("2027-03-10T09:10", zone) })
        await model.appeared(eventID: "e1", now: Demo.at("2027-03-10T09:10", zone))
        #expect(model.rows.map(\.hasEnded) == [true, false, false, false])
        await model.plusTapped("k")
        #expect(model.banner == .failure("“Session k” has ended."))
        #expect(fake.sessions.withLock { $0.first?.myAttendance } == nil)
        await model.plusTapped("t")
        #expect(model.banner == nil)
        #expect(fake.sessions.withLock { $0.first { $0.id == "t" }?.myAttendance } == .attending)
    }

    /// The server's clock has the last word: its refusal of a seat in an ended session reads as the app's sentence.
    @Test func theServersEndedRefusalIsSaidInTheAppsWords() async {
        var client = AgendaModelTests.FakeSeats(AgendaModelTests.programme()).client
        client.attend = { _, _ in throw Demo.refusal(409, .sessionEnded, "“Session t” has ended on the server.") }
        let model = AgendaModel(client: client, deviceTimeZone: .gmt)
        await model.appeared(eventID: "e1", now: Demo.at("2027-03-10T09:10", AgendaModelTests.zone))
        await model.plusTapped("t")
        #expect(model.banner == .failure("“Session t” has ended."))
    }

    /// Register is not offered for an event that is over, and says why; the server's refusal (this device's clock
    /// behind) reads the same way.
    @Test func anEventThatIsOverOffersNoRegistration() async {
        let event = Demo.event()
        let registered = Locked(0)
        var client = AttendeeClient(event: { _ in EventDetails(event: event) })
        client.register = { _ in
            registered.withLock { $0 += 1 }
            throw Demo.refusal(409, .eventEnded, "It is over, says the server.")
        }
        let model = EventDetailsModel(client: client, eventID: event.id, locale: Demo.british)
        await model.appeared(now: event.endsAt)
        #expect(model.isRegisterEnabled == false)
        #expect(model.registerHint == "This event is over.")

        await model.appeared(now: event.startsAt)
        #expect(model.isRegisterEnabled)
        #expect(model.registerHint == nil)
        await model.registerTapped()
        #expect(registered.withLock { $0 } == 1)
        #expect(model.banner == .failure("“Quartet Summit” is over."))
        #expect(model.isRegisterEnabled == false)
        #expect(model.additionalInfo == nil)
    }

    /// Feedback refused because the event has not started says so; it is not taken for feedback already given,
    /// which would have shut the form for good.
    @Test func feedbackBeforeTheStartIsNotTakenForFeedbackGiven() async {
        let client = AttendeeClient(eventFeedback: { _, _ in
            throw Demo.refusal(409, .notStarted, "Feedback on this event opens when it starts.")
        })
        let model = FeedbackModel(client: client, target: .event(id: "e1"))
        model.ratingChosen(4)
        await model.submitTapped()
        #expect(model.banner == .failure("Feedback opens when the event starts."))
        #expect(model.isAlreadyGiven == false)
        #expect(model.outcome == nil)
        #expect(model.isSubmitEnabled)
    }

    /// The event's Feedback page, opened from the dashboard before the event starts, says when feedback opens
    /// and offers nothing to send, as a session's does; a tap that comes anyway sends nothing. Once the event has
    /// started (on the page's clock), the form opens.
    @Test func theEventsFeedbackPageBeforeTheStartSaysWhenItOpens() async {
        let event = Demo.event()
        let sent = Locked(0)
        let client = AttendeeClient(
            event: { _ in
                EventDetails(
                    event: event, registration: Registration(eventID: event.id, additionalInfoStatus: .completed))
            },
            eventFeedback: { _, _ in sent.withLock { $0 += 1 } })
        let clock = Locked(event.startsAt.addingTimeInterval(-3600))
        let now: @Sendable () -> Date = { clock.withLock { $0 } }
        let dashboard = EventDetailsModel(client: client, eventID: event.id, locale: Demo.british, now: now)
        await dashboard.appeared()
        let destination = dashboard.destination(.feedback)
        #expect(
            destination == .eventFeedback(eventID: event.id, given: false, registered: true, opensAt: event.startsAt))
        guard case .eventFeedback(_, let given, let registered, let opensAt)? = destination else { return }
        let model = FeedbackModel(
            client: client, target: .event(id: event.id), alreadyGiven: given, registered: registered,
            opensAt: opensAt, now: now)
        #expect(model.notice == "Feedback opens when the event starts.")
        #expect(model.isFormEnabled == false)
        model.ratingChosen(4)
        #expect(model.isSubmitEnabled == false)
        await model.submitTapped()
        #expect(sent.withLock { $0 } == 0)
        #expect(model.banner == .failure("Feedback opens when the event starts."))
        #expect(model.outcome == nil)

        clock.withLock { $0 = event.startsAt }
        #expect(model.notice == nil)
        #expect(model.isFormEnabled)
        #expect(model.isSubmitEnabled)
        await model.submitTapped()
        #expect(sent.withLock { $0 } == 1)
        #expect(model.outcome == .sent)
    }
}
