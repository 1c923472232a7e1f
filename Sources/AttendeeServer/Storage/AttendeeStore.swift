import AttendeeModels
import Database
import Foundation
import HTTPServer

/// Every Attendee query, each in its own read or write transaction. Refusals are thrown as `HTTPError`s,
/// which roll the transaction back.
struct AttendeeStore: Sendable {
    let database: any SQLDatabase
    let now: @Sendable () -> Date
    /// The clock the programme's time rules read (`AttendeeService.Configuration.eventNow`).
    let eventNow: @Sendable () -> Date

    // MARK: - Events

    func events() async throws -> [Event] {
        try await database.read { db in
            try db.query("SELECT \(RowReading.eventColumns) FROM attendee_event ORDER BY starts_at, name")
                .map(RowReading.event)
        }
    }

    func eventDetails(id: String, userID: String?) async throws -> EventDetails {
        try await database.read { db in
            let event = try Self.event(id: id, db)
            var registration: Registration?
            var pollScopes: PollScopes?
            var feedbackGiven = false
            var livePoll: LivePollCard?
            if let userID {
                registration = try db.queryOne(
                    """
                    SELECT additional_status, answers, guests FROM attendee_registration
                    WHERE event_id = \(id) AND user_id = \(userID)
                    """
                ).map { try RowReading.registration($0, eventID: id) }
                pollScopes = try Self.pollScopes(eventID: id, userID: userID, db)
                feedbackGiven =
                    try db.queryOne(
                        """
                        SELECT 1 FROM attendee_feedback
                        WHERE target_kind = 'event' AND target_id = \(id) AND user_id = \(userID)
                        """) != nil
                // NB: the card shows the poll's question and votes, which `GET /polls/:id` shows the event's
                // members only; anyone else (signed out included) gets no card, as they would get a 403 there.
                if try registration != nil || Self.isOrganizer(eventID: id, userID: userID, db) {
                    livePoll = try Self.livePollCard(eventID: id, db)
                }
            }
            return EventDetails(
                event: event, registration: registration, livePoll: livePoll,
                pollScopes: pollScopes, feedbackGiven: feedbackGiven)
        }
    }

    /// What `userID` may create polls for at the event (the rule `createPoll` enforces), `nil` for nothing.
    static func pollScopes(eventID: String, userID: String, _ db: any DatabaseConnection) throws -> PollScopes? {
        let organizer = try isOrganizer(eventID: eventID, userID: userID, db)
        let sessions =
            organizer
            ? try db.fetchColumn(
                String.self, "SELECT id FROM attendee_session WHERE event_id = \(eventID) ORDER BY starts_at, title, id"
            )
            : try sessionsSpoken(eventID: eventID, userID: userID, db)
        guard organizer || !sessions.isEmpty else { return nil }
        return PollScopes(wholeEvent: organizer, sessionIDs: sessions)
    }

    static func event(id: String, _ db: any DatabaseConnection) throws -> Event {
        guard
            let row = try db.queryOne("SELECT \(RowReading.eventColumns) FROM attendee_event WHERE id = \(id)")
        else { throw HTTPError(.notFound, detail: "There is no event with this id.") }
        return try RowReading.event(row)
    }

    static func isRegistered(eventID: String, userID: String, _ db: any DatabaseConnection) throws -> Bool {
        try db.queryOne(
            "SELECT 1 FROM attendee_registration WHERE event_id = \(eventID) AND user_id = \(userID)") != nil
    }

    static func requireRegistration(eventID: String, userID: String, _ db: any DatabaseConnection) throws {
        guard try isRegistered(eventID: eventID, userID: userID, db) else {
            throw HTTPError(.forbidden, detail: "Register for this event first.")
        }
    }

    /// Whether the person organizes the event (404 when there is no such event).
    static func isOrganizer(eventID: String, userID: String, _ db: any DatabaseConnection) throws -> Bool {
        guard let row = try db.queryOne("SELECT organizer_id FROM attendee_event WHERE id = \(eventID)") else {
            throw HTTPError(.notFound, detail: "There is no event with this id.")
        }
        return try row.decode(String?.self, "organizer_id") == userID
    }

    /// Refuses a person who neither attends nor organizes the event: 404 without the event, 403 otherwise.
    static func requireMembership(eventID: String, userID: String, _ db: any DatabaseConnection) throws {
        if try isOrganizer(eventID: eventID, userID: userID, db) { return }
        try requireRegistration(eventID: eventID, userID: userID, db)
    }

    // MARK: - Sessions

    /// The event's sessions by start time, with speakers and (for a signed-in caller) their own state.
    func agenda(eventID: String, userID: String?, onlyAttending: Bool = false) async throws -> [Session] {
        try await database.read { db in
            _ = try Self.event(id: eventID, db)
            var sessions = try db.query(
                """
                SELECT \(RowReading.sessionColumns) FROM attendee_session s
                WHERE s.event_id = \(eventID) ORDER BY s.starts_at, s.title, s.id
                """
            ).map(RowReading.session)
            let speakers = try Self.speakersBySession(
                db.query(
                    """
                    SELECT ss.session_id, u.id, u.name FROM attendee_session_speaker ss
                    JOIN attendee_session s ON s.id = ss.session_id
                    JOIN attendee_user u ON u.id = ss.user_id
                    WHERE s.event_id = \(eventID) ORDER BY ss.session_id, ss.position
                    """))
            var states: [String: AttendanceState] = [:]
            var rated: Set<String> = []
            if let userID {
                for row in try db.query(
                    """
                    SELECT a.session_id, a.state FROM attendee_attendance a
                    JOIN attendee_session s ON s.id = a.session_id
                    WHERE s.event_id = \(eventID) AND a.user_id = \(userID)
                    """)
                {
                    states[try row.decode(String.self, "session_id")] = AttendanceState(
                        rawValue: try row.decode(String.self, "state"))
                }
                rated = Set(
                    try db.fetchColumn(
                        String.self,
                        """
                        SELECT f.target_id FROM attendee_feedback f
                        JOIN attendee_session s ON s.id = f.target_id
                        WHERE f.target_kind = 'session' AND s.event_id = \(eventID) AND f.user_id = \(userID)
                        """))
            }
            let positions =
                if let userID, states.values.contains(.waitlisted) {
                    try Self.waitlistPositions(
                        userID: userID, among: "SELECT id FROM attendee_session WHERE event_id = \(eventID)", db)
                } else { [String: Int]() }
            for index in sessions.indices {
                let id = sessions[index].id
                sessions[index].speakers = speakers[id] ?? []
                sessions[index].myAttendance = states[id]
                sessions[index].feedbackGiven = rated.contains(id)
                sessions[index].myWaitlistPosition = positions[id]
            }
            return onlyAttending ? sessions.filter { $0.myAttendance == .attending } : sessions
        }
    }

    func session(id: String, userID: String?) async throws -> Session {
        try await database.read { db in try Self.session(id: id, userID: userID, db) }
    }

    static func session(id: String, userID: String?, _ db: any DatabaseConnection) throws -> Session {
        guard
            let row = try db.queryOne(
                "SELECT \(RowReading.sessionColumns) FROM attendee_session s WHERE s.id = \(id)")
        else { throw HTTPError(.notFound, detail: "There is no session with this id.") }
        var session = try RowReading.session(row)
        session.speakers =
            try speakersBySession(
                db.query(
                    """
                    SELECT ss.session_id, u.id, u.name FROM attendee_session_speaker ss
                    JOIN attendee_user u ON u.id = ss.user_id
                    WHERE ss.session_id = \(id) ORDER BY ss.position
                    """))[id] ?? []
        if let userID {
            session.myAttendance = try db.fetchValue(
                String.self,
                "SELECT state FROM attendee_attendance WHERE session_id = \(id) AND user_id = \(userID)"
            ).flatMap(AttendanceState.init(rawValue:))
            session.feedbackGiven =
                try db.queryOne(
                    """
                    SELECT 1 FROM attendee_feedback
                    WHERE target_kind = 'session' AND target_id = \(id) AND user_id = \(userID)
                    """) != nil
            if session.myAttendance == .waitlisted {
                session.myWaitlistPosition = try waitlistPositions(userID: userID, among: "\(id)", db)[id]
            }
        }
        return session
    }

    private static func speakersBySession(_ rows: [Row]) throws -> [String: [PersonReference]] {
        var result: [String: [PersonReference]] = [:]
        for row in rows {
            result[try row.decode(String.self, "session_id"), default: []].append(
                PersonReference(id: try row.decode(String.self, "id"), name: try row.decode(String.self, "name")))
        }
        return result
    }

    // MARK: - People

    func speakers(eventID: String) async throws -> [Person] {
        try await database.read { db in
            _ = try Self.event(id: eventID, db)
            return try db.query(
                """
                SELECT DISTINCT \(RowReading.personColumns) FROM attendee_user u
                JOIN attendee_session_speaker ss ON ss.user_id = u.id
                JOIN attendee_session s ON s.id = ss.session_id
                WHERE s.event_id = \(eventID) ORDER BY u.name, u.id
                """
            ).map(RowReading.person)
        }
    }

    /// A speaker of the event and their sessions there; 404 for no such event, and for someone who speaks at
    /// none of its sessions (a speaker of another event included: their times belong to that event's zone).
    func speakerProfile(eventID: String, id: String) async throws -> SpeakerProfile {
        try await database.read { db in
            _ = try Self.event(id: eventID, db)
            let sessionIDs = try db.fetchColumn(
                String.self,
                """
                SELECT s.id FROM attendee_session s JOIN attendee_session_speaker ss ON ss.session_id = s.id
                WHERE ss.user_id = \(id) AND s.event_id = \(eventID) ORDER BY s.starts_at, s.id
                """)
            guard !sessionIDs.isEmpty, let person = try Self.person(id: id, db) else {
                throw HTTPError(.notFound, detail: "There is no speaker with this id.")
            }
            let sessions = try sessionIDs.map { try Self.session(id: $0, userID: nil, db) }
            return SpeakerProfile(speaker: person, sessions: sessions)
        }
    }

    /// A person's profile as `viewerID` may see it: their own, a speaker's (public), or that of someone they
    /// share an event with (as attendees or as its organizer). Anyone else is 404, as if there were no such person.
    func person(id: String, viewerID: String) async throws -> Person {
        try await database.read { db in
            let visible = try db.queryOne(
                """
                SELECT 1 AS visible FROM attendee_user u WHERE u.id = \(id) AND (
                    u.id = \(viewerID)
                    OR EXISTS (SELECT 1 FROM attendee_session_speaker ss WHERE ss.user_id = u.id)
                    OR EXISTS (
                        SELECT 1 FROM attendee_registration theirs
                        JOIN attendee_event e ON e.id = theirs.event_id
                        WHERE theirs.user_id = u.id AND (e.organizer_id = \(viewerID) OR EXISTS (
                            SELECT 1 FROM attendee_registration mine
                            WHERE mine.event_id = theirs.event_id AND mine.user_id = \(viewerID))))
                    OR EXISTS (
                        SELECT 1 FROM attendee_event e JOIN attendee_registration mine ON mine.event_id = e.id
                        WHERE e.organizer_id = u.id AND mine.user_id = \(viewerID)))
                """)
            guard visible != nil, let person = try Self.person(id: id, db) else {
                throw HTTPError(.notFound, detail: "There is no person with this id.")
            }
            return person
        }
    }

    static func person(id: String, _ db: any DatabaseConnection) throws -> Person? {
        try db.queryOne("SELECT \(RowReading.personColumns) FROM attendee_user u WHERE u.id = \(id)")
            .map(RowReading.person)
    }

    /// The event's registered attendees, filtered by a case- and accent-insensitive search.
    func attendees(eventID: String, search: String?, callerID: String) async throws -> [Person] {
        try await database.read { db in
            _ = try Self.event(id: eventID, db)
            // NB: the organizer too (DECISIONS: profiles are seen by those who share an event, its organizer
            // included): the list is how they reach the profiles.
            try Self.requireMembership(eventID: eventID, userID: callerID, db)
            let pattern = SearchFolding.containsPattern(search ?? "")
            return try db.query(
                """
                SELECT \(RowReading.personColumns) FROM attendee_user u
                JOIN attendee_registration r ON r.user_id = u.id
                WHERE r.event_id = \(eventID) AND u.search_folded LIKE \(pattern) ESCAPE '\\'
                ORDER BY u.name, u.id
                """
            ).map(RowReading.person)
        }
    }

    func sessionAttendees(sessionID: String, callerID: String) async throws -> [Person] {
        try await database.read { db in
            let session = try Self.session(id: sessionID, userID: nil, db)
            // NB: the organizer too, as for the event's list: they need not register for their own event.
            try Self.requireMembership(eventID: session.eventID, userID: callerID, db)
            return try db.query(
                """
                SELECT \(RowReading.personColumns) FROM attendee_user u
                JOIN attendee_attendance a ON a.user_id = u.id
                WHERE a.session_id = \(sessionID) AND a.state = 'attending' ORDER BY u.name, u.id
                """
            ).map(RowReading.person)
        }
    }
}
