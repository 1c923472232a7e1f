import Foundation
import SalesCore
import Testing

/// Issue 12: on a machine that does not keep the item's account, `note|doc|attachment delete`, `edit`, `show`,
/// `attachment download` and `content open` are still the Account screen's: they open the screen of the account
/// Salesforce says the item is on, and tap its row, so its version check, conflicts and banners apply; `add` opens
/// the screen of the account named and taps its add button.
@Suite struct SalesItemOnItsScreenTests {
    let hospital = "001Q000000Demo1IAB"
    let note = "002Q000000Demo1IAB"
    let clinic = "001Q000000Demo3IAB"

    /// This machine and a colleague's, both signed in; neither keeps an account yet.
    func twoMachines() async throws -> (cli: SalesCLI, colleague: SalesCLI) {
        let cli = try await SalesCLI.make()
        let colleague = SalesCLI(
            router: cli.router, dataDirectory: cli.dataDirectory.appendingPathComponent("colleague"))
        await cli.signIn()
        await colleague.signIn()
        return (cli, colleague)
    }

    /// The reviewer's case: the colleague changes the note after this machine's screen read it and before the
    /// delete reaches it. The delete was sent with no version check, and deleted what the colleague wrote.
    @Test func deletingANoteAColleagueChangedSinceItWasReadDeletesNothing() async throws {
        let (cli, colleague) = try await twoMachines()
        defer { try? FileManager.default.removeItem(at: cli.dataDirectory) }
        let note = note
        cli.beforeNextDeletion.set {
            // NB: the server's versions are milliseconds apart; the colleague's save is a newer one.
            try? await Task.sleep(for: .milliseconds(5))
            _ = await colleague.run(["note", "edit", note, "--body", "Moved to Friday"])
        }

        let deleted = await cli.run(["note", "delete", note])
        #expect(deleted.code == 1)
        #expect(deleted.output.isEmpty)
        #expect(
            deleted.errors.contains("changed on the server since it was read; nothing was overwritten"),
            "\(deleted.errors)")
        let kept = try JSONDecoder().decode(
            [String: String].self, from: Data(await colleague.run(["note", "show", note, "--json"]).output.utf8))
        #expect(kept["text"] == "Moved to Friday")
        #expect(await cli.run(["sync"]).output == "sent 0 edits\n", "nothing waits to delete it later either")

        // Unchanged since the screen read it, it is deleted, and the screen's saved copy no longer lists it.
        let again = await cli.run(["note", "delete", note])
        #expect(again.code == 0, "\(again.errors)")
        #expect(again.output == "deleted \(note)\n")
        cli.offline.isDown = true
        #expect(!(await cli.run(["items", hospital]).output.contains(note)))
    }

    /// `note edit`, `note show`, `attachment download` and `content open` on a machine that keeps no account open
    /// the screen of the item's account, which this machine then keeps: offline, it shows what they did.
    @Test func itemCommandsOpenTheScreenOfTheItemsAccount() async throws {
        let (cli, colleague) = try await twoMachines()
        defer { try? FileManager.default.removeItem(at: cli.dataDirectory) }
        let edited = await cli.run(["note", "edit", note, "--body", "Bring the gowns"])
        #expect(edited.code == 0, "\(edited.errors)")
        #expect(edited.output == "saved \(note)\n")
        cli.offline.isDown = true
        #expect(await cli.run(["note", "show", note]).output == "Visit with Dr. Alvarez\n\nBring the gowns\n")
        cli.offline.isDown = false

        // Another machine that keeps nothing downloads an attachment through its row on the hospital's screen.
        let attachment = try await colleague.itemID(hospital, kind: "attachment")
        let fresh = SalesCLI(router: cli.router, dataDirectory: cli.dataDirectory.appendingPathComponent("fresh"))
        await fresh.signIn()
        let out = cli.dataDirectory.appendingPathComponent("copy.pdf")
        let download = await fresh.run(["attachment", "download", attachment, "--output", out.path])
        #expect(download.code == 0, "\(download.errors)")
        #expect(FileManager.default.fileExists(atPath: out.path))

        // A note id is not a doc's: no screen lists it as one, and nothing changes.
        let wrongKind = await fresh.run(["doc", "delete", note])
        #expect(wrongKind.code == 1)
        #expect(await colleague.run(["note", "show", note]).code == 0)
    }

    /// `content open` on a machine that keeps no account names the account whose Know · Say · Show lists it, and
    /// is that row's tap; without one it says so, and an account that does not list it is refused.
    @Test func contentOpenIsTheRowsTapOnTheAccountNamed() async throws {
        let (cli, _) = try await twoMachines()
        defer { try? FileManager.default.removeItem(at: cli.dataDirectory) }
        let document = "069Q000000Demo3IAB"
        let out = cli.dataDirectory.appendingPathComponent("questions.txt")
        let unnamed = await cli.run(["content", "open", document, "--output", out.path])
        #expect(unnamed.code == 2)
        #expect(unnamed.errors.contains("--account ACCOUNT"), "\(unnamed.errors)")

        let opened = await cli.run(["content", "open", document, "--account", hospital, "--output", out.path])
        #expect(opened.code == 0, "\(opened.errors)")
        #expect(String(decoding: try Data(contentsOf: out), as: UTF8.self).hasPrefix("1. How did your clean rating"))
        // The dock photo is St. Mary's only: another account's screen does not list it.
        let other = await cli.run(["content", "open", "069Q000000Demo5IAB", "--account", "001Q000000Demo3IAB"])
        #expect(other.code == 1)
        #expect(
            other.errors.hasSuffix("does not list the content document 069Q000000Demo5IAB under Know · Say · Show\n"))
    }

    /// `note|doc|attachment add` on an account this machine does not keep is that account's screen's add button, as
    /// on one it keeps. The editor alone queued a note offline for an account never opened here, created an item
    /// for an account Salesforce does not have, sent nothing waiting first, and kept no copy to list the new row.
    @Test func addingToAnAccountNotKeptIsTheScreensAdd() async throws {
        let cli = try await SalesCLI.make()
        defer { try? FileManager.default.removeItem(at: cli.dataDirectory) }
        await cli.signIn()
        let created = { cli.requests.all.filter { $0.hasPrefix("POST ") && $0.contains("/sobjects/") } }

        // Offline, the screen of an account never opened here shows nothing and offers no add button.
        cli.offline.isDown = true
        let offline = await cli.run(["note", "add", hospital, "--title", "Call back", "--body", "new wing"])
        #expect(offline.code == 1)
        #expect(offline.output.isEmpty)
        #expect(
            offline.errors == "quartet: You're offline, and this account has not been opened on this device before.\n")
        cli.offline.isDown = false
        #expect(await cli.run(["sync"]).output == "sent 0 edits\n", "nothing waits to be sent later")

        // An account Salesforce does not have: the screen says so, as `account` does, and nothing is created.
        let missing = "001Q000000Gone1IAB"
        let shown = await cli.run(["account", missing])
        #expect(shown.code == 1)
        let none = await cli.run(["doc", "add", missing, "--name", "Plan", "--url", "https://docs.google.com/d/1"])
        #expect(none.code == 1)
        #expect(none.errors == shown.errors)
        #expect(created().isEmpty, "\(created())")

        // What waits is sent as the screen opens, before the item is added.
        #expect(await cli.run(["items", clinic]).code == 0)
        cli.offline.isDown = true
        #expect(await cli.run(["note", "add", clinic, "--title", "Order gloves"]).code == 0)
        cli.offline.isDown = false
        let added = await cli.run(["note", "add", hospital, "--title", "Call back", "--body", "new wing"])
        #expect(added.code == 0, "\(added.errors)")
        #expect(await cli.run(["sync"]).output == "sent 0 edits\n")

        // The row joins the screen's list and the copy this machine keeps: offline, it is listed.
        cli.offline.isDown = true
        let listed = await cli.run(["items", hospital])
        #expect(listed.code == 0, "\(listed.errors)")
        #expect(listed.output.contains("Call back"), "\(listed.output)")
    }

    /// A file over 25 MB that is no image, added to an account this machine does not keep: the editor's sentence,
    /// and nothing is sent or left waiting.
    @Test func anOversizedFileOnAnAccountNotKeptIsRefusedAndSendsNothing() async throws {
        let cli = try await SalesCLI.make()
        defer { try? FileManager.default.removeItem(at: cli.dataDirectory) }
        await cli.signIn()
        let big = try cli.file("archive.zip", Data([0x50, 0x4B, 3, 4]) + Data(count: 26_843_546 - 4))
        let refused = await cli.run(["attachment", "add", hospital, big.path])
        #expect(refused.code == 1)
        #expect(refused.output.isEmpty)
        #expect(
            refused.errors == "quartet: archive.zip is 25.6 MB; attachments are limited to 25 MB (26,214,400 bytes).\n")
        #expect(!cli.requests.all.contains { $0.hasPrefix("POST ") && $0.contains("/sobjects/") })
        #expect(await cli.run(["sync"]).output == "sent 0 edits\n")
    }

    /// Salesforce ends the session as the note goes up (401 `INVALID_SESSION_ID`, its refresh refused): the note
    /// waits for the same rep's next sign-in, and is sent once. The command said "offline: queued …", which sent
    /// the rep to wait for a network that was never down.
    @Test func aSessionEndedAsANoteIsAddedKeepsItForTheNextSignIn() async throws {
        let cli = try await SalesCLI.make()
        defer { try? FileManager.default.removeItem(at: cli.dataDirectory) }
        await cli.signIn()
        cli.beforeNextCreate.set { try? await cli.sessionEnded() }
        let added = await cli.run(["note", "add", hospital, "--title", "Call back", "--body", "new wing"])
        #expect(added.code == 0, "\(added.errors)")
        // NB: the network was up: the note waits because the session ended, and says so (not "offline").
        #expect(
            added.errors
                == "your session ended: queued 'add the note Call back'; sign in again as the same user, then run "
                + "'quartet sales sync' (if someone else signs in here, it is discarded)\n", "\(added.errors)")
        await cli.signIn()
        #expect(await cli.run(["sync"]).output == "sent 1 edit\n")
        let items = await cli.run(["items", hospital])
        #expect(items.output.components(separatedBy: "Call back").count == 2, "\(items.output)")
    }
}
