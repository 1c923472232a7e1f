import Foundation
import SalesCore
import Testing

/// `quartet sales attachment rename` and `… delete` of an item added offline that still waits: the screen's Edit
/// and swipe on the kept account, so the waiting upload takes the name, or the item is taken back and never sent.
@Suite struct SalesWaitingItemCommandTests {
    let hospital = "001Q000000Demo1IAB"

    /// The id `add` printed (`queued local-…`).
    func queuedID(_ output: String) throws -> String {
        let id = try #require(output.split(separator: " ").last.map { String($0.dropLast()) })
        #expect(id.hasPrefix(AccountItem.localIDPrefix), "\(output)")
        return id
    }

    @Test func aWaitingAttachmentIsRenamedAndUploadedOnceUnderTheNewName() async throws {
        let cli = try await SalesCLI.make()
        defer { try? FileManager.default.removeItem(at: cli.dataDirectory) }
        await cli.signIn()
        #expect(await cli.run(["items", hospital]).code == 0)
        cli.offline.isDown = true
        let minutes = try cli.file("minutes.txt", Data("The wing opens in May.".utf8))
        let id = try queuedID(await cli.run(["attachment", "add", hospital, minutes.path]).output)

        let tooLong = await cli.run(["attachment", "rename", id, String(repeating: "n", count: 300)])
        #expect(tooLong.code == 1)
        #expect(tooLong.errors.contains("Salesforce keeps at most 255"), "\(tooLong.errors)")
        let renamed = await cli.run(["attachment", "rename", id, "Visit minutes.txt"])
        #expect(renamed.code == 0, "\(renamed.errors)")
        #expect(renamed.output == "queued \(id)\n")
        #expect(renamed.errors.contains("offline: queued 'upload the attachment Visit minutes.txt'"))
        let offline = await cli.run(["items", hospital])
        #expect(offline.output.contains("Visit minutes.txt"), "\(offline.output)")
        // Its row opens nothing while its bytes wait here, and the command says why.
        let download = await cli.run(["attachment", "download", id])
        #expect(download.code == 1)
        #expect(
            download.errors.hasSuffix(
                "quartet: Visit minutes.txt is not in Salesforce yet: it waits on this machine to be sent\n"),
            "\(download.errors)")

        cli.offline.isDown = false
        #expect(await cli.run(["sync"]).output == "sent 1 edit\n")
        let rows = try await cli.items(hospital)
        #expect(
            rows.filter { $0["name"]?.hasSuffix("minutes.txt") == true }.map { $0["name"] } == ["Visit minutes.txt"])
    }

    @Test func aWaitingNoteIsDeletedAndNeverSent() async throws {
        let cli = try await SalesCLI.make()
        defer { try? FileManager.default.removeItem(at: cli.dataDirectory) }
        await cli.signIn()
        #expect(await cli.run(["items", hospital]).code == 0)
        cli.offline.isDown = true
        let id = try queuedID(await cli.run(["note", "add", hospital, "--title", "Call back"]).output)

        let deleted = await cli.run(["note", "delete", id])
        #expect(deleted.code == 0, "\(deleted.errors)")
        #expect(deleted.output == "deleted \(id)\n")
        #expect(!(await cli.run(["items", hospital]).output.contains("Call back")))
        // An id no account lists and no edit waits for is refused, and nothing is queued for it.
        let unknown = await cli.run(["note", "delete", AccountItem.localIDPrefix + UUID().uuidString])
        #expect(unknown.code == 1)

        cli.offline.isDown = false
        #expect(await cli.run(["sync"]).output == "sent 0 edits\n")
        #expect(!(await cli.run(["items", hospital]).output.contains("Call back")))
    }

    /// The item was sent before the delete: nothing is deleted, the command says so and fails.
    @Test func deletingAnItemTheSyncSentFailsAndDeletesNothing() async throws {
        let cli = try await SalesCLI.make()
        defer { try? FileManager.default.removeItem(at: cli.dataDirectory) }
        await cli.signIn()
        #expect(await cli.run(["items", hospital]).code == 0)
        cli.offline.isDown = true
        let id = try queuedID(await cli.run(["note", "add", hospital, "--title", "Call back"]).output)
        cli.offline.isDown = false
        #expect(await cli.run(["sync"]).output == "sent 1 edit\n")

        let deleted = await cli.run(["note", "delete", id])
        #expect(deleted.code == 1)
        #expect(deleted.errors.contains("was sent to Salesforce before it could be taken back"), "\(deleted.errors)")
        #expect(await cli.run(["items", hospital]).output.contains("Call back"))
    }
}
