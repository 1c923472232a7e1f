import AttendeeModels
import Database
import Foundation
import HTTPServer

extension AttendeeStore {
    /// A stored account: what sign-in checks.
    struct Credentials: Sendable {
        var userID: String
        var passwordHash: String
    }

    func createAccount(email: String, passwordHash: String, name: String, tokenHash: String, expiresAt: Date)
        async throws -> MyProfile
    {
        let id = UUID().uuidString.lowercased()
        let created = now()
        do {
            return try await database.write { db in
                try db.execute(
                    """
                    INSERT INTO attendee_user (id, email, password_hash, name, search_folded, created_at)
                    VALUES (\(id), \(email), \(passwordHash), \(name),
                            \(SearchFolding.searchText(name: name, company: "", title: "")), \(created))
                    """)
                try Self.storeToken(tokenHash, userID: id, created: created, expiresAt: expiresAt, db)
                return try Self.profile(userID: id, db)
            }
        } catch let error as DatabaseError where error.kind == .uniqueViolation {
            throw HTTPError(
                .conflict, detail: "An account with this e-mail already exists.",
                type: AttendanceRefusal.duplicate.rawValue, field: "email")
        }
    }

    func credentials(email: String) async throws -> Credentials? {
        try await database.read { db in
            try db.queryOne(
                "SELECT id, password_hash FROM attendee_user WHERE email = \(email) AND password_hash IS NOT NULL"
            ).map {
                Credentials(
                    userID: try $0.decode(String.self, "id"), passwordHash: try $0.decode(String.self, "password_hash"))
            }
        }
    }

    /// Replaces an account's password hash: a sign-in under newer hashing settings upgrades the one stored.
    func replacePasswordHash(userID: String, with passwordHash: String) async throws {
        try await database.write { db in
            _ = try db.execute("UPDATE attendee_user SET password_hash = \(passwordHash) WHERE id = \(userID)")
        }
    }

    /// Starts a session after a good sign-in, and clears the failed sign-ins counted for its e-mail (`signInKey`).
    func startSession(userID: String, tokenHash: String, expiresAt: Date, signInKey: String) async throws
        -> MyProfile
    {
        let created = now()
        return try await database.write { db in
            try db.execute("DELETE FROM attendee_auth_token WHERE user_id = \(userID) AND expires_at <= \(created)")
            try db.execute("DELETE FROM attendee_signin_attempt WHERE email_key = \(signInKey)")
            try Self.storeToken(tokenHash, userID: userID, created: created, expiresAt: expiresAt, db)
            return try Self.profile(userID: userID, db)
        }
    }

    private static func storeToken(
        _ tokenHash: String, userID: String, created: Date, expiresAt: Date, _ db: any DatabaseConnection
    ) throws {
        try db.execute(
            """
            INSERT INTO attendee_auth_token (token_hash, user_id, created_at, expires_at)
            VALUES (\(tokenHash), \(userID), \(created), \(expiresAt))
            """)
    }

    func userID(tokenHash: String) async throws -> String? {
        let moment = now()
        return try await database.read { db in try Self.userID(tokenHash: tokenHash, at: moment, db) }
    }

    /// Whom the token stored as `tokenHash` signs in at `moment`: `nil` once it is signed out or expired.
    static func userID(tokenHash: String, at moment: Date, _ db: any DatabaseConnection) throws -> String? {
        try db.fetchValue(
            String.self,
            "SELECT user_id FROM attendee_auth_token WHERE token_hash = \(tokenHash) AND expires_at > \(moment)")
    }

    func endSession(tokenHash: String) async throws {
        _ = try await database.write { db in
            try db.execute("DELETE FROM attendee_auth_token WHERE token_hash = \(tokenHash)")
        }
    }

    // MARK: - Profile

    func profile(userID: String) async throws -> MyProfile {
        try await database.read { db in try Self.profile(userID: userID, db) }
    }

    static func profile(userID: String, _ db: any DatabaseConnection) throws -> MyProfile {
        guard
            let row = try db.queryOne(
                "SELECT \(RowReading.personColumns), u.email, u.preferences FROM attendee_user u WHERE u.id = \(userID)"
            )
        else { throw HTTPError(.unauthorized, detail: "This account no longer exists.") }
        return MyProfile(
            person: try RowReading.person(row),
            email: try row.decode(String?.self, "email") ?? "",
            preferences: try row.decodeJSON(Preferences.self, "preferences"))
    }

    func updateProfile(userID: String, _ update: ProfileUpdate) async throws -> MyProfile {
        try await database.write { db in
            var profile = try Self.profile(userID: userID, db)
            if let name = update.name { profile.person.name = name.trimmingCharacters(in: .whitespacesAndNewlines) }
            if let title = update.title { profile.person.title = title }
            if let company = update.company { profile.person.company = company }
            if let aboutMe = update.aboutMe { profile.person.aboutMe = aboutMe }
            if let links = update.socialLinks { profile.person.socialLinks = links }
            if let preferences = update.preferences { profile.preferences = preferences }
            let person = profile.person
            try db.execute(
                """
                UPDATE attendee_user SET name = \(person.name), title = \(person.title), company = \(person.company),
                    about_me = \(person.aboutMe), social_links = \(json: person.socialLinks),
                    preferences = \(json: profile.preferences),
                    search_folded = \(SearchFolding.searchText(name: person.name, company: person.company, title: person.title))
                WHERE id = \(userID)
                """)
            return profile
        }
    }

    // MARK: - Registration

    /// Registers the caller (idempotent); returns the registration and whether it is new.
    func register(eventID: String, userID: String) async throws -> (Registration, created: Bool) {
        let created = now()
        let eventMoment = eventNow()
        return try await database.write { db in
            let event = try Self.event(id: eventID, db)
            // NB: a registration made before the end stays readable (registering again answers it); nobody new
            // registers for an event that is over.
            if event.endsAt <= eventMoment, try !Self.isRegistered(eventID: eventID, userID: userID, db) {
                throw HTTPError(
                    .conflict, detail: "“\(event.name)” is over.", type: AttendanceRefusal.eventEnded.rawValue)
            }
            // NB: ON CONFLICT keeps two simultaneous registrations of one person from becoming a 500.
            let inserted = try db.execute(
                """
                INSERT INTO attendee_registration (event_id, user_id, additional_status, created_at)
                VALUES (\(eventID), \(userID), \(AdditionalInfoStatus.pending.rawValue), \(created))
                ON CONFLICT (event_id, user_id) DO NOTHING
                """)
            if inserted == 0,
                let row = try db.queryOne(
                    """
                    SELECT additional_status, answers, guests FROM attendee_registration
                    WHERE event_id = \(eventID) AND user_id = \(userID)
                    """)
            {
                return (try RowReading.registration(row, eventID: eventID), false)
            }
            return (Registration(eventID: eventID), true)
        }
    }

    func submitAdditionalInfo(eventID: String, userID: String, _ submission: AdditionalInfoSubmission)
        async throws -> Registration
    {
        try await database.write { db in
            let event = try Self.event(id: eventID, db)
            try Self.requireRegistration(eventID: eventID, userID: userID, db)
            if let error = submission.validationError(fields: event.additionalInfoFields) {
                throw HTTPError(.unprocessableContent, detail: error.message, field: error.field)
            }
            let registration =
                submission.later
                ? Registration(eventID: eventID, additionalInfoStatus: .later)
                : Registration(
                    eventID: eventID, additionalInfoStatus: .completed,
                    answers: submission.answers.mapValues { $0.trimmingCharacters(in: .whitespacesAndNewlines) },
                    guests: submission.guests.map {
                        Guest(
                            name: $0.name.trimmingCharacters(in: .whitespacesAndNewlines),
                            email: EmailAddress.normalized($0.email))
                    })
            // NB: the state is compared in the UPDATE itself, so of two submits racing a completed one, one wins
            // and the other is refused; a completed step's answers are final, as the app tells the person.
            let changed = try db.execute(
                """
                UPDATE attendee_registration SET additional_status = \(registration.additionalInfoStatus.rawValue),
                    answers = \(json: registration.answers), guests = \(json: registration.guests)
                WHERE event_id = \(eventID) AND user_id = \(userID)
                    AND additional_status <> \(AdditionalInfoStatus.completed.rawValue)
                """)
            if changed == 0 {
                throw HTTPError(
                    .conflict, detail: "Your additional information is complete; its answers cannot be changed.",
                    type: AdditionalInfoSubmission.completedType)
            }
            return registration
        }
    }
}
