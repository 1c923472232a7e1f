import AttendeeModels
import Database
import Foundation
import HTTPServer

/// One change that live clients are told about, as it is stored and sent.
struct LiveEvent: Sendable, Equatable {
    /// The position in the outbox: increasing, and the SSE `id` a reconnecting client sends back.
    let sequence: Int64
    /// The topic's stored key (``LiveTopic/key``).
    let topic: String
    /// The SSE event type, e.g. `wall.post` or `poll.results`.
    let kind: String
    /// The JSON payload.
    let data: String
    /// Who among the topic's listeners may hear it; `nil` for all of them (``LiveAudience``).
    let audience: LiveAudience?
    /// The event as it goes on the wire (the sequence as `id`, the kind as `event`, the JSON as `data`),
    /// encoded once: every stream the hub sends it to sends these bytes.
    let serverSentEvent: ServerSentEvent.Encoded

    init(sequence: Int64, topic: String, kind: String, data: String, audience: LiveAudience? = nil) {
        self.sequence = sequence
        self.topic = topic
        self.kind = kind
        self.data = data
        self.audience = audience
        self.serverSentEvent = ServerSentEvent.Encoded(ServerSentEvent(id: String(sequence), event: kind, data: data))
    }
}

/// The live-event outbox: a change and its live event are written in one transaction, so a client is told
/// of every acknowledged write and of nothing that was rolled back.
///
/// ```swift
/// let event = try await database.write { db in
///     try db.execute("INSERT INTO attendee_wall_post …")
///     return try LiveOutbox.append(.event(eventID), kind: "wall.post", payload: post, db)
/// }
/// service.live.publish(event)
/// ```
///
/// On PostgreSQL, `append` also queues `pg_notify` on ``channel`` with the sequence; PostgreSQL delivers it
/// when the transaction commits, which is how the other instances hear of the change.
enum LiveOutbox {
    /// The PostgreSQL notification channel.
    static let channel = "attendee_live"
    /// How long events are kept for clients that reconnect with `Last-Event-ID`.
    static let retention: TimeInterval = 24 * 3600
    /// The most events one reconnect replays; a client further behind reloads instead.
    static let replayLimit = 1_000

    /// Stores a live event inside the caller's transaction and answers it with its sequence; with an `audience`,
    /// only those of the topic's listeners in it hear it (live, replayed or relayed alike).
    static func append(
        _ topic: LiveTopic, kind: String, payload: some Encodable, audience: LiveAudience? = nil, now: Date = Date(),
        _ db: any DatabaseConnection
    ) throws -> LiveEvent {
        let data = String(decoding: try AttendeeCoding.encoder().encode(payload), as: UTF8.self)
        let createdAt = Int64(now.timeIntervalSince1970)
        let sequence: Int64?
        if db.dialect == .postgres {
            let insert: SQL = """
                INSERT INTO attendee_live_event (topic, kind, data, audience, created_at)
                VALUES (\(topic.key), \(kind), \(data), \(audience?.stored), \(createdAt)) RETURNING sequence
                """
            try takeTurn(db)
            // NB: the notification goes in the insert's statement, so an event costs the two statements it did.
            sequence = try db.fetchValue(
                Int64.self, "WITH e AS (\(insert)) SELECT sequence, pg_notify(\(channel), sequence::text) FROM e")
        } else {
            // NB: SQLite numbers a row after the largest row left, so once the cleanup pruned every event it would
            // hand out numbers already sent (a stream's hub drops them as heard, a client resuming after one is
            // told it is up to date). The number goes on from the newest ever, pruned or not; one writer at a time
            // makes reading it here safe.
            sequence = try db.fetchValue(
                Int64.self,
                """
                INSERT INTO attendee_live_event (sequence, topic, kind, data, audience, created_at)
                VALUES (
                    (SELECT MAX(pruned_through, (SELECT COALESCE(MAX(sequence), 0) FROM attendee_live_event)) + 1
                        FROM attendee_live_pruned WHERE id = 1),
                    \(topic.key), \(kind), \(data), \(audience?.stored), \(createdAt))
                RETURNING sequence
                """)
        }
        guard let sequence else {
            throw DatabaseError(.other, code: "live", message: "the outbox returned no sequence")
        }
        return LiveEvent(sequence: sequence, topic: topic.key, kind: kind, data: data, audience: audience)
    }

    /// Makes the caller's transaction the only one between taking an outbox sequence and committing, so
    /// sequences commit in order: a reader that sees an event committed sees every event before it.
    ///
    /// NB: PostgreSQL hands out sequences as rows are inserted but commits transactions in any order; a reader
    /// could see event 11 while 10 was still in flight, and a cursor past 11 (a client's `Last-Event-ID`, the
    /// newest event `ready` names, the hub's catch-up) never saw 10. The lock is transaction-scoped (reentrant
    /// for a transaction's later events, let go at commit or rollback) and keyed in the two-number space
    /// (Attendee's number, the outbox's 1), apart from the migrator's one-number lock and Change Jar's. Every
    /// transaction takes it at its first event, after the locks its change needs, and takes no lock on another's
    /// rows after it, so it cannot close a cycle; the wait it adds is the rest of one transaction before
    /// another's commit, which notifying transactions already take turns at (`pg_notify`'s commit-time lock).
    /// SQLite has one writer at a time already.
    private static func takeTurn(_ db: any DatabaseConnection) throws {
        // NB: 1098151022 is "Attn" in ASCII: Attendee's first number.
        _ = try db.execute("SELECT pg_advisory_xact_lock(1098151022, 1)")
    }

    /// The events after `sequence` on any of `topics`, oldest first (for a reconnecting client).
    static func events(after sequence: Int64, on topics: [LiveTopic], _ db: any DatabaseConnection) throws
        -> [LiveEvent]
    {
        var events: [LiveEvent] = []
        for topic in topics {
            events += try db.query(
                """
                SELECT sequence, topic, kind, data, audience FROM attendee_live_event
                WHERE topic = \(topic.key) AND sequence > \(sequence)
                ORDER BY sequence LIMIT \(Int64(replayLimit))
                """
            ).map(event)
        }
        return events.sorted { $0.sequence < $1.sequence }.prefix(replayLimit).map { $0 }
    }

    /// The events after `sequence` and up to `last` on every topic, oldest first, at most ``replayLimit``.
    static func events(after sequence: Int64, through last: Int64 = .max, _ db: any DatabaseConnection) throws
        -> [LiveEvent]
    {
        try db.query(
            """
            SELECT sequence, topic, kind, data, audience FROM attendee_live_event
            WHERE sequence > \(sequence) AND sequence <= \(last) ORDER BY sequence LIMIT \(Int64(replayLimit))
            """
        ).map(event)
    }

    /// The newest event this outbox has committed or pruned (0 when it has had none): every event up to it is
    /// final, committed or rolled back for good (sequences commit in order, see `takeTurn`).
    static func newest(_ db: any DatabaseConnection) throws -> Int64 {
        let prunedThrough = try db.fetchValue(Int64.self, "SELECT pruned_through FROM attendee_live_pruned") ?? 0
        // NB: with every event pruned, the newest is the last that went.
        return max(
            prunedThrough,
            try db.fetchValue(Int64.self, "SELECT COALESCE(MAX(sequence), 0) FROM attendee_live_event") ?? 0)
    }

    /// Where a stream opened after `lastEventID` starts: the events on `topics` it replays, the `id` its `ready`
    /// carries, whether it resumes exactly (``LiveReady/resumed``), and the newest event its replay covers (the
    /// stream sends only later ones live).
    ///
    /// A client resumes when nothing after its event was pruned and what it missed fits in one replay; `ready`
    /// then carries the client's own id, so one that drops mid-replay is replayed it all again. Any other client
    /// — a first connection, one too far behind, one with an id this database never issued — is replayed
    /// nothing and told the newest event: it reads what it shows again instead.
    ///
    /// NB: read in one snapshot (`database.read`), so the replay holds every event on `topics` after
    /// `lastEventID` up to `through`, and none after it.
    static func start(
        after lastEventID: Int64?, on topics: [LiveTopic], _ db: any DatabaseConnection
    ) throws -> (missed: [LiveEvent], cursor: Int64, ready: LiveReady, through: Int64) {
        let prunedThrough = try db.fetchValue(Int64.self, "SELECT pruned_through FROM attendee_live_pruned") ?? 0
        let latest = try newest(db)
        let afresh = ([LiveEvent](), latest, LiveReady(resumed: false), latest)
        guard let resume = lastEventID, resume <= latest, resume >= prunedThrough else { return afresh }
        let missed = try events(after: resume, on: topics, db)
        guard missed.count < replayLimit else { return afresh }
        return (missed, resume, LiveReady(resumed: true), latest)
    }

    /// Deletes events older than ``retention``, noting the newest that went (a client that last heard of an
    /// event before it cannot be replayed all it missed); answers how many went.
    @discardableResult
    static func prune(now: Date = Date(), _ db: any DatabaseConnection) throws -> Int {
        let cutoff = Int64(now.addingTimeInterval(-retention).timeIntervalSince1970)
        let newestGoing = try db.fetchValue(
            Int64.self,
            """
            SELECT sequence FROM attendee_live_event WHERE created_at < \(cutoff) ORDER BY sequence DESC LIMIT 1
            """)
        guard let newestGoing else { return 0 }
        try db.execute(
            """
            UPDATE attendee_live_pruned SET pruned_through = \(newestGoing)
            WHERE id = 1 AND pruned_through < \(newestGoing)
            """)
        return try db.execute("DELETE FROM attendee_live_event WHERE created_at < \(cutoff)")
    }

    private static func event(_ row: Row) throws -> LiveEvent {
        LiveEvent(
            sequence: try row.decode(Int64.self, "sequence"), topic: try row.decode(String.self, "topic"),
            kind: try row.decode(String.self, "kind"), data: try row.decode(String.self, "data"),
            audience: try row.decode(String?.self, "audience").map(LiveAudience.init(stored:)))
    }
}

extension AttendeeService {
    /// Forgets the live events older than ``LiveOutbox/retention`` (a client that reconnects later reloads
    /// instead of replaying); answers how many went. ``startCleanup(every:mediaOlderThan:)`` runs it hourly.
    @discardableResult
    public func pruneLiveEvents() async throws -> Int {
        let now = media.now()
        return try await store.database.write { db in try LiveOutbox.prune(now: now, db) }
    }
}
