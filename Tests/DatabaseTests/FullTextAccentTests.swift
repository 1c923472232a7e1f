import Database
import DatabasePostgres
import DatabaseTestSupport
import Foundation
import TestSupport
import Testing

/// Full-text search ignores accents on both engines, in both directions, also for prefixes; PostgreSQL indexes made
/// before it did are upgraded by a migration; a database that cannot have `unaccent` fails clearly.
@Suite struct FullTextAccentTests {
    static let index = FullTextIndex(table: "document", columns: ["title", "body"])

    private static func createTable(_ db: any DatabaseConnection) throws {
        try db.executeScript(
            "CREATE TABLE document (id \(db.dialect.autoIncrementPrimaryKey), title TEXT NOT NULL, body TEXT)")
    }

    private static func insert(_ rows: [(Int64, String, String)], into database: any SQLDatabase) async throws {
        try await database.write { db in
            for (id, title, body) in rows {
                try db.execute("INSERT INTO document (id, title, body) VALUES (\(id), \(title), \(body))")
            }
        }
    }

    private static func prepare(_ database: any SQLDatabase, _ rows: [(Int64, String, String)]) async throws {
        var migrator = Migrator()
        migrator.register("test.v1-documents") { db in try createTable(db) }
        migrator.register("test.v2-search") { db in try index.create(in: db) }
        try await migrator.migrate(database)
        try await insert(rows, into: database)
    }

    private static func search(_ database: any SQLDatabase, _ text: String) async throws -> [Int64] {
        try await database.read { db in try index.search(text, limit: 10, in: db) }
    }

    /// Change Jar actions: a title and a pledge.
    static let actions: [(Int64, String, String)] = [
        (1, "Café without the car", "Cycle to the café on Fridays"),
        (2, "Cafe lunches from home", "Bring a box"),
        (3, "Crème brûlée for the neighbours", "Share dessert, meet people"),
        (4, "Creme brulee, less sugar", "Half the sugar"),
        (5, "Naïve gardening", "Grow herbs on the façade"),
    ]

    @Test(arguments: DatabaseKind.allCases)
    func actionsAreFoundWithOrWithoutAccents(kind: DatabaseKind) async throws {
        try await withTestDatabase(kind) { test in
            try await Self.prepare(test.database, Self.actions)
            // Unaccented query, accented text (and the unaccented row too).
            #expect(Set(try await Self.search(test.database, "cafe")) == [1, 2])
            #expect(Set(try await Self.search(test.database, "creme brulee")) == [3, 4])
            #expect(try await Self.search(test.database, "naive") == [5])
            #expect(try await Self.search(test.database, "facade") == [5])
            // Accented query, unaccented text.
            #expect(Set(try await Self.search(test.database, "CAFÉ")) == [1, 2])
            #expect(Set(try await Self.search(test.database, "crème brûlée")) == [3, 4])
            #expect(try await Self.search(test.database, "lunches café") == [2])
            // Ranking is unchanged: two mentions of "café" beat one.
            #expect(try await Self.search(test.database, "cafe").first == 1)
        }
    }

    @Test(arguments: DatabaseKind.allCases)
    func theLastWordMatchesAsAPrefixWithOrWithoutAccents(kind: DatabaseKind) async throws {
        try await withTestDatabase(kind) { test in
            try await Self.prepare(test.database, Self.actions)
            #expect(Set(try await Self.search(test.database, "brû")) == [3, 4])
            #expect(Set(try await Self.search(test.database, "bru")) == [3, 4])
            #expect(Set(try await Self.search(test.database, "crème br")) == [3, 4])
            #expect(try await Self.search(test.database, "faç") == [5])
            #expect(try await Self.search(test.database, "naï") == [5])
            #expect(try await Self.search(test.database, "brûlée neigh") == [3])
        }
    }

    /// Attendees: a name, and a company and job title.
    static let people: [(Int64, String, String)] = [
        (1, "José Núñez", "Société Générale, développeur"),
        (2, "Jose Nunez", "Acme, developer"),
        (3, "Chloé Andersen", "Développeuse, Café Müller"),
        (4, "Zoë Ångström", "Øresund Labs, ingénieure"),
        (5, "Francois Lefevre", "Ecole normale"),
    ]

    @Test(arguments: DatabaseKind.allCases)
    func attendeesAreFoundWithOrWithoutAccents(kind: DatabaseKind) async throws {
        try await withTestDatabase(kind) { test in
            try await Self.prepare(test.database, Self.people)
            #expect(Set(try await Self.search(test.database, "jose nunez")) == [1, 2])
            #expect(Set(try await Self.search(test.database, "José Núñez")) == [1, 2])
            #expect(try await Self.search(test.database, "chloe") == [3])
            #expect(try await Self.search(test.database, "zoe angstrom") == [4])
            #expect(try await Self.search(test.database, "ingenieure") == [4])
            #expect(try await Self.search(test.database, "François Lefèvre") == [5])
            #expect(try await Self.search(test.database, "école") == [5])
            #expect(try await Self.search(test.database, "societe generale") == [1])
            #expect(try await Self.search(test.database, "muller cafe") == [3])
            // Prefixes: a person is found while their name is still being typed.
            #expect(Set(try await Self.search(test.database, "nuñ")) == [1, 2])
            #expect(try await Self.search(test.database, "ång") == [4])
            #expect(try await Self.search(test.database, "chlo") == [3])
            #expect(Set(try await Self.search(test.database, "develop")) == [1, 2, 3])
        }
    }

    @Test(arguments: DatabaseKind.allCases)
    func hostileTextWithAccentsIsHarmless(kind: DatabaseKind) async throws {
        try await withTestDatabase(kind) { test in
            try await Self.prepare(test.database, Self.actions)
            // NB: "ʼ" is a letter that unaccent turns into an apostrophe, the tsquery quote character.
            let hostile = [
                "ʼ", "caféʼ", "ʼ) OR 1=1 --", "é'", "'é':*", "café & | ! <->", "crè*", "\"brûlée\"", "ﬁ", "½",
                "e\u{301}", "café\u{0}", "'; DROP TABLE document; --é", String(repeating: "é", count: 300),
            ]
            for text in hostile {
                _ = try await Self.search(test.database, text)
            }
            #expect(Set(try await Self.search(test.database, "(café)")) == [1, 2])
            #expect(try await Self.search(test.database, "café OR crème") == [])  // OR is just a word
            let count = try await test.database.read { db in
                try db.fetchValue(Int.self, "SELECT COUNT(*) FROM document")
            }
            #expect(count == Self.actions.count)
        }
    }

    @Test(arguments: DatabaseKind.allCases)
    func anIndexMadeBeforeAccentFoldingIsUpgradedByAMigration(kind: DatabaseKind) async throws {
        try await withTestDatabase(kind) { test in
            var migrator = Migrator()
            migrator.register("test.v1-documents") { db in try Self.createTable(db) }
            migrator.register("test.v2-search") { db in
                switch db.dialect {
                case .sqlite:
                    try Self.index.create(in: db)
                case .postgres:
                    // The PostgreSQL index as FullTextIndex.create made it before it folded accents.
                    try db.executeScript(
                        """
                        ALTER TABLE document ADD COLUMN search_vector tsvector GENERATED ALWAYS AS
                            (to_tsvector('simple'::regconfig, coalesce(title, '') || ' ' || coalesce(body, ''))) STORED;
                        CREATE INDEX document_search_vector_index ON document USING GIN (search_vector);
                        """)
                }
            }
            try await migrator.migrate(test.database)
            try await Self.insert(Self.actions, into: test.database)
            if kind == .postgres {
                let unfolded = try await test.database.read { db in
                    try db.fetchColumn(
                        Int64.self, "SELECT id FROM document WHERE search_vector @@ to_tsquery('simple', \("creme"))")
                }
                #expect(unfolded == [4])  // "Crème brûlée" is not found yet
            }

            migrator.register("test.v3-search-unaccent") { db in try Self.index.upgrade(in: db) }
            #expect(try await migrator.migrate(test.database) == ["test.v3-search-unaccent"])
            #expect(Set(try await Self.search(test.database, "creme")) == [3, 4])
            #expect(Set(try await Self.search(test.database, "CAFÉ")) == [1, 2])
            try await Self.insert([(6, "Crème fraîche", "")], into: test.database)
            #expect(Set(try await Self.search(test.database, "creme")) == [3, 4, 6])

            guard kind == .postgres else { return }
            let column: SQL = """
                SELECT a.attnum FROM pg_attribute a
                WHERE a.attrelid = 'document'::regclass AND a.attname = 'search_vector' AND NOT a.attisdropped
                """
            let indexed = try await test.database.read { db in
                try db.fetchValue(
                    Bool.self,
                    "SELECT EXISTS (SELECT 1 FROM pg_indexes WHERE indexname = 'document_search_vector_index')")
            }
            #expect(indexed == true)
            // Upgrading a current index leaves it alone (a rebuilt column would get a new number).
            let upgraded = try await test.database.read { db in try db.fetchValue(Int.self, column) }
            try await test.database.write { db in try Self.index.upgrade(in: db) }
            #expect(try await test.database.read { db in try db.fetchValue(Int.self, column) } == upgraded)
        }
    }

    @Test func postgresWithoutUnaccentInstallsItOrSaysWhoMust() async throws {
        let url = try DatabaseKind.requirePostgresURL()
        guard let bin = ProcessInfo.processInfo.environment["QUARTET_TEST_POSTGRES_BIN"], !bin.isEmpty,
            url.hasSuffix("/postgres")
        else {
            try Test.cancel("PostgreSQL binaries not configured: run under scripts/with-postgres")
        }
        // A database of its own, without the extension that scripts/with-postgres installed in the shared one,
        // and a role that may not create extensions there.
        let name = "fts_" + UUID().uuidString.prefix(8).lowercased()
        let databaseURL = String(url.dropLast("postgres".count)) + name
        let roleURL = databaseURL.replacingOccurrences(of: "postgres@", with: name + "@")
        let psql = { (url: String, command: String) in
            try ChildProcess.run(
                URL(fileURLWithPath: bin + "/psql"),
                arguments: [url, "-X", "-q", "-v", "ON_ERROR_STOP=1", "-c", command])
        }
        try psql(url, "CREATE ROLE \(name) LOGIN")
        try psql(url, "CREATE DATABASE \(name)")
        defer {
            try? psql(url, "DROP DATABASE IF EXISTS \(name) WITH (FORCE)")
            try? psql(url, "DROP ROLE IF EXISTS \(name)")
        }
        try psql(databaseURL, "CREATE SCHEMA app AUTHORIZATION \(name)")
        var migrator = Migrator()
        migrator.register("test.v1-documents") { db in try Self.createTable(db) }
        migrator.register("test.v2-search") { db in try Self.index.create(in: db) }

        var configuration = PostgresDatabase.Configuration(url: roleURL)
        configuration.searchPath = "app"
        let unprivileged = try PostgresDatabase(configuration)
        do {
            try await migrator.migrate(unprivileged)
            Issue.record("a role without CREATE on the database cannot install unaccent")
        } catch let error as DatabaseError {
            #expect(error.message.contains("unaccent"))
            #expect(error.message.contains("CREATE EXTENSION unaccent;"))
            #expect(error.publicMessage == "An internal error occurred.")
        }
        let applied = try await unprivileged.read { db in try Migrator.appliedMigrations(db) }
        #expect(applied == [])  // all or nothing

        // A superuser's migration installs it (in the schema it migrates, here public).
        let owner = try PostgresDatabase(url: databaseURL)
        try await migrator.migrate(owner)
        try await Self.insert(Self.actions, into: owner)
        #expect(Set(try await Self.search(owner, "creme")) == [3, 4])
        await owner.close()

        // Once it is there, in any schema, the unprivileged role's migrations find it.
        try await migrator.migrate(unprivileged)
        try await Self.insert(Self.people, into: unprivileged)
        #expect(Set(try await Self.search(unprivileged, "jose")) == [1, 2])
        await unprivileged.close()
    }
}
