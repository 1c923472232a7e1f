import Database
import DynamicJSON
import Foundation
import HTTPServer
import SalesCore
import SalesforceDevServer
import Testing

@Suite struct DevServerStorageTests {
    @Test func recordsAndTokensSurviveARestartAndTheSeedLoadsOnce() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sfdev-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = "sqlite://" + directory.appendingPathComponent("quartet.sqlite").path

        let first = try await DevServerHarness.make(store: try await DevServerHarness.migratedStore(url: url))
        let token = try await first.accessToken()
        let created = try await first.send(
            .post, "/services/data/v32.0/sobjects/Note",
            body: Data(#"{"ParentId":"001Q000000Demo1IAB","Title":"Persisted","Body":"é ✓ \"quoted\""}"#.utf8),
            token: token)
        #expect(created.status == .created)
        let seeded = try await first.service.store.count()

        let second = try await DevServerHarness.make(store: try await DevServerHarness.migratedStore(url: url))
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
        let harness = try await DevServerHarness.make(store: .inMemory())
        let client = try await harness.client()
        let note = try await client.createNote(.init(name: "Memory", text: "x"), accountID: DevServerHarness.hospitalID)
        #expect(try await client.retrieveAccount(id: DevServerHarness.hospitalID).notes.contains { $0.id == note.id })
        try await client.deleteNote(id: note.id ?? "")
        #expect(try await !client.retrieveAccount(id: DevServerHarness.hospitalID).notes.contains { $0.id == note.id })
    }

    @Test(arguments: [true, false])
    func renamingAnAttachmentKeepsItsBody(inMemory: Bool) async throws {
        let harness = try await DevServerHarness.make(store: inMemory ? .inMemory() : nil)
        let client = try await harness.client()
        let bytes = Data([0xFF, 0xD8, 0xFF, 0xE0] + (0..<5000).map { UInt8(truncatingIfNeeded: $0) })
        var attachment = try await client.createAttachment(
            name: "a.jpg", data: bytes, contentType: nil, accountID: DevServerHarness.hospitalID)
        attachment.name = "b.jpg"
        try await client.renameAttachment(attachment)
        let downloaded = try await client.downloadAttachment(id: attachment.id ?? "")
        #expect(downloaded == DownloadedFile(data: bytes, contentType: "image/jpeg"))
        let listed = try await client.retrieveAccount(id: DevServerHarness.hospitalID).attachments
        #expect(listed.first { $0.id == attachment.id }?.bodyLength == bytes.count)
        try await client.deleteAttachment(id: attachment.id ?? "")
        await #expect(throws: SalesforceError.self) { _ = try await client.downloadAttachment(id: attachment.id ?? "") }
    }

    @Test func aBinaryBodyRoundTripsThroughTheDatabase() async throws {
        let harness = try await DevServerHarness.make()
        let client = try await harness.client()
        let bytes = Data((0..<70_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        let attachment = try await client.createAttachment(
            name: "blob.bin", data: bytes, contentType: nil, accountID: DevServerHarness.hospitalID)
        let downloaded = try await client.downloadAttachment(id: attachment.id ?? "")
        #expect(downloaded.data == bytes)
        #expect(downloaded.contentType == "application/octet-stream")
    }
}
