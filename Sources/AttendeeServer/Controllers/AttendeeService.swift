import AttendeeModels
import Database
import Foundation
import HTTPServer
import HTTPTypes
import PublicInit
import TokenVerifier

/// The Attendee backend: accounts, events, agenda and seats, feedback and people under `/attendee/v1`.
///
/// ```swift
/// var migrator = Migrator()
/// AttendeeService.registerMigrations(in: &migrator)
/// try await migrator.migrate(database)
/// let attendee = try AttendeeService(database: database, configuration: .init())
/// try await attendee.loadSeedIfNeeded()
/// attendee.register(on: &router)
/// openAPI.add(AttendeeService.operations)
/// ```
public struct AttendeeService: Sendable {
    /// What the service can be told.
    @PublicInit
    public struct Configuration: Sendable {
        /// Hashes passwords for storage (lower its cost only in tests).
        public var passwordHasher: PasswordHasher = PasswordHasher()
        /// How long a session token stays valid.
        public var tokenLifetime: TimeInterval = 30 * 24 * 3600
        /// The clock.
        public var now: @Sendable () -> Date = { Date() }
        /// The clock the programme's time rules read (a seat changes until its session ends, feedback opens at the
        /// start, nobody new registers once the event is over) and seed loading reads (a seed whose event is over
        /// moves to the future); `nil` is ``now``. Tests pin it to a moment of the demo event without moving the
        /// clock tokens, share links and media sweeps keep.
        public var eventNow: (@Sendable () -> Date)?
        /// A folder of `ConferenceProgramme` JSON files loaded on first start; `nil` uses the bundled demo.
        public var seedDirectory: URL?
        /// How long an encoded anonymous agenda may be reused (0 turns the cache off); writes in this process
        /// invalidate it at once.
        public var agendaCacheLifetime: TimeInterval = 1
        /// Where uploaded documents and photos live (`<data-dir>/media`); `nil` uses a temporary folder that goes
        /// with the service (tests, in-memory databases).
        public var mediaDirectory: URL?
        /// The server's public address, for share links (`https://quartet.example`); `nil` uses the request's
        /// `Host` over `http`.
        public var publicBaseURL: URL?
        /// How many sign-ins may fail for one e-mail, and sign-ups for taken e-mails be made from one client
        /// address, and for how long they count (5 in 15 minutes).
        public var signInThrottle: SignInThrottle = SignInThrottle()
        /// The proxies whose forwarded-for header names a sign-up's client address (none: the peer's address).
        public var trustedProxies: TrustedProxies = .none
        /// The key that signs share links (``TokenVerifier/LinkSigner``; `quartet serve` keeps it in the data
        /// directory, so links outlive a restart and every instance sharing the folder signs alike); `nil` uses a
        /// random key that goes with the service (tests, in-memory databases).
        public var shareLinkKey: Data?
        /// How long a share link opens without signing in.
        public var shareLinkLifetime: TimeInterval = 7 * 24 * 3600
        /// How often a live stream with nothing to send asks whether its token and its person's membership still
        /// let it listen (an event is never sent without asking); one that may not is ended.
        public var liveAccessRecheck: Duration = .seconds(30)
    }

    let store: AttendeeStore
    let configuration: Configuration
    let agendaCache: AgendaCache
    /// Sends committed changes to this instance's open event streams.
    let live: LiveHub

    /// Sends the live events another instance committed (their outbox sequences, as its notifications name
    /// them) to this instance's open streams.
    public func liveEventsReceived(sequences: [Int64]) async throws {
        try await live.received(sequences: sequences)
    }

    /// Sends what was committed since the last live event this instance sent (after the notification
    /// listener lost its connection, when notifications may have been missed).
    public func liveEventsCatchUp() async throws {
        try await live.catchUp()
    }

    /// The PostgreSQL channel the outbox notifies with each committed event's sequence.
    public static let liveChannel = LiveOutbox.channel
    /// A hash of no one's password, verified when an e-mail is unknown so that sign-in takes as long either way.
    let decoyHash: String
    /// Uploaded documents and photos: their rows and their folder.
    let media: MediaStore
    /// Signs and checks share links.
    let linkSigner: LinkSigner

    /// Creates the service over a migrated database.
    public init(database: any SQLDatabase, configuration: Configuration = Configuration()) throws {
        self.store = AttendeeStore(
            database: database, now: configuration.now, eventNow: configuration.eventNow ?? configuration.now)
        self.configuration = configuration
        self.agendaCache = AgendaCache(lifetime: configuration.agendaCacheLifetime)
        self.live = LiveHub(database: database, accessRecheck: configuration.liveAccessRecheck)
        self.decoyHash = try configuration.passwordHasher.hash(UUID().uuidString)
        self.media = MediaStore(
            database: database,
            folder: try configuration.mediaDirectory.map { try MediaFolder($0) } ?? MediaFolder.temporary(),
            now: configuration.now)
        self.linkSigner = LinkSigner(key: try configuration.shareLinkKey ?? LinkSigner.generateKey())
    }

    /// Adds the Attendee tables to a migrator.
    public static func registerMigrations(in migrator: inout Migrator) {
        AttendeeSchema.register(in: &migrator)
    }

    /// Loads every seed programme whose event is not in the database yet; returns how many were loaded.
    ///
    /// A programme whose event is already over (on ``Configuration/eventNow``) is loaded moved forward by the
    /// fewest whole weeks that make it end in the future (``ConferenceProgramme/movedToEnd(after:)``), so the
    /// demo conference is never a read-only one that is over; a programme still to come is loaded as it is.
    @discardableResult
    public func loadSeedIfNeeded() async throws -> Int {
        guard let directory = configuration.seedDirectory ?? Bundle.module.url(forResource: "Seed", withExtension: nil)
        else { return 0 }
        let files = try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "json" }.sorted { $0.lastPathComponent < $1.lastPathComponent }
        var loaded = 0
        for file in files {
            let programme = try AttendeeCoding.decoder().decode(ConferenceProgramme.self, from: Data(contentsOf: file))
                .movedToEnd(after: store.eventNow())
            if try await store.hasEvent(externalID: programme.event.externalID) { continue }
            _ = try await store.importProgramme(programme, organizerID: nil)
            agendaCache.invalidate()
            loaded += 1
        }
        return loaded
    }

    /// Registers every route of ``operations`` on `router`.
    public func register(on router: inout Router) {
        for (route, handler) in handlers {
            // NB: a programme is read whole, up to its own limit; every other route reads a form's JSON.
            let limit = route == AttendeeRoute.importProgramme ? ConferenceProgramme.maximumBodySize : nil
            router.on(route, bodyLimit: limit, handler)
        }
        // Media: uploads take their bodies as they arrive, so they register themselves.
        MediaController(service: self).register(on: &router)
    }

    var handlers: [(Route, Handler)] {
        let accounts = AccountController(service: self)
        let events = EventController(service: self)
        let sessions = SessionController(service: self)
        let people = PeopleController(service: self)
        let live = LiveController(service: self)
        let wall = WallController(service: self)
        let polls = PollController(service: self)
        return [
            (AttendeeRoute.signUp, accounts.signUp), (AttendeeRoute.signIn, accounts.signIn),
            (AttendeeRoute.signOut, accounts.signOut),
            (AttendeeRoute.me, people.me), (AttendeeRoute.updateMe, people.updateMe),
            (AttendeeRoute.events, events.list), (AttendeeRoute.event, events.details),
            (AttendeeRoute.register, events.register),
            (AttendeeRoute.additionalInfo, events.additionalInfo), (AttendeeRoute.agenda, events.agenda),
            (AttendeeRoute.myAgenda, events.myAgenda),
            (AttendeeRoute.speakers, people.speakers), (AttendeeRoute.attendees, people.attendees),
            (AttendeeRoute.eventFeedback, events.feedback),
            (AttendeeRoute.session, sessions.details), (AttendeeRoute.sessionPage, sessions.page),
            (AttendeeRoute.attend, sessions.attend),
            (AttendeeRoute.leave, sessions.leave),
            (AttendeeRoute.sessionAttendees, sessions.attendees), (AttendeeRoute.sessionFeedback, sessions.feedback),
            (AttendeeRoute.speaker, people.speaker), (AttendeeRoute.person, people.person),
            (AttendeeRoute.importProgramme, events.importProgramme),
            (AttendeeRoute.eventLive, live.event),
            (AttendeeRoute.wall, wall.page), (AttendeeRoute.wallPost, wall.post),
            (AttendeeRoute.wallDelete, wall.delete), (AttendeeRoute.wallLike, wall.like),
            (AttendeeRoute.wallUnlike, wall.unlike), (AttendeeRoute.wallReply, wall.reply),
            (AttendeeRoute.wallReplies, wall.replies),
            (AttendeeRoute.wallReplyDelete, wall.deleteReply),
            (AttendeeRoute.discussion, wall.discussion), (AttendeeRoute.discussionPost, wall.discussionPost),
            (AttendeeRoute.discussionDelete, wall.discussionDelete),
            (AttendeeRoute.discussionLive, wall.discussionLive),
            // Polls and quizzes
            (AttendeeRoute.polls, polls.list), (AttendeeRoute.createPoll, polls.create),
            (AttendeeRoute.poll, polls.details), (AttendeeRoute.editPoll, polls.edit),
            (AttendeeRoute.deletePoll, polls.delete), (AttendeeRoute.openPoll, polls.open),
            (AttendeeRoute.closePoll, polls.close), (AttendeeRoute.answerPoll, polls.answer),
            (AttendeeRoute.sessionLive, polls.sessionLive),
        ] + inboxHandlers + speakerAccountHandlers
    }
}
