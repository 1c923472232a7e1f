import Foundation
import Testing

@testable import QuartetCLI

/// A change Salesforce refused for an account it no longer has (another rep deleted it after this machine saved a
/// change to it offline) is never trapped: `account ID` lists it with what was typed, and `discard-mine` lets it go.
///
/// NB: an account never opened here (a typo) gets no change to begin with: `add` is its screen's, which has nothing
/// to add to (``SalesItemOnItsScreenTests``).
@Suite struct SalesGoneAccountTests {
    let missing = "001Q000000Demo3IAB"

    @Test func aChangeForAnAccountSalesforceDoesNotHaveIsListedAndLetGo() async throws {
        let cli = try await SalesCLI.make()
        defer { try? FileManager.default.removeItem(at: cli.dataDirectory) }
        await cli.signIn()
        #expect(await cli.run(["items", missing]).code == 0)
        cli.offline.isDown = true
        let queued = await cli.run(["note", "add", missing, "--title", "typo", "--body", "Call back\nTuesday"])
        #expect(queued.code == 0, "\(queued.errors)")
        cli.offline.isDown = false
        try await cli.deletedElsewhere("Account", missing)

        let sync = await cli.run(["sync"])
        #expect(sync.code == 1)
        #expect(
            sync.errors.contains(
                "refused: 'add the note typo': The account it belongs to is no longer in Salesforce. Copy what you "
                    + "want to keep, then discard this change."),
            "\(sync.errors)")

        let shown = await cli.run(["account", missing])
        #expect(shown.code == 1)
        #expect(
            shown.errors
                == "quartet: Acme Products no longer exists in Salesforce; the copy saved on this device was removed. "
                + "Your changes to it cannot be sent: copy what you want to keep from “Changes Not Sent”, then "
                + "discard them.\n")
        let lines = shown.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first == "Changes Not Sent")
        #expect(lines.count == 6)
        #expect(lines.dropFirst().first?.hasSuffix("  Add the note typo") == true)
        #expect(Array(lines.suffix(3)) == ["    > Call back", "    > Tuesday", ""])
        let change = try #require(lines[1].split(separator: " ").first.map(String.init))

        let dropped = await cli.run(["account", "discard-mine", missing, change])
        #expect(dropped.code == 0, "\(dropped.errors)")
        #expect(dropped.errors.hasSuffix("\nSalesforce has no account \(missing).\n"))
        #expect(dropped.output.isEmpty)
        #expect(await cli.run(["sync"]).code == 0)
        // With nothing held for it, the id is a plain failure again.
        let again = await cli.run(["account", missing])
        #expect(again.code == 1)
        #expect(!again.errors.contains("Changes Not Sent"), "\(again.errors)")
        #expect(again.output.isEmpty)
    }
}
