import ChangeJarModels
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
        // NB: an action carried whatever name its body gave, so anyone could post as anyone. Names now live in
        // changejar_author, one per person, unique by AuthorName.key; see AuthorMigration for the existing rows.
        migrator.register("changejar.v4-author-names") { db in
            try AuthorMigration.run(in: db)
        }
        // NB: one row whose lock orders inserts and whose value stamps them; see ActionStore.takePosition.
        migrator.register("changejar.v5-action-clock") { db in
            try db.executeScript(
                """
                CREATE TABLE changejar_action_clock (
                    id INTEGER PRIMARY KEY CHECK (id = 1),
                    last_ms BIGINT NOT NULL
                );
                INSERT INTO changejar_action_clock (id, last_ms)
                    SELECT 1, COALESCE(MAX(created_at), 0) FROM changejar_action;
                """)
        }
    }
}

/// Moves the names that actions carried into ``AuthorStore``'s table: one name per person, no name shared.
///
/// Each name key goes to the person who used it first (the earliest action under it); a person keeps the most
/// recent name they used among those they hold. A person left without one (every name they used was someone's
/// before) has none: their actions say "Someone" until they choose a name, and the names they used cannot be
/// theirs, since another person went by them first. Names that are not names (no letter or digit) are dropped.
enum AuthorMigration {
    static func run(in db: any DatabaseConnection) throws {
        try db.executeScript(
            """
            CREATE TABLE changejar_author (
                auth_source TEXT NOT NULL,
                provider_user_id TEXT NOT NULL,
                display_name TEXT NOT NULL,
                name_key TEXT NOT NULL UNIQUE,
                named_at BIGINT NOT NULL,
                PRIMARY KEY (auth_source, provider_user_id)
            );
            """)
        struct Use {
            var person: [String]
            var name: String
            var key: String
            var first: (Int64, Int64)
            var last: (Int64, Int64)
        }
        let uses: [Use] = try db.query(
            """
            SELECT auth_source, provider_user_id, author_name, MIN(created_at) AS first_at, MIN(id) AS first_id,
                MAX(created_at) AS last_at, MAX(id) AS last_id
            FROM changejar_action WHERE author_name IS NOT NULL
            GROUP BY auth_source, provider_user_id, author_name
            """
        ).compactMap { row in
            let name = AuthorName.normalized(try row.decode(String.self, "author_name"))
            guard AuthorName.violation(name) == nil else { return nil }
            return Use(
                person: [try row.decode(String.self, "auth_source"), try row.decode(String.self, "provider_user_id")],
                name: name, key: AuthorName.key(name),
                first: (try row.decode(Int64.self, "first_at"), try row.decode(Int64.self, "first_id")),
                last: (try row.decode(Int64.self, "last_at"), try row.decode(Int64.self, "last_id")))
        }
        var holders: [String: Use] = [:]
        for use in uses where holders[use.key].map({ use.first < $0.first }) ?? true {
            holders[use.key] = use
        }
        var chosen: [[String]: Use] = [:]
        for use in uses where holders[use.key]?.person == use.person {
            if chosen[use.person].map({ $0.last < use.last }) ?? true { chosen[use.person] = use }
        }
        for use in chosen.values {
            _ = try db.execute(
                """
                INSERT INTO changejar_author (auth_source, provider_user_id, display_name, name_key, named_at)
                VALUES (\(use.person[0]), \(use.person[1]), \(use.name), \(use.key), \(use.last.0))
                """)
        }
        _ = try db.execute("ALTER TABLE changejar_action DROP COLUMN author_name")
    }
}
