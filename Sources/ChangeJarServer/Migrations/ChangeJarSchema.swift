import Database

/// The Change Jar tables, as named migrations that run unchanged on SQLite and PostgreSQL.
enum ChangeJarSchema {
    /// Registers every Change Jar migration, in order.
    static func register(in migrator: inout Migrator) {
        migrator.register("changejar.v1-actions") { db in
            let key =
                db.dialect == .postgres ? "BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY" : "INTEGER PRIMARY KEY"
            try db.executeScript(
                """
                CREATE TABLE changejar_action (
                    id \(key),
                    public_id TEXT NOT NULL UNIQUE,
                    title TEXT NOT NULL,
                    content TEXT NOT NULL,
                    auth_source TEXT NOT NULL,
                    provider_user_id TEXT NOT NULL,
                    identity_id TEXT NOT NULL,
                    author_name TEXT,
                    created_at BIGINT NOT NULL,
                    updated_at BIGINT NOT NULL
                );
                CREATE INDEX changejar_action_recent ON changejar_action (created_at DESC, id DESC);
                CREATE INDEX changejar_action_author
                    ON changejar_action (auth_source, provider_user_id, created_at DESC, id DESC);
                """)
        }
        migrator.register("changejar.v2-search") { db in
            try ActionStore.search.create(in: db)
        }
        // NB: PostgreSQL indexes made by v2 before FullTextIndex folded accents; fresh ones are current already.
        migrator.register("changejar.v3-search-unaccent") { db in
            try ActionStore.search.upgrade(in: db)
        }
    }
}
