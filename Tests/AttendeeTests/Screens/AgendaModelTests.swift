import APIClient
import AttendeeCore
import AttendeeModels
import AttendeeTestSupport
import Database
import Foundation
import LocalStore
import Locking
import TestSupport
import Testing

@MainActor @Suite struct AgendaModelTests {
    /// A fake server that keeps seats and states like the real one.
    final class FakeSeats: Sendable {
        let sessions: Locked<[Session]>
        init(_ sessions: [Session]) { self.sessions = Locked(sessions) }

        var client: AttendeeClient {
            AttendeeClient(
                event: { _ in EventDetails(event: Demo.event(zone: "Pacific/Kiritimati", threshold: 5)) },
                agenda: { _ in self.sessions.withLock { $0 } },
                attend: { id, request in
                    try self.sessions.withLock { sessions in
                        guard let index = sessions.firstIndex(where: { $0.id == id }) else {
                            throw APIError.http(status: 404, problem: nil)
                        }
                        if sessions[index].seatsAvailable == 0 {
                            guard request.joinWaitlistIfFull else { throw Demo.refusal(409, .full, "No seats left.") }
                            sessions[index].myAttendance = .waitlisted
                            sessions[index].myWaitlistPosition = 1
                            return AttendanceResult(
                                sessionID: id, state: .waitlisted, seatsTaken: sessions[index].seatsTaken,
                                capacity: sessions[index].capacity, waitlistPosition: 1)
                        }
                        sessions[index].seatsTaken += 1
                        sessions[index].myAttendance = .attending
                        return AttendanceResult(
                            sessionID: id, state: .attending, seatsTaken: sessions[index].seatsTaken,
                            capacity: sessions[index].capacity)
                    }
                },
                leave: { id in
                    self.sessions.withLock { sessions in
                        let index = sessions.firstIndex { $0.id == id } ?? 0
                        if sessions[index].myAttendance == .attending { sessions[index].seatsTaken -= 1 }
                        sessions[index].myAttendance = .cancelled
                        return AttendanceResult(
                            sessionID: id, state: .cancelled, seatsTaken: sessions[index].seatsTaken,
                            capacity: sessions[index].capacity)
                    }
                })
        }
    }

    static let zone = "Pacific/Kiritimati"
    static func programme() -> [Session] {
        [
            Demo.session("k", "2027-03-10T08:00", "2027-03-10T09:00", zone: zone, kind: .keynote),
            Demo.session(
                "w", "2027-03-10T09:30", "2027-03-10T11:00", zone: zone, kind: .workshop, capacity: 20, taken: 16),
            Demo.session("t", "2027-03-10T10:00", "2027-03-10T10:45", zone: zone),
            Demo.session(
                "full", "2027-03-10T12:00", "2027-03-10T13:00", zone: zone, kind: .breakout, capacity: 2, taken: 2),
            Demo.session("d2", "2027-03-11T08:00", "2027-03-11T09:00", zone: zone),
        ]
    }

    /// Giving up a seat can seat the person where they wait at the same time (the server moves that waitlist up
    /// in the same transaction): the agenda is read again and shows that seat, where the row kept "Waitlist #1"
    /// and its mark, tapped, would have given the seat up as if it were a place in line.
    @Test func leavingASessionShowsTheSeatItFreedUpOnAWaitlistAtTheSameTime() async {
        var waiting = Demo.session(
            "b", "2027-03-10T09:30", "2027-03-10T10:30", zone: Self.zone, capacity: 1, taken: 1,
            attendance: .waitlisted)
        waiting.myWaitlistPosition = 1
        let seats = FakeSeats([
            Demo.session(
                "a", "2027-03-10T09:00", "2027-03-10T10:00", zone: Self.zone, taken: 1, attendance: .attending),
            waiting,
        ])
        var client = seats.client
        let leave = client.leave
        client.leave = { id in
            let result = try await leave(id)
            // NB: what the server does: the seat in "b" given back earlier goes to the person who no longer clashes.
            seats.sessions.withLock { sessions in
                sessions[1].myAttendance = .attending
                sessions[1].myWaitlistPosition = nil
            }
            return result
        }
        let model = AgendaModel(
            client: client, deviceTimeZone: .gmt, locale: Demo.british, now: { demoConferenceAhead })
        await model.appeared(eventID: "e1")
        #expect(model.rows.map(\.mark) == [.attending, .waitlisted])
        await model.plusTapped("a")
        #expect(model.rows.map(\.mark) == [.notAttending, .attending])
        #expect(model.rows.map(\.seatsMessage) == [nil, "Full"])
        #expect(model.banner == nil)
    }

    @Test func tabsRowsAndSeats() async {
        let model = AgendaModel(
            client: FakeSeats(Self.programme()).client, deviceTimeZone: .gmt, locale: Demo.british,
            now: { demoConferenceAhead })
        await model.appeared(eventID: "e1", now: Demo.at("2027-03-11T07:00", Self.zone))
        #expect(model.dayTabs == ["Wed 10 Mar", "Thu 11 Mar"])
        #expect(model.selectedDay == 1)
        #expect(model.rows.map(\.id) == ["d2"])
        model.dayTapped(0)
        #expect(model.rows.map(\.id) == ["k", "w", "t", "full"])
        #expect(model.rows.map(\.time) == ["08:00 – 09:00", "09:30 – 11:00", "10:00 – 10:45", "12:00 – 13:00"])
        #expect(model.rows.map(\.seatsMessage) == [nil, "4 seats available", nil, "Full"])
        #expect(model.rows.allSatisfy { !$0.isHighlighted })
        #expect(model.rows.map(\.mark) == [.notAttending, .notAttending, .notAttending, .full])
        #expect(model.timeZoneLabel == "Event Time (Pacific/Kiritimati)")
        model.dayTapped(7)
        #expect(model.selectedDay == 0)
    }

    /// A day of the event with no session has no tab (here the second of three), and an event with no sessions
    /// yet has no tabs and says so rather than show an empty page.
    @Test func daysWithoutSessionsHaveNoTabAndAnEmptyEventSaysSo() async {
        var event = Demo.event(zone: Self.zone)
        event.startsAt = Demo.at("2027-03-10T08:00", Self.zone)
        event.endsAt = Demo.at("2027-03-12T18:00", Self.zone)
        let programme = Locked([
            Demo.session("late", "2027-03-10T23:00", "2027-03-11T00:30", zone: Self.zone),
            Demo.session("last", "2027-03-12T09:00", "2027-03-12T10:00", zone: Self.zone),
        ])
        let details = EventDetails(event: event)
        let client = AttendeeClient(event: { _ in details }, agenda: { _ in programme.withLock { $0 } })
        let model = AgendaModel(
            client: client, deviceTimeZone: .gmt, locale: Demo.british, now: { demoConferenceAhead })
        await model.appeared(eventID: "e1", now: Demo.at("2027-03-11T09:00", Self.zone))
        #expect(model.dayTabs == ["Wed 10 Mar", "Fri 12 Mar"])
        #expect(model.rows.map(\.id) == ["late"])
        #expect(model.emptyMessage == nil)

        programme.withLock { $0 = [] }
        await model.appeared(eventID: "e1")
        #expect(model.dayTabs.isEmpty)
        #expect(model.rows.isEmpty)
        #expect(model.emptyMessage == "No sessions yet.")
    }

    /// The tabs and the rows' times as the reader's locale writes them, still in the event's zone: American
    /// English puts the month first and keeps a 12-hour clock, German its own words and a 24-hour one.
    @Test(arguments: [
        (
            Demo.american, ["Wed, Mar 10", "Thu, Mar 11"],
            ["8:00\u{202F}AM – 9:00\u{202F}AM", "9:30\u{202F}AM – 11:00\u{202F}AM"]
        ),
        (Demo.german, ["Mi. 10. März", "Do. 11. März"], ["08:00 – 09:00", "09:30 – 11:00"]),
    ])
    func tabsAndTimesFollowTheLocale(locale: Locale, tabs: [String], times: [String]) async {
        let model = AgendaModel(
            client: FakeSeats(Self.programme()).client, deviceTimeZone: .gmt, locale: locale,
            now: { demoConferenceAhead })
        await model.appeared(eventID: "e1", now: Demo.at("2027-03-10T07:00", Self.zone))
        #expect(model.dayTabs == tabs)
        #expect(Array(model.rows.map(\.time).prefix(2)) == times)
    }

    /// The agenda checks clashes with what it loaded; a seat taken on another device since is refused by the
    /// server, and said in the app's words with the session the agenda now reads (it was the server's English).
    @Test func aClashTheAgendaDidNotKnowIsSaidInTheAppsWords() async {
        let seats = FakeSeats(Self.programme())
        var client = seats.client
        client.attend = { _, _ in throw Demo.refusal(409, .overlapping, "Conflito com outra sessão.") }
        let model = AgendaModel(client: client, deviceTimeZone: .gmt, now: { demoConferenceAhead })
        await model.appeared(eventID: "e1", now: Demo.at("2027-03-01T00:00", Self.zone))
        seats.sessions.withLock { $0[1].myAttendance = .attending }
        await model.plusTapped("t")
        #expect(model.banner == .failure("This session overlaps “Session w”, which you already attend."))
        #expect(model.rows.first { $0.id == "t" }?.mark == .notAttending)
    }

    @Test func plusAttendsHighlightsAndLeaves() async {
        let model = AgendaModel(
            client: FakeSeats(Self.programme()).client, deviceTimeZone: .gmt, now: { demoConferenceAhead })
        await model.appeared(eventID: "e1", now: Demo.at("2027-03-01T00:00", Self.zone))
        #expect(model.selectedDay == 0)
        await model.plusTapped("w")
        let workshop = model.rows.first { $0.id == "w" }
        #expect(workshop?.isHighlighted == true)
        #expect(workshop?.mark == .attending)
        #expect(workshop?.seatsMessage == "3 seats available")
        #expect(model.banner == nil)

        await model.plusTapped("t")
        #expect(model.banner == .failure("This session overlaps “Session w”, which you already attend."))
        #expect(model.rows.first { $0.id == "t" }?.isHighlighted == false)

        await model.plusTapped("w")
        #expect(model.rows.first { $0.id == "w" }?.isHighlighted == false)
        #expect(model.rows.first { $0.id == "w" }?.seatsMessage == "4 seats available")
        await model.plusTapped("t")
        #expect(model.banner == nil)
        #expect(model.rows.first { $0.id == "t" }?.isHighlighted == true)
    }

    /// A pull that lands while an attend is on its way brings a programme with a session added before the one
    /// tapped: the attend's answer marks the session tapped, not whichever now sits where it was.
    @Test func anAttendsAnswerMarksTheSessionTappedAfterAReloadMovedIt() async throws {
        let fake = FakeSeats(Self.programme())
        let gate = Gate(isOpen: false)
        var client = fake.client
        let attend = client.attend
        client.attend = { id, request in
            await gate.pass()
            return try await attend(id, request)
        }
        let model = AgendaModel(client: client, deviceTimeZone: .gmt, now: { demoConferenceAhead })
        await model.appeared(eventID: "e1", now: Demo.at("2027-03-01T00:00", Self.zone))
        let tapping = Task { await model.plusTapped("t") }
        await gate.arrived(1)
        fake.sessions.withLock {
            $0.insert(Demo.session("early", "2027-03-10T07:00", "2027-03-10T07:30", zone: Self.zone), at: 0)
        }
        await model.appeared(eventID: "e1", now: Demo.at("2027-03-01T00:00", Self.zone))
        await gate.open()
        await tapping.value
        #expect(model.rows.map(\.id) == ["early", "k", "w", "t", "full"])
        #expect(model.rows.first { $0.id == "t" }?.mark == .attending)
        #expect(model.rows.filter { $0.mark == .attending }.map(\.id) == ["t"])
    }

    /// The minus on a full session would give the seat to the next person waiting, so it asks first: Cancel keeps
    /// the seat, Leave gives it up. The minus on a session with free seats leaves at once (above).
    @Test func leavingAFullSessionAsksFirst() async throws {
        var sessions = Self.programme()
        sessions[3].myAttendance = .attending
        let fake = FakeSeats(sessions)
        let model = AgendaModel(client: fake.client, deviceTimeZone: .gmt, now: { demoConferenceAhead })
        await model.appeared(eventID: "e1", now: Demo.at("2027-03-01T00:00", Self.zone))
        #expect(model.rows.first { $0.id == "full" }?.mark == .attending)

        await model.plusTapped("full")
        let question = try #require(model.confirmation)
        #expect(question.action == "full")
        #expect(question.title == "Give Up Your Seat?")
        #expect(
            question.message
                == "“Session full” is full: your seat goes to the next person waiting, and you may not get it back.")
        #expect([question.confirmTitle, question.cancelTitle] == ["Leave", "Cancel"])
        model.confirmationDismissed()
        #expect(model.confirmation == nil)
        #expect(fake.sessions.withLock { $0[3].myAttendance } == .attending)
        #expect(model.rows.first { $0.id == "full" }?.mark == .attending)

        await model.plusTapped("full")
        await model.confirmTapped(question.action)
        #expect(model.confirmation == nil)
        #expect(fake.sessions.withLock { $0[3].myAttendance } == .cancelled)
        #expect(model.rows.first { $0.id == "full" }?.mark == .notAttending)
        #expect(model.rows.first { $0.id == "full" }?.seatsMessage == "1 seat available")
    }

    /// The server says the session is full in its own words; the banner says so in the app's, naming the session.
    @Test func aFullSessionIsRefusedInTheAppsWords() async {
        var sessions = Self.programme()
        sessions[3].seatsTaken = 1
        let fake = FakeSeats(sessions)
        let model = AgendaModel(client: fake.client, deviceTimeZone: .gmt, now: { demoConferenceAhead })
        await model.appeared(eventID: "e1", now: Demo.at("2027-03-01T00:00", Self.zone))
        #expect(model.rows.first { $0.id == "full" }?.seatsMessage == "1 seat available")
        fake.sessions.withLock { $0[3].seatsTaken = 2 }
        await model.plusTapped("full")
        #expect(model.banner == .failure("“Session full” is full."))
        #expect(model.rows.first { $0.id == "full" }?.seatsMessage == "Full")
        #expect(model.rows.first { $0.id == "full" }?.mark == .full)
        #expect(model.isBusy == false)
    }

    /// A full session's mark offers its waitlist, as the session page's "Join Waitlist" does, and says so to
    /// VoiceOver; a tap joins the waitlist rather than being refused as full, and the next tap asks before
    /// leaving it.
    @Test func aFullSessionsMarkJoinsItsWaitlist() async throws {
        let fake = FakeSeats(Self.programme())
        let model = AgendaModel(client: fake.client, deviceTimeZone: .gmt, now: { demoConferenceAhead })
        await model.appeared(eventID: "e1", now: Demo.at("2027-03-01T00:00", Self.zone))
        let row = try #require(model.rows.first { $0.id == "full" })
        #expect(row.mark == .full)
        #expect(row.mark.actionLabel(row.title) == "Join the waitlist for Session full")

        await model.plusTapped("full")
        #expect(model.banner == nil)
        #expect(fake.sessions.withLock { $0[3].myAttendance } == .waitlisted)
        let waiting = try #require(model.rows.first { $0.id == "full" })
        #expect(waiting.mark == .waitlisted)
        #expect(waiting.seatsMessage == "Waitlist #1")

        await model.plusTapped("full")
        #expect(model.confirmation?.title == "Leave the Waitlist?")
        await model.confirmTapped("full")
        #expect(fake.sessions.withLock { $0[3].myAttendance } == .cancelled)
        #expect(model.rows.first { $0.id == "full" }?.mark == .full)
    }

    /// Leaving a waitlist takes no seat, so a session the person attends at the same time does not stop it: the
    /// mark asks before leaving, as any waitlist's does.
    @Test func leavingAWaitlistIsNotRefusedAsAClash() async throws {
        var sessions = Self.programme()
        sessions[1].myAttendance = .attending
        sessions[2].myAttendance = .waitlisted
        sessions[2].myWaitlistPosition = 2
        let model = AgendaModel(client: FakeSeats(sessions).client, deviceTimeZone: .gmt, now: { demoConferenceAhead })
        await model.appeared(eventID: "e1", now: Demo.at("2027-03-01T00:00", Self.zone))
        #expect(model.rows.first { $0.id == "t" }?.mark == .waitlisted)
        await model.plusTapped("t")
        #expect(model.banner == nil)
        #expect(model.confirmation?.title == "Leave the Waitlist?")
    }

    @Test func deviceTimeSwitchRebuildsTabs() async throws {
        let model = AgendaModel(
            client: FakeSeats(Self.programme()).client,
            deviceTimeZone: try #require(TimeZone(identifier: "Pacific/Pago_Pago")), locale: Demo.british,
            now: { demoConferenceAhead })
        await model.appeared(eventID: "e1", now: Demo.at("2027-03-01T00:00", Self.zone))
        model.timeZoneToggled()
        #expect(model.timeZoneChoice == .device)
        #expect(model.timeZoneLabel == "Device Time (Pacific/Pago_Pago)")
        // Kiritimati is 25 hours ahead of Pago Pago: its Wednesday 08:00 is Tuesday 07:00 there.
        #expect(model.dayTabs.first == "Tue 9 Mar")
        model.timeZoneToggled()
        #expect(model.dayTabs.first == "Wed 10 Mar")
    }

    /// The day read stays the day read: its sessions, on the tab they fall on in the other zone. Kiritimati's
    /// Thursday starts on Tuesday evening in Pago Pago, where its sessions are on Wednesday.
    @Test func theTimeSwitchKeepsTheSessionsOfTheDayRead() async throws {
        let model = AgendaModel(
            client: FakeSeats(Self.programme()).client,
            deviceTimeZone: try #require(TimeZone(identifier: "Pacific/Pago_Pago")), locale: Demo.british,
            now: { demoConferenceAhead })
        await model.appeared(eventID: "e1", now: Demo.at("2027-03-11T07:00", Self.zone))
        #expect(model.rows.map(\.id) == ["d2"])
        model.timeZoneToggled()
        #expect(model.dayTabs == ["Tue 9 Mar", "Wed 10 Mar"])
        #expect(model.selectedDay == 1)
        #expect(model.rows.map(\.id) == ["d2"])
        model.timeZoneToggled()
        #expect(model.selectedDay == 1)
        #expect(model.rows.map(\.id) == ["d2"])
        model.dayTapped(0)
        model.timeZoneToggled()
        #expect(model.selectedDay == 0)
        #expect(model.rows.map(\.id) == ["k", "w", "t", "full"])
    }

    @Test func loadFailureShowsABanner() async {
        let model = AgendaModel(
            client: AttendeeClient(event: { _ in throw APIError.cannotConnect }), now: { demoConferenceAhead })
        await model.appeared(eventID: "e1")
        #expect(model.banner == .failure(APIError.cannotConnect.message))
        #expect(model.rows.isEmpty)
        #expect(model.isBusy == false)
    }
}

@MainActor @Suite struct AgendaOfflineTests {
    /// A copy kept in a fresh store on the device, whose clock reads 18:05 the evening before the agenda's day.
    func savedCopy(_ zone: String) async throws -> AgendaOfflineCopy {
        let store = try await LocalStore(
            database: SQLiteDatabase(url: "sqlite::memory:"), now: { Demo.at("2027-03-09T18:05", zone) })
        return AgendaOfflineCopy.localStore(store)
    }

    @Test func theSavedAgendaShowsWhenOffline() async throws {
        let zone = "Europe/Lisbon"
        let copy = try await savedCopy(zone)
        let online = AttendeeClient(
            event: { _ in EventDetails(event: Demo.event(zone: zone)) },
            agenda: { _ in [Demo.session("a", "2027-03-10T10:00", "2027-03-10T11:00")] })
        let first = AgendaModel(client: online, offlineCopy: copy, deviceTimeZone: .gmt, now: { demoConferenceAhead })
        await first.appeared(eventID: "e1")
        #expect(first.offlineNotice == nil)

        let offline = AttendeeClient(event: { _ in throw APIError.offline }, agenda: { _ in throw APIError.offline })
        let second = AgendaModel(
            client: offline, offlineCopy: copy, deviceTimeZone: .gmt, locale: Demo.british, now: { demoConferenceAhead }
        )
        await second.appeared(eventID: "e1", now: Demo.at("2027-03-10T09:00", zone))
        #expect(second.rows.map(\.id) == ["a"])
        #expect(second.banner == nil)
        #expect(second.offlineNotice == "Offline: agenda saved Tue 9 Mar at 18:05")

        let unknown = AgendaModel(
            client: offline, offlineCopy: copy, deviceTimeZone: .gmt, now: { demoConferenceAhead })
        await unknown.appeared(eventID: "other")
        #expect(unknown.banner == .failure(APIError.offline.message))

        let refused = AttendeeClient(
            event: { _ in throw APIError.http(status: 404, problem: nil) }, agenda: { _ in [] })
        let gone = AgendaModel(client: refused, offlineCopy: copy, deviceTimeZone: .gmt, now: { demoConferenceAhead })
        await gone.appeared(eventID: "e1")
        #expect(gone.rows.isEmpty)
        #expect(gone.banner == .failure(APIError.http(status: 404, problem: nil).message))
    }

    /// A seat taken from the agenda is in the saved copy: opened later without a connection, the agenda shows the
    /// session attended, as the person left it, not as it was when the agenda loaded.
    @Test func aSeatTakenFromTheAgendaIsInTheSavedCopy() async throws {
        let zone = "Europe/Lisbon"
        let copy = try await savedCopy(zone)
        let online = AttendeeClient(
            event: { _ in EventDetails(event: Demo.event(zone: zone)) },
            agenda: { _ in [Demo.session("a", "2027-03-10T10:00", "2027-03-10T11:00")] },
            attend: { id, _ in AttendanceResult(sessionID: id, state: .attending, seatsTaken: 1, capacity: nil) })
        let first = AgendaModel(client: online, offlineCopy: copy, deviceTimeZone: .gmt, now: { demoConferenceAhead })
        await first.appeared(eventID: "e1")
        await first.plusTapped("a")
        #expect(first.rows.first?.mark == .attending)

        let offline = AttendeeClient(event: { _ in throw APIError.offline }, agenda: { _ in throw APIError.offline })
        let second = AgendaModel(
            client: offline, offlineCopy: copy, deviceTimeZone: .gmt, locale: Demo.british, now: { demoConferenceAhead }
        )
        await second.appeared(eventID: "e1")
        #expect(second.offlineNotice != nil)
        #expect(second.rows.first?.mark == .attending)
        #expect(second.rows.first?.isHighlighted == true)
    }

    /// When the copy was saved is a moment on this device, so the notice reads the device's clock while the agenda
    /// reads the venue's: saved at 18:05 in New York is already Wednesday 13:05 in Kiritimati. The locale writes it.
    @Test(arguments: [
        (Demo.british, "Offline: agenda saved Tue 9 Mar at 18:05"),
        (Demo.american, "Offline: agenda saved Tue, Mar 9 at 6:05\u{202F}PM"),
        (Demo.german, "Offline: agenda saved Di. 9. März, 18:05"),
    ])
    func theSavedTimeIsTheDevicesClock(locale: Locale, notice: String) async throws {
        let device = try #require(TimeZone(identifier: "America/New_York"))
        let venue = "Pacific/Kiritimati"
        let store = try await LocalStore(
            database: SQLiteDatabase(url: "sqlite::memory:"), now: { Demo.at("2027-03-09T18:05", device.identifier) })
        let copy = AgendaOfflineCopy.localStore(store)
        await copy.save(
            Demo.event(zone: venue), [Demo.session("a", "2027-03-10T10:00", "2027-03-10T11:00", zone: venue)])

        let offline = AttendeeClient(event: { _ in throw APIError.offline }, agenda: { _ in throw APIError.offline })
        let model = AgendaModel(
            client: offline, offlineCopy: copy, deviceTimeZone: device, locale: locale, now: { demoConferenceAhead })
        await model.appeared(eventID: "e1", now: Demo.at("2027-03-10T09:00", venue))
        #expect(model.timeZoneChoice == .event)
        #expect(model.rows.map(\.id) == ["a"])
        #expect(model.offlineNotice == notice)
    }

    /// A copy holds one person's seats: it is forgotten when they sign out or someone else signs in, and kept when
    /// the same person signs in again (after their session expired).
    @Test func theSavedAgendaIsOnePersons() async throws {
        let store = try await LocalStore(database: SQLiteDatabase(url: "sqlite::memory:"))
        let copy = AgendaOfflineCopy.localStore(store)
        let sessions = [Demo.session("a", "2027-03-10T10:00", "2027-03-10T11:00")]
        let event = Demo.event(zone: "Europe/Lisbon")

        await copy.save(event, sessions)
        #expect(await copy.load(event.id)?.sessions == sessions, "the programme reads offline without an account")
        await copy.signedIn("ana")
        #expect(await copy.load(event.id) == nil, "saved before Ana signed in: not known to be hers")
        await copy.save(event, sessions)
        await copy.signedIn("ana")
        #expect(await copy.load(event.id)?.sessions == sessions)
        await copy.signedIn("bo")
        #expect(await copy.load(event.id) == nil)
        await copy.save(event, sessions)
        await copy.signedOut()
        #expect(await copy.load(event.id) == nil)
        await copy.signedIn("bo")
        #expect(await copy.load(event.id) == nil)
    }

    /// Signing out and signing in on the account screen hand the copy over.
    @Test func theAccountScreenForgetsTheCopyAtSignOut() async throws {
        let store = try await LocalStore(database: SQLiteDatabase(url: "sqlite::memory:"))
        let copy = AgendaOfflineCopy.localStore(store)
        let event = Demo.event(zone: "Europe/Lisbon")
        let ana = MyProfile(
            person: Person(id: "ana", name: "Ana"), email: "ana@example.com", preferences: Preferences())
        let client = AttendeeClient(
            signIn: { _ in AuthSession(token: "t", profile: ana) }, signOut: {}, me: { ana })
        let account = AccountModel(client: client, offlineCopy: copy)
        await account.signInTapped(email: "ana@example.com", password: "secret-secret")
        await copy.save(event, [])
        #expect(await copy.load(event.id) != nil)
        await account.signOutTapped()
        #expect(await copy.load(event.id) == nil)
    }
}
