import Database
import DatabaseTestSupport
import DynamicJSON
import Foundation
import HTTPServer
import SalesCore
import SalesforceDevServer
import SalesforceUpload
import Testing

@Suite struct DevServerStorageTests {
    @Test(arguments: DatabaseKind.eachDialectOnDisk)
    func recordsAndTokensSurviveARestartAndTheSeedLoadsOnce(kind: DatabaseKind) async throws {
        try await withTestDatabase(kind) { test in
            let reopened = try test.reopen()
            try await Self.restart(first: test.database, second: reopened)
            await reopened.close()
        }
    }

    /// Creates a note and a token through a server over `first`, then checks both through a server over `second`,
    /// another database object on the same storage.
    private static func restart(first database: any SQLDatabase, second reopened: any SQLDatabase) async throws {
        let first = try await DevServerHarness.make(store: try await DevServerHarness.migratedStore(database))
        let token = try await first.accessToken()
        let created = try await first.send(
            .post, "/services/data/v32.0/sobjects/Note",
            body: Data(#"{"ParentId":"001Q000000Demo1IAB","Title":"Persisted","Body":"é ✓ \"quoted\""}"#.utf8),
            token: token)
        #expect(created.status == .created)
        let seeded = try await first.service.store.count()

        let second = try await DevServerHarness.make(store: try await DevServerHarness.migratedStore(reopened))
        #expect(try await second.service.store.count() == seeded)
        // The token issued before the restart still works.
        let account = try await second.send(
            .get, "/services/apexrest/Account/RetrieveAccount/001Q000000Demo1IAB", token: token)
        #expect(account.status == .ok)
        let body = try JSONDecoder().decode([String: JSONValue].self, from: account.bodyData)
        guard case .array(let notes)? = body["notes"] else {
            Issue.record("no notes")
            return
        }
        #expect(notes.contains { $0["name"] == "Persisted" && $0["text"] == "é ✓ \"quoted\"" })
    }

    @Test func theInMemoryStoreBehavesTheSame() async throws {
        let harness = try await DevServerHarness.make(store: try .inMemory())
        let client = try await harness.client()
        let note = try await client.create(Note(name: "Memory", text: "x"), accountID: DevServerHarness.hospitalID)
        #expect(try await client.retrieveAccount(id: DevServerHarness.hospitalID).notes.contains { $0.id == note.id })
        try await client.delete(Note.self, id: note.id ?? "")
        #expect(try await !client.retrieveAccount(id: DevServerHarness.hospitalID).notes.contains { $0.id == note.id })
    }

    @Test(arguments: [true, false])
    func renamingAnAttachmentKeepsItsBody(inMemory: Bool) async throws {
        let harness = try await DevServerHarness.make(store: inMemory ? try .inMemory() : nil)
        let client = try await harness.client()
        let bytes = Data([0xFF, 0xD8, 0xFF, 0xE0] + (0..<5000).map { UInt8(truncatingIfNeeded: $0) })
        var attachment = try await client.createAttachment(
            name: "a.jpg", data: bytes, contentType: "image/jpeg", accountID: DevServerHarness.hospitalID)
        attachment.name = "b.jpg"
        try await client.save(attachment)
        let downloaded = try await client.downloadAttachment(id: attachment.id ?? "")
        #expect(downloaded == DownloadedFile(data: bytes, contentType: "image/jpeg"))
        let listed = try await client.retrieveAccount(id: DevServerHarness.hospitalID).attachments
        #expect(listed.first { $0.id == attachment.id }?.bodyLength == bytes.count)
        try await client.delete(Attachment.self, id: attachment.id ?? "")
        await #expect(throws: SalesforceError.self) { _ = try await client.downloadAttachment(id: attachment.id ?? "") }
    }

    /// A text attachment comes back as it went up, whatever its words: one that reads as base64 is not decoded.
    @Test func aTextAttachmentDownloadsByteForByte() async throws {
        let harness = try await DevServerHarness.make()
        let client = try await harness.client()
        for text in ["Dock opens at 7am, ask for Luis.\n", "abcd", "SGVsbG8gd29ybGQ="] {
            let bytes = Data(text.utf8)
            let attachment = try await client.createAttachment(
                name: "memo.txt", data: bytes, contentType: "text/plain", accountID: DevServerHarness.hospitalID)
            let downloaded = try await client.downloadAttachment(id: attachment.id ?? "")
            #expect(downloaded == DownloadedFile(data: bytes, contentType: "text/plain"), "\(text)")
        }
    }

    /// Real Salesforce stores the ContentType it is sent and guesses none from the bytes; so does the stand-in.
    @Test func theContentTypeIsExactlyWhatTheClientSent() async throws {
        let harness = try await DevServerHarness.make()
        let client = try await harness.client()
        let jpegBytes = Data([0xFF, 0xD8, 0xFF, 0xE0] + (0..<100).map { UInt8($0) })
        let untyped = try await client.createAttachment(
            name: "photo.jpg", data: jpegBytes, contentType: nil, accountID: DevServerHarness.hospitalID)
        let declared = try await client.createAttachment(
            name: "photo.txt", data: jpegBytes, contentType: "text/plain", accountID: DevServerHarness.hospitalID)
        let listed = try await client.retrieveAccount(id: DevServerHarness.hospitalID).attachments
        #expect(listed.first { $0.id == untyped.id }?.contentType == nil)
        #expect(listed.first { $0.id == declared.id }?.contentType == "text/plain")
    }

    @Test(arguments: DatabaseKind.eachDialect)
    func aBinaryBodyRoundTripsThroughTheDatabase(kind: DatabaseKind) async throws {
        try await DevServerHarness.withMigratedStore(kind) { store, _ in try await Self.binaryRoundTrip(store) }
    }

    private static func binaryRoundTrip(_ store: SObjectStore) async throws {
        let harness = try await DevServerHarness.make(store: store)
        let client = try await harness.client()
        let bytes = Data((0..<70_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        let attachment = try await client.createAttachment(
            name: "blob.bin", data: bytes, contentType: nil, accountID: DevServerHarness.hospitalID)
        let downloaded = try await client.downloadAttachment(id: attachment.id ?? "")
        #expect(downloaded.data == bytes)
        // No ContentType was sent, so none is stored; the body comes back as Salesforce's generic type.
        #expect(downloaded.contentType == "application/octetstream")
    }
}

/// A 25 MB attachment goes into a SQLite file piece by piece and comes back byte for byte.
@Suite struct LargeAttachmentTests {
    // NB: SQLite only: the slowest test of the target, and the body's path (the folder) is the same on both engines.
    @Test func a25MegabyteAttachmentRoundTripsThroughASQLiteFile() async throws {
        try await DevServerHarness.withMigratedStore(.sqliteFile) { store, _ in try await Self.roundTrip25MB(store) }
    }

    private static func roundTrip25MB(_ store: SObjectStore) async throws {
        let harness = try await DevServerHarness.make(store: store)
        let token = try await harness.accessToken()

        var bytes = Data(count: 25_000_000)
        bytes.withUnsafeMutableBytes { buffer in
            var state: UInt64 = 25
            for index in stride(from: 0, to: buffer.count - 7, by: 8) {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                buffer.storeBytes(of: state, toByteOffset: index, as: UInt64.self)
            }
        }
        let body =
            #"{"ParentId":"001Q000000Demo1IAB","Name":"big.pdf","ContentType":"application/pdf","Body":""#
            + bytes.base64EncodedString() + #""}"#
        let created = try await harness.send(
            .post, "/services/data/v32.0/sobjects/Attachment", body: Data(body.utf8), token: token)
        #expect(created.status == .created)
        let id = try #require(
            try JSONDecoder().decode([String: JSONValue].self, from: created.bodyData)["id"].flatMap {
                if case .string(let id) = $0 { id } else { nil }
            })

        let download = try await harness.send(
            .get, "/services/data/v32.0/sobjects/Attachment/\(id)/Body", token: token)
        #expect(download.status == .ok)
        #expect(download.headers["Content-Type"] == "application/pdf")
        #expect(download.bodyData.count == bytes.count)
        #expect(download.bodyData == bytes)
        let record = try JSONDecoder().decode(
            [String: JSONValue].self,
            from: try await harness.send(.get, "/services/data/v32.0/sobjects/Attachment/\(id)", token: token)
                .bodyData)
        #expect(record["BodyLength"] == .number(25_000_000))
    }

    /// Salesforce reads `"Body": ""` as no body: REQUIRED_FIELD_MISSING, and nothing is stored on either engine.
    @Test(arguments: DatabaseKind.eachDialect)
    func anEmptyBodyIsRefusedAndNothingIsStored(kind: DatabaseKind) async throws {
        try await DevServerHarness.withMigratedStore(kind) { store, _ in try await Self.emptyRefused(store) }
    }

    private static func emptyRefused(_ store: SObjectStore) async throws {
        let harness = try await DevServerHarness.make(store: store)
        let token = try await harness.accessToken()
        let before = try await store.count()
        let committed = { try FileManager.default.contentsOfDirectory(atPath: store.bodies.url.path).count }
        let filesBefore = try committed()
        let created = try await harness.send(
            .post, "/services/data/v32.0/sobjects/Attachment",
            body: Data(#"{"ParentId":"001Q000000Demo1IAB","Name":"empty","Body":""}"#.utf8), token: token)
        #expect(created.status == .badRequest)
        let errors = try JSONDecoder().decode([[String: JSONValue]].self, from: created.bodyData)
        #expect(errors.first?["errorCode"] == "REQUIRED_FIELD_MISSING")
        #expect(try await store.count() == before)
        #expect(try committed() == filesBefore)
    }
}

/// What the folder of bodies holds when the database's answer is lost.
@Suite struct BodyFolderFailureTests {
    /// The connection drops after the insert's `COMMIT` reached PostgreSQL: the record is committed, so the body it
    /// names must still be there (it used to be removed as though the insert had failed).
    @Test func aCreateWhoseCommitAnswerIsLostKeepsTheBodyItsRecordNames() async throws {
        try await withTestDatabase(.postgres) { test in
            let bodies = try BodyFolder.temporary()
            _ = try await DevServerHarness.migratedStore(test.database, bodies: bodies)
            let cutter = try CommitCutter()
            defer { cutter.stop() }
            let relayed = try cutter.database(on: test)
            let store = SObjectStore.database(relayed, bodies: bodies)
            let now = Date(timeIntervalSince1970: 1_800_000_000)
            let record = SObjectRecord(
                id: "00PQ00000000001IAA", type: "Attachment", parentID: DevServerHarness.hospitalID,
                fields: ["Name": "plan.pdf"], createdDate: now, lastModifiedDate: now)
            let bytes = Data("%PDF-1.7 the plan".utf8)

            cutter.arm()
            do {
                _ = try await store.insert(record, try bodies.stage(bytes), nil)
                Issue.record("an insert whose COMMIT answer is lost must not succeed")
            } catch let error as DatabaseError {
                #expect(error.mayHaveCommitted)
            }
            #expect(cutter.cutCount == 1)
            await cutter.serverEndedCutConnections()
            let stored = try await SObjectStore.database(test.database, bodies: bodies).fetch(record.id)
            let name = try #require(stored?.bodyFile)
            #expect(try bodies.read(name) == bytes)
            await relayed.close()
        }
    }

    /// SQLite's flush of the insert's commit fails: this process does not see the record, but a crash before the
    /// next write would commit it, so the body it names must still be there (it used to be removed as though the
    /// insert had surely failed, leaving a recovered record whose download finds nothing).
    @Test func aCreateWhoseCommitFlushFailsKeepsTheBodyARecoveryWouldName() async throws {
        let disk = try FailingFlush()
        let bodies = try BodyFolder.temporary()
        let store = try await DevServerHarness.migratedStore(disk.database, bodies: bodies)
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let record = SObjectRecord(
            id: "00PQ00000000002IAA", type: "Attachment", parentID: DevServerHarness.hospitalID,
            fields: ["Name": "plan.pdf"], createdDate: now, lastModifiedDate: now)
        let bytes = Data("%PDF-1.7 the plan".utf8)

        disk.failNextCommitFlush()
        do {
            _ = try await store.insert(record, try bodies.stage(bytes), nil)
            Issue.record("an insert whose commit flush failed must not succeed")
        } catch let error as DatabaseError {
            #expect(error.mayHaveCommitted)
        }
        #expect(!disk.isFailureWaiting)
        let recovered = try SQLiteDatabase(path: try disk.crashImage())
        let stored = try await SObjectStore.database(recovered, bodies: bodies).fetch(record.id)
        let name = try #require(stored?.bodyFile)
        #expect(try bodies.read(name) == bytes)
        await recovered.close()

        // No crash came: the record is not there, and once the file is an hour old the sweep takes it.
        let service = SalesforceDevService(store: store, users: [])
        #expect(try await store.fetch(record.id) == nil)
        #expect(try await service.sweepBodies() == 0)
        try BodySweepTests.age(bodies, name, by: 7200)
        #expect(try await service.sweepBodies() == 1)
        #expect(throws: (any Error).self) { try bodies.read(name) }
        await disk.remove()
    }
}

/// The body files no record names go without a restart.
@Suite struct BodySweepTests {
    /// Sets the modification time of `name` in `bodies` to `seconds` ago.
    static func age(_ bodies: BodyFolder, _ name: String, by seconds: TimeInterval) throws {
        try FileManager.default.setAttributes(
            [.modificationDate: Date().addingTimeInterval(-seconds)],
            ofItemAtPath: bodies.url.appendingPathComponent(name).path)
    }

    @Test func aSweepTakesOnlyOldFilesNoRecordNames() async throws {
        let store = try await DevServerHarness.migratedStore()
        let service = SalesforceDevService(store: store, users: [])
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let record = SObjectRecord(
            id: "00PQ00000000003IAA", type: "Attachment", parentID: DevServerHarness.hospitalID,
            fields: ["Name": "kept.pdf"], createdDate: now, lastModifiedDate: now)
        _ = try await store.insert(record, try store.bodies.stage(Data("named".utf8)), nil)
        let named = try #require(try await store.fetch(record.id)?.bodyFile)
        let oldOrphan = try store.bodies.commit(try store.bodies.stage(Data("old".utf8)), for: "00PQ00000000004IAA")
        let youngOrphan = try store.bodies.commit(
            try store.bodies.stage(Data("young".utf8)), for: "00PQ00000000005IAA")
        try Self.age(store.bodies, named, by: 7200)
        try Self.age(store.bodies, oldOrphan, by: 7200)

        #expect(try await service.sweepBodies() == 1)
        #expect(try store.bodies.read(named) == Data("named".utf8))
        #expect(try store.bodies.read(youngOrphan) == Data("young".utf8))
        #expect(throws: (any Error).self) { try store.bodies.read(oldOrphan) }
    }

    @Test func theCleanupSweepsWhileTheServerRuns() async throws {
        let store = try await DevServerHarness.migratedStore()
        let service = SalesforceDevService(store: store, users: [])
        let orphan = try store.bodies.commit(try store.bodies.stage(Data("old".utf8)), for: "00PQ00000000006IAA")
        try Self.age(store.bodies, orphan, by: 7200)
        let cleanup = service.startCleanup(every: .milliseconds(5))
        defer { cleanup.cancel() }
        var tries = 0
        while (try? store.bodies.read(orphan)) != nil, tries < 2_000 {
            try await Task.sleep(for: .milliseconds(5))
            tries += 1
        }
        #expect(throws: (any Error).self) { try store.bodies.read(orphan) }
    }
}
