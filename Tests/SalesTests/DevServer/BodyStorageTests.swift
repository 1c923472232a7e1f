import Database
import DatabaseTestSupport
import DynamicJSON
import Foundation
import HTTPServer
import SalesCore
import SalesforceDevServer
import SalesforceUpload
import Testing

/// Attachment bodies in the body folder: round trips through each store, what is left on disk after every
/// kind of failure, and the move of bodies out of the database for databases made by older versions. The database
/// store's tests run on SQLite and PostgreSQL.
@Suite struct BodyStorageTests {
    // NB: computed, not stored: LeakSanitizer cannot follow Swift-tagged pointers in a global `Data`.
    static var bytes: Data {
        Data([0xFF, 0xD8, 0xFF, 0xE0] + (0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 29) })
    }
    static let base = "/services/data/v32.0/sobjects"

    /// The files of a folder: stored bodies, and staged ones.
    static func files(_ folder: BodyFolder) -> (stored: Set<String>, staged: Int) {
        let manager = FileManager.default
        let stored = Set((try? manager.contentsOfDirectory(atPath: folder.url.path)) ?? []).subtracting(["staging"])
        let staged = (try? manager.contentsOfDirectory(atPath: folder.url.appendingPathComponent("staging").path))
        return (stored, staged?.count ?? 0)
    }

    /// Runs attachment create, rename, body replace and download through `store`.
    static func roundTrip(_ store: SObjectStore) async throws {
        let harness = try await DevServerHarness.make(store: store)
        let client = try await harness.client()
        let seeded = files(store.bodies).stored
        var attachment = try await client.createAttachment(
            name: "a.jpg", data: bytes, contentType: nil, accountID: DevServerHarness.hospitalID)
        #expect(try await client.downloadAttachment(id: attachment.id ?? "").data == bytes)
        let created = files(store.bodies).stored.subtracting(seeded)
        #expect(created.count == 1)
        #expect(created.first?.hasPrefix(attachment.id ?? "-") == true)

        attachment.name = "b.jpg"
        try await client.save(attachment)
        #expect(try await client.downloadAttachment(id: attachment.id ?? "").data == bytes)
        #expect(files(store.bodies).stored.subtracting(seeded) == created)

        let token = try await harness.accessToken()
        let replaced = Data("replaced body".utf8)
        let patch = try await harness.send(
            .patch, "\(base)/Attachment/\(attachment.id ?? "")",
            body: Data(#"{"Body":"\#(replaced.base64EncodedString())"}"#.utf8), token: token)
        #expect(patch.status == .noContent)
        #expect(try await client.downloadAttachment(id: attachment.id ?? "").data == replaced)
        // The replaced file is gone; exactly one file stands for the attachment, and nothing is left staged.
        let now = files(store.bodies)
        #expect(now.stored.subtracting(seeded).count == 1)
        #expect(now.stored.subtracting(seeded) != created)
        #expect(now.staged == 0)
    }

    @Test(arguments: DatabaseKind.eachDialect)
    func theDatabaseStoreKeepsBodiesInItsFolder(kind: DatabaseKind) async throws {
        try await DevServerHarness.withMigratedStore(kind) { store, _ in try await Self.roundTrip(store) }
    }

    @Test func theMemoryStoreKeepsBodiesInItsFolder() async throws {
        try await Self.roundTrip(try .inMemory())
    }

    @Test(arguments: DatabaseKind.eachDialectOnDisk)
    func aBodyAndItsRecordSurviveARestart(kind: DatabaseKind) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sfbody-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let folder = directory.appendingPathComponent("bodies")
        try await DevServerHarness.withMigratedStore(kind, bodies: try BodyFolder(folder)) { store, test in
            let first = try await DevServerHarness.make(store: store)
            let attachment = try await first.client().createAttachment(
                name: "a.jpg", data: Self.bytes, contentType: nil, accountID: DevServerHarness.hospitalID)
            let reopened = try test.reopen()
            let second = try await DevServerHarness.make(
                store: try await DevServerHarness.migratedStore(reopened, bodies: try BodyFolder(folder)))
            #expect(try await second.client().downloadAttachment(id: attachment.id ?? "").data == Self.bytes)
            await reopened.close()
        }
    }

    /// Every way a create can fail after its body was staged leaves no file behind.
    @Test(
        arguments: DatabaseKind.eachDialect,
        [
            ("no token", #"{"ParentId":"001Q000000Demo1IAB","Name":"x","Body":"QUJD"}"#),
            ("unknown field", #"{"ParentId":"001Q000000Demo1IAB","Name":"x","Body":"QUJD","Nope":1}"#),
            ("missing name", #"{"ParentId":"001Q000000Demo1IAB","Body":"QUJD"}"#),
            ("unknown parent", #"{"ParentId":"001Q000000Gone1IAB","Name":"x","Body":"QUJD"}"#),
            ("not base64", #"{"ParentId":"001Q000000Demo1IAB","Name":"x","Body":"QUJD!="}"#),
            ("malformed JSON", #"{"ParentId":"001Q000000Demo1IAB","Name":"x","Body":"QUJD""#),
            ("two bodies", #"{"ParentId":"001Q000000Demo1IAB","Name":"x","Body":"QUJD","body":"REVG","Nope":1}"#),
        ])
    func aFailedCreateLeavesNoFile(kind: DatabaseKind, failure: (name: String, body: String)) async throws {
        try await DevServerHarness.withMigratedStore(kind) { store, _ in
            let harness = try await DevServerHarness.make(store: store)
            let before = Self.files(store.bodies)
            let token = failure.name == "no token" ? nil : try await harness.accessToken()
            let response = try await harness.send(
                .post, "\(Self.base)/Attachment", body: Data(failure.body.utf8), token: token)
            #expect(response.status.rawValue >= 400)
            let after = Self.files(store.bodies)
            #expect(after.stored == before.stored)
            #expect(after.staged == 0)
        }
    }

    @Test(arguments: DatabaseKind.eachDialect)
    func anIdempotentReplayKeepsOneFile(kind: DatabaseKind) async throws {
        try await DevServerHarness.withMigratedStore(kind) { store, _ in try await Self.replayIdempotently(store) }
    }

    private static func replayIdempotently(_ store: SObjectStore) async throws {
        let harness = try await DevServerHarness.make(store: store)
        let token = try await harness.accessToken()
        let before = files(store.bodies).stored
        let body = Data(#"{"ParentId":"001Q000000Demo1IAB","Name":"x","Body":"QUJD"}"#.utf8)
        var ids: Set<String> = []
        for _ in 0..<2 {
            let response = try await harness.send(
                .post, "\(base)/Attachment", body: body, token: token, headers: ["Idempotency-Key": "k-1"])
            #expect(response.status == .created)
            if case .string(let id)? = try JSONDecoder().decode([String: JSONValue].self, from: response.bodyData)["id"]
            {
                ids.insert(id)
            }
        }
        #expect(ids.count == 1)
        #expect(files(store.bodies).stored.subtracting(before).count == 1)
    }

    /// Replays of one key that arrive together: on PostgreSQL, writes run at once (read committed), so the key's
    /// row, not a look-up before it, has to decide which create wins.
    @Test(arguments: DatabaseKind.eachDialect)
    func concurrentReplaysOfOneKeyCreateOneRecord(kind: DatabaseKind) async throws {
        try await DevServerHarness.withMigratedStore(kind) { store, _ in
            let harness = try await DevServerHarness.make(store: store)
            let token = try await harness.accessToken()
            let before = Self.files(store.bodies).stored
            let count = try await store.count()
            let body = Data(#"{"ParentId":"001Q000000Demo1IAB","Name":"x","Body":"QUJD"}"#.utf8)
            let responses = try await withThrowingTaskGroup(of: Response.self) { group in
                for _ in 0..<8 {
                    group.addTask {
                        try await harness.send(
                            .post, "\(Self.base)/Attachment", body: body, token: token,
                            headers: ["Idempotency-Key": "k-together"])
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(responses.map(\.status) == Array(repeating: .created, count: 8), "\(responses.map(\.bodyText))")
            let ids = Set(
                responses.map { try? JSONDecoder().decode([String: JSONValue].self, from: $0.bodyData)["id"] })
            #expect(ids.count == 1)
            #expect(try await store.count() == count + 1)
            #expect(Self.files(store.bodies).stored.subtracting(before).count == 1)
            #expect(Self.files(store.bodies).staged == 0)
        }
    }

    @Test(arguments: DatabaseKind.eachDialect)
    func bodiesKeptInTheDatabaseByOlderVersionsMoveIntoTheFolder(kind: DatabaseKind) async throws {
        try await withTestDatabase(kind) { test in try await Self.moveOldBodies(test.database) }
    }

    private static func moveOldBodies(_ database: any SQLDatabase) async throws {
        // The first migration as it was released, with a body stored in its `body` column (`bytea` on PostgreSQL).
        var original = Migrator()
        original.register("salesforce.v1-records") { db in
            let blob = db.dialect.blobType
            try db.executeScript(
                """
                CREATE TABLE salesforce_record (
                    id TEXT PRIMARY KEY, type TEXT NOT NULL, parent_id TEXT, fields TEXT NOT NULL, body \(blob),
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
                VALUES (\(id), 'Attachment', '001Q000000Demo1IAB', '{"Name":"old.bin"}', \(bytes), 0, 0)
                """)
        }
        var migrator = Migrator()
        SalesforceDevService.registerMigrations(&migrator)
        #expect(
            try await migrator.migrate(database) == [
                "salesforce.v2-bodies", "salesforce.v3-body-files", "salesforce.v4-token-client",
                "salesforce.v5-token-limits",
            ])
        let store = SObjectStore.database(database, bodies: try .temporary())
        // A file no record names, left long enough ago for the sweep to take it.
        let orphan = try store.bodies.commit(try store.bodies.stage(Data("orphan".utf8)), for: "00PQ000000Gone01IAB")
        try FileManager.default.setAttributes(
            [.modificationDate: Date().addingTimeInterval(-7200)],
            ofItemAtPath: store.bodies.url.appendingPathComponent(orphan).path)
        try await store.prepare()
        let record = try #require(try await store.fetch(id))
        #expect(record.string("Name") == "old.bin")
        #expect(try store.bodies.read(try #require(record.bodyFile)) == bytes)
        #expect(files(store.bodies).stored == [try #require(record.bodyFile)])
        #expect(try await database.read { try $0.fetchValue(Int.self, "SELECT COUNT(*) FROM salesforce_body") } == 0)
    }

    @Test func theSweepRemovesOldOrphansOnly() throws {
        let folder = try BodyFolder.temporary()
        let kept = try folder.commit(try folder.stage(Data("kept".utf8)), for: "00PQ000000Keep01IAB")
        let orphan = try folder.commit(try folder.stage(Data("orphan".utf8)), for: "00PQ000000Gone01IAB")
        let fresh = try folder.commit(try folder.stage(Data("fresh".utf8)), for: "00PQ000000New001IAB")
        let staged = try folder.stage()
        let old = Date().addingTimeInterval(-7200)
        for name in [kept, orphan] {
            try FileManager.default.setAttributes(
                [.modificationDate: old], ofItemAtPath: folder.url.appendingPathComponent(name).path)
        }
        let stale = folder.url.appendingPathComponent("staging/left-by-a-crash").path
        #expect(
            FileManager.default.createFile(
                atPath: stale, contents: Data("x".utf8), attributes: [.modificationDate: old]))
        folder.sweep(keeping: [kept])
        #expect(Self.files(folder).stored == [kept, fresh])
        #expect(Self.files(folder).staged == 1)  // the upload in flight stays
        withExtendedLifetime(staged) {}
    }

    @Test func aStagedBodyIsRemovedUnlessCommittedAndATemporaryFolderWithItsOwner() throws {
        var url: URL?
        do {
            let folder = try BodyFolder.temporary()
            url = folder.url
            do {
                let staged = try folder.stage(Data("gone".utf8))
                #expect(staged.count == 4)
                #expect(Self.files(folder).staged == 1)
            }
            #expect(Self.files(folder).staged == 0)
            let name = try folder.commit(try folder.stage(Data("kept".utf8)), for: "00PQ000000Keep01IAB")
            #expect(try folder.read(name) == Data("kept".utf8))
            #expect(throws: FileBody.OpenError.self) { try folder.read("../../etc/passwd") }
        }
        #expect(!FileManager.default.fileExists(atPath: try #require(url).path))
    }

    /// An upload without a token keeps nothing while it arrives (its 401 comes once it is in): a stranger's attachment
    /// was decoded into the staging folder as it came, up to the server's 40 MiB, before being refused. With a token
    /// the same body is staged as before.
    @Test func anUploadWithoutATokenStagesNothing() async throws {
        let store = try await DevServerHarness.migratedStore()
        let harness = try await DevServerHarness.make(store: store)
        let body = Data(
            #"{"Name":"a.jpg","ParentId":"001Q000000Demo1IAB","Body":"\#(Self.bytes.base64EncodedString())"}"#.utf8)
        let receivers = harness.router.bodyReceivers()
        for token in [nil, "Bearer anything"] as [String?] {
            var headers: HTTPHeaders = ["Content-Length": "\(body.count)", "Content-Type": "application/json"]
            headers["Authorization"] = token
            let receiver = try #require(
                receivers(Request(method: .post, path: "\(Self.base)/Attachment", headers: headers, body: Data())))
            body.withUnsafeBytes { receiver.receive(UnsafeRawBufferPointer(rebasing: $0[..<(body.count / 2)])) }
            #expect(Self.files(store.bodies).staged == (token == nil ? 0 : 1), "\(token ?? "no token")")
            withExtendedLifetime(receiver) {}
        }
        let refused = try await harness.send(.post, "\(Self.base)/Attachment", body: body)
        #expect(refused.status == .unauthorized)
        #expect(Self.files(store.bodies).staged == 0)
    }
}
