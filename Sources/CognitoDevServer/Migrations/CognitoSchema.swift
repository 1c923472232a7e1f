import Database

/// The Cognito stand-in's tables, as named migrations that run unchanged on SQLite and PostgreSQL.
enum CognitoSchema {
    /// Registers every Cognito stand-in migration, in order.
    static func register(in migrator: inout Migrator) {
        migrator.register("cognito.v1-identities") { db in
            try db.executeScript(
                """
                CREATE TABLE cognito_identity (
                    identity_id TEXT PRIMARY KEY,
                    pool_id TEXT NOT NULL,
                    provider TEXT NOT NULL,
                    provider_user_id TEXT NOT NULL,
                    created_at BIGINT NOT NULL,
                    UNIQUE (pool_id, provider, provider_user_id)
                )
                """)
        }
    }
}
