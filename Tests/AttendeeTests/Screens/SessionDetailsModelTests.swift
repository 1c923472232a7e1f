import APIClient
import AttendeeCore
import AttendeeModels
import AttendeeTestSupport
import Foundation
import Locking
import Testing

@MainActor @Suite struct SessionDetailsModelTests {
    static func client(_ session: Session, attendees: [Person] = []) -> AttendeeClient {
        client(Locked(session), attendees: attendees)
    }

    /// A client over the server's copy of the session, `current`.
    static func client(_ current: Locked<Session>, attendees: [Person] = []) -> AttendeeClient {
        AttendeeClient(
            event: { _ in EventDetails(event: Demo.event(threshold: 5)) },
            session: { _ in current.withLock { $0 } },
            attend: { id, _ in
                current.withLock {
                    $0.myAttendance = .attending
                    $0.seatsTaken += 1
                    return AttendanceResult(
                        sessionID: id, state: .attending, seatsTaken: $0.seatsTaken, capacity: $0.capacity)
                }
            },
            leave: { id in
                current.withLock {
                    $0.myAttendance = .cancelled
                    $0.seatsTaken -= 1
                    return AttendanceResult(
                        sessionID: id, state: .cancelled, seatsTaken: $0.seatsTaken, capacity: $0.capacity)
                }
            },
            sessionAttendees: { _ in attendees })
    }

    func model(_ session: Session, attendees: [Person] = []) async -> SessionDetailsModel {
        let model = SessionDetailsModel(
            client: Self.client(session, attendees: attendees), shareBaseURL: URL(string: "https://quartet.example")!,
            locale: Demo.british, now: { demoConferenceAhead })
        await model.appeared(sessionID: session.id, deviceTimeZone: .gmt)
        return model
    }

    @Test func notAttendedThenAttendedThenFeedbackGiven() async {
        let current = Locked(Demo.session("t", "2027-03-10T10:00", "2027-03-10T10:45"))
        // NB: the session is under way: a seat can still be taken, and feedback is open.
        let model = SessionDetailsModel(
            client: Self.client(current), shareBaseURL: URL(string: "https://quartet.example")!, locale: Demo.british,
            now: { Demo.at("2027-03-10T10:10", "Europe/Lisbon") })
        await model.appeared(sessionID: "t", deviceTimeZone: .gmt)
        #expect(model.state == .notAttended)
        #expect(model.stateLabel == "Not attending")
        #expect(model.attendButtonTitle == "Attend")
        #expect(model.isFeedbackEnabled == false)
        #expect(model.feedbackHint == "Only the session's attendees can give feedback: attend it first.")
        #expect(model.time == "Wed 10 Mar, 10:00 – 10:45")
        #expect(model.place == "Room t, Centro")
        #expect(model.kindAndTrack == "Talk · Swift")

        await model.attendTapped()
        #expect(model.state == .attended)
        #expect(model.attendButtonTitle == "Leave")
        #expect(model.isFeedbackEnabled)
        #expect(model.feedbackButtonTitle == "Give Feedback")
        #expect(model.feedbackHint == nil)

        // Feedback given on the feedback page: back on the session, it loads again and says so.
        current.withLock { $0.feedbackGiven = true }
        await model.appeared(sessionID: "t", deviceTimeZone: .gmt)
        #expect(model.state == .attendedFeedbackGiven)
        #expect(model.isFeedbackEnabled == false)
        #expect(model.feedbackButtonTitle == "Feedback Given")
        #expect(model.feedbackHint == nil)
        #expect(model.stateLabel == "Attending · feedback given")

        await model.leaveTapped()
        #expect(model.state == .notAttended)
    }

    /// Leaving a full session gives the seat to the next person waiting, and leaving the waitlist gives up the
    /// place in line: both ask first, and only the question's Leave sends the leave. A session with free seats is
    /// left at once (above).
    /// A speaker's own session offers them no feedback, seat or not, and says why (the server refuses it); the
    /// same page for anyone else, or before the page knows who is looking, works as for any attendee.
    @Test func aSpeakerIsNotOfferedFeedbackOnTheirOwnSession() async {
        let current = Locked(Demo.session("t", "2027-03-10T10:00", "2027-03-10T10:45"))
        func page(_ personID: String?) async -> SessionDetailsModel {
            let model = SessionDetailsModel(
                client: Self.client(current), shareBaseURL: URL(string: "https://quartet.example")!,
                personID: personID, locale: Demo.british, now: { Demo.at("2027-03-10T10:10", "Europe/Lisbon") })
            await model.appeared(sessionID: "t", deviceTimeZone: .gmt)
            return model
        }
        let speaker = await page("p1")
        #expect(speaker.feedbackAccess == .ownSession)
        #expect(speaker.feedbackHint == "You speak at this session: its attendees give feedback on it.")
        await speaker.attendTapped()
        #expect(speaker.state == .attended)
        #expect(speaker.isFeedbackEnabled == false)
        #expect(speaker.feedbackDestination == nil)
        #expect(speaker.feedbackHint == "You speak at this session: its attendees give feedback on it.")

        for someone in ["p2", nil] {
            let listener = await page(someone)
            #expect(listener.feedbackAccess == .open)
            #expect(listener.feedbackDestination != nil)
        }
    }

    @Test func leavingAFullSessionOrItsWaitlistAsksFirst() async throws {
        let current = Locked(
            Demo.session(
                "b", "2027-03-10T10:00", "2027-03-10T10:45", kind: .breakout, capacity: 3, taken: 3,
                attendance: .attending))
        let leaves = Locked(0)
        var client = Self.client(current)
        let leave = client.leave
        client.leave = { id in
            leaves.withLock { $0 += 1 }
            return try await leave(id)
        }
        let model = SessionDetailsModel(
            client: client, shareBaseURL: URL(string: "https://quartet.example")!, now: { demoConferenceAhead })
        await model.appeared(sessionID: "b", deviceTimeZone: .gmt)
        #expect(model.state == .attended)

        await model.attendButtonTapped()
        let seat = try #require(model.confirmation)
        #expect(seat.title == "Give Up Your Seat?")
        #expect(seat.message.hasPrefix("“Session b” is full"))
        #expect(leaves.withLock { $0 } == 0)
        model.confirmationDismissed()
        #expect(model.state == .attended)
        await model.attendButtonTapped()
        await model.confirmTapped(seat.action)
        #expect(leaves.withLock { $0 } == 1)
        #expect(model.state != .attended)

        current.withLock {
            $0.seatsTaken = 3
            $0.myAttendance = .waitlisted
            $0.myWaitlistPosition = 2
        }
        await model.appeared(sessionID: "b", deviceTimeZone: .gmt)
        #expect(model.state == .waitlisted)
        await model.attendButtonTapped()
        let place = try #require(model.confirmation)
        #expect(place.title == "Leave the Waitlist?")
        #expect(
            place.message
                == "You lose your place in line for “Session b”. If you join again, you go to the end of the line.")
        #expect(leaves.withLock { $0 } == 1)
        await model.confirmTapped(place.action)
        #expect(leaves.withLock { $0 } == 2)
    }

    @Test func breakoutWithFewSeatsLeft() async {
        let model = await model(
            Demo.session("b", "2027-03-10T10:00", "2027-03-10T10:45", kind: .breakout, capacity: 30, taken: 27))
        #expect(model.state == .fewSeatsLeft)
        // Said once, by the seats line: the state line does not repeat it.
        #expect(model.stateLabel == "Not attending")
        #expect(model.seatsMessage == "3 seats available")
        await model.attendTapped()
        #expect(model.state == .attended)
        #expect(model.seatsMessage == "2 seats available")
    }

    @Test func fullOffersTheWaitlist() async {
        let model = await model(
            Demo.session("b", "2027-03-10T10:00", "2027-03-10T10:45", kind: .breakout, capacity: 3, taken: 3))
        #expect(model.state == .full)
        #expect(model.attendButtonTitle == "Join Waitlist")
        #expect(model.seatsMessage == "Full")
    }

    /// Join Waitlist on a full session: the page says where the person stands, and still does when it loads again.
    @Test func joiningTheWaitlistShowsThePlace() async {
        let current = Locked(
            Demo.session("b", "2027-03-10T10:00", "2027-03-10T10:45", kind: .breakout, capacity: 3, taken: 3))
        var client = Self.client(current)
        client.attend = { id, request in
            guard request.joinWaitlistIfFull else { throw Demo.refusal(409, .full, "No seats left.") }
            return current.withLock {
                $0.myAttendance = .waitlisted
                $0.myWaitlistPosition = 2
                return AttendanceResult(
                    sessionID: id, state: .waitlisted, seatsTaken: 3, capacity: 3, waitlistPosition: 2)
            }
        }
        let model = SessionDetailsModel(
            client: client, shareBaseURL: URL(string: "https://quartet.example")!, now: { demoConferenceAhead })
        await model.appeared(sessionID: "b", deviceTimeZone: .gmt)
        #expect(model.seatsMessage == "Full")
        await model.attendTapped()
        #expect(model.state == .waitlisted)
        #expect(model.stateLabel == "On the waitlist")
        #expect(model.seatsMessage == "Waitlist #2")
        await model.appeared(sessionID: "b", deviceTimeZone: .gmt)
        #expect(model.seatsMessage == "Waitlist #2")
    }

    /// A seat taken by someone else meanwhile: the server refuses in its words, the banner says so in the app's.
    @Test func aSessionFilledMeanwhileIsRefusedInTheAppsWords() async {
        let current = Locked(
            Demo.session("b", "2027-03-10T10:00", "2027-03-10T10:45", kind: .breakout, capacity: 3, taken: 2))
        var client = Self.client(current)
        client.attend = { _, _ in throw Demo.refusal(409, .full, "No seats left.") }
        let model = SessionDetailsModel(
            client: client, shareBaseURL: URL(string: "https://quartet.example")!, now: { demoConferenceAhead })
        await model.appeared(sessionID: "b", deviceTimeZone: .gmt)
        await model.attendTapped()
        #expect(model.banner == .failure("“Session b” is full."))
        #expect(model.state == .full)
        #expect(model.attendButtonTitle == "Join Waitlist")
    }

    /// Directions go to the venue's coordinates, or to its address when the programme has none.
    @Test func directionsGoToTheCoordinatesOrTheAddress() async {
        var event = Demo.event(threshold: 5)
        event.venue.latitude = nil
        event.venue.longitude = nil
        var client = Self.client(Demo.session("t", "2027-03-10T10:00", "2027-03-10T10:45"))
        client.event = { [event] _ in EventDetails(event: event) }
        let model = SessionDetailsModel(
            client: client, shareBaseURL: URL(string: "https://quartet.example")!, now: { demoConferenceAhead })
        await model.appeared(sessionID: "t", deviceTimeZone: .gmt)
        model.directionsTapped()
        #expect(model.location?.coordinates == nil)
        #expect(
            model.location?.directionsURL?.absoluteString == "https://maps.apple.com/?daddr=Pra%C3%A7a%201,%20Lisboa")

        // Near the equator and the prime meridian, plain degrees, not `5e-05`.
        event.venue.latitude = 0.00005
        event.venue.longitude = -0.1
        client.event = { [event] _ in EventDetails(event: event) }
        let nearZero = SessionDetailsModel(
            client: client, shareBaseURL: URL(string: "https://quartet.example")!, now: { demoConferenceAhead })
        await nearZero.appeared(sessionID: "t", deviceTimeZone: .gmt)
        nearZero.directionsTapped()
        #expect(nearZero.location?.directionsURL?.absoluteString == "https://maps.apple.com/?daddr=0.00005,-0.1")

        event.venue.latitude = nil
        event.venue.longitude = nil
        event.venue.address = ""
        client.event = { [event] _ in EventDetails(event: event) }
        let nowhere = SessionDetailsModel(
            client: client, shareBaseURL: URL(string: "https://quartet.example")!, now: { demoConferenceAhead })
        await nowhere.appeared(sessionID: "t", deviceTimeZone: .gmt)
        nowhere.directionsTapped()
        #expect(nowhere.location != nil)
        #expect(nowhere.location?.directionsURL == nil)
    }

    @Test func shareDirectionsAndAttendeesNavigation() async throws {
        let ana = Person(id: "p9", name: "Ana")
        let model = await model(Demo.session("t", "2027-03-10T10:00", "2027-03-10T10:45"), attendees: [ana])
        #expect(model.shareText == "Session t — Wed 10 Mar, 10:00 – 10:45, Room t, Centro")
        // NB: the share text is words for a person; the link and the calendar entry are data, whatever the locale.
        let american = SessionDetailsModel(
            client: Self.client(Demo.session("t", "2027-03-10T10:00", "2027-03-10T10:45"), attendees: [ana]),
            shareBaseURL: URL(string: "https://quartet.example")!, locale: Demo.american, now: { demoConferenceAhead })
        await american.appeared(sessionID: "t", deviceTimeZone: .gmt)
        #expect(american.time == "Wed, Mar 10, 10:00\u{202F}AM – 10:45\u{202F}AM")
        #expect(american.shareURL == model.shareURL)
        #expect(
            american.calendarEntry(stamp: Date(timeIntervalSince1970: 0))
                == model.calendarEntry(stamp: Date(timeIntervalSince1970: 0)))
        #expect(model.shareURL?.absoluteString == "https://quartet.example/sessions/t")
        let ics = try #require(model.calendarEntry(stamp: Date(timeIntervalSince1970: 0)))
        #expect(ics.contains("SUMMARY:Session t\r\n"))
        #expect(ics.contains("URL:https://quartet.example/sessions/t\r\n"))
        // The calendar button shares the entry as a file named after the session.
        let file = try #require(model.calendarFile)
        #expect(file.lastPathComponent == "Session t.ics")
        #expect(try String(contentsOf: file, encoding: .utf8).contains("SUMMARY:Session t\r\n"))

        model.directionsTapped()
        #expect(model.location?.room == "Room t")
        #expect(model.location?.address == "Praça 1, Lisboa")
        #expect(model.location?.coordinates == "38.6981, -9.1936")
        #expect(model.location?.directionsURL?.absoluteString == "https://maps.apple.com/?daddr=38.6981,-9.1936")
        await model.attendeesTapped()
        #expect(model.attendees == [ana])
        model.backTapped()
        #expect(model.attendees == nil)
        #expect(model.location != nil)
        model.backTapped()
        #expect(model.location == nil)
    }

    /// A programme repeats titles ("Lunch", a lab run twice): the page of one, opened under the page of the other,
    /// leaves the first page's calendar button sharing its own session, not the one opened last.
    @Test func sessionsOfOneTitleKeepTheirOwnCalendarFiles() async throws {
        var first = Demo.session("lab1", "2027-03-10T10:00", "2027-03-10T11:00")
        var second = Demo.session("lab2", "2027-03-11T14:00", "2027-03-11T15:00")
        first.title = "Hands-on Lab"
        second.title = "Hands-on Lab"
        let sessions = [first.id: first, second.id: second]
        let client = AttendeeClient(
            event: { _ in EventDetails(event: Demo.event()) },
            session: { id in try sessions[id] ?? { throw APIError.http(status: 404, problem: nil) }() })
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        defer { try? FileManager.default.removeItem(at: folder) }
        let base = try #require(URL(string: "https://quartet.example"))
        let pages = [first, second].map { _ in
            SessionDetailsModel(
                client: client, shareBaseURL: base, filesFolder: folder, locale: Demo.british,
                now: { demoConferenceAhead })
        }
        await pages[0].appeared(sessionID: first.id, deviceTimeZone: .gmt)
        await pages[1].appeared(sessionID: second.id, deviceTimeZone: .gmt)
        for (page, session) in zip(pages, [first, second]) {
            let file = try #require(page.calendarFile)
            #expect(file.lastPathComponent == "Hands-on Lab.ics")
            let ics = try String(contentsOf: file, encoding: .utf8)
            #expect(ics.contains("UID:\(session.id)@attendee.quartet\r\n"))
        }
    }

    /// A seat refused for a clash the page did not know of (taken on another device since it loaded) is said in
    /// the app's words, naming the clashing session as the event's agenda has it now; it showed the server's
    /// sentence, English whatever the device's language. With no agenda to read, it names none.
    @Test(arguments: [true, false])
    func refusalNamesTheClashInTheAppsWords(agendaReads: Bool) async {
        let session = Demo.session("t", "2027-03-10T10:00", "2027-03-10T10:45")
        let keynote = Demo.session("k", "2027-03-10T09:30", "2027-03-10T10:30", attendance: .attending)
        let later = Demo.session("l", "2027-03-10T10:15", "2027-03-10T11:00", attendance: .attending)
        var client = Self.client(session)
        client.attend = { _, _ in
            throw Demo.refusal(409, .overlapping, "Diese Sitzung überschneidet sich mit einer anderen.")
        }
        client.agenda = { _ in
            guard agendaReads else { throw APIError.offline }
            return [later, session, keynote]
        }
        let model = SessionDetailsModel(
            client: client, shareBaseURL: URL(string: "https://quartet.example")!, now: { demoConferenceAhead })
        await model.appeared(sessionID: "t", deviceTimeZone: .gmt)
        await model.attendTapped()
        #expect(
            model.banner
                == .failure(
                    agendaReads
                        ? "This session overlaps “Session k”, which you already attend."
                        : "This session overlaps one you already attend."))
        #expect(model.state == .notAttended)
        #expect(model.isBusy == false)
    }

    /// Before a session starts its feedback is not offered, and says when it opens; once it has ended its seat
    /// button is disabled, says why, and a tap that comes anyway (the command line's) sends nothing and says so.
    /// A refusal by the server's clock (this device's running behind) reads as the same sentence.
    @Test func feedbackOpensAtTheStartAndTheSeatsCloseAtTheEnd() async {
        let current = Locked(
            Demo.session("t", "2027-03-10T10:00", "2027-03-10T10:45", taken: 1, attendance: .attending))
        let clock = Locked(Demo.at("2027-03-10T09:00", "Europe/Lisbon"))
        let calls = Locked(0)
        var client = Self.client(current)
        let attend = client.attend
        client.attend = { id, request in
            calls.withLock { $0 += 1 }
            return try await attend(id, request)
        }
        let model = SessionDetailsModel(
            client: client, shareBaseURL: URL(string: "https://quartet.example")!, locale: Demo.british,
            now: { clock.withLock { $0 } })
        await model.appeared(sessionID: "t", deviceTimeZone: .gmt)
        #expect(model.state == .attended)
        #expect(model.isFeedbackEnabled == false)
        #expect(model.feedbackDestination == nil)
        #expect(model.feedbackHint == "Feedback opens when the session starts.")
        #expect(model.isAttendEnabled)
        #expect(model.attendHint == nil)

        clock.withLock { $0 = Demo.at("2027-03-10T10:00", "Europe/Lisbon") }
        await model.appeared(sessionID: "t", deviceTimeZone: .gmt)
        #expect(model.isFeedbackEnabled)
        #expect(model.feedbackHint == nil)

        // Over: the seat stays, the button does nothing.
        current.withLock {
            $0.myAttendance = nil
            $0.seatsTaken = 0
        }
        clock.withLock { $0 = Demo.at("2027-03-10T10:45", "Europe/Lisbon") }
        await model.appeared(sessionID: "t", deviceTimeZone: .gmt)
        #expect(model.isAttendEnabled == false)
        #expect(model.attendHint == "This session has ended.")
        await model.attendButtonTapped()
        #expect(calls.withLock { $0 } == 0)
        #expect(model.banner == .failure("“Session t” has ended."))

        // This device's clock says it runs; the server's says it has ended.
        clock.withLock { $0 = Demo.at("2027-03-10T10:30", "Europe/Lisbon") }
        client.attend = { _, _ in throw Demo.refusal(409, .sessionEnded, "The server's own words.") }
        let late = SessionDetailsModel(
            client: client, shareBaseURL: URL(string: "https://quartet.example")!, locale: Demo.british,
            now: { clock.withLock { $0 } })
        await late.appeared(sessionID: "t", deviceTimeZone: .gmt)
        await late.attendTapped()
        #expect(late.banner == .failure("“Session t” has ended."))
    }
}
