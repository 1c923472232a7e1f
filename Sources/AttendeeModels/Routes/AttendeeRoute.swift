import HTTPTypes

/// The routes of the Attendee API, written once: the server registers them and the app fills them in.
///
/// ```swift
/// router.on(AttendeeRoute.session) { … }
/// let path = AttendeeRoute.session.path("s-42")   // ["attendee", "v1", "sessions", "s-42"]
/// ```
public enum AttendeeRoute {
    /// The prefix every route shares.
    public static let prefix = "/attendee/v1"

    /// `POST`: create an account.
    public static let signUp = Route(.post, prefix + "/auth/signup")
    /// `POST`: sign in.
    public static let signIn = Route(.post, prefix + "/auth/signin")
    /// `POST`: end the current session token.
    public static let signOut = Route(.post, prefix + "/auth/signout", authenticated: true)
    /// `GET`: every event.
    public static let events = Route(.get, prefix + "/events")
    /// `GET`: one event with the caller's registration.
    public static let event = Route(.get, prefix + "/events/:eventID")
    /// `POST`: register for an event.
    public static let register = Route(.post, prefix + "/events/:eventID/registration", authenticated: true)
    /// `PUT`: answer the Additional Info step (or choose "later").
    public static let additionalInfo = Route(
        .put, prefix + "/events/:eventID/registration/additional-info", authenticated: true)
    /// `GET`: the programme, by start time.
    public static let agenda = Route(.get, prefix + "/events/:eventID/agenda")
    /// `GET`: the caller's sessions at an event, in order.
    public static let myAgenda = Route(.get, prefix + "/events/:eventID/my-agenda", authenticated: true)
    /// `GET`: the event's speakers.
    public static let speakers = Route(.get, prefix + "/events/:eventID/speakers")
    /// `GET`: the event's attendees, `?search=` filtering name, company and title.
    public static let attendees = Route(.get, prefix + "/events/:eventID/attendees", authenticated: true)
    /// `POST`: feedback on the event, once.
    public static let eventFeedback = Route(.post, prefix + "/events/:eventID/feedback", authenticated: true)
    /// `GET`: one session.
    public static let session = Route(.get, prefix + "/sessions/:sessionID")
    /// `POST`: take a seat (or join the waitlist).
    public static let attend = Route(.post, prefix + "/sessions/:sessionID/attendance", authenticated: true)
    /// `DELETE`: give the seat back (or leave the waitlist).
    public static let leave = Route(.delete, prefix + "/sessions/:sessionID/attendance", authenticated: true)
    /// `GET`: who attends a session.
    public static let sessionAttendees = Route(.get, prefix + "/sessions/:sessionID/attendees", authenticated: true)
    /// `POST`: feedback on a session and its speakers, once.
    public static let sessionFeedback = Route(.post, prefix + "/sessions/:sessionID/feedback", authenticated: true)
    /// `GET`: a speaker and their sessions.
    public static let speaker = Route(.get, prefix + "/speakers/:personID")
    /// `GET`: an attendee's public profile.
    public static let person = Route(.get, prefix + "/people/:personID", authenticated: true)
    /// `GET`: the caller's profile.
    public static let me = Route(.get, prefix + "/me", authenticated: true)
    /// `PATCH`: edit the caller's profile.
    public static let updateMe = Route(.patch, prefix + "/me", authenticated: true)
    /// `POST`: load a programme (creates or updates by external ids).
    public static let importProgramme = Route(.post, prefix + "/import", authenticated: true)

    /// `GET`: the event's live updates as Server-Sent Events (polls, the wall), for its attendees and organizers.
    public static let eventLive = Route(.get, prefix + "/events/:eventID/live", authenticated: true)

    // MARK: Polls and quizzes
    /// `GET`: the event's polls and quizzes (and its sessions'), drafts for their managers only.
    public static let polls = Route(.get, prefix + "/events/:eventID/polls", authenticated: true)
    /// `POST`: create a poll or quiz as a draft (organizers; speakers for their own sessions).
    public static let createPoll = Route(.post, prefix + "/events/:eventID/polls", authenticated: true)
    /// `GET`: one poll with the caller's answer (and, once a quiz is closed, the scores).
    public static let poll = Route(.get, prefix + "/polls/:pollID", authenticated: true)
    /// `POST`: open a drafted poll for answers.
    public static let openPoll = Route(.post, prefix + "/polls/:pollID/open", authenticated: true)
    /// `POST`: close an open poll; answers become final.
    public static let closePoll = Route(.post, prefix + "/polls/:pollID/close", authenticated: true)
    /// `PUT`: answer an open poll, or change the answer while it stays open.
    public static let answerPoll = Route(.put, prefix + "/polls/:pollID/answer", authenticated: true)
    /// `GET`: a session's live updates as Server-Sent Events (its polls).
    public static let sessionLive = Route(.get, prefix + "/sessions/:sessionID/live", authenticated: true)

    /// Every route, for the server's registration check.
    public static let all: [Route] = [
        signUp, signIn, signOut, events, event, register, additionalInfo, agenda, myAgenda, speakers, attendees,
        eventFeedback, session, attend, leave, sessionAttendees, sessionFeedback, speaker, person, me, updateMe,
        importProgramme, eventLive,
        polls, createPoll, poll, openPoll, closePoll, answerPoll, sessionLive,
    ]
}
