import AttendeeModels
import Foundation
import Localization
import Observation

/// One row of the agenda.
public struct AgendaRow: Sendable, Hashable, Identifiable {
    /// The id of the thing shown.
    public var id: String
    /// The title shown.
    public var title: String
    /// `09:00 – 10:00`.
    public var time: String
    /// `Room Tejo · Swift`.
    public var place: String
    /// Speaker names, comma-separated.
    public var speakers: String
    /// Attended sessions are highlighted.
    public var isHighlighted: Bool
    /// Where the person stands: attending (the mark leaves), waitlisted (the mark leaves the waitlist), not
    /// attending a full session (the mark joins its waitlist), or not attending (the mark attends).
    public var mark: AgendaMark
    /// "3 seats available", "Full", or `nil`.
    public var seatsMessage: String?
    /// Whether the session is over: the mark is shown but does nothing (its seats no longer change).
    public var hasEnded = false
}

/// The mark at the end of an agenda row, and what tapping it does.
public enum AgendaMark: Sendable, Hashable {
    /// Not attending: the mark attends.
    case notAttending
    /// Attending: the mark leaves.
    case attending
    /// On the waitlist: the mark leaves it.
    case waitlisted
    /// Not attending a session with no free seat: the mark joins its waitlist, as the session page's
    /// "Join Waitlist" does.
    case full

    /// The mark of `session` as the person stands in it.
    public init(_ session: Session) {
        if session.isAttending {
            self = .attending
        } else if session.myAttendance == .waitlisted {
            self = .waitlisted
        } else if session.seatsAvailable == 0 {
            self = .full
        } else {
            self = .notAttending
        }
    }

    /// What a screen reader says the mark does for the session `title`.
    public func actionLabel(_ title: String) -> String {
        switch self {
        case .notAttending: Strings.format("agenda.attend", title)
        case .attending: Strings.format("agenda.leave", title)
        case .waitlisted: Strings.format("agenda.waitlisted", title)
        case .full: Strings.format("agenda.joinWaitlist", title)
        }
    }
}

/// The event agenda: date tabs in the event's zone, the chosen day's sessions, (+) to attend and leave.
@Observable @MainActor
public final class AgendaModel: BusyScreen {
    /// The date tabs, in the chosen clock.
    public private(set) var dayTabs: [String] = []
    /// The chosen tab.
    public private(set) var selectedDay = 0
    /// The rows shown, in order.
    public private(set) var rows: [AgendaRow] = []
    /// The sessions behind the rows, in their order.
    public private(set) var shownSessions: [Session] = []
    /// `No sessions yet.` once an event with no sessions has loaded (it has no day tabs either); `nil` otherwise.
    public private(set) var emptyMessage: String?
    /// Whether a call is in flight (the screen shows a spinner).
    public var isBusy: Bool { busy }
    /// The calls on their way, which ``isBusy`` counts.
    var calls = CallsInFlight()
    /// Why the last call failed, if it did.
    public internal(set) var banner: Banner?
    /// The question asked before leaving a full session or its waitlist (its action is the session's id).
    public private(set) var confirmation: Confirmation<String>?
    /// The clock times are shown in.
    public private(set) var timeZoneChoice: TimeZoneChoice = .event
    /// "Event Time (Europe/Lisbon)" or "Device Time (…)".
    public private(set) var timeZoneLabel = ""
    /// "Offline: agenda saved Wed 10 Mar at 09:12" while the saved copy is shown: when this device saved it, on
    /// the device's clock whichever clock the agenda shows.
    public private(set) var offlineNotice: String?

    private let client: AttendeeClient
    private let offlineCopy: AgendaOfflineCopy?
    private let deviceTimeZone: TimeZone
    private let locale: Locale
    private let now: @Sendable () -> Date
    private(set) var event: Event?
    private(set) var sessions: [Session] = []
    private var days: [AgendaDay] = []

    /// Creates the model over a client; dates and times are written as `locale` writes them.
    public init(
        client: AttendeeClient, offlineCopy: AgendaOfflineCopy? = nil, deviceTimeZone: TimeZone = .current,
        locale: Locale = .current, now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.now = now
        self.client = client
        self.offlineCopy = offlineCopy
        self.deviceTimeZone = deviceTimeZone
        self.locale = locale
    }

    /// Loads the event and its programme, and opens the day that contains `now` (the model's clock when `nil`;
    /// else the first day).
    public func appeared(eventID: String, now: Date? = nil) async {
        let now = now ?? self.now()
        calls.started()
        banner = nil
        defer { calls.ended() }
        do {
            async let details = client.event(eventID)
            async let agenda = client.agenda(eventID)
            let event = try await details.event
            let sessions = try await agenda
            self.event = event
            self.sessions = sessions
            offlineNotice = nil
            rebuild(keepingDay: false, now: now)
            await offlineCopy?.save(event, sessions)
        } catch {
            if AgendaOfflineCopy.isConnectivity(error), let saved = await offlineCopy?.load(eventID) {
                event = saved.event
                sessions = saved.sessions
                rebuild(keepingDay: false, now: now)
                // NB: the moment this device saved the copy is the device's, not the venue's: on its own clock.
                let deviceClock = SessionTimeFormatter(timeZone: deviceTimeZone, locale: locale)
                offlineNotice = Strings.format("agenda.offline", deviceClock.moment(saved.savedAt))
            } else {
                banner = Banner(error)
            }
        }
    }

    /// Follows the person's own live stream while the page shows (until the task is cancelled, or the stream
    /// fails: the page keeps what it shows, and pulling reads it again): a seat given to them, or a place gained on
    /// a waitlist, by another person's leave or an organizer's import, shows without a reload. When the stream
    /// starts afresh the agenda is read again, quietly, for a change made before it started.
    public func follow() async {
        do {
            for try await change in client.inboxUpdates() {
                switch change {
                case .resync:
                    // NB: not over a tap on its way: its answer is newer than a read started before it landed.
                    guard !isBusy, let event, let fresh = try? await client.agenda(event.id), !isBusy else { continue }
                    sessions = fresh
                case .change(.seat(let result)):
                    guard let index = sessions.firstIndex(where: { $0.id == result.sessionID }) else { continue }
                    sessions[index].apply(result)
                case .change:
                    continue
                }
                rebuild(keepingDay: true)
                if offlineNotice == nil, let event { await offlineCopy?.save(event, sessions) }
            }
        } catch {
            // NB: the agenda is all there without the stream (signed out, offline, a server without it).
        }
    }

    /// A date tab was tapped.
    public func dayTapped(_ index: Int) {
        guard days.indices.contains(index) else { return }
        selectedDay = index
        rebuild(keepingDay: true)
    }

    /// The event / device time switch was flipped.
    public func timeZoneToggled() {
        // NB: the day shown stays shown, on the tab its sessions fall on in the other zone. Its midnight was kept
        // before, which in a zone behind the event's is the evening of the day before: a person reading the
        // second day who switched to device time was shown the first.
        let shown =
            shownSessions.first?.startsAt ?? (days.indices.contains(selectedDay) ? days[selectedDay].start : nil)
        timeZoneChoice = timeZoneChoice == .event ? .device : .event
        rebuild(keepingDay: false, now: shown)
    }

    /// The row's mark was tapped: attends, joins the waitlist of a full session (as the session page's
    /// "Join Waitlist" does), or leaves what the person attends or waits for. A clash is refused with a banner;
    /// leaving a full session or its waitlist asks first (``SeatsRule/leaveQuestion(for:)``).
    public func plusTapped(_ sessionID: String) async {
        guard let session = sessions.first(where: { $0.id == sessionID }) else { return }
        banner = nil
        // NB: the server refuses it; the row's mark is drawn disabled, and a tap that comes anyway says why.
        if session.hasEnded(at: now()) {
            banner = .failure(Strings.format("attend.refused.ended", session.title))
            return
        }
        let joins = [.notAttending, .full].contains(AgendaMark(session))
        if joins, let clash = SeatsRule.clash(for: session, in: sessions) {
            banner = .failure(Strings.format("attend.refused.overlap", clash.title))
            return
        }
        if let question = SeatsRule.leaveQuestion(for: session) {
            confirmation = question
            return
        }
        await toggle(sessionID)
    }

    /// The question's Leave was tapped: the seat (or the place on the waitlist) is given up.
    public func confirmTapped(_ sessionID: String) async {
        confirmation = nil
        await toggle(sessionID)
    }

    /// The question was dismissed (Cancel): the person keeps the seat or the place.
    public func confirmationDismissed() { confirmation = nil }

    /// Leaves a session attended or waitlisted, joins a full session's waitlist, attends any other.
    private func toggle(_ sessionID: String) async {
        guard let session = sessions.first(where: { $0.id == sessionID }) else { return }
        let mark = AgendaMark(session)
        // NB: found again by id once the answer lands: a reload meanwhile may have moved the session (a talk added
        // before it) or dropped it, and the answer went to whichever session then sat at its old place.
        func index() -> Int? { sessions.firstIndex { $0.id == sessionID } }
        let went = await whileBusy {
            let result =
                switch mark {
                case .attending, .waitlisted: try await client.leave(sessionID)
                case .full: try await client.attend(sessionID, AttendRequest(joinWaitlistIfFull: true))
                case .notAttending: try await client.attend(sessionID, AttendRequest())
                }
            if let index = index() { sessions[index].apply(result) }
            // NB: a seat given up can seat the person on a waitlist they are on at the same time (the server moves
            // it up in the same transaction). The row kept "Waitlist #1", and its mark, tapped, would then have
            // given up that seat as if it were a place in line: the agenda is read again to show it.
            if mark == .attending, let event, let left = index().map({ sessions[$0] }),
                sessions.contains(where: { $0.myAttendance == .waitlisted && $0.overlaps(left) }),
                let fresh = try? await client.agenda(event.id)
            {
                sessions = fresh
            }
        } failed: { error in
            guard let index = index() else { return }
            if let refusal = sessions[index].refusedFull(error) ?? sessions[index].refusedEnded(error) {
                banner = .failure(refusal)
            } else if let refusal = await sessions[index].refusedOverlapping(error, client: client) {
                banner = .failure(refusal)
            }
        }
        rebuild(keepingDay: true)
        // NB: the copy kept for offline use was the agenda as loaded: opened later without a connection, it showed
        // the seats taken here as not taken. Not over a copy that is itself shown offline (its time would lie).
        if went, offlineNotice == nil, let event { await offlineCopy?.save(event, sessions) }
    }

    private var formatter: SessionTimeFormatter? {
        event.map {
            SessionTimeFormatter(event: $0, choice: timeZoneChoice, deviceTimeZone: deviceTimeZone, locale: locale)
        }
    }

    private func rebuild(keepingDay: Bool, now: Date? = nil) {
        guard let event, let formatter else { return }
        days = AgendaCalendar.days(for: event, sessions: sessions, formatter: formatter)
        dayTabs = days.map(\.label)
        if !keepingDay {
            let calendar = formatter.calendar
            selectedDay =
                now.flatMap { moment in days.firstIndex { calendar.isDate($0.start, inSameDayAs: moment) } } ?? 0
        }
        selectedDay = min(selectedDay, max(0, days.count - 1))
        timeZoneLabel = Strings.format(
            timeZoneChoice == .event ? "timezone.event" : "timezone.device", formatter.zoneName)
        emptyMessage = days.isEmpty ? Strings.text("agenda.empty") : nil
        guard days.indices.contains(selectedDay) else {
            rows = []
            shownSessions = []
            return
        }
        shownSessions = AgendaCalendar.sessions(on: days[selectedDay], in: sessions, formatter: formatter)
        let moment = self.now()
        rows = shownSessions.map { session in
            AgendaRow(
                id: session.id, title: session.title, time: formatter.timeRange(session),
                place: [session.room, session.track].compactMap { $0 }.joined(separator: " · "),
                speakers: session.speakers.map(\.name).joined(separator: ", "),
                isHighlighted: session.isAttending,
                mark: AgendaMark(session),
                seatsMessage: SeatsRule.message(for: session, threshold: event.seatsThreshold),
                hasEnded: session.hasEnded(at: moment))
        }
    }
}
