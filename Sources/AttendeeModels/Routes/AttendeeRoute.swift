/// One route of the Attendee API, written once: the server registers ``pattern`` and the app fills it in.
///
/// ```swift
/// router.on(HTTPMethod(rawValue: AttendeeRoute.session.method), AttendeeRoute.session.pattern) { … }
/// let path = AttendeeRoute.session.path("s-42")   // ["attendee", "v1", "sessions", "s-42"]
/// ```
public struct AttendeeRoute: Sendable, Hashable, CustomStringConvertible {
    /// The method token (`GET`).
    public var method: String
    /// The router pattern with `:name` parameters (`/attendee/v1/sessions/:sessionID`).
    public var pattern: String
    /// Whether the route needs `Authorization: Bearer <token>`.
    public var requiresAuthentication: Bool

    init(_ method: String, _ pattern: String, authenticated: Bool = false) {
        self.method = method
        self.pattern = AttendeeRoute.prefix + pattern
        self.requiresAuthentication = authenticated
    }

    /// The prefix every route shares.
    public static let prefix = "/attendee/v1"

    /// The path segments with each `:parameter` replaced, in order, by `values`.
    public func path(_ values: String...) -> [String] {
        var remaining = values[...]
        return pattern.split(separator: "/").map { part in
            guard part.hasPrefix(":") else { return String(part) }
            return remaining.popFirst() ?? ""
        }
    }

    /// `GET /attendee/v1/…`, for logs.
    public var description: String { "\(method) \(pattern)" }

    /// `POST`: create an account.
    public static let signUp = AttendeeRoute("POST", "/auth/signup")
    /// `POST`: sign in.
    public static let signIn = AttendeeRoute("POST", "/auth/signin")
    /// `POST`: end the current session token.
    public static let signOut = AttendeeRoute("POST", "/auth/signout", authenticated: true)
    /// `GET`: every event.
    public static let events = AttendeeRoute("GET", "/events")
    /// `GET`: one event with the caller's registration.
    public static let event = AttendeeRoute("GET", "/events/:eventID")
    /// `POST`: register for an event.
    public static let register = AttendeeRoute("POST", "/events/:eventID/registration", authenticated: true)
    /// `PUT`: answer the Additional Info step (or choose "later").
    public static let additionalInfo = AttendeeRoute(
        "PUT", "/events/:eventID/registration/additional-info", authenticated: true)
    /// `GET`: the programme, by start time.
    public static let agenda = AttendeeRoute("GET", "/events/:eventID/agenda")
    /// `GET`: the caller's sessions at an event, in order.
    public static let myAgenda = AttendeeRoute("GET", "/events/:eventID/my-agenda", authenticated: true)
    /// `GET`: the event's speakers.
    public static let speakers = AttendeeRoute("GET", "/events/:eventID/speakers")
    /// `GET`: the event's attendees, `?search=` filtering name, company and title.
    public static let attendees = AttendeeRoute("GET", "/events/:eventID/attendees", authenticated: true)
    /// `POST`: feedback on the event, once.
    public static let eventFeedback = AttendeeRoute("POST", "/events/:eventID/feedback", authenticated: true)
    /// `GET`: one session.
    public static let session = AttendeeRoute("GET", "/sessions/:sessionID")
    /// `POST`: take a seat (or join the waitlist).
    public static let attend = AttendeeRoute("POST", "/sessions/:sessionID/attendance", authenticated: true)
    /// `DELETE`: give the seat back (or leave the waitlist).
    public static let leave = AttendeeRoute("DELETE", "/sessions/:sessionID/attendance", authenticated: true)
    /// `GET`: who attends a session.
    public static let sessionAttendees = AttendeeRoute(
        "GET", "/sessions/:sessionID/attendees", authenticated: true)
    /// `POST`: feedback on a session and its speakers, once.
    public static let sessionFeedback = AttendeeRoute("POST", "/sessions/:sessionID/feedback", authenticated: true)
    /// `GET`: a speaker and their sessions.
    public static let speaker = AttendeeRoute("GET", "/speakers/:personID")
    /// `GET`: an attendee's public profile.
    public static let person = AttendeeRoute("GET", "/people/:personID", authenticated: true)
    /// `GET`: the caller's profile.
    public static let me = AttendeeRoute("GET", "/me", authenticated: true)
    /// `PATCH`: edit the caller's profile.
    public static let updateMe = AttendeeRoute("PATCH", "/me", authenticated: true)
    /// `POST`: load a programme (creates or updates by external ids).
    public static let importProgramme = AttendeeRoute("POST", "/import", authenticated: true)

    /// Every route, for the server's registration check.
    public static let all: [AttendeeRoute] = [
        signUp, signIn, signOut, events, event, register, additionalInfo, agenda, myAgenda, speakers, attendees,
        eventFeedback, session, attend, leave, sessionAttendees, sessionFeedback, speaker, person, me, updateMe,
        importProgramme,
    ]
}
