import Foundation

/// Named, ordered schema changes for one domain, applied once each and recorded in `quartet_migrations`.
///
/// ```swift
/// var migrator = Migrator()
/// migrator.register("changejar.v1") { db in
///     try db.executeScript("CREATE TABLE action (id INTEGER PRIMARY KEY, title TEXT NOT NULL)")
/// }
/// migrator.register("changejar.v2-search") { db in
///     try FullTextIndex(table: "action", columns: ["title"]).create(in: db)
/// }
/// try await migrator.migrate(database)   // at start; does nothing when already applied
/// ```
///
/// Pending migrations run in order in one write transaction, so a failure leaves none of them applied.
/// Two processes migrating the same database at once are serialized (SQLite: `BEGIN IMMEDIATE`;
/// PostgreSQL: a transaction-scoped advisory lock), and the second one finds the work done.
/// Use `db.dialect` inside a migration for the statements that differ between engines.
public struct Migrator: Sendable {
    /// One registered migration.
    public struct Migration: Sendable {
        /// The unique name, conventionally `domain.vN-what`.
        public let name: String
        let migrate: @Sendable (any DatabaseConnection) throws -> Void
    }

    /// The table that records applied migrations.
    public static let tableName = "quartet_migrations"

    /// The migrations, in registration order.
    public private(set) var migrations: [Migration] = []

    /// An empty migrator.
    public init() {}

    /// Appends a migration. Names must be unique; a duplicate is reported by ``migrate(_:)``.
    public mutating func register(
        _ name: String, _ migrate: @escaping @Sendable (any DatabaseConnection) throws -> Void
    ) {
        migrations.append(Migration(name: name, migrate: migrate))
    }

    /// The migrations registered up to and including the one named `name` (all of them when none has that name):
    /// the schema as an earlier release left it, e.g. to test the migrations that follow on data it stored.
    ///
    /// ```swift
    /// try await LocalStore.migrator.prefix(through: "localstore.v1").migrate(database)
    /// ```
    public func prefix(through name: String) -> Migrator {
        var earlier = Migrator()
        for migration in migrations {
            earlier.migrations.append(migration)
            if migration.name == name { break }
        }
        return earlier
    }

    /// Applies the pending migrations in order and returns their names (empty when up to date).
    @discardableResult
    public func migrate(_ database: any SQLDatabase) async throws -> [String] {
        var seen: Set<String> = []
        for migration in migrations where !seen.insert(migration.name).inserted {
            throw DatabaseError(
                .other, code: "migration", message: "migration \"\(migration.name)\" is registered twice")
        }
        let migrations = self.migrations
        var attempt = 0
        while true {
            do {
                return try await database.write { db in try Migrator.apply(migrations, in: db) }
            } catch let error as DatabaseError where error.kind == .busy && attempt < 20 {
                // NB: another process holds the SQLite write lock beyond the busy timeout (a long migration);
                // wait for it rather than fail the start.
                attempt += 1
                try await Task.sleep(for: .milliseconds(250))
            }
        }
    }

    /// The names of the applied migrations, in the order they were applied.
    public static func appliedMigrations(_ db: any DatabaseConnection) throws -> [String] {
        let exists: Bool?
        switch db.dialect {
        case .sqlite:
            exists = try db.fetchValue(
                Bool.self, "SELECT COUNT(*) > 0 FROM sqlite_master WHERE type = 'table' AND name = \(tableName)")
        case .postgres:
            exists = try db.fetchValue(Bool.self, "SELECT to_regclass(\(tableName)) IS NOT NULL")
        }
        guard exists == true else { return [] }
        return try db.fetchColumn(
            String.self, "SELECT name FROM \(raw: tableName) ORDER BY applied_order, name")
    }

    private static func createTable(_ db: any DatabaseConnection) throws {
        try db.executeScript(
            """
            CREATE TABLE IF NOT EXISTS \(tableName) (
                name TEXT PRIMARY KEY,
                applied_order BIGINT NOT NULL,
                applied_at BIGINT NOT NULL
            )
            """)
    }

    private static func apply(_ migrations: [Migration], in db: any DatabaseConnection) throws -> [String] {
        if db.dialect == .postgres {
            // NB: CREATE TABLE IF NOT EXISTS races in PostgreSQL; the lock serializes migrators across processes
            // and is released with the transaction. The key is an arbitrary constant naming this table.
            try db.execute("SELECT pg_advisory_xact_lock(\(Int64(0x5175_6172_7465_7431)))")
        }
        try createTable(db)
        let applied = Set(try appliedMigrations(db))
        var order = try db.fetchValue(Int64.self, "SELECT COALESCE(MAX(applied_order), 0) FROM \(raw: tableName)") ?? 0
        var done: [String] = []
        for migration in migrations where !applied.contains(migration.name) {
            do {
                try migration.migrate(db)
            } catch var error as DatabaseError {
                error.message = "migration \"\(migration.name)\": \(error.message)"
                throw error
            }
            order += 1
            try db.execute(
                """
                INSERT INTO \(raw: tableName) (name, applied_order, applied_at)
                VALUES (\(migration.name), \(order), \(Date()))
                """)
            done.append(migration.name)
        }
        return done
    }
}
