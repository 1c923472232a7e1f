import Database
import Foundation

extension AttendeeStore {
    /// A sign-in counted against its e-mail (or a sign-up against its client address, ``SignInThrottle/key(_:_:)``):
    /// its number in the window, and when the window began.
    struct CountedSignIn: Sendable {
        var attempt: Int
        var windowStart: Date
    }

    /// Counts a sign-in for the e-mail `key` stands for, in the window that began with the e-mail's first counted
    /// sign-in, or in a new one when that began `window` seconds ago or more.
    ///
    /// NB: one statement, so sign-ins sent at once each get their own number on both engines: a count read
    /// first and written after the password was checked would let a burst of guesses all pass.
    func countSignIn(key: String, window: TimeInterval) async throws -> CountedSignIn {
        let moment = now()
        let expired = moment.addingTimeInterval(-window)
        return try await database.write { db in
            guard
                let row = try db.queryOne(
                    """
                    INSERT INTO attendee_signin_attempt (email_key, attempts, window_started_at)
                    VALUES (\(key), 1, \(moment))
                    ON CONFLICT (email_key) DO UPDATE SET
                        attempts = CASE WHEN attendee_signin_attempt.window_started_at <= \(expired) THEN 1
                            ELSE attendee_signin_attempt.attempts + 1 END,
                        window_started_at = CASE WHEN attendee_signin_attempt.window_started_at <= \(expired)
                            THEN \(moment) ELSE attendee_signin_attempt.window_started_at END
                    RETURNING attempts, window_started_at
                    """)
            else { throw DatabaseError(.other, code: "upsert", message: "INSERT … RETURNING returned no row") }
            return CountedSignIn(
                attempt: try row.decode(Int.self, "attempts"),
                windowStart: try row.decode(Date.self, "window_started_at"))
        }
    }

    /// Takes back one count under `key` (a sign-up that made an account), never below none.
    func uncountSignIn(key: String) async throws {
        try await database.write { db in
            _ = try db.execute(
                "UPDATE attendee_signin_attempt SET attempts = attempts - 1 WHERE email_key = \(key) AND attempts > 0")
        }
    }

    /// Forgets the counts of windows that began at `cutoff` or earlier.
    func pruneSignInAttempts(windowsBefore cutoff: Date) async throws -> Int {
        try await database.write { db in
            try db.execute("DELETE FROM attendee_signin_attempt WHERE window_started_at <= \(cutoff)")
        }
    }
}
