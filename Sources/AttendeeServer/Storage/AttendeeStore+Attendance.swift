import AttendeeModels
import Database
import Foundation
import HTTPServer

extension AttendeeStore {
    /// Takes a seat in one transaction: registered, not clashing with another attended session, and a free
    /// seat claimed by a conditional `UPDATE`, so concurrent requests for the last seat cannot overbook.
    func attend(sessionID: String, userID: String, joinWaitlistIfFull: Bool) async throws -> AttendanceResult {
        let moment = now()
        let eventMoment = eventNow()
        return try await database.write(retryingConflicts: Self.seatAttempts) { db in
            try Self.lockPerson(userID, db)
            try Self.lockSession(sessionID, db)
            let session = try Self.session(id: sessionID, userID: userID, db)
            try Self.requireRegistration(eventID: session.eventID, userID: userID, db)
            try Self.requireNotEnded(session, at: eventMoment)
            switch session.myAttendance {
            case .attending:
                return try Self.result(sessionID: sessionID, userID: userID, state: .attending, db)
            case .waitlisted where joinWaitlistIfFull:
                return try Self.result(sessionID: sessionID, userID: userID, state: .waitlisted, db)
            default:
                break
            }
            if let clash = try Self.clash(with: session, userID: userID, db) {
                throw HTTPError(
                    .conflict,
                    detail: "This session overlaps “\(clash.title)”, which you already attend.",
                    type: AttendanceRefusal.overlapping.rawValue,
                    extensions: ["clashingSessionID": clash.id, "clashingSessionTitle": clash.title])
            }
            let claimed = try db.execute(
                """
                UPDATE attendee_session SET seats_taken = seats_taken + 1
                WHERE id = \(sessionID) AND (capacity IS NULL OR seats_taken < capacity)
                """)
            let state: AttendanceState
            if claimed == 1 {
                state = .attending
            } else if joinWaitlistIfFull {
                state = .waitlisted
            } else {
                throw HTTPError(
                    .conflict, detail: "“\(session.title)” is full.", type: AttendanceRefusal.full.rawValue)
            }
            try Self.setState(state, sessionID: sessionID, userID: userID, at: moment, db)
            return try Self.result(sessionID: sessionID, userID: userID, state: state, db)
        }
    }

    /// How many times a transaction that moves seats is run when PostgreSQL refuses it to break a deadlock.
    ///
    /// NB: a seat given back locks the people waiting for it (``promoteWaitlisted(session:at:eventMoment:_:)``) after its
    /// giver, so two people each giving back a seat the other waits for, or one attending a session whose seat
    /// another gives back while the first waits for it, lock the same two people in opposite orders. PostgreSQL
    /// then refuses one transaction (40P01); nothing of it was kept, and run again it finds the other committed.
    static let seatAttempts = 3

    /// Gives the seat back (or leaves the waitlist); the first waitlisted person without a clash moves up. Answers
    /// the caller's result and the live events that tell the people it moved (``seatsMoved(in:at:seated:_:)``).
    func leave(sessionID: String, userID: String) async throws -> (result: AttendanceResult, moved: [LiveEvent]) {
        let moment = now()
        let eventMoment = eventNow()
        return try await database.write(retryingConflicts: Self.seatAttempts) { db in
            var moved: [LiveEvent] = []
            try Self.lockPerson(userID, db)
            try Self.lockSession(sessionID, db)
            let session = try Self.session(id: sessionID, userID: userID, db)
            if session.myAttendance == .attending || session.myAttendance == .waitlisted {
                try Self.requireNotEnded(session, at: eventMoment)
            }
            switch session.myAttendance {
            case .attending:
                try Self.setState(.cancelled, sessionID: sessionID, userID: userID, at: moment, db)
                try db.execute("UPDATE attendee_session SET seats_taken = seats_taken - 1 WHERE id = \(sessionID)")
                moved += try Self.promoteWaitlisted(session: session, at: moment, eventMoment: eventMoment, db)
                moved += try Self.promoteWhereWaiting(
                    userID: userID, freedBy: session, at: moment, eventMoment: eventMoment, db)
            case .waitlisted:
                try Self.setState(.cancelled, sessionID: sessionID, userID: userID, at: moment, db)
                moved += try Self.seatsMoved(in: sessionID, at: moment, db)
            case .cancelled, nil:
                break
            }
            return (try Self.result(sessionID: sessionID, userID: userID, state: .cancelled, db), moved)
        }
    }

    /// Tells each person given a seat in `sessionID` (`seated`) that it is theirs, and each still waiting for it
    /// where they now stand: one live event on each one's own stream (``AttendanceResult/changedEvent``), so a page
    /// showing "Waitlist #2" shows "#1", or the seat, without being read again.
    static func seatsMoved(in sessionID: String, at moment: Date, seated: [String] = [], _ db: any DatabaseConnection)
        throws -> [LiveEvent]
    {
        let waiting = try db.fetchColumn(
            String.self,
            """
            SELECT user_id FROM attendee_attendance WHERE session_id = \(sessionID) AND state = 'waitlisted'
            ORDER BY changed_at, user_id
            """)
        // NB: the session is read once, and each place is its index in that order (the order
        // `waitlistPositions` counts in): asking `result` per person read the session and counted the line again
        // for each, two queries per person waiting, inside the transaction that holds the seat's locks.
        let session = try session(id: sessionID, userID: nil, db)
        func result(_ state: AttendanceState, place: Int?) -> AttendanceResult {
            AttendanceResult(
                sessionID: sessionID, state: state, seatsTaken: session.seatsTaken, capacity: session.capacity,
                waitlistPosition: place)
        }
        let moved =
            seated.map { ($0, result(.attending, place: nil)) }
            + waiting.enumerated().map { ($1, result(.waitlisted, place: $0 + 1)) }
        return try moved.map { userID, change in
            try LiveOutbox.append(
                .person(userID), kind: AttendanceResult.changedEvent, payload: change, now: moment, db)
        }
    }

    /// Refuses a change to the seats of a session that has ended (409 ``AttendanceRefusal/sessionEnded``).
    ///
    /// NB: once a session is over its seats are what happened: a seat taken then would let someone rate a session
    /// they never sat in, and one given back would seat the first person waiting in a session that is over.
    private static func requireNotEnded(_ session: Session, at moment: Date) throws {
        guard session.endsAt <= moment else { return }
        throw HTTPError(
            .conflict, detail: "“\(session.title)” has ended.", type: AttendanceRefusal.sessionEnded.rawValue)
    }

    /// Refuses feedback on what has not started yet (409 ``AttendanceRefusal/notStarted``): a rating is of a
    /// session or event one has been at, so it opens when it starts (during it and after it, as is usual).
    private static func requireStarted(_ startsAt: Date, at moment: Date, what: String) throws {
        guard startsAt > moment else { return }
        throw HTTPError(
            .conflict, detail: "Feedback on this \(what) opens when it starts.",
            type: AttendanceRefusal.notStarted.rawValue)
    }

    /// Runs one person's attends and leaves one after another, each reading the state the last one left.
    ///
    /// NB: PostgreSQL (READ COMMITTED) let two requests of one person (a double tap, a retry) both read the old
    /// state: both attends took a seat, both leaves gave one back, so the count drifted from the seats held and
    /// the session could overbook. The person's row is locked before their state is read; two clashing sessions
    /// cannot both pass the overlap check either. SQLite already has a single writer.
    private static func lockPerson(_ userID: String, _ db: any DatabaseConnection) throws {
        guard db.dialect == .postgres else { return }
        try db.execute("SELECT id FROM attendee_user WHERE id = \(userID) FOR UPDATE")
    }

    /// Keeps the session as it is (not moved, not removed) until the seat is taken or given back.
    ///
    /// NB: on PostgreSQL an attend whose session a re-import was removing read it before the removal committed,
    /// then found no row to take a seat in: the person was told the session is full (409), or with the waitlist got
    /// the generic refusal of a broken reference. Locked first, a removal is waited for and the session is then not
    /// found (404), as when it was gone before. `NO KEY UPDATE` is the lock the seat's `UPDATE` takes anyway, so
    /// concurrent attends wait for each other as they did, only earlier. SQLite already has a single writer.
    private static func lockSession(_ sessionID: String, _ db: any DatabaseConnection) throws {
        guard db.dialect == .postgres else { return }
        try db.execute("SELECT id FROM attendee_session WHERE id = \(sessionID) FOR NO KEY UPDATE")
    }

    /// Seats waitlisted people, first come first served, skipping anyone it would double-book, while the session
    /// has room: one after a seat is given back, as many as fit after an import raised the capacity.
    /// `eventMoment` is the programme's clock (`AttendeeStore.eventNow`), `moment` the one the seats are stamped with.
    /// Answers the live events that tell the people it moved (``seatsMoved(in:at:seated:_:)``).
    @discardableResult
    static func promoteWaitlisted(
        session: Session, at moment: Date, eventMoment: Date, _ db: any DatabaseConnection
    ) throws -> [LiveEvent] {
        // NB: an import that raises an ended session's capacity seats nobody: its seats are what happened.
        guard session.endsAt > eventMoment else { return [] }
        let waiting = try db.fetchColumn(
            String.self,
            """
            SELECT user_id FROM attendee_attendance WHERE session_id = \(session.id) AND state = 'waitlisted'
            ORDER BY changed_at, user_id
            """)
        var seated: [String] = []
        for candidate in waiting {
            // NB: locked as their own attend and leave lock them, then read again: on PostgreSQL a promotion racing
            // the person's attend of an overlapping session seated them in both (each clash check ran on the old
            // state), and one racing their leaving the waitlist seated someone who had left it. Two people each
            // giving back a seat the other waits for may deadlock; PostgreSQL then refuses one, which is run again
            // (`seatAttempts`).
            try lockPerson(candidate, db)
            let state = try db.fetchValue(
                String.self,
                "SELECT state FROM attendee_attendance WHERE session_id = \(session.id) AND user_id = \(candidate)")
            guard state == AttendanceState.waitlisted.rawValue,
                try clash(with: session, userID: candidate, db) == nil
            else { continue }
            let claimed = try db.execute(
                """
                UPDATE attendee_session SET seats_taken = seats_taken + 1
                WHERE id = \(session.id) AND (capacity IS NULL OR seats_taken < capacity)
                """)
            guard claimed == 1 else { break }
            try setState(.attending, sessionID: session.id, userID: candidate, at: moment, db)
            seated.append(candidate)
        }
        return seated.isEmpty ? [] : try seatsMoved(in: session.id, at: moment, seated: seated, db)
    }

    /// Seats the waitlists `userID` is on whose free seats they were passed over for because of `freed`, the
    /// session they just gave up: each such session's waitlist moves up as after a seat given back.
    ///
    /// NB: a seat given back while its first person waiting attended an overlapping session was left free (they
    /// were skipped, and nobody else waited). Once they gave that session up they still read "Waitlist #1" beside
    /// the free seat, and the next newcomer took it ahead of them.
    private static func promoteWhereWaiting(
        userID: String, freedBy freed: Session, at moment: Date, eventMoment: Date, _ db: any DatabaseConnection
    ) throws -> [LiveEvent] {
        let waiting = try db.fetchColumn(
            String.self,
            """
            SELECT s.id FROM attendee_attendance a JOIN attendee_session s ON s.id = a.session_id
            WHERE a.user_id = \(userID) AND a.state = 'waitlisted' AND s.event_id = \(freed.eventID)
              AND s.id <> \(freed.id) AND s.starts_at < \(freed.endsAt) AND s.ends_at > \(freed.startsAt)
              AND (s.capacity IS NULL OR s.seats_taken < s.capacity)
            ORDER BY s.starts_at, s.id
            """)
        var moved: [LiveEvent] = []
        for id in waiting {
            try lockSession(id, db)
            moved += try promoteWaitlisted(
                session: try session(id: id, userID: nil, db), at: moment, eventMoment: eventMoment, db)
        }
        return moved
    }

    private static func clash(with session: Session, userID: String, _ db: any DatabaseConnection) throws
        -> (id: String, title: String)?
    {
        try db.queryOne(
            """
            SELECT s.id, s.title FROM attendee_attendance a JOIN attendee_session s ON s.id = a.session_id
            WHERE a.user_id = \(userID) AND a.state = 'attending' AND s.event_id = \(session.eventID)
              AND s.id <> \(session.id) AND s.starts_at < \(session.endsAt) AND s.ends_at > \(session.startsAt)
            ORDER BY s.starts_at, s.id LIMIT 1
            """
        ).map { (try $0.decode(String.self, "id"), try $0.decode(String.self, "title")) }
    }

    private static func setState(
        _ state: AttendanceState, sessionID: String, userID: String, at moment: Date, _ db: any DatabaseConnection
    ) throws {
        try db.execute(
            """
            INSERT INTO attendee_attendance (session_id, user_id, state, changed_at)
            VALUES (\(sessionID), \(userID), \(state.rawValue), \(moment))
            ON CONFLICT (session_id, user_id) DO UPDATE SET state = excluded.state, changed_at = excluded.changed_at
            """)
    }

    private static func result(
        sessionID: String, userID: String, state: AttendanceState, _ db: any DatabaseConnection
    ) throws -> AttendanceResult {
        let session = try Self.session(id: sessionID, userID: nil, db)
        return AttendanceResult(
            sessionID: sessionID, state: state, seatsTaken: session.seatsTaken, capacity: session.capacity,
            waitlistPosition: state == .waitlisted
                ? try waitlistPositions(userID: userID, among: "\(sessionID)", db)[sessionID] : nil)
    }

    /// Where `userID` stands on each waitlist it is on, among the sessions `among` selects (an id, or a query of
    /// ids), by session id; 1 is next: first come, first served. One query however many sessions it covers.
    static func waitlistPositions(userID: String, among sessions: SQL, _ db: any DatabaseConnection) throws
        -> [String: Int]
    {
        var positions: [String: Int] = [:]
        for row in try db.query(
            """
            SELECT me.session_id, COUNT(*) AS position FROM attendee_attendance me
            JOIN attendee_attendance w ON w.session_id = me.session_id AND w.state = 'waitlisted'
              AND (w.changed_at < me.changed_at OR (w.changed_at = me.changed_at AND w.user_id <= me.user_id))
            WHERE me.user_id = \(userID) AND me.state = 'waitlisted' AND me.session_id IN (\(sessions))
            GROUP BY me.session_id
            """)
        {
            positions[try row.decode(String.self, "session_id")] = try row.decode(Int.self, "position")
        }
        return positions
    }

    // MARK: - Feedback

    func giveEventFeedback(eventID: String, userID: String, _ feedback: EventFeedback) async throws {
        let moment = eventNow()
        try await insertFeedback(kind: "event", targetID: eventID, userID: userID) { db in
            let event = try Self.event(id: eventID, db)
            try Self.requireRegistration(eventID: eventID, userID: userID, db)
            try Self.requireStarted(event.startsAt, at: moment, what: "event")
            if let error = feedback.validationError() {
                throw HTTPError(.unprocessableContent, detail: error.message, field: error.field)
            }
            return (feedback.rating, [:], feedback.comment)
        }
    }

    func giveSessionFeedback(sessionID: String, userID: String, _ feedback: SessionFeedback) async throws {
        let moment = eventNow()
        try await insertFeedback(kind: "session", targetID: sessionID, userID: userID) { db in
            let session = try Self.session(id: sessionID, userID: userID, db)
            guard session.myAttendance == .attending else {
                throw HTTPError(.forbidden, detail: "Only attendees of this session can give feedback on it.")
            }
            // NB: a speaker may take a seat in their own session (to hold one for a co-speaker's guest, or to be
            // counted), but its rating is its audience's: a speaker's own stars, or a co-speaker's, are not.
            guard !session.speakers.contains(where: { $0.id == userID }) else {
                throw HTTPError(.forbidden, detail: "Speakers do not give feedback on their own session.")
            }
            try Self.requireStarted(session.startsAt, at: moment, what: "session")
            if let error = feedback.validationError(speakerIDs: session.speakers.map(\.id)) {
                throw HTTPError(.unprocessableContent, detail: error.message, field: error.field)
            }
            return (feedback.rating, feedback.speakerRatings, feedback.comment)
        }
    }

    private func insertFeedback(
        kind: String, targetID: String, userID: String,
        check: @escaping @Sendable (any DatabaseConnection) throws -> (Int, [String: Int], String)
    ) async throws {
        let moment = now()
        let duplicate = HTTPError(
            .conflict, detail: "You already gave feedback on this \(kind).",
            type: AttendanceRefusal.duplicate.rawValue)
        do {
            try await database.write { db in
                let (rating, speakerRatings, comment) = try check(db)
                let existing = try db.queryOne(
                    """
                    SELECT 1 FROM attendee_feedback
                    WHERE target_kind = \(kind) AND target_id = \(targetID) AND user_id = \(userID)
                    """)
                if existing != nil { throw duplicate }
                try db.execute(
                    """
                    INSERT INTO attendee_feedback
                        (target_kind, target_id, user_id, rating, speaker_ratings, comment, created_at)
                    VALUES (\(kind), \(targetID), \(userID), \(rating), \(json: speakerRatings), \(comment), \(moment))
                    """)
            }
        } catch let error as DatabaseError where error.kind == .uniqueViolation {
            throw duplicate
        }
    }
}
