import AttendeeModels
import Database
import Foundation
import HTTPServer

extension AttendeeStore {
    /// Whether an event with this external id exists (the seed loader's "first start" test).
    func hasEvent(externalID: String) async throws -> Bool {
        try await database.read { db in
            try db.queryOne("SELECT 1 FROM attendee_event WHERE external_id = \(externalID)") != nil
        }
    }

    /// Creates or updates an event, its speakers and its sessions by their external ids, in one transaction.
    ///
    /// `organizerID` is the person importing; `nil` is the server itself (seed data), which may do anything.
    /// A person updates only an event they organize. When the file's event id already belongs to someone
    /// else's event (or to a seed event, which nobody organizes), that event is left exactly as it is and the
    /// file goes into an event of the importer's own, kept under the id scoped to them (`<userID>|<file's id>`),
    /// which their later imports of the same file update.
    ///
    /// NB: `ConferenceProgramme.validationError()` refuses `|` in the ids a person sends, so only this method
    /// writes ids with one, and a scoped id always starts with its organizer's user id.
    func importProgramme(_ programme: ConferenceProgramme, organizerID: String?) async throws -> ImportSummary {
        try await importProgrammeMovingSeats(programme, organizerID: organizerID).summary
    }

    /// ``importProgramme(_:organizerID:)``, with the live events that tell the people whose seats a raised capacity
    /// moved (``seatsMoved(in:at:seated:_:)``), for the caller to publish.
    func importProgrammeMovingSeats(_ programme: ConferenceProgramme, organizerID: String?) async throws
        -> (summary: ImportSummary, moved: [LiveEvent])
    {
        let moment = now()
        let eventMoment = eventNow()
        // NB: raised capacities seat waiting people, who are locked as a seat given back locks them.
        return try await database.write(retryingConflicts: Self.seatAttempts) { db in
            var moved: [LiveEvent] = []
            var source = programme.event
            var eventCreated = false
            var existing = try Self.event(db, externalID: source.externalID)
            if let organizerID, let row = existing, row.organizerID != organizerID {
                source.externalID = organizerID + "|" + source.externalID
                existing = try Self.event(db, externalID: source.externalID)
                if let row = existing, row.organizerID != organizerID {
                    // NB: only an event created before `|` was refused can be here: leave it alone too.
                    throw HTTPError(
                        .forbidden, detail: "This event's id is taken by another organizer's event; change its id.")
                }
            }
            let eventID: String
            if let row = existing {
                eventID = row.id
                try db.execute(
                    """
                    UPDATE attendee_event SET name = \(source.name), starts_at = \(source.startsAt),
                        ends_at = \(source.endsAt), time_zone = \(source.timeZone), venue_name = \(source.venue.name),
                        venue_address = \(source.venue.address), latitude = \(source.venue.latitude),
                        longitude = \(source.venue.longitude), summary = \(source.summary),
                        cover_image_url = \(source.coverImageURL), seats_threshold = \(source.seatsThreshold),
                        additional_fields = \(json: source.additionalInfoFields)
                    WHERE id = \(eventID)
                    """)
            } else {
                eventID = UUID().uuidString.lowercased()
                eventCreated = true
                try db.execute(
                    """
                    INSERT INTO attendee_event (id, external_id, organizer_id, name, starts_at, ends_at, time_zone,
                        venue_name, venue_address, latitude, longitude, summary, cover_image_url, seats_threshold,
                        additional_fields)
                    VALUES (\(eventID), \(source.externalID), \(organizerID), \(source.name), \(source.startsAt),
                        \(source.endsAt), \(source.timeZone), \(source.venue.name), \(source.venue.address),
                        \(source.venue.latitude), \(source.venue.longitude), \(source.summary),
                        \(source.coverImageURL), \(source.seatsThreshold), \(json: source.additionalInfoFields))
                    """)
            }
            var speakerIDs: [String: String] = [:]
            var speakersCreated = 0
            var speakersUpdated = 0
            for speaker in programme.speakers {
                // NB: speaker ids are scoped by event, so one organizer's file cannot rewrite the profile of a
                // speaker imported into someone else's event.
                let scopedID = source.externalID + "|" + speaker.externalID
                let folded = SearchFolding.searchText(
                    name: speaker.name, company: speaker.company, title: speaker.title)
                if let id = try db.fetchValue(
                    String.self, "SELECT id FROM attendee_user WHERE external_id = \(scopedID)")
                {
                    try db.execute(
                        """
                        UPDATE attendee_user SET name = \(speaker.name), title = \(speaker.title),
                            company = \(speaker.company), about_me = \(speaker.bio), photo_url = \(speaker.photoURL),
                            social_links = \(json: speaker.socialLinks), search_folded = \(folded)
                        WHERE id = \(id)
                        """)
                    speakerIDs[speaker.externalID] = id
                    speakersUpdated += 1
                } else {
                    let id = UUID().uuidString.lowercased()
                    try db.execute(
                        """
                        INSERT INTO attendee_user (id, external_id, name, title, company, about_me, photo_url,
                            social_links, search_folded, created_at)
                        VALUES (\(id), \(scopedID), \(speaker.name), \(speaker.title), \(speaker.company),
                            \(speaker.bio), \(speaker.photoURL), \(json: speaker.socialLinks), \(folded), \(now()))
                        """)
                    speakerIDs[speaker.externalID] = id
                    speakersCreated += 1
                }
                // NB: the link to an account is kept by the speaker's id, which a re-import keeps.
                try Self.recordProgrammeEmail(
                    speaker.email, speakerID: speakerIDs[speaker.externalID] ?? "", eventID: eventID, at: moment, db)
            }
            var sessionsCreated = 0
            var sessionsUpdated = 0
            var capacitiesKept: [CapacityKept] = []
            for session in programme.sessions {
                let sessionID: String
                if let row = try db.queryOne(
                    """
                    SELECT id, seats_taken FROM attendee_session
                    WHERE event_id = \(eventID) AND external_id = \(session.externalID)
                    """)
                {
                    sessionID = try row.decode(String.self, "id")
                    // NB: never shrink below the seats already given out (the CHECK constraint would refuse it), and
                    // say so: the organizer who lowered it learns the session kept more seats than the file has.
                    // NB: a file without a capacity keeps the stored one; the importers leave capacity out
                    // unless `--capacity` is given, and a re-import without it made every session unlimited.
                    let taken = try row.decode(Int.self, "seats_taken")
                    if let requested = session.capacity {
                        let capacity = max(requested, taken)
                        try db.execute("UPDATE attendee_session SET capacity = \(capacity) WHERE id = \(sessionID)")
                        if capacity > requested {
                            capacitiesKept.append(
                                CapacityKept(
                                    externalID: session.externalID, title: session.title, requested: requested,
                                    capacity: capacity))
                        }
                    }
                    try db.execute(
                        """
                        UPDATE attendee_session SET title = \(session.title), abstract = \(session.abstract),
                            kind = \(session.kind.rawValue), track = \(session.track), room = \(session.room),
                            starts_at = \(session.startsAt), ends_at = \(session.endsAt)
                        WHERE id = \(sessionID)
                        """)
                    try db.execute("DELETE FROM attendee_session_speaker WHERE session_id = \(sessionID)")
                    // NB: seats the import added go to the waitlist first, as a seat given back does.
                    moved += try Self.promoteWaitlisted(
                        session: try Self.session(id: sessionID, userID: nil, db), at: moment, eventMoment: eventMoment,
                        db)
                    sessionsUpdated += 1
                } else {
                    sessionID = UUID().uuidString.lowercased()
                    try db.execute(
                        """
                        INSERT INTO attendee_session (id, event_id, external_id, title, abstract, kind, track, room,
                            starts_at, ends_at, capacity, seats_taken)
                        VALUES (\(sessionID), \(eventID), \(session.externalID), \(session.title),
                            \(session.abstract), \(session.kind.rawValue), \(session.track), \(session.room),
                            \(session.startsAt), \(session.endsAt), \(session.capacity), 0)
                        """)
                    sessionsCreated += 1
                }
                // NB: `validationError()` refused a speaker id the programme does not list; a speaker named twice
                // in one session is linked once.
                var seen: Set<String> = []
                for (position, external) in session.speakerIDs.enumerated() {
                    guard let userID = speakerIDs[external], seen.insert(userID).inserted else { continue }
                    try db.execute(
                        """
                        INSERT INTO attendee_session_speaker (session_id, user_id, position)
                        VALUES (\(sessionID), \(userID), \(position))
                        """)
                }
            }
            let sessionsRemoved = try Self.removeSessions(
                notIn: Set(programme.sessions.map(\.externalID)), eventID: eventID, db)
            let summary = ImportSummary(
                eventID: eventID, eventCreated: eventCreated, sessionsCreated: sessionsCreated,
                sessionsUpdated: sessionsUpdated, sessionsRemoved: sessionsRemoved, speakersCreated: speakersCreated,
                speakersUpdated: speakersUpdated, externalID: source.externalID, capacitiesKept: capacitiesKept)
            return (summary, moved)
        }
    }

    /// Removes the event's sessions that the imported file no longer lists, and returns how many there were.
    ///
    /// A dropped session left on the agenda kept its seats and waitlist, which no one could use. Its seats and
    /// waitlist places, speakers, polls, discussion, documents and feedback go with it (cascades, and the
    /// feedback by hand: it names its session without a foreign key); a person's notes on it stay theirs, kept
    /// as notes on the event.
    private static func removeSessions(notIn kept: Set<String>, eventID: String, _ db: any DatabaseConnection)
        throws -> Int
    {
        var removed = 0
        for row in try db.query("SELECT id, external_id FROM attendee_session WHERE event_id = \(eventID)") {
            guard !kept.contains(try row.decode(String.self, "external_id")) else { continue }
            let id = try row.decode(String.self, "id")
            try db.execute("UPDATE attendee_note SET session_id = NULL WHERE session_id = \(id)")
            try db.execute("DELETE FROM attendee_feedback WHERE target_kind = 'session' AND target_id = \(id)")
            try db.execute("DELETE FROM attendee_session WHERE id = \(id)")
            removed += 1
        }
        return removed
    }

    /// The id and organizer of the event kept under `externalID`.
    private static func event(_ db: any DatabaseConnection, externalID: String) throws -> (
        id: String, organizerID: String?
    )? {
        guard
            let row = try db.queryOne("SELECT id, organizer_id FROM attendee_event WHERE external_id = \(externalID)")
        else { return nil }
        return (try row.decode(String.self, "id"), try row.decode(String?.self, "organizer_id"))
    }
}
