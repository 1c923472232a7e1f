import Foundation
import SalesCore
import Testing

/// Every `quartet sales` command whose change can end up waiting in the outbox says why it waits, in the core's
/// sentence for that reason: offline, to sync when the network returns; when Salesforce ended the session as it
/// went, to sign in again as the same user first. `account update` printed "Saved offline" and a bare `queued`,
/// and `delete` the same, while the network was up and only the session had ended.
@Suite struct SalesQueuedReasonCommandTests {
    static let hospital = "001Q000000Demo1IAB"

    enum Ending: String, CaseIterable, CustomTestStringConvertible {
        case offline, sessionEnded
        var testDescription: String { rawValue }

        /// What the command prints on standard error for a change summarised as `summary`.
        func sentence(_ summary: String) -> String {
            switch self {
            case .offline: "offline: queued '\(summary)'; run 'quartet sales sync' when the network returns\n"
            case .sessionEnded:
                "your session ended: queued '\(summary)'; sign in again as the same user, then run "
                    + "'quartet sales sync' (if someone else signs in here, it is discarded)\n"
            }
        }

        /// Whether `errors` ends with the sentence for a change summarised as `summary`, and says nothing else of why
        /// it waits (offline, the screen's opening said first that it shows the copy kept on this machine).
        func said(_ summary: String, in errors: String) -> Bool {
            errors.hasSuffix(sentence(summary)) && !errors.contains("Saved offline")
                && (self == .offline || !errors.contains("offline"))
        }

        /// Ends the network now, or the session just before the request `before` picks.
        func arrange(_ cli: SalesCLI, before: SalesCLI.BeforeNext) {
            switch self {
            case .offline: cli.offline.isDown = true
            case .sessionEnded: before.set { try? await cli.sessionEnded() }
            }
        }
    }

    /// A machine signed in, keeping the hospital's account.
    func signedIn() async throws -> SalesCLI {
        let cli = try await SalesCLI.make()
        await cli.signIn()
        #expect(await cli.run(["account", Self.hospital]).code == 0)
        return cli
    }

    /// After the change waited: signed in again (a session that ended), back online, the sync sends it once.
    func sendsItOnce(_ cli: SalesCLI, _ ending: Ending) async {
        cli.offline.isDown = false
        if ending == .sessionEnded { await cli.signIn() }
        #expect(await cli.run(["sync"]).output == "sent 1 edit\n")
    }

    @Test(arguments: Ending.allCases)
    func accountUpdateSaysWhyItWaits(_ ending: Ending) async throws {
        let cli = try await signedIn()
        defer { try? FileManager.default.removeItem(at: cli.dataDirectory) }
        ending.arrange(cli, before: cli.beforeNextPatch)
        let update = await cli.run(["account", "update", Self.hospital, "--num-beds", "260"])
        #expect(update.code == 0, "\(update.errors)")
        #expect(
            ending.said("save the account St. Mary's Regional Medical Center", in: update.errors), "\(update.errors)")
        #expect(update.output == "queued \(Self.hospital)\n")
        await sendsItOnce(cli, ending)
    }

    @Test(arguments: Ending.allCases, ["note", "attachment", "doc"])
    func deleteSaysWhyItWaits(_ ending: Ending, kind: String) async throws {
        let cli = try await signedIn()
        defer { try? FileManager.default.removeItem(at: cli.dataDirectory) }
        let row = try #require(try await cli.items(Self.hospital).first { $0["kind"] == kind })
        let id = try #require(row["id"])
        let label = ["note": "note", "attachment": "attachment", "doc": "Google Doc"][kind] ?? kind
        ending.arrange(cli, before: cli.beforeNextDeletion)
        let deleted = await cli.run([kind, "delete", id])
        #expect(deleted.code == 0, "\(deleted.errors)")
        #expect(ending.said("delete the \(label) \(row["name"] ?? "")", in: deleted.errors), "\(deleted.errors)")
        #expect(deleted.output == "queued \(id)\n")
        await sendsItOnce(cli, ending)
    }

    @Test(arguments: Ending.allCases)
    func itemEditsSayWhyTheyWait(_ ending: Ending) async throws {
        let cli = try await signedIn()
        defer { try? FileManager.default.removeItem(at: cli.dataDirectory) }
        let note = try await cli.itemID(Self.hospital, kind: "note")
        let attachment = try await cli.itemID(Self.hospital, kind: "attachment")
        let doc = try await cli.itemID(Self.hospital, kind: "doc")
        let edits: [([String], String)] = [
            (["note", "edit", note, "--title", "Renamed"], "save the note Renamed"),
            (["attachment", "rename", attachment, "Renamed.pdf"], "rename the attachment Renamed.pdf"),
            (["doc", "edit", doc, "--name", "Renamed doc"], "save the Google Doc Renamed doc"),
        ]
        for (arguments, summary) in edits {
            ending.arrange(cli, before: cli.beforeNextPatch)
            let edited = await cli.run(arguments)
            #expect(edited.code == 0, "\(arguments): \(edited.errors)")
            #expect(ending.said(summary, in: edited.errors), "\(arguments): \(edited.errors)")
            #expect(edited.output.hasPrefix("queued "), "\(arguments)")
            // NB: sent before the next, whose screen would otherwise send it as it opens.
            await sendsItOnce(cli, ending)
        }
    }

    @Test(arguments: Ending.allCases)
    func itemAddsSayWhyTheyWait(_ ending: Ending) async throws {
        let cli = try await signedIn()
        defer { try? FileManager.default.removeItem(at: cli.dataDirectory) }
        let file = try cli.file("plan.pdf", Data("%PDF-1.4 plan".utf8))
        let adds: [([String], String)] = [
            (["note", "add", Self.hospital, "--title", "Call back"], "add the note Call back"),
            (["attachment", "add", Self.hospital, file.path], "upload the attachment plan.pdf"),
            (
                ["doc", "add", Self.hospital, "--name", "Plan", "--url", "https://docs.google.com/d/1"],
                "add the Google Doc Plan"
            ),
        ]
        for (arguments, summary) in adds {
            ending.arrange(cli, before: cli.beforeNextCreate)
            let added = await cli.run(arguments)
            #expect(added.code == 0, "\(arguments): \(added.errors)")
            #expect(ending.said(summary, in: added.errors), "\(arguments): \(added.errors)")
            await sendsItOnce(cli, ending)
        }
    }
}
