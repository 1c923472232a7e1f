import AttendeeModels
import Database
import Foundation
import HTTPServer

/// Who speaks, and which account is an imported speaker.
///
/// Every check that grants a session's speakers something (creating, opening and closing its polls and quizzes,
/// its live stream, adding and removing its documents, reading the event's files) asks ``speaks(sessionID:userID:_:)``,
/// ``speaksAt(eventID:userID:_:)`` or ``sessionsSpoken(eventID:userID:_:)``, which all read one condition,
/// ``speaking(_:)``. A programme's speaker is a profile with no password; the account the event's organizer linked
/// to it (`attendee_speaker_account`) speaks in its place, at its own event only. A programme's e-mail for a speaker
/// is only a suggestion the organizer confirms: sign-up checks no e-mail, so whoever signed up with a published
/// address would otherwise be that speaker.
extension AttendeeStore {
    // MARK: - Who speaks

    /// The one rule: the `attendee_session_speaker` row `ss`, of the session `s`, is `userID` speaking when it names
    /// them, or names a speaker of that session's event whose account the organizer linked is theirs.
    ///
    /// NB: the link's event is compared too, so an account linked to a speaker of one event gains nothing at
    /// another even if the same profile were named there. Only an organizer's row counts: a programme's row is a
    /// suggestion (its `account_id` is always `NULL` since `attendee.v11-programme-links-suggest`, and the
    /// condition says so again rather than trust that).
    static func speaking(_ userID: String) -> SQL {
        let organizer = SpeakerLinkSource.organizer.rawValue
        return """
            (ss.user_id = \(userID) OR EXISTS (
                SELECT 1 FROM attendee_speaker_account link
                WHERE link.speaker_id = ss.user_id AND link.event_id = s.event_id AND link.account_id = \(userID)
                    AND link.linked_by = \(organizer)))
            """
    }

    /// Whether the person speaks at the session.
    static func speaks(sessionID: String, userID: String, _ db: any DatabaseConnection) throws -> Bool {
        try db.queryOne(
            """
            SELECT 1 FROM attendee_session_speaker ss JOIN attendee_session s ON s.id = ss.session_id
            WHERE ss.session_id = \(sessionID) AND \(speaking(userID)) LIMIT 1
            """) != nil
    }

    /// Whether the person speaks at any session of the event.
    static func speaksAt(eventID: String, userID: String, _ db: any DatabaseConnection) throws -> Bool {
        try db.queryOne(
            """
            SELECT 1 FROM attendee_session_speaker ss JOIN attendee_session s ON s.id = ss.session_id
            WHERE s.event_id = \(eventID) AND \(speaking(userID)) LIMIT 1
            """) != nil
    }

    /// The event's sessions the person speaks at, in agenda order.
    static func sessionsSpoken(eventID: String, userID: String, _ db: any DatabaseConnection) throws -> [String] {
        try db.fetchColumn(
            String.self,
            """
            SELECT s.id FROM attendee_session s
            WHERE s.event_id = \(eventID) AND EXISTS (
                SELECT 1 FROM attendee_session_speaker ss WHERE ss.session_id = s.id AND \(speaking(userID)))
            ORDER BY s.starts_at, s.title, s.id
            """)
    }

    // MARK: - Linking a speaker to an account (the organizer)

    /// Which account is the speaker, as the event's organizer reads it.
    func speakerAccount(eventID: String, speakerID: String, organizerID: String) async throws -> SpeakerAccount {
        try await database.read { db in
            try Self.requireSpeakerOfOwnEvent(eventID: eventID, speakerID: speakerID, organizerID: organizerID, db)
            return try Self.speakerAccount(speakerID: speakerID, db)
        }
    }

    /// Makes the account signed up with the link's e-mail the speaker, in place of any link or suggestion before (the
    /// organizer's word stands over the programme's from then on). Linking a suggestion's address confirms it.
    func linkSpeaker(eventID: String, speakerID: String, _ link: SpeakerAccountLink, organizerID: String)
        async throws -> SpeakerAccount
    {
        let moment = now()
        return try await database.write { db in
            try Self.requireSpeakerOfOwnEvent(eventID: eventID, speakerID: speakerID, organizerID: organizerID, db)
            if let error = link.validationError() {
                throw HTTPError(.unprocessableContent, detail: error.message, field: error.field)
            }
            let address = link.normalizedEmail
            // NB: only after the organizer check, so nobody else learns from this which e-mails have accounts.
            guard let accountID = try Self.accountID(email: address, db) else {
                throw HTTPError(
                    .unprocessableContent, detail: "Nobody has signed up with this e-mail.",
                    type: SpeakerAccount.noAccountProblem, field: "email")
            }
            try Self.saveLink(
                speakerID: speakerID, eventID: eventID, accountID: accountID, email: address, by: .organizer,
                at: moment, db)
            return try Self.speakerAccount(speakerID: speakerID, db)
        }
    }

    /// No account is the speaker any more, whatever a programme imported later says.
    func unlinkSpeaker(eventID: String, speakerID: String, organizerID: String) async throws -> SpeakerAccount {
        let moment = now()
        return try await database.write { db in
            try Self.requireSpeakerOfOwnEvent(eventID: eventID, speakerID: speakerID, organizerID: organizerID, db)
            try Self.saveLink(
                speakerID: speakerID, eventID: eventID, accountID: nil, email: nil, by: .organizer, at: moment, db)
            return try Self.speakerAccount(speakerID: speakerID, db)
        }
    }

    /// 404 without the event, 403 for anyone but its organizer, then 404 unless `speakerID` speaks at one of its
    /// sessions: a non-organizer learns nothing of its speakers or of any e-mail.
    private static func requireSpeakerOfOwnEvent(
        eventID: String, speakerID: String, organizerID: String, _ db: any DatabaseConnection
    ) throws {
        guard try isOrganizer(eventID: eventID, userID: organizerID, db) else {
            throw HTTPError(.forbidden, detail: "Only the event's organizer links its speakers to accounts.")
        }
        let speaks = try db.queryOne(
            """
            SELECT 1 FROM attendee_session_speaker ss JOIN attendee_session s ON s.id = ss.session_id
            WHERE s.event_id = \(eventID) AND ss.user_id = \(speakerID) LIMIT 1
            """)
        guard speaks != nil else { throw HTTPError(.notFound, detail: "There is no speaker with this id.") }
    }

    /// The row as the organizer reads it. A programme's row is a suggestion, whose account is looked up now (the
    /// suggestion never holds one); an organizer's row is a link while its account exists.
    private static func speakerAccount(speakerID: String, _ db: any DatabaseConnection) throws -> SpeakerAccount {
        guard
            let row = try db.queryOne(
                "SELECT account_id, email, linked_by FROM attendee_speaker_account WHERE speaker_id = \(speakerID)"),
            let email = try row.decode(String?.self, "email")
        else {
            return SpeakerAccount(
                speakerID: speakerID, email: nil, isLinked: false, linkedBy: nil, status: .none, accountExists: nil)
        }
        switch SpeakerLinkSource(rawValue: try row.decode(String.self, "linked_by")) {
        case .programme:
            return SpeakerAccount(
                speakerID: speakerID, email: email, isLinked: false, linkedBy: .programme, status: .suggested,
                accountExists: try accountID(email: email, db) != nil)
        case .organizer, nil:
            let isLinked = try row.decode(String?.self, "account_id") != nil
            return SpeakerAccount(
                speakerID: speakerID, email: email, isLinked: isLinked, linkedBy: .organizer,
                status: isLinked ? .linked : .none, accountExists: nil)
        }
    }

    /// The account signed up with `email` (normalized); a programme's speaker, which has no password, is none.
    private static func accountID(email: String, _ db: any DatabaseConnection) throws -> String? {
        try db.fetchValue(
            String.self, "SELECT id FROM attendee_user WHERE email = \(email) AND password_hash IS NOT NULL")
    }

    private static func saveLink(
        speakerID: String, eventID: String, accountID: String?, email: String?, by source: SpeakerLinkSource,
        at moment: Date, _ db: any DatabaseConnection
    ) throws {
        try db.execute(
            """
            INSERT INTO attendee_speaker_account (speaker_id, event_id, account_id, email, linked_by, linked_at)
            VALUES (\(speakerID), \(eventID), \(accountID), \(email), \(source.rawValue), \(moment))
            ON CONFLICT (speaker_id) DO UPDATE SET event_id = excluded.event_id, account_id = excluded.account_id,
                email = excluded.email, linked_by = excluded.linked_by, linked_at = excluded.linked_at
            """)
    }

    // MARK: - The programme's e-mails

    /// Records the e-mail an imported programme gives for a speaker as a suggestion for the organizer, which grants
    /// nothing (no account is stored with it): sign-up checks no e-mail, so the address alone proves nobody is the
    /// speaker. A speaker the organizer linked or unlinked keeps the organizer's word; one the file no longer
    /// gives an e-mail for loses the suggestion.
    static func recordProgrammeEmail(
        _ email: String?, speakerID: String, eventID: String, at moment: Date, _ db: any DatabaseConnection
    ) throws {
        guard let address = email.map(EmailAddress.normalized) else {
            try db.execute(
                """
                DELETE FROM attendee_speaker_account
                WHERE speaker_id = \(speakerID) AND linked_by = \(SpeakerLinkSource.programme.rawValue)
                """)
            return
        }
        let programme = SpeakerLinkSource.programme.rawValue
        try db.execute(
            """
            INSERT INTO attendee_speaker_account (speaker_id, event_id, account_id, email, linked_by, linked_at)
            VALUES (\(speakerID), \(eventID), NULL, \(address), \(programme), \(moment))
            ON CONFLICT (speaker_id) DO UPDATE SET event_id = excluded.event_id, account_id = NULL,
                email = excluded.email, linked_at = excluded.linked_at
            WHERE attendee_speaker_account.linked_by = \(programme)
            """)
    }
}
