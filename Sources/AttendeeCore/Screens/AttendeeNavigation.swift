import APIClient
import AttendeeModels
import Foundation
import Localization
import Observation

/// A page of the Attendee app, pushed on its one navigation stack.
public enum AttendeeDestination: Hashable, Sendable {
    /// An event's dashboard.
    case dashboard(eventID: String)
    /// The agenda of an event.
    case agenda(eventID: String)
    /// The person's own agenda of an event.
    case myAgenda(eventID: String)
    /// Everyone attending an event, with search.
    case attendees(eventID: String)
    /// The speakers of an event.
    case speakers(eventID: String)
    /// Feedback on the event: `given` when the person gave it already, `registered` whether they are registered
    /// (only they may give it), `opensAt` the event's start (feedback opens then; `nil` before the dashboard
    /// loaded it), as the dashboard last read them.
    case eventFeedback(eventID: String, given: Bool, registered: Bool, opensAt: Date?)
    /// Feedback on a session and its speakers.
    case sessionFeedback(sessionID: String, speakers: [PersonReference])
    /// A session's details; `title` is the session's as the row that opened it showed it, to name the page
    /// while it loads (and when it cannot: offline).
    case session(id: String, title: String = "")
    /// Where the venue (or a session's room) is.
    case location(SessionLocation)
    /// The person's profile.
    case profile
    // Messages and My Notes (issue 13).
    /// The caller's message threads at an event.
    case messages(eventID: String)
    /// One conversation; `name` is the other person's as the threads list showed it, to name the page while it
    /// loads (and when it cannot: offline).
    case conversation(threadID: String, name: String = "")
    /// My Notes at an event, all or one session's.
    case notes(eventID: String, sessionID: String?)
    /// A new note (`note` is `nil`) or the edit of one.
    case noteEditor(eventID: String, sessionID: String?, note: Note?)
    /// An event's wall.
    case wall(eventID: String)
    /// A session's discussion.
    case discussion(sessionID: String)
    /// The Documentation page of an event, or of one of its sessions.
    case documents(eventID: String, sessionID: String? = nil)
    /// The photos of an event.
    case gallery(eventID: String)
    // Polls and quizzes
    /// An event's polls and quizzes.
    case polls(eventID: String)
    /// A poll or quiz (from the list, or the dashboard's live-poll card).
    case poll(id: String)

    /// The page's navigation title, where the page has a fixed one.
    public var title: String? {
        switch self {
        case .dashboard, .session: nil
        case .agenda: DashboardLink.agenda.title
        case .myAgenda: DashboardLink.myAgenda.title
        case .attendees: DashboardLink.attendees.title
        case .speakers: DashboardLink.speakers.title
        case .eventFeedback, .sessionFeedback: Strings.text("screen.feedback")
        case .location(let location): location.title
        case .profile: Strings.text("screen.profile")
        case .messages: DashboardLink.messages.title
        case .notes: DashboardLink.notes.title
        case .conversation, .noteEditor, .poll: nil
        case .wall: DashboardLink.wall.title
        case .discussion: Strings.text("discussion.title")
        case .documents: Strings.text("screen.documents")
        case .gallery: Strings.text("screen.gallery")
        case .polls: DashboardLink.polls.title
        }
    }
}

extension DashboardLink {
    /// Where the link goes from the dashboard of `eventID`; the location page needs the venue, so it is `nil`
    /// until the dashboard has loaded. Feedback opens knowing whether it was `feedbackGiven`, whether the person
    /// is `registered`, and when the event starts (`eventStartsAt`, `nil` until loaded).
    public func destination(
        eventID: String, location: SessionLocation?, feedbackGiven: Bool, registered: Bool,
        eventStartsAt: Date? = nil
    ) -> AttendeeDestination? {
        switch self {
        case .attendees: .attendees(eventID: eventID)
        case .agenda: .agenda(eventID: eventID)
        case .speakers: .speakers(eventID: eventID)
        case .myAgenda: .myAgenda(eventID: eventID)
        case .feedback:
            .eventFeedback(eventID: eventID, given: feedbackGiven, registered: registered, opensAt: eventStartsAt)
        case .location: location.map { .location($0) }
        case .messages: .messages(eventID: eventID)
        case .notes: .notes(eventID: eventID, sessionID: nil)
        case .wall: .wall(eventID: eventID)
        case .polls: .polls(eventID: eventID)
        case .documents: .documents(eventID: eventID)
        case .gallery: .gallery(eventID: eventID)
        }
    }
}

/// One event in the list: name, dates in the event's zone, venue.
public struct EventRow: Sendable, Hashable, Identifiable {
    /// The event's id.
    public var id: String
    /// Its name.
    public var name: String
    /// `10–11 Mar 2027`, in the event's zone.
    public var dates: String
    /// The venue's name.
    public var venue: String
}

/// The events list, the app's first page once signed in.
@Observable @MainActor
public final class EventsModel: BusyScreen {
    /// The events, soonest first.
    public private(set) var rows: [EventRow] = []
    /// The events behind the rows, in their order.
    public private(set) var events: [Event] = []
    /// What the list says when there is nothing to show.
    public private(set) var emptyMessage: String?
    /// Whether a call is in flight.
    public var isBusy: Bool { busy }
    /// The calls on their way, which ``isBusy`` counts.
    var calls = CallsInFlight()
    /// Why the last call failed, if it did.
    public internal(set) var banner: Banner?

    private let client: AttendeeClient
    private let locale: Locale

    /// Creates the model over a client; an event's dates are written as `locale` writes them.
    public init(client: AttendeeClient, locale: Locale = .current) {
        self.client = client
        self.locale = locale
    }

    /// The list appeared, or was pulled down.
    public func appeared() async {
        await whileBusy {
            events = try await client.events().sorted { $0.startsAt < $1.startsAt }
            rows = events.map { event in
                let formatter = SessionTimeFormatter(
                    event: event, choice: .event, deviceTimeZone: .current, locale: locale)
                return EventRow(
                    id: event.id, name: event.name, dates: formatter.dateSpan(from: event.startsAt, to: event.endsAt),
                    venue: event.venue.name)
            }
            emptyMessage = rows.isEmpty ? Strings.text("events.empty") : nil
        }
    }
}

/// The whole Attendee app: who is signed in, the page stack, and the screen models the pages need.
@Observable @MainActor
public final class AttendeeAppModel {
    /// The pages pushed over the first one (the account page, or the events once signed in).
    public var path: [AttendeeDestination] = []
    /// Sign in and sign up.
    public let account: AccountModel
    /// The events list.
    public let events: EventsModel

    /// The client every screen uses.
    public let client: AttendeeClient
    /// Where the agenda keeps a copy for reading offline.
    public let offlineCopy: AgendaOfflineCopy?
    /// The base of the links a share sheet offers.
    public let shareBaseURL: URL
    /// How every page writes dates and times: the device's locale in the app, a pinned one in tests.
    public let locale: Locale
    /// The clock the pages read whether a session or the event has started or ended: the device's in the app, a
    /// moment of a test's event in tests.
    public let now: @Sendable () -> Date

    /// Creates the app over its dependencies; `mediaClient` serves the Documentation page, the gallery and every
    /// picture (a test value fails every call).
    public init(
        client: AttendeeClient, mediaClient: AttendeeMediaClient = AttendeeMediaClient(),
        offlineCopy: AgendaOfflineCopy? = nil, shareBaseURL: URL, locale: Locale = .current,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.client = client
        self.locale = locale
        self.now = now
        self.mediaClient = mediaClient
        pictures = MediaPictures(client: mediaClient)
        self.offlineCopy = offlineCopy
        self.shareBaseURL = shareBaseURL
        account = AccountModel(client: client, offlineCopy: offlineCopy)
        events = EventsModel(client: client, locale: locale)
        client.sessionEnd.listen { [weak self] in self?.sessionEnded() }
    }

    /// Whether the events (and not the account page) are the first page.
    public var isSignedIn: Bool { account.isSignedIn }

    /// The app started: a session kept from last time is checked with the server.
    public func launched() async {
        await account.restore()
    }

    /// The server no longer takes the session: back to the account page, which says so.
    func sessionEnded() {
        path = []
        account.sessionEnded()
    }

    /// Signed out: back to the account page.
    public func signOutTapped() async {
        await account.signOutTapped()
        path = []
    }

    // MARK: - The models of the pages

    /// The dashboard of an event, named as the events list names it until it loads.
    public func dashboard(_ eventID: String) -> EventDetailsModel {
        EventDetailsModel(
            client: client, eventID: eventID, name: events.rows.first { $0.id == eventID }?.name ?? "", locale: locale,
            now: now)
    }
    /// The agenda, with its offline copy.
    public func agenda() -> AgendaModel {
        AgendaModel(client: client, offlineCopy: offlineCopy, locale: locale, now: now)
    }
    /// The person's agenda of an event.
    public func myAgenda(_ eventID: String) -> MyAgendaModel {
        MyAgendaModel(client: client, eventID: eventID, shareBaseURL: shareBaseURL, locale: locale)
    }
    /// The attendees of an event.
    public func attendees(_ eventID: String) -> AttendeesModel {
        AttendeesModel(client: client, eventID: eventID, personID: account.profile?.person.id, locale: locale)
    }
    /// The speakers of an event.
    public func speakers(_ eventID: String) -> SpeakersModel {
        SpeakersModel(client: client, eventID: eventID, locale: locale)
    }
    /// A session's details, with the app's share links, for the person signed in, named `title` (as the row that
    /// opened it showed it) until it loads.
    public func session(title: String = "") -> SessionDetailsModel {
        SessionDetailsModel(
            client: client, shareBaseURL: shareBaseURL, personID: account.profile?.person.id, title: title,
            locale: locale, now: now)
    }
    /// The person's profile.
    public func profile() -> ProfileModel { ProfileModel(client: client) }
    /// The polls and quizzes of an event.
    public func polls(_ eventID: String) -> PollListModel { PollListModel(client: client, eventID: eventID) }
    /// A poll or quiz, live.
    public func poll(_ id: String) -> LivePollModel {
        LivePollModel(client: client, pollID: id, personID: account.profile?.person.id)
    }

    /// Feedback on the event or a session: `alreadyGiven` keeps the form closed, and so does not being
    /// `registered` for the event (its page says to register first), or `opensAt` still ahead on the app's clock
    /// (its page says when feedback opens).
    public func feedback(
        _ target: FeedbackModel.Target, alreadyGiven: Bool = false, registered: Bool = true, opensAt: Date? = nil
    ) -> FeedbackModel {
        FeedbackModel(
            client: client, target: target, alreadyGiven: alreadyGiven, registered: registered, opensAt: opensAt,
            now: now)
    }

    // MARK: Media (documents and gallery)

    /// The documents, gallery and picture calls.
    public let mediaClient: AttendeeMediaClient
    /// The pictures every page draws, fetched once for the whole app (the views read them from the environment).
    public let pictures: MediaPictures
    /// The Documentation page of an event, or of one of its sessions.
    public func documents(_ eventID: String, sessionID: String? = nil) -> DocumentsModel {
        DocumentsModel(client: mediaClient, eventID: eventID, sessionID: sessionID)
    }
    /// The gallery of an event.
    public func gallery(_ eventID: String) -> GalleryModel { GalleryModel(client: mediaClient, eventID: eventID) }
}
