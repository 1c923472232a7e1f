import Database
import DynamicJSON
import Foundation
import SalesCore
import SalesforceDevServer
import Testing

/// The attachment body table: the incremental-blob path, the plain-SQL path (PostgreSQL's), and the move
/// of bodies out of `salesforce_record` for databases made before it.
@Suite struct BodyStorageTests {
    static let bytes = Data([0xFF, 0xD8, 0xFF, 0xE0] + (0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 29) })

    /// Runs attachment create, rename, body replace and download through `store`.
    static func roundTrip(_ store: SObjectStore) async throws {
        let harness = try await DevServerHarness.make(store: store)
        let client = try await harness.client()
        var attachment = try await client.createAttachment(
            name: "a.jpg", data: bytes, contentType: nil, accountID: DevServerHarness.hospitalID)
        #expect(try await client.downloadAttachment(id: attachment.id ?? "").data == bytes)
        attachment.name = "b.jpg"
        try await client.renameAttachment(attachment)
        #expect(try await client.downloadAttachment(id: attachment.id ?? "").data == bytes)

        let token = try await harness.accessToken()
        let replaced = Data("replaced body".utf8)
        let patch = try await harness.send(
            .patch, "/services/data/v32.0/sobjects/Attachment/\(attachment.id ?? "")",
            body: Data(#"{"Body":"\#(replaced.base64EncodedString())"}"#.utf8), token: token)
        #expect(patch.status == .noContent)
        #expect(try await client.downloadAttachment(id: attachment.id ?? "").data == replaced)
    }

    @Test func sqliteStreamsBodiesThroughIncrementalBlobs() async throws {
        try await Self.roundTrip(try await DevServerHarness.migratedStore())
    }

    @Test func aDatabaseWithoutIncrementalBlobsStoresBodiesWithPlainSQL() async throws {
        let database = PlainSQLDatabase(base: try SQLiteDatabase(url: "sqlite::memory:"))
        var migrator = Migrator()
        SalesforceDevService.registerMigrations(&migrator)
        try await migrator.migrate(database)
        try await Self.roundTrip(.database(database))
    }

    @Test func bodiesStoredBeforeTheBodyTableMoveIntoIt() async throws {
        let database = try SQLiteDatabase(url: "sqlite::memory:")
        // The first migration as it was released, with a body stored in its `body` column.
        var original = Migrator()
        original.register("salesforce.v1-records") { db in
            try db.executeScript(
                """
                CREATE TABLE salesforce_record (
                    id TEXT PRIMARY KEY, type TEXT NOT NULL, parent_id TEXT, fields TEXT NOT NULL, body BLOB,
                    created_at BIGINT NOT NULL, modified_at BIGINT NOT NULL, is_deleted BIGINT NOT NULL DEFAULT 0
                );
                CREATE INDEX salesforce_record_parent ON salesforce_record (type, parent_id);
                CREATE TABLE salesforce_idempotency (key TEXT PRIMARY KEY, record_id TEXT NOT NULL);
                CREATE TABLE salesforce_token (
                    value TEXT PRIMARY KEY, kind TEXT NOT NULL, username TEXT NOT NULL, expires_at BIGINT,
                    refresh_token TEXT
                );
                CREATE INDEX salesforce_token_refresh ON salesforce_token (refresh_token);
                """)
        }
        try await original.migrate(database)
        let id = "00PQ000000Olde1IAB"
        try await database.write { db in
            try db.execute(
                """
                INSERT INTO salesforce_record (id, type, parent_id, fields, body, created_at, modified_at)
                VALUES (\(id), 'Attachment', '001Q000000Demo1IAB', '{"Name":"old.bin"}', \(Self.bytes), 0, 0)
                """)
        }
        var migrator = Migrator()
        SalesforceDevService.registerMigrations(&migrator)
        #expect(try await migrator.migrate(database) == ["salesforce.v2-bodies"])
        let record = try await SObjectStore.database(database).fetch(id, true)
        #expect(record?.body == Self.bytes)
        #expect(record?.string("Name") == "old.bin")
    }
}

/// A SQLite database whose connections offer only the plain ``DatabaseConnection`` operations, as
/// PostgreSQL's do: the store must then bind bodies as values.
private struct PlainSQLDatabase: SQLDatabase {
    let base: SQLiteDatabase
    var dialect: SQLDialect { base.dialect }

    func read<T: Sendable>(_ body: @Sendable (any DatabaseConnection) throws -> T) async throws -> T {
        try await base.read { try body(PlainConnection(base: $0)) }
    }

    func write<T: Sendable>(_ body: @Sendable (any DatabaseConnection) throws -> T) async throws -> T {
        try await base.write { try body(PlainConnection(base: $0)) }
    }

    func close() async { await base.close() }
}

private final class PlainConnection: DatabaseConnection {
    let base: any DatabaseConnection
    init(base: any DatabaseConnection) { self.base = base }
    var dialect: SQLDialect { base.dialect }
    func execute(_ sql: SQL) throws -> Int { try base.execute(sql) }
    func query(_ sql: SQL) throws -> [Row] { try base.query(sql) }
    func executeScript(_ script: String) throws { try base.executeScript(script) }
    func transaction<T>(_ body: () throws -> T) throws -> T { try base.transaction(body) }
}
