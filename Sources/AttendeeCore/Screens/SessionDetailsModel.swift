import AttendeeModels
import Foundation
import Localization
import Observation

/// The states of the session details screen.
public enum SessionDetailsState: String, Sendable, Hashable {
    case notAttended
    /// A breakout or workshop with fewer free seats than the event's threshold.
    case fewSeatsLeft
    case attended
    /// Attended and rated: the feedback button is disabled.
    case attendedFeedbackGiven
    case waitlisted
    case full
}

/// Whether a session page's feedback button opens the feedback page and, when it does not, why.
public enum SessionFeedbackAccess: Sendable, Hashable {
    /// Attended, started and not rated yet: "Give Feedback" opens the page.
    case open
    /// Rated already: the button says "Feedback Given".
    case given
    /// Attended, and not started yet: feedback opens when it starts.
    case notStarted
    /// Not attended (or only waitlisted): only the session's attendees rate it.
    case attendFirst
    /// The person is one of its speakers: its audience rates it.
    case ownSession

    /// The line under the button: why it is disabled; `nil` when it works, or once feedback is given (its title
    /// says so).
    public var hint: String? {
        switch self {
        case .open, .given: nil
        case .notStarted: Strings.text("feedback.notStarted.session")
        case .attendFirst: Strings.text("feedback.attendFirst")
        case .ownSession: Strings.text("feedback.ownSession")
        }
    }

    /// Why the feedback page does not open, in the screen's words (`You already gave feedback.`); `nil` when it
    /// does.
    public var reason: String? { self == .given ? Strings.text("feedback.already") : hint }
}

/// The location page: the venue the dashboard's Location link opens, or a session's room that "Get Directions"
/// opens.
public struct SessionLocation: Sendable, Hashable {
    /// The room.
    public var room: String
    /// The venue.
    public var venue: String
    /// The address.
    public var address: String
    /// `38.6981, -9.1936`, when known.
    public var coordinates: String?
    /// Latitude, for the map.
    public var latitude: Double?
    /// Longitude, for the map.
    public var longitude: Double?

    /// The page's title: `Venue` for the event's (the dashboard's Location link), `Session Location` for a
    /// session's room (its Get directions).
    public var title: String { Strings.text(room.isEmpty ? "screen.venue" : "screen.location") }

    /// How many degrees of latitude and longitude the location page's map shows around the venue: a few streets.
    public static let mapSpan = 0.01

    /// Directions to the venue in Maps (`https://maps.apple.com/?daddr=38.6981,-9.1936`): to its coordinates when
    /// known, else to its address; `nil` with neither.
    public var directionsURL: URL? {
        let destination: String
        if let latitude, let longitude {
            // NB: as the calendar file writes them: `\(0.00005)` is `5e-05`, which Maps does not read as degrees.
            destination = "\(CalendarFile.float(latitude)),\(CalendarFile.float(longitude))"
        } else if !address.isEmpty {
            destination = address
        } else {
            return nil
        }
        var components = URLComponents()
        components.scheme = "https"
        components.host = "maps.apple.com"
        components.path = "/"
        components.queryItems = [URLQueryItem(name: "daddr", value: destination)]
        return components.url
    }

    /// The page for a room of a venue.
    init(venue: Venue, room: String) {
        self.room = room
        self.venue = venue.name
        self.address = venue.address
        self.latitude = venue.latitude
        self.longitude = venue.longitude
        if let latitude = venue.latitude, let longitude = venue.longitude {
            coordinates = String(format: "%.4f, %.4f", latitude, longitude)
        }
    }
}

/// Session details: its state, attend / leave, share (text, link, `.ics`), directions, attendees, feedback.
@Observable @MainActor
public final class SessionDetailsModel: BusyScreen {
    /// The title shown.
    public private(set) var title = ""
    /// The time shown.
    public private(set) var time = ""
    /// Room and venue.
    public private(set) var place = ""
    /// `Workshop · Mobile Ops`: the kind of session, and its track when the event has tracks.
    public private(set) var kindAndTrack = ""
    /// The abstract.
    public private(set) var abstract = ""
    /// The speakers.
    public private(set) var speakers: [PersonReference] = []
    /// The screen's state.
    public private(set) var state: SessionDetailsState = .notAttended
    /// The state in words.
    public private(set) var stateLabel = ""
    /// "# seats available" or "Full", when shown.
    public private(set) var seatsMessage: String?
    /// "Attend", "Leave" or "Join Waitlist".
    public private(set) var attendButtonTitle = ""
    /// Whether the attend button works: not once the session has ended (its seats no longer change).
    public private(set) var isAttendEnabled = false
    /// Why the attend button is disabled, under it: `This session has ended.`; `nil` while it works.
    public private(set) var attendHint: String?
    /// Whether the feedback button opens the feedback page, and why not when it does not.
    public private(set) var feedbackAccess: SessionFeedbackAccess = .attendFirst
    /// Whether the feedback button works (only when attended, started and not yet rated).
    public var isFeedbackEnabled: Bool { feedbackAccess == .open }
    /// "Give Feedback" or "Feedback Given".
    public private(set) var feedbackButtonTitle = ""
    /// Why "Give Feedback" is disabled, under it: only the session's attendees rate it (the server refuses
    /// anyone else); `nil` when it works, or once feedback is given (its title says so).
    public var feedbackHint: String? { feedbackAccess.hint }
    /// Whether a call is in flight (the screen shows a spinner).
    public var isBusy: Bool { busy }
    /// The calls on their way, which ``isBusy`` counts.
    var calls = CallsInFlight()
    /// Why the last call failed, if it did.
    public internal(set) var banner: Banner?
    /// The question asked before leaving a full session or its waitlist (its action is the session's id).
    public private(set) var confirmation: Confirmation<String>?
    /// The navigation stack above this screen: the location page or the attendee list; `nil` when on top.
    public private(set) var location: SessionLocation?
    /// The session's attendees, while that page is open.
    public private(set) var attendees: [Person]?

    private let client: AttendeeClient
    private let shareBaseURL: URL
    private let filesFolder: ShareFolder
    /// The session as last loaded.
    public private(set) var session: Session?
    /// Whether the session has loaded: until it has (still loading, or offline) the page shows its title and why
    /// there is nothing more, not empty rows and buttons that have nothing to act on.
    public var isLoaded: Bool { session != nil }
    private(set) var event: Event?
    private var formatter: SessionTimeFormatter?
    private let locale: Locale
    private let now: @Sendable () -> Date
    private let personID: String?

    /// Creates the model over a client for the person `personID` (`nil` when not known: signed out, or not yet
    /// loaded), named `title` until the session loads (the title the row that opened it showed); times are
    /// written as `locale` writes them, and whether the session has started or ended is read on `now`.
    public init(
        client: AttendeeClient, shareBaseURL: URL, filesFolder: URL? = nil, personID: String? = nil,
        title: String = "", locale: Locale = .current, now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.title = title
        self.client = client
        self.personID = personID
        self.shareBaseURL = shareBaseURL
        self.filesFolder = ShareFolder(filesFolder ?? ShareFolder.temporary)
        self.locale = locale
        self.now = now
    }

    /// The screen appeared: loads what it shows.
    public func appeared(sessionID: String, choice: TimeZoneChoice = .event, deviceTimeZone: TimeZone = .current)
        async
    {
        await whileBusy {
            let session = try await client.session(sessionID)
            let event = try await client.event(session.eventID).event
            self.event = event
            formatter = SessionTimeFormatter(
                event: event, choice: choice, deviceTimeZone: deviceTimeZone, locale: locale)
            show(session)
            // NB: without the file the calendar button is not shown; the session itself is still there. Each
            // session's file has a folder of its own: titles repeat ("Lunch", a lab run twice), and a page opened
            // over another of the same title overwrote the file the first page's button shares.
            let folder = ShareFolder(
                filesFolder.url.appendingPathComponent(ShareFolder.safeName(session.id), isDirectory: true))
            calendarFile = try? folder.write(
                Data((calendarEntry(stamp: Date()) ?? "").utf8), named: session.title + ".ics")
        }
    }

    /// Follows the person's own live stream while the page shows (until the task is cancelled, or the stream
    /// fails: the page keeps what it shows, and pulling reads it again): the seat they waited for given to them, or
    /// a place gained on the waitlist, shows without a reload. When the stream starts afresh the session is read
    /// again, quietly, for a change made before it started.
    public func follow() async {
        do {
            for try await change in client.inboxUpdates() {
                guard var session else { continue }
                switch change {
                case .resync:
                    // NB: not over a tap on its way: its answer is newer than a read started before it landed.
                    guard !isBusy, let fresh = try? await client.session(session.id), !isBusy else { continue }
                    session = fresh
                case .change(.seat(let result)) where result.sessionID == session.id:
                    session.apply(result)
                case .change:
                    continue
                }
                show(session)
            }
        } catch {
            // NB: the page is all there without the stream (signed out, offline, a server without it).
        }
    }

    /// Attend (or Join waitlist) was tapped.
    public func attendTapped() async {
        guard let session else { return }
        await change {
            try await self.client.attend(session.id, AttendRequest(joinWaitlistIfFull: self.state == .full))
        }
    }

    /// Leave was tapped: a seat of a full session, or a place on the waitlist, is given up only once the
    /// person confirms; any other seat goes at once.
    public func leaveTapped() async {
        guard let session else { return }
        if let question = SeatsRule.leaveQuestion(for: session) {
            confirmation = question
            return
        }
        await change { try await self.client.leave(session.id) }
    }

    /// The question's Leave was tapped: the seat (or the place on the waitlist) is given up.
    public func confirmTapped(_ sessionID: String) async {
        confirmation = nil
        guard session?.id == sessionID else { return }
        await change { try await self.client.leave(sessionID) }
    }

    /// The question was dismissed (Cancel): the person keeps the seat or the place.
    public func confirmationDismissed() { confirmation = nil }

    /// The attend button was tapped: it attends, or leaves a session attended or waitlisted.
    public func attendButtonTapped() async {
        switch state {
        case .attended, .attendedFeedbackGiven, .waitlisted: await leaveTapped()
        default: await attendTapped()
        }
    }

    /// The speakers of the session, for its feedback page.
    public var feedbackDestination: AttendeeDestination? {
        guard isFeedbackEnabled, let session else { return nil }
        return .sessionFeedback(sessionID: session.id, speakers: session.speakers)
    }

    /// "Get Directions" was tapped: opens the location page.
    public func directionsTapped() {
        guard let event, let session else { return }
        location = SessionLocation(venue: event.venue, room: session.room ?? "")
    }

    /// The attendees link was tapped: opens the list.
    public func attendeesTapped() async {
        guard let session else { return }
        do {
            attendees = try await client.sessionAttendees(session.id)
        } catch {
            banner = Banner(error)
        }
    }

    /// Back from the location page or the attendee list.
    public func backTapped() {
        if attendees != nil { attendees = nil } else { location = nil }
    }

    /// The share sheet's text: title, time and place.
    public var shareText: String {
        Strings.format("share.text", title, time, place)
    }

    /// The session's link: its page on the server (``AttendeeRoute/sessionPage``), which any browser opens.
    public var shareURL: URL? {
        session.map { Self.pageURL(of: $0, base: shareBaseURL) }
    }

    nonisolated static func pageURL(of session: Session, base: URL) -> URL {
        AttendeeRoute.sessionPage.path(session.id).reduce(base) { $0.appendingPathComponent($1) }
    }

    /// The session's `.ics` file for the calendar button, once it has loaded.
    public private(set) var calendarFile: URL?
    /// The calendar button's title.
    public var calendarTitle: String { Strings.text("session.calendar") }

    /// The session's `.ics` calendar entry.
    public func calendarEntry(stamp: Date) -> String? {
        guard let event, let session else { return nil }
        let base = shareBaseURL
        return CalendarFile(
            event: event, sessions: [session], times: .zoned,
            sessionURL: { Self.pageURL(of: $0, base: base) }
        ).text(stamp: stamp)
    }

    private func change(_ call: @escaping @MainActor () async throws -> AttendanceResult) async {
        guard var session else { return }
        // NB: the button is disabled then; a tap that comes anyway (the command line's) says why, as the server would.
        guard !session.hasEnded(at: now()) else {
            banner = .failure(Strings.format("attend.refused.ended", session.title))
            return
        }
        await whileBusy {
            session.apply(try await call())
        } failed: { error in
            if let refusal = session.refusedFull(error) ?? session.refusedEnded(error) {
                banner = .failure(refusal)
            } else if let refusal = await session.refusedOverlapping(error, client: client) {
                banner = .failure(refusal)
            }
        }
        show(session)
    }

    private func show(_ session: Session) {
        self.session = session
        guard let event, let formatter else { return }
        title = session.title
        time = formatter.dayAndTime(session)
        place = [session.room, event.venue.name].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ", ")
        kindAndTrack = ([Strings.text("session.kind." + session.kind.rawValue)] + [session.track].compactMap { $0 })
            .joined(separator: " · ")
        abstract = session.abstract
        speakers = session.speakers
        seatsMessage = SeatsRule.message(for: session, threshold: event.seatsThreshold)
        switch session.myAttendance {
        case .attending:
            state = session.feedbackGiven ? .attendedFeedbackGiven : .attended
        case .waitlisted:
            state = .waitlisted
        case .cancelled, nil:
            if session.seatsAvailable == 0 {
                state = .full
            } else if SeatsRule.hasFewSeats(session, threshold: event.seatsThreshold) {
                state = .fewSeatsLeft
            } else {
                state = .notAttended
            }
        }
        let stateKey =
            switch state {
            // NB: few seats left is said once, by the seats line ("3 seats available"), as is Full.
            case .notAttended, .fewSeatsLeft, .full: "session.state.notAttended"
            case .attended: "session.state.attended"
            case .attendedFeedbackGiven: "session.state.feedbackGiven"
            case .waitlisted: "session.state.waitlisted"
            }
        stateLabel = Strings.text(stateKey)
        let buttonKey =
            switch state {
            case .attended, .attendedFeedbackGiven, .waitlisted: "leave.button"
            case .full: "waitlist.button"
            case .notAttended, .fewSeatsLeft: "attend.button"
            }
        attendButtonTitle = Strings.text(buttonKey)
        // NB: the server refuses a seat taken or given back once the session is over, and feedback before it
        // starts: neither is offered then (the server's clock has the last word, and the banner says its refusal).
        let moment = now()
        let ended = session.hasEnded(at: moment)
        isAttendEnabled = !ended
        attendHint = ended ? Strings.text("session.ended") : nil
        let started = session.startsAt <= moment
        let speaks = personID.map { id in session.speakers.contains { $0.id == id } } ?? false
        feedbackAccess =
            switch state {
            case .attendedFeedbackGiven: .given
            // NB: a speaker may take a seat in their own session; the server refuses their rating of it.
            case .attended where speaks: .ownSession
            case .attended: started ? .open : .notStarted
            case .notAttended, .fewSeatsLeft, .full, .waitlisted: speaks ? .ownSession : .attendFirst
            }
        feedbackButtonTitle = Strings.text(state == .attendedFeedbackGiven ? "feedback.given" : "feedback.button")
    }
}
