import Database
import Foundation

/// The stand-in's identities: one per (pool, provider, provider user id), like a Cognito identity pool.
struct IdentityStore: Sendable {
    let database: any SQLDatabase

    /// One stored identity.
    struct Identity: Sendable, Hashable {
        var identityID: String
        var provider: String
        var providerUserID: String
    }

    /// The identity of a login, created on first use (`GetId`).
    func identity(pool: String, region: String, provider: String, user: String, now: Date) async throws -> String {
        let candidate = region + ":" + UUID().uuidString.lowercased()
        return try await database.write { db in
            // NB: insert-if-absent then read back, so two concurrent first sign-ins agree on one identity.
            try db.execute(
                """
                INSERT INTO cognito_identity (identity_id, pool_id, provider, provider_user_id, created_at)
                VALUES (\(candidate), \(pool), \(provider), \(user), \(now))
                ON CONFLICT (pool_id, provider, provider_user_id) DO NOTHING
                """)
            guard
                let identityID = try db.fetchValue(
                    String.self,
                    """
                    SELECT identity_id FROM cognito_identity
                    WHERE pool_id = \(pool) AND provider = \(provider) AND provider_user_id = \(user)
                    """)
            else { throw CognitoException(.internalError, "The identity could not be stored.") }
            return identityID
        }
    }

    /// The identity with this id in `pool`, if any.
    func find(_ identityID: String, pool: String) async throws -> Identity? {
        try await database.read { db in
            guard
                let row = try db.queryOne(
                    """
                    SELECT provider, provider_user_id FROM cognito_identity
                    WHERE identity_id = \(identityID) AND pool_id = \(pool)
                    """)
            else { return nil }
            return Identity(
                identityID: identityID, provider: try row.decode(String.self, "provider"),
                providerUserID: try row.decode(String.self, "provider_user_id"))
        }
    }
}
