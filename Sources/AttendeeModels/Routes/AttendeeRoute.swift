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
    /// `GET`: a session's page for people (HTML), the link the share sheet and the calendar entry carry: it opens
    /// in any browser, signed in or not.
    public static let sessionPage = Route(.get, "/sessions/:sessionID")
    /// `POST`: take a seat (or join the waitlist).
    public static let attend = Route(.post, prefix + "/sessions/:sessionID/attendance", authenticated: true)
    /// `DELETE`: give the seat back (or leave the waitlist).
    public static let leave = Route(.delete, prefix + "/sessions/:sessionID/attendance", authenticated: true)
    /// `GET`: who attends a session.
    public static let sessionAttendees = Route(.get, prefix + "/sessions/:sessionID/attendees", authenticated: true)
    /// `POST`: feedback on a session and its speakers, once.
    public static let sessionFeedback = Route(.post, prefix + "/sessions/:sessionID/feedback", authenticated: true)
    /// `GET`: a speaker of the event and their sessions there (404 for someone who speaks at none of them).
    public static let speaker = Route(.get, prefix + "/events/:eventID/speakers/:personID")
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

    // MARK: Messages and notes (issue 13)
    /// `POST`: start a thread with an attendee of the event; answers the existing one when there is one.
    public static let startThread = Route(.post, prefix + "/events/:eventID/threads", authenticated: true)
    /// `GET`: the caller's threads, newest activity first, with previews and unread counts; `?eventID=` filters.
    public static let threads = Route(.get, prefix + "/threads", authenticated: true)
    /// `GET`: one of the caller's threads.
    public static let thread = Route(.get, prefix + "/threads/:threadID", authenticated: true)
    /// `GET`: a thread's messages, oldest first; `?after=` a message id, `?limit=` up to 200.
    public static let messages = Route(.get, prefix + "/threads/:threadID/messages", authenticated: true)
    /// `POST`: send a message.
    public static let sendMessage = Route(.post, prefix + "/threads/:threadID/messages", authenticated: true)
    /// `PUT`: mark the thread read up to a message.
    public static let markRead = Route(.put, prefix + "/threads/:threadID/read", authenticated: true)
    /// `GET`: a thread's new messages as Server-Sent Events, for its two participants.
    public static let threadLive = Route(.get, prefix + "/threads/:threadID/live", authenticated: true)
    /// `GET`: the caller's inbox updates as Server-Sent Events (new messages in any thread, read marks).
    public static let meLive = Route(.get, prefix + "/me/live", authenticated: true)
    /// `GET`: the caller's notes at an event; `?sessionID=` keeps one session's.
    public static let notes = Route(.get, prefix + "/events/:eventID/notes", authenticated: true)
    /// `POST`: write a note at an event, about a session or the event.
    public static let createNote = Route(.post, prefix + "/events/:eventID/notes", authenticated: true)
    /// `GET`: one of the caller's notes.
    public static let note = Route(.get, prefix + "/notes/:noteID", authenticated: true)
    /// `PUT`: edit a note, naming the version edited (409 when it changed since).
    public static let updateNote = Route(.put, prefix + "/notes/:noteID", authenticated: true)
    /// `DELETE`: delete a note.
    public static let deleteNote = Route(.delete, prefix + "/notes/:noteID", authenticated: true)
    /// The messages and notes routes.
    public static let inbox: [Route] = [
        startThread, threads, thread, messages, sendMessage, markRead, threadLive, meLive, notes, createNote, note,
        updateNote, deleteNote,
    ]

    // MARK: Wall and discussions (issue 13)

    /// `GET`: a page of the event's wall, newest first (`?cursor=`, `?limit=`).
    public static let wall = Route(.get, prefix + "/events/:eventID/wall", authenticated: true)
    /// `POST`: post on the event's wall.
    public static let wallPost = Route(.post, prefix + "/events/:eventID/wall", authenticated: true)
    /// `DELETE`: delete a wall post (its author or the organizer).
    public static let wallDelete = Route(.delete, prefix + "/wall/:postID", authenticated: true)
    /// `PUT`: like a wall post (liking twice is one like).
    public static let wallLike = Route(.put, prefix + "/wall/:postID/like", authenticated: true)
    /// `DELETE`: take a like back.
    public static let wallUnlike = Route(.delete, prefix + "/wall/:postID/like", authenticated: true)
    /// `POST`: reply to a wall post.
    public static let wallReply = Route(.post, prefix + "/wall/:postID/replies", authenticated: true)
    /// `GET`: a page of a wall post's replies, going back from `?cursor=` (`?limit=`).
    public static let wallReplies = Route(.get, prefix + "/wall/:postID/replies", authenticated: true)
    /// `DELETE`: delete a reply (its author or the organizer).
    public static let wallReplyDelete = Route(.delete, prefix + "/wall-replies/:replyID", authenticated: true)
    /// `GET`: a page of a session's discussion, newest first (`?cursor=`, `?limit=`).
    public static let discussion = Route(.get, prefix + "/sessions/:sessionID/discussion", authenticated: true)
    /// `POST`: write in a session's discussion.
    public static let discussionPost = Route(.post, prefix + "/sessions/:sessionID/discussion", authenticated: true)
    /// `DELETE`: delete a discussion message (its author or the organizer).
    public static let discussionDelete = Route(
        .delete, prefix + "/discussion-messages/:messageID", authenticated: true)
    /// `GET`: a session discussion's live updates as Server-Sent Events, for members of its event.
    public static let discussionLive = Route(
        .get, prefix + "/sessions/:sessionID/discussion/live", authenticated: true)

    /// The wall and discussion routes.
    public static let wallAndDiscussions: [Route] = [
        wall, wallPost, wallDelete, wallLike, wallUnlike, wallReply, wallReplies, wallReplyDelete,
        discussion, discussionPost, discussionDelete, discussionLive,
    ]

    // MARK: Media (documents and gallery)

    /// `GET`: the Documentation page (`?sessionID=` for one session's), for the event's members.
    public static let documents = Route(.get, prefix + "/events/:eventID/documents", authenticated: true)
    /// `POST` (raw body, `?purpose=pre-read|post-read|material&name=&sessionID=`): add a document; the session's
    /// speakers and the organizer.
    public static let addDocument = Route(.post, prefix + "/events/:eventID/documents", authenticated: true)
    /// `GET`: the event's gallery, newest first, for its members.
    public static let gallery = Route(.get, prefix + "/events/:eventID/gallery", authenticated: true)
    /// `POST` (raw body, `?name=`): add a photo to the gallery, for the event's members.
    public static let uploadPhoto = Route(.post, prefix + "/events/:eventID/gallery", authenticated: true)
    /// `POST` (raw body, `?name=`): upload a picture to attach to a wall post, discussion message, message or
    /// note of the event; never listed, readable only where it is used.
    public static let uploadAttachment = Route(.post, prefix + "/events/:eventID/attachments", authenticated: true)
    /// `GET`: download a file (`Range`, `ETag`, `If-None-Match`, `If-Range`).
    public static let media = Route(.get, prefix + "/media/:mediaID", authenticated: true)
    /// `GET`: a JPEG thumbnail of an image.
    public static let mediaThumbnail = Route(.get, prefix + "/media/:mediaID/thumbnail", authenticated: true)
    /// `GET`: a link to send: the absolute URL of the download.
    public static let mediaShare = Route(.get, prefix + "/media/:mediaID/share", authenticated: true)
    /// `DELETE`: remove a file (its uploader, the session's speakers for documents, the organizer).
    public static let removeMedia = Route(.delete, prefix + "/media/:mediaID", authenticated: true)

    /// The documents and gallery routes.
    public static let mediaRoutes: [Route] = [
        documents, addDocument, gallery, uploadPhoto, uploadAttachment, media, mediaThumbnail, mediaShare, removeMedia,
    ]

    // MARK: Polls and quizzes
    /// `GET`: the event's polls and quizzes (and its sessions'), drafts for their managers only.
    public static let polls = Route(.get, prefix + "/events/:eventID/polls", authenticated: true)
    /// `POST`: create a poll or quiz as a draft (organizers; speakers for their own sessions).
    public static let createPoll = Route(.post, prefix + "/events/:eventID/polls", authenticated: true)
    /// `GET`: one poll with the caller's answer (and, once a quiz is closed, the scores).
    public static let poll = Route(.get, prefix + "/polls/:pollID", authenticated: true)
    /// `PUT`: edit a draft (its kind, choice, questions and options; a quiz's correct ones), as its creators may.
    public static let editPoll = Route(.put, prefix + "/polls/:pollID", authenticated: true)
    /// `DELETE`: delete a draft or a closed poll with its answers (an open one is closed first).
    public static let deletePoll = Route(.delete, prefix + "/polls/:pollID", authenticated: true)
    /// `POST`: open a drafted poll for answers.
    public static let openPoll = Route(.post, prefix + "/polls/:pollID/open", authenticated: true)
    /// `POST`: close an open poll; answers become final.
    public static let closePoll = Route(.post, prefix + "/polls/:pollID/close", authenticated: true)
    /// `PUT`: answer an open poll, or change the answer while it stays open.
    public static let answerPoll = Route(.put, prefix + "/polls/:pollID/answer", authenticated: true)
    /// `GET`: a session's live updates as Server-Sent Events (its polls).
    public static let sessionLive = Route(.get, prefix + "/sessions/:sessionID/live", authenticated: true)

    /// The poll and quiz routes.
    public static let pollRoutes: [Route] = [
        polls, createPoll, poll, editPoll, deletePoll, openPoll, closePoll, answerPoll, sessionLive,
    ]

    /// Every route, for the server's registration check.
    public static let all: [Route] =
        [
            signUp, signIn, signOut, events, event, register, additionalInfo, agenda, myAgenda, speakers, attendees,
            eventFeedback, session, sessionPage, attend, leave, sessionAttendees, sessionFeedback, speaker, person, me,
            updateMe,
            importProgramme, eventLive,
        ] + inbox + wallAndDiscussions + mediaRoutes + pollRoutes + speakerAccountRoutes
}
