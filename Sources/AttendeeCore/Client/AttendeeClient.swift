import APIClient
import AttendeeModels
import Foundation
import HTTPTypes

/// The Attendee API as a value: one closure per call, a `live` value over `APIClient`, test values in tests.
public struct AttendeeClient: Sendable {
    /// `POST /auth/signup`; the live value stores the token, and throws ``TooManySignIns`` for a 429.
    public var signUp: @Sendable (SignUpRequest) async throws -> AuthSession
    /// `POST /auth/signin`; the live value stores the token, and throws ``TooManySignIns`` for a 429.
    public var signIn: @Sendable (SignInRequest) async throws -> AuthSession
    /// `POST /auth/signout`; the live value forgets the token.
    public var signOut: @Sendable () async throws -> Void
    /// `GET /events`.
    public var events: @Sendable () async throws -> [Event]
    /// `GET /events/:eventID`.
    public var event: @Sendable (_ eventID: String) async throws -> EventDetails
    /// `POST /events/:eventID/registration`.
    public var register: @Sendable (_ eventID: String) async throws -> Registration
    /// `PUT /events/:eventID/registration/additional-info`.
    public var submitAdditionalInfo:
        @Sendable (_ eventID: String, AdditionalInfoSubmission) async throws -> Registration
    /// `GET /events/:eventID/agenda`.
    public var agenda: @Sendable (_ eventID: String) async throws -> [Session]
    /// `GET /events/:eventID/my-agenda`.
    public var myAgenda: @Sendable (_ eventID: String) async throws -> [Session]
    /// `GET /sessions/:sessionID`.
    public var session: @Sendable (_ sessionID: String) async throws -> Session
    /// `POST /sessions/:sessionID/attendance`.
    public var attend: @Sendable (_ sessionID: String, AttendRequest) async throws -> AttendanceResult
    /// `DELETE /sessions/:sessionID/attendance`.
    public var leave: @Sendable (_ sessionID: String) async throws -> AttendanceResult
    /// `GET /sessions/:sessionID/attendees`.
    public var sessionAttendees: @Sendable (_ sessionID: String) async throws -> [Person]
    /// `GET /events/:eventID/speakers`.
    public var speakers: @Sendable (_ eventID: String) async throws -> [Person]
    /// `GET /events/:eventID/speakers/:personID`: the speaker's sessions at that event only.
    public var speaker: @Sendable (_ eventID: String, _ personID: String) async throws -> SpeakerProfile
    /// `GET /events/:eventID/attendees?search=`.
    public var attendees: @Sendable (_ eventID: String, _ search: String?) async throws -> [Person]
    /// `GET /people/:personID`.
    public var person: @Sendable (_ personID: String) async throws -> Person
    /// `POST /events/:eventID/feedback`.
    public var eventFeedback: @Sendable (_ eventID: String, EventFeedback) async throws -> Void
    /// `POST /sessions/:sessionID/feedback`.
    public var sessionFeedback: @Sendable (_ sessionID: String, SessionFeedback) async throws -> Void
    /// `GET /me`.
    public var me: @Sendable () async throws -> MyProfile
    /// `PATCH /me`.
    public var updateMe: @Sendable (ProfileUpdate) async throws -> MyProfile
    /// `POST /import`.
    public var importProgramme: @Sendable (ConferenceProgramme) async throws -> ImportSummary
    /// `GET /events/:eventID/speakers/:speakerID/account` (the organizer's).
    public var speakerAccount: @Sendable (_ eventID: String, _ speakerID: String) async throws -> SpeakerAccount = {
        _, _ in throw callNotInTest
    }
    /// `PUT /events/:eventID/speakers/:speakerID/account`.
    public var linkSpeakerAccount:
        @Sendable (_ eventID: String, _ speakerID: String, SpeakerAccountLink) async throws -> SpeakerAccount = {
            _, _, _ in throw callNotInTest
        }
    /// `DELETE /events/:eventID/speakers/:speakerID/account`.
    public var unlinkSpeakerAccount: @Sendable (_ eventID: String, _ speakerID: String) async throws -> SpeakerAccount =
        { _, _ in throw callNotInTest }

    // MARK: Messages and notes (issue 13); set them on a value (`client.threads = { … }`), the live value sets all.
    /// `POST /events/:eventID/threads`: start a thread with a person (or get the existing one).
    public var startThread: @Sendable (_ eventID: String, _ personID: String) async throws -> MessageThread = {
        _, _ in throw callNotInTest
    }
    /// `GET /threads?eventID=`.
    public var threads: @Sendable (_ eventID: String?) async throws -> [MessageThread] = { _ in throw callNotInTest }
    /// `GET /threads/:threadID`.
    public var thread: @Sendable (_ threadID: String) async throws -> MessageThread = { _ in throw callNotInTest }
    /// `GET /threads/:threadID/messages?after=`.
    public var messages: @Sendable (_ threadID: String, _ after: String?) async throws -> MessagePage = { _, _ in
        throw callNotInTest
    }
    /// `GET /threads/:threadID/messages?before=`: the newest messages before a `previousCursor` (`nil`: the
    /// thread's newest).
    public var olderMessages: @Sendable (_ threadID: String, _ before: String?) async throws -> MessagePage = {
        _, _ in throw callNotInTest
    }
    /// `POST /threads/:threadID/messages` with the message's `Idempotency-Key` (the same for every retry of it).
    public var sendMessage:
        @Sendable (_ threadID: String, SendMessageRequest, _ idempotencyKey: String) async throws -> Message = {
            _, _, _ in throw callNotInTest
        }
    /// `PUT /threads/:threadID/read`.
    public var markRead: @Sendable (_ threadID: String, _ messageID: String) async throws -> MessageThread = {
        _, _ in throw callNotInTest
    }
    /// `GET /me/live`: the caller's inbox updates, as long as the caller listens (``LiveChange/resync`` when the
    /// stream starts afresh).
    public var inboxUpdates: @Sendable () -> LiveChanges<InboxUpdate> = {
        AsyncThrowingStream { $0.finish(throwing: callNotInTest) }
    }
    /// `GET /threads/:threadID/live`: the thread's new messages, as long as the caller listens
    /// (``LiveChange/resync`` when the stream starts afresh).
    public var threadUpdates: @Sendable (_ threadID: String) -> LiveChanges<InboxUpdate> = { _ in
        AsyncThrowingStream { $0.finish(throwing: callNotInTest) }
    }
    /// `GET /events/:eventID/notes?sessionID=`.
    public var notes: @Sendable (_ eventID: String, _ sessionID: String?) async throws -> [Note] = { _, _ in
        throw callNotInTest
    }
    /// `GET /notes/:noteID`.
    public var note: @Sendable (_ noteID: String) async throws -> Note = { _ in throw callNotInTest }
    /// `POST /events/:eventID/notes` with the draft's `Idempotency-Key` (the same for every retry of it).
    public var createNote: @Sendable (_ eventID: String, NoteDraft, _ idempotencyKey: String) async throws -> Note = {
        _, _, _ in throw callNotInTest
    }
    /// `PUT /notes/:noteID`.
    public var updateNote: @Sendable (_ noteID: String, NoteEdit) async throws -> Note = { _, _ in
        throw callNotInTest
    }
    /// `DELETE /notes/:noteID`.
    public var deleteNote: @Sendable (_ noteID: String) async throws -> Void = { _ in throw callNotInTest }
    /// `POST /events/:eventID/attachments?name=` with the image as the body: a picture for a wall post, discussion
    /// message, message or note, seen only where it is sent; with the pick's `Idempotency-Key` (the same for every
    /// retry of it).
    public var uploadAttachment:
        @Sendable (_ eventID: String, _ fileName: String, Data, _ idempotencyKey: String) async throws -> MediaFile = {
            _, _, _, _ in throw callNotInTest
        }
    // MARK: Wall and discussions

    /// `GET /events/:eventID/wall?cursor=&limit=`.
    public var wall: @Sendable (_ eventID: String, _ cursor: String?, _ limit: Int?) async throws -> WallPage
    /// `POST /events/:eventID/wall` with the post's `Idempotency-Key` (the same for every retry of it).
    public var postToWall: @Sendable (_ eventID: String, NewPost, _ idempotencyKey: String) async throws -> WallPost
    /// `DELETE /wall/:postID`.
    public var deletePost: @Sendable (_ postID: String) async throws -> Void
    /// `PUT /wall/:postID/like`.
    public var like: @Sendable (_ postID: String) async throws -> WallLikes
    /// `DELETE /wall/:postID/like`.
    public var unlike: @Sendable (_ postID: String) async throws -> WallLikes
    /// `POST /wall/:postID/replies` with the reply's `Idempotency-Key` (the same for every retry of it).
    public var reply: @Sendable (_ postID: String, NewWallReply, _ idempotencyKey: String) async throws -> WallReply
    /// `DELETE /wall-replies/:replyID`: what was deleted, with its post's reply version, or `nil` when the server
    /// did not say (one before reply versions answers 204).
    public var deleteReply: @Sendable (_ replyID: String) async throws -> WallDeletion?
    /// `GET /wall/:postID/replies?cursor=&limit=`: the replies before a post's latest, a page at a time.
    public var wallReplies:
        @Sendable (_ postID: String, _ cursor: String?, _ limit: Int?) async throws -> WallReplyPage = {
            _, _, _ in throw callNotInTest
        }
    /// The wall's changes from `GET /events/:eventID/live`, reconnecting as it drops (``LiveChange/resync`` when
    /// the stream starts afresh).
    public var wallUpdates: @Sendable (_ eventID: String) -> LiveChanges<WallUpdate>
    /// `GET /sessions/:sessionID/discussion?cursor=&limit=`.
    public var discussion:
        @Sendable (_ sessionID: String, _ cursor: String?, _ limit: Int?) async throws -> DiscussionPage
    /// `POST /sessions/:sessionID/discussion` with the message's `Idempotency-Key` (the same for every retry of it).
    public var postToDiscussion:
        @Sendable (_ sessionID: String, NewPost, _ idempotencyKey: String) async throws -> DiscussionMessage
    /// `DELETE /discussion-messages/:messageID`.
    public var deleteMessage: @Sendable (_ messageID: String) async throws -> Void
    /// The discussion's changes from `GET /sessions/:sessionID/discussion/live` (``LiveChange/resync`` when the
    /// stream starts afresh).
    public var discussionUpdates: @Sendable (_ sessionID: String) -> LiveChanges<DiscussionUpdate>
    // MARK: Polls and quizzes
    /// `GET /events/:eventID/polls`.
    public var polls: @Sendable (_ eventID: String) async throws -> [Poll]
    /// `GET /polls/:pollID`.
    public var poll: @Sendable (_ pollID: String) async throws -> Poll
    /// `POST /events/:eventID/polls` with the draft's `Idempotency-Key` (the same for every retry of it).
    public var createPoll: @Sendable (_ eventID: String, PollDraft, _ idempotencyKey: String) async throws -> Poll
    /// `POST /polls/:pollID/open`.
    public var openPoll: @Sendable (_ pollID: String) async throws -> Poll
    /// `POST /polls/:pollID/close`.
    public var closePoll: @Sendable (_ pollID: String) async throws -> Poll
    /// `PUT /polls/:pollID/answer`.
    public var answerPoll: @Sendable (_ pollID: String, PollAnswer) async throws -> Poll
    /// `PUT /polls/:pollID`: a draft rewritten.
    public var editPoll: @Sendable (_ pollID: String, PollEdit) async throws -> Poll = { _, _ in throw callNotInTest }
    /// `DELETE /polls/:pollID`: a draft or a closed poll deleted with its answers.
    public var deletePoll: @Sendable (_ pollID: String) async throws -> Void = { _ in throw callNotInTest }
    /// `GET /events/:eventID/live` (or `/sessions/:sessionID/live`): the live events, reconnecting with
    /// `Last-Event-ID` after a drop.
    public var live: @Sendable (LiveChannel) -> AsyncThrowingStream<ServerEvent, any Error>
    /// Raised when the server no longer takes the session token (by the live value; a test value never raises it).
    public var sessionEnd = SessionEndSignal()

    /// Creates a client from closures; every call not given fails with ``AttendeeClient/callNotInTest``.
    public init(
        signUp: @escaping @Sendable (SignUpRequest) async throws -> AuthSession = { _ in throw callNotInTest },
        signIn: @escaping @Sendable (SignInRequest) async throws -> AuthSession = { _ in throw callNotInTest },
        signOut: @escaping @Sendable () async throws -> Void = { throw callNotInTest },
        events: @escaping @Sendable () async throws -> [Event] = { throw callNotInTest },
        event: @escaping @Sendable (String) async throws -> EventDetails = { _ in throw callNotInTest },
        register: @escaping @Sendable (String) async throws -> Registration = { _ in throw callNotInTest },
        submitAdditionalInfo: @escaping @Sendable (String, AdditionalInfoSubmission) async throws -> Registration = {
            _, _ in throw callNotInTest
        },
        agenda: @escaping @Sendable (String) async throws -> [Session] = { _ in throw callNotInTest },
        myAgenda: @escaping @Sendable (String) async throws -> [Session] = { _ in throw callNotInTest },
        session: @escaping @Sendable (String) async throws -> Session = { _ in throw callNotInTest },
        attend: @escaping @Sendable (String, AttendRequest) async throws -> AttendanceResult = { _, _ in
            throw callNotInTest
        },
        leave: @escaping @Sendable (String) async throws -> AttendanceResult = { _ in throw callNotInTest },
        sessionAttendees: @escaping @Sendable (String) async throws -> [Person] = { _ in throw callNotInTest },
        speakers: @escaping @Sendable (String) async throws -> [Person] = { _ in throw callNotInTest },
        speaker: @escaping @Sendable (String, String) async throws -> SpeakerProfile = { _, _ in throw callNotInTest },
        attendees: @escaping @Sendable (String, String?) async throws -> [Person] = { _, _ in throw callNotInTest },
        person: @escaping @Sendable (String) async throws -> Person = { _ in throw callNotInTest },
        eventFeedback: @escaping @Sendable (String, EventFeedback) async throws -> Void = { _, _ in
            throw callNotInTest
        },
        sessionFeedback: @escaping @Sendable (String, SessionFeedback) async throws -> Void = { _, _ in
            throw callNotInTest
        },
        me: @escaping @Sendable () async throws -> MyProfile = { throw callNotInTest },
        updateMe: @escaping @Sendable (ProfileUpdate) async throws -> MyProfile = { _ in throw callNotInTest },
        importProgramme: @escaping @Sendable (ConferenceProgramme) async throws -> ImportSummary = { _ in
            throw callNotInTest
        },
        wall: @escaping @Sendable (String, String?, Int?) async throws -> WallPage = { _, _, _ in throw callNotInTest },
        postToWall: @escaping @Sendable (String, NewPost, String) async throws -> WallPost = { _, _, _ in
            throw callNotInTest
        },
        deletePost: @escaping @Sendable (String) async throws -> Void = { _ in throw callNotInTest },
        like: @escaping @Sendable (String) async throws -> WallLikes = { _ in throw callNotInTest },
        unlike: @escaping @Sendable (String) async throws -> WallLikes = { _ in throw callNotInTest },
        reply: @escaping @Sendable (String, NewWallReply, String) async throws -> WallReply = { _, _, _ in
            throw callNotInTest
        },
        deleteReply: @escaping @Sendable (String) async throws -> WallDeletion? = { _ in throw callNotInTest },
        wallUpdates: @escaping @Sendable (String) -> LiveChanges<WallUpdate> = { _ in
            AsyncThrowingStream { $0.finish() }
        },
        discussion: @escaping @Sendable (String, String?, Int?) async throws -> DiscussionPage = { _, _, _ in
            throw callNotInTest
        },
        postToDiscussion: @escaping @Sendable (String, NewPost, String) async throws -> DiscussionMessage = {
            _, _, _ in throw callNotInTest
        },
        deleteMessage: @escaping @Sendable (String) async throws -> Void = { _ in throw callNotInTest },
        discussionUpdates:
            @escaping @Sendable (String) -> LiveChanges<DiscussionUpdate> = { _ in
                AsyncThrowingStream { $0.finish() }
            },
        polls: @escaping @Sendable (String) async throws -> [Poll] = { _ in throw callNotInTest },
        poll: @escaping @Sendable (String) async throws -> Poll = { _ in throw callNotInTest },
        createPoll: @escaping @Sendable (String, PollDraft, String) async throws -> Poll = { _, _, _ in
            throw callNotInTest
        },
        openPoll: @escaping @Sendable (String) async throws -> Poll = { _ in throw callNotInTest },
        closePoll: @escaping @Sendable (String) async throws -> Poll = { _ in throw callNotInTest },
        answerPoll: @escaping @Sendable (String, PollAnswer) async throws -> Poll = { _, _ in throw callNotInTest },
        live: @escaping @Sendable (LiveChannel) -> AsyncThrowingStream<ServerEvent, any Error> = { _ in
            AsyncThrowingStream { $0.finish(throwing: callNotInTest) }
        }
    ) {
        self.signUp = signUp
        self.signIn = signIn
        self.signOut = signOut
        self.events = events
        self.event = event
        self.register = register
        self.submitAdditionalInfo = submitAdditionalInfo
        self.agenda = agenda
        self.myAgenda = myAgenda
        self.session = session
        self.attend = attend
        self.leave = leave
        self.sessionAttendees = sessionAttendees
        self.speakers = speakers
        self.speaker = speaker
        self.attendees = attendees
        self.person = person
        self.eventFeedback = eventFeedback
        self.sessionFeedback = sessionFeedback
        self.me = me
        self.updateMe = updateMe
        self.importProgramme = importProgramme
        self.wall = wall
        self.postToWall = postToWall
        self.deletePost = deletePost
        self.like = like
        self.unlike = unlike
        self.reply = reply
        self.deleteReply = deleteReply
        self.wallUpdates = wallUpdates
        self.discussion = discussion
        self.postToDiscussion = postToDiscussion
        self.deleteMessage = deleteMessage
        self.discussionUpdates = discussionUpdates
        self.polls = polls
        self.poll = poll
        self.createPoll = createPoll
        self.openPoll = openPoll
        self.closePoll = closePoll
        self.answerPoll = answerPoll
        self.live = live
    }

    /// What a test value throws for a call it did not expect.
    public static let callNotInTest = APIError.invalidRequest("This call is not part of the test.")

    /// A client whose every call fails with ``callNotInTest``: the starting point of a test that replaces only the
    /// calls it expects.
    public static var unimplemented: AttendeeClient { AttendeeClient() }
}

extension AttendeeClient {
    /// The real server, through `APIClient` (retries, error reporting, bearer token from `tokens`).
    ///
    /// A 401 answer while a token is kept means the server no longer takes it: the token is forgotten and
    /// `sessionEnd` raised (give the media client the same signal). Sign-up and sign-in are the exception: they
    /// send no token, and their 401 is the server's word on the password, thrown as it is, with the kept session
    /// left alone.
    public static func live(
        baseURL: URL, transport: HTTPTransport, tokens: TokenStore, sessionEnd: SessionEndSignal = SessionEndSignal()
    ) -> AttendeeClient {
        let api = APIClient.attendee(baseURL: baseURL, transport: transport, tokens: tokens, sessionEnd: sessionEnd)
        // NB: sign-up and sign-in go without the token: their 401 ("The e-mail or the password is not right.") is
        // about the password typed, not the session kept, which must survive a mistyped password.
        let anonymous = {
            var anonymous = api
            anonymous.tokenProvider = nil
            return anonymous
        }()
        @Sendable func get<T: Decodable & Sendable>(
            _ route: Route, _ values: String..., query: [URLQueryItem] = []
        )
            async throws -> T
        {
            try await api.send(Endpoint<T>(route, values, query: query, response: .json()))
        }
        @Sendable func send<T: Decodable & Sendable>(
            _ route: Route, _ values: [String], body: (any Encodable & Sendable)?, idempotencyKey: String? = nil
        ) async throws -> T {
            try await api.send(
                Endpoint<T>(
                    route, values, body: body.map { RequestBody.json($0) }, idempotencyKey: idempotencyKey,
                    response: .json()))
        }
        @Sendable func startSession<Body: Encodable & Sendable>(_ route: Route, _ body: Body) async throws
            -> AuthSession
        {
            let session = try await anonymous.send(
                Endpoint<AuthSession>(route, [], body: RequestBody.json(body), response: .json()))
            tokens.save(session.token)
            return session
        }
        @Sendable func sendVoid(_ route: Route, _ values: [String], body: (any Encodable & Sendable)?)
            async throws
        {
            try await api.send(Endpoint<Void>(route, values, body: body.map { RequestBody.json($0) }, response: .none))
        }
        var client = AttendeeClient(
            signUp: { request in
                do {
                    return try await startSession(AttendeeRoute.signUp, request)
                } catch {
                    throw TooManySignIns.reading(error)
                }
            },
            signIn: { request in
                do {
                    return try await startSession(AttendeeRoute.signIn, request)
                } catch {
                    throw TooManySignIns.reading(error)
                }
            },
            signOut: {
                defer { tokens.save(nil) }
                try await sendVoid(AttendeeRoute.signOut, [], body: nil)
            },
            events: { try await get(AttendeeRoute.events) },
            event: { try await get(AttendeeRoute.event, $0) },
            register: { try await send(AttendeeRoute.register, [$0], body: nil) },
            submitAdditionalInfo: { try await send(AttendeeRoute.additionalInfo, [$0], body: $1) },
            agenda: { try await get(AttendeeRoute.agenda, $0) },
            myAgenda: { try await get(AttendeeRoute.myAgenda, $0) },
            session: { try await get(AttendeeRoute.session, $0) },
            attend: { try await send(AttendeeRoute.attend, [$0], body: $1) },
            leave: { try await send(AttendeeRoute.leave, [$0], body: nil) },
            sessionAttendees: { try await get(AttendeeRoute.sessionAttendees, $0) },
            speakers: { try await get(AttendeeRoute.speakers, $0) },
            speaker: { try await get(AttendeeRoute.speaker, $0, $1) },
            attendees: { eventID, search in
                try await get(
                    AttendeeRoute.attendees, eventID,
                    query: search.map { [URLQueryItem(name: "search", value: $0)] } ?? [])
            },
            person: { try await get(AttendeeRoute.person, $0) },
            eventFeedback: { try await sendVoid(AttendeeRoute.eventFeedback, [$0], body: $1) },
            sessionFeedback: { try await sendVoid(AttendeeRoute.sessionFeedback, [$0], body: $1) },
            me: { try await get(AttendeeRoute.me) },
            updateMe: { try await send(AttendeeRoute.updateMe, [], body: $0) },
            importProgramme: { try await send(AttendeeRoute.importProgramme, [], body: $0) },
            wall: { eventID, cursor, limit in
                try await get(AttendeeRoute.wall, eventID, query: pageQuery(cursor, limit))
            },
            postToWall: { try await send(AttendeeRoute.wallPost, [$0], body: $1, idempotencyKey: $2) },
            deletePost: { try await sendVoid(AttendeeRoute.wallDelete, [$0], body: nil) },
            like: { try await send(AttendeeRoute.wallLike, [$0], body: nil) },
            unlike: { try await send(AttendeeRoute.wallUnlike, [$0], body: nil) },
            reply: { try await send(AttendeeRoute.wallReply, [$0], body: $1, idempotencyKey: $2) },
            deleteReply: { replyID in
                // NB: the reply is deleted whatever the body says: one that does not read (a 204) only has no version.
                let answer = ResponseDecoder<WallDeletion?> { data, decoder in
                    try? decoder.decode(WallDeletion.self, from: data)
                }
                return try await api.send(Endpoint(AttendeeRoute.wallReplyDelete, [replyID], response: answer))
            },
            wallUpdates: { eventID in
                updates(api.events(Endpoint<Void>(AttendeeRoute.eventLive, [eventID], response: .none))) {
                    WallUpdate(kind: $0.type, data: $0.data)
                }
            },
            discussion: { sessionID, cursor, limit in
                try await get(AttendeeRoute.discussion, sessionID, query: pageQuery(cursor, limit))
            },
            postToDiscussion: { try await send(AttendeeRoute.discussionPost, [$0], body: $1, idempotencyKey: $2) },
            deleteMessage: { try await sendVoid(AttendeeRoute.discussionDelete, [$0], body: nil) },
            discussionUpdates: { sessionID in
                updates(api.events(Endpoint<Void>(AttendeeRoute.discussionLive, [sessionID], response: .none))) {
                    DiscussionUpdate(kind: $0.type, data: $0.data)
                }
            },
            polls: { try await get(AttendeeRoute.polls, $0) },
            poll: { try await get(AttendeeRoute.poll, $0) },
            createPoll: { try await send(AttendeeRoute.createPoll, [$0], body: $1, idempotencyKey: $2) },
            openPoll: { try await send(AttendeeRoute.openPoll, [$0], body: nil) },
            closePoll: { try await send(AttendeeRoute.closePoll, [$0], body: nil) },
            answerPoll: { try await send(AttendeeRoute.answerPoll, [$0], body: $1) },
            live: { channel in
                let endpoint =
                    switch channel {
                    case .event(let id): Endpoint<Void>(AttendeeRoute.eventLive, [id], response: .none)
                    case .session(let id): Endpoint<Void>(AttendeeRoute.sessionLive, [id], response: .none)
                    }
                return api.events(endpoint)
            })
        client.useInbox(api)
        client.useSpeakerAccounts(api)
        client.editPoll = { try await send(AttendeeRoute.editPoll, [$0], body: $1) }
        client.deletePoll = { try await sendVoid(AttendeeRoute.deletePoll, [$0], body: nil) }
        client.sessionEnd = sessionEnd
        client.wallReplies = { postID, cursor, limit in
            try await get(AttendeeRoute.wallReplies, postID, query: pageQuery(cursor, limit))
        }
        return client
    }

    /// The `cursor` and `limit` query items of a page request.
    static func pageQuery(_ cursor: String?, _ limit: Int?) -> [URLQueryItem] {
        (cursor.map { [URLQueryItem(name: "cursor", value: $0)] } ?? [])
            + (limit.map { [URLQueryItem(name: "limit", value: String($0))] } ?? [])
    }
}

/// Which live stream to follow: an event's (its polls and the dashboard card) or a session's (its polls).
public enum LiveChannel: Sendable, Hashable {
    /// `GET /events/:eventID/live`.
    case event(String)
    /// `GET /sessions/:sessionID/live`.
    case session(String)
}

/// Where the session token lives between launches: a file for the command line, the keychain on a phone.
public typealias TokenStore = CredentialStore<String>

/// How a failed call reads on screen.
public enum AttendeeFailure {
    /// The sentence for the banner: the client layer's words for a failure of the network or a bare status, the
    /// server's own for a refusal it explained (``APIError/message(for:)``).
    public static func message(_ error: any Error) -> String { APIError.message(for: error) }

    /// The problem `type` of a refused call, to tell "full" from "overlapping" from "already given".
    public static func refusal(_ error: any Error) -> AttendanceRefusal? {
        guard case .http(_, let problem?, _)? = error as? APIError, let type = problem.type else { return nil }
        return AttendanceRefusal(rawValue: type)
    }

    /// The HTTP status of a refused call.
    public static func status(_ error: any Error) -> Int? { (error as? APIError)?.status }

    /// Runs a delete the person confirmed; a 404 (deleted already: by their own earlier tap, on another device,
    /// or by someone else) counts as done, as the person wanted it gone. Any other failure is thrown.
    @MainActor static func deleting(_ delete: () async throws -> Void) async throws {
        do {
            try await delete()
        } catch  where status(error) == 404 {
            return
        }
    }
}

extension APIClient {
    /// The Attendee server as both live clients reach it: its JSON coding, and the bearer token from `tokens`.
    static func attendee(
        baseURL: URL, transport: HTTPTransport, tokens: TokenStore, sessionEnd: SessionEndSignal
    ) -> APIClient {
        APIClient(
            baseURL: baseURL, transport: transport, decoder: AttendeeCoding.decoder(),
            encoder: AttendeeCoding.encoder(),
            tokenProvider: TokenProvider(
                // NB: no token is not an error here: browsing the programme needs no account, and the server
                // answers 401 where one is needed (which then ends in `signedOut`).
                credentials: { tokens.load().map { ["Authorization": "Bearer \($0)"] } ?? [:] },
                refresh: {
                    // NB: a 401 while a token is kept: the server no longer takes it. Forgotten here, so the
                    // next launch does not offer it again, and the app told once (a second 401 finds no token).
                    await sessionEnd.credentialRefused(tokens)
                    throw APIError.signedOut
                }))
    }
}
