import APIClient
import Database
import DynamicJSON
import Foundation
import HTTPServer
import HTTPTypes
import ImageCodec
import ImageSamples
import LocalStore
import Localization
import Locking
import SalesCore
import SalesforceDevServer
import Testing

@testable import QuartetCLI

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `quartet sales …` against the Salesforce dev server in process, with a throwaway data directory.
struct SalesCLI {
    let router: Router
    let dataDirectory: URL
    let offline = OfflineSwitch()
    let tokenForms = Recording()
    let hosts = Recording()
    /// Every body the server answered, so a test can tell the server's words from the command line's.
    let answers = Recording()
    /// Every request that reached the server, as `METHOD /path`.
    let requests = Recording()
    /// What happens before the next PATCH reaches the server (another rep's save, landing first).
    let beforeNextPatch = BeforeNext { $0.httpMethod == "PATCH" }
    /// What happens before the next record is created (the session ended, as the item is added).
    let beforeNextCreate = BeforeNext { request in
        request.httpMethod == "POST" && request.url?.path.contains("/sobjects/") == true
    }
    /// What happens before a deletion reaches a record: before its version check, or its DELETE when none is made
    /// (another rep's save, landing after this machine read the record).
    let beforeNextDeletion = BeforeNext { request in
        request.httpMethod == "DELETE" || request.url?.query?.contains("fields=LastModifiedDate") == true
    }

    /// Salesforce's answer to the next record created, given instead of the stand-in's (a refusal it never makes).
    let refuseNextCreate = RefuseNext { request in
        request.httpMethod == "POST" && request.url?.path.contains("/sobjects/") == true
    }

    /// A status and a JSON body answered once, to the next request `matches` picks, in place of the server.
    final class RefuseNext: Sendable {
        private let answer = Locked<(status: Int, body: String)?>(nil)
        private let matches: @Sendable (URLRequest) -> Bool
        init(_ matches: @escaping @Sendable (URLRequest) -> Bool) { self.matches = matches }
        func set(_ status: Int, _ body: String) { answer.withLock { $0 = (status, body) } }
        func take(_ request: URLRequest) -> (Data, HTTPURLResponse)? {
            guard matches(request) else { return nil }
            let next = answer.withLock { answer in
                defer { answer = nil }
                return answer
            }
            guard let next, let url = request.url else { return nil }
            let head = HTTPURLResponse(
                url: url, statusCode: next.status, httpVersion: nil, headerFields: ["Content-Type": "application/json"])
            return head.map { (Data(next.body.utf8), $0) }
        }
    }

    /// An action run once, before the next request `matches` picks is sent.
    final class BeforeNext: Sendable {
        private let action = Locked<(@Sendable () async -> Void)?>(nil)
        private let matches: @Sendable (URLRequest) -> Bool
        init(_ matches: @escaping @Sendable (URLRequest) -> Bool) { self.matches = matches }
        func set(_ next: @escaping @Sendable () async -> Void) { action.withLock { $0 = next } }
        func run(_ request: URLRequest) async {
            guard matches(request) else { return }
            let next = action.withLock { action in
                defer { action = nil }
                return action
            }
            await next?()
        }
    }

    /// What the transport saw, in order (the token requests' bodies, the hosts called).
    final class Recording: Sendable {
        private let forms = Locked<[String]>([])
        var all: [String] { forms.withLock { $0 } }
        func append(_ form: String) { forms.withLock { $0.append(form) } }
    }

    final class OfflineSwitch: Sendable {
        private let down = Locked(false)
        var isDown: Bool {
            get { down.withLock { $0 } }
            set { down.withLock { $0 = newValue } }
        }
    }

    static func make() async throws -> SalesCLI {
        let database = try SQLiteDatabase(url: "sqlite::memory:")
        var migrator = Migrator()
        SalesforceDevService.registerMigrations(&migrator)
        try await migrator.migrate(database)
        let service = try await SalesforceDevService.start(database: database, bodies: try .temporary())
        var router = Router()
        service.register(on: &router)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sales-cli-\(UUID().uuidString)")
        return SalesCLI(router: router, dataDirectory: directory)
    }

    var dependencies: SalesDependencies {
        let offline = offline
        let tokenForms = tokenForms
        let hosts = hosts
        let answers = answers
        let beforeNextPatch = beforeNextPatch
        let beforeNextDeletion = beforeNextDeletion
        let beforeNextCreate = beforeNextCreate
        let refuseNextCreate = refuseNextCreate
        let requests = requests
        let server = HTTPTransport.inProcess(router) { request in
            if offline.isDown { throw URLError(.cannotConnectToHost) }
            hosts.append(request.url?.host ?? "")
            requests.append("\(request.httpMethod ?? "") \(request.url?.path ?? "")")
            if request.url?.path.hasSuffix("/oauth2/token") == true {
                tokenForms.append(String(decoding: request.httpBody ?? Data(), as: UTF8.self))
            }
        }
        let transport = HTTPTransport { request in
            await beforeNextPatch.run(request)
            await beforeNextDeletion.run(request)
            await beforeNextCreate.run(request)
            if let refused = refuseNextCreate.take(request) { return refused }
            let (body, head) = try await server.send(request)
            answers.append(String(decoding: body, as: UTF8.self))
            return (body, head)
        }
        return SalesDependencies(transport: transport, resampler: .imageFile)
    }

    /// The rows `quartet sales items ACCOUNT --json` prints, as the account screen lists them.
    func items(_ account: String) async throws -> [[String: String]] {
        try JSONDecoder().decode(
            [[String: String]].self, from: Data(await run(["items", account, "--json"]).output.utf8))
    }

    /// The id of the first row of `kind` (`note`, `attachment`, `doc`) on the account's screen.
    func itemID(_ account: String, kind: String) async throws -> String {
        try #require(try await items(account).first { $0["kind"] == kind }?["id"])
    }

    /// Runs `quartet sales ARGS…` and returns the exit code and what it printed.
    func run(_ arguments: [String], environment extra: [String: String] = [:]) async
        -> (code: Int32, output: String, errors: String)
    {
        let captured = CapturedConsole()
        let root = CommandSpec("quartet", summary: "", subcommands: [SalesCommand.spec(dependencies: dependencies)])
        let environment = ["QUARTET_DATA_DIR": dataDirectory.path, "QUARTET_SERVER": "http://127.0.0.1:8080"]
            .merging(extra) { _, new in new }
        let code: Int32
        do {
            switch try ArgumentParser(root: root).parse(["sales"] + arguments, environment: environment) {
            case .run(let command, let parsed):
                code =
                    try await command.body?(
                        CommandContext(arguments: parsed, environment: environment, console: captured.console)) ?? 2
            case .help, .version:
                code = 0
            }
        } catch let error as UsageError {
            captured.console.errorLine("quartet: \(error.message)")
            code = 2
        } catch {
            captured.console.errorLine("quartet: \(APIError.message(for: error))")
            code = 1
        }
        return (code, captured.output, captured.errors)
    }

    func signIn() async {
        _ = await run(["signin", "--password", "quartet-sales"])
    }

    /// Creates a record in the stand-in as another tool of the org would (past the app's rules), returning its id.
    func createdElsewhere(_ object: String, _ json: String) async throws -> String {
        let token = try await tokenElsewhere()
        let created = try await router.respond(
            to: Request(
                method: .post, target: "/services/data/v32.0/sobjects/\(object)",
                headers: ["Content-Type": "application/json", "Authorization": "Bearer \(token)"],
                body: Data(json.utf8)))
        return try #require(
            try JSONDecoder().decode([String: JSONValue].self, from: created.bodyData)["id"]?.stringValue,
            "\(String(decoding: created.bodyData, as: UTF8.self))")
    }

    /// Deletes a record in the stand-in as another rep would (an account takes its items with it).
    func deletedElsewhere(_ object: String, _ id: String) async throws {
        let token = try await tokenElsewhere()
        let deleted = try await router.respond(
            to: Request(
                method: .delete, target: "/services/data/v32.0/sobjects/\(object)/\(id)",
                headers: ["Authorization": "Bearer \(token)"], body: Data()))
        #expect(deleted.status == .noContent, "\(String(decoding: deleted.bodyData, as: UTF8.self))")
    }

    /// An access token of another sign-in, as another tool of the org has.
    private func tokenElsewhere() async throws -> String {
        let form = "grant_type=password&client_id=test&username=rep%40quartet.dev&password=quartet-sales"
        let signIn = try await router.respond(
            to: Request(
                method: .post, target: "/services/oauth2/token",
                headers: ["Content-Type": "application/x-www-form-urlencoded"], body: Data(form.utf8)))
        return try #require(try JSONDecoder().decode([String: String].self, from: signIn.bodyData)["access_token"])
    }

    /// Salesforce ends this machine's session: its access and refresh tokens are revoked, so the next call is
    /// answered 401 `INVALID_SESSION_ID` and the refresh that follows is refused.
    func sessionEnded() async throws {
        let file = dataDirectory.appendingPathComponent("sales/session.json")
        let session = try JSONDecoder().decode(SalesforceSession.self, from: Data(contentsOf: file))
        for token in [session.accessToken, session.refreshToken].compactMap({ $0 }) {
            let form = "token=\(token.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? token)"
            _ = try await router.respond(
                to: Request(
                    method: .post, target: "/services/oauth2/revoke",
                    headers: ["Content-Type": "application/x-www-form-urlencoded"], body: Data(form.utf8)))
        }
    }

    /// A file named `name` holding `data`, in the data directory (made if need be).
    func file(_ name: String, _ data: Data) throws -> URL {
        try FileManager.default.createDirectory(at: dataDirectory, withIntermediateDirectories: true)
        let url = dataDirectory.appendingPathComponent(name)
        try data.write(to: url)
        return url
    }
}

@Suite struct SalesCommandTests {
    let hospital = "001Q000000Demo1IAB"

    /// A real org: its login server, the connected app's consumer key from a flag or the environment, and its
    /// secret from the environment only; the secret is sent to the token endpoint and kept nowhere.
    @Test func aRealOrgIsReachedWithTheConnectedAppsKeyAndSecret() async throws {
        let cli = try await SalesCLI.make()
        defer { try? FileManager.default.removeItem(at: cli.dataDirectory) }
        let signIn = await cli.run(
            ["signin", "--login-url", "http://login.example.test", "--password", "quartet-sales"],
            environment: [
                "QUARTET_SALESFORCE_CONSUMER_KEY": "3MVG9-key", "QUARTET_SALESFORCE_CONSUMER_SECRET": "s3cr3t-canary",
            ])
        #expect(signIn.code == 0, "\(signIn.errors)")
        let form = try #require(cli.tokenForms.all.first)
        #expect(form.contains("client_id=3MVG9-key"))
        #expect(form.contains("client_secret=s3cr3t-canary"))
        #expect(!(signIn.output + signIn.errors).contains("s3cr3t-canary"))
        let session = try String(
            contentsOf: cli.dataDirectory.appendingPathComponent("sales/session.json"), encoding: .utf8)
        #expect(!session.contains("s3cr3t-canary"))
        #expect(await cli.run(["account", hospital, "--login-url", "not a url"]).code == 2)

        // A pinned instance: every call after the sign-in goes there, whatever the token response said.
        let pinned = await cli.run(["account", hospital, "--instance-url", "http://mydomain.example.test"])
        #expect(pinned.code == 0, "\(pinned.errors)")
        #expect(cli.hosts.all.last == "mydomain.example.test")
        #expect(await cli.run(["account", hospital, "--instance-url", "ftp://x"]).code == 2)
    }

    @Test func signInThenShowAHospitalWithItsHealthCareSection() async throws {
        let cli = try await SalesCLI.make()
        defer { try? FileManager.default.removeItem(at: cli.dataDirectory) }
        let signIn = await cli.run(["signin", "--password", "quartet-sales"])
        #expect(signIn.code == 0)
        #expect(signIn.output == "signed in as rep@quartet.dev at http://127.0.0.1:8080\n")

        let account = await cli.run(["account", hospital])
        #expect(account.code == 0)
        #expect(account.output.hasPrefix("St. Mary's Regional Medical Center  (001Q000000Demo1IAB)\n"))
        #expect(account.output.contains("Health Care Info\n"))
        #expect(account.output.contains("Number of Beds"))
        #expect(account.output.contains("71.5"))

        let plain = await cli.run(["account", "001Q000000Demo3IAB"])
        #expect(!plain.output.contains("Health Care Info"))
    }

    @Test func accountJSONUsesTheModelFieldNames() async throws {
        let cli = try await SalesCLI.make()
        defer { try? FileManager.default.removeItem(at: cli.dataDirectory) }
        await cli.signIn()
        let result = await cli.run(["account", hospital, "--json"])
        let object = try JSONDecoder().decode([String: JSONValue].self, from: Data(result.output.utf8))
        #expect(object["numBeds"] == 240)
        #expect(object["isHospital"] == true)
        #expect(object["currentCleanRating"] == .number(71.5))
    }

    @Test func updateSendsTheFieldsAndRefusesBadNumbers() async throws {
        let cli = try await SalesCLI.make()
        defer { try? FileManager.default.removeItem(at: cli.dataDirectory) }
        await cli.signIn()
        let update = await cli.run([
            "account", "update", hospital, "--num-beds", "250", "--current-clean-rating", "72.5",
        ])
        #expect(update.code == 0)
        #expect(update.output == "saved \(hospital)\n")
        let shown = await cli.run(["account", hospital, "--json"])
        let object = try JSONDecoder().decode([String: JSONValue].self, from: Data(shown.output.utf8))
        #expect(object["numBeds"] == 250)
        #expect(object["currentCleanRating"] == .number(72.5))

        let german = await cli.run([
            "account", "update", hospital, "--current-clean-rating", "73,5", "--locale", "de_DE",
        ])
        #expect(german.code == 0)

        let refused = await cli.run(["account", "update", hospital, "--current-clean-rating", "seventy"])
        #expect(refused.code == 2)
        #expect(refused.errors.hasPrefix("quartet: --current-clean-rating: 'seventy' is not a number."))
        let nothing = await cli.run(["account", "update", hospital])
        #expect(nothing.code == 2)

        // A number the field cannot hold is refused with the core's sentence, and nothing is saved.
        for (option, text, message) in [
            ("num-beds", "2.5", "Number of Beds must be a whole number."),
            ("num-beds", "-5", "Number of Beds must be 0 or more."),
            ("num-beds", "0.004", "Number of Beds must be a whole number."),
            (
                "operating-income", "123456789012345678901234567890",
                "Operating Income takes at most 14 digits before the decimal point."
            ),
        ] {
            let result = await cli.run(["account", "update", hospital, "--\(option)", text])
            #expect(result.code == 2)
            #expect(result.errors.hasSuffix("quartet: --\(option): \(message)\n"), "\(result.errors)")
        }
        let kept = await cli.run(["account", hospital, "--json"])
        let after = try JSONDecoder().decode([String: JSONValue].self, from: Data(kept.output.utf8))
        #expect(after["numBeds"] == 250)
        #expect(after["operatingIncome"] == object["operatingIncome"])
    }

    @Test func itemsListsTheMergedRowsAndNotesCanBeAddedEditedDeleted() async throws {
        let cli = try await SalesCLI.make()
        defer { try? FileManager.default.removeItem(at: cli.dataDirectory) }
        await cli.signIn()
        let items = await cli.run(["items", hospital])
        let lines = items.output.split(separator: "\n")
        #expect(lines.count == 5)
        // NB: the dates are the screen's, padded to the longest (`Feb 4, 2015` beside `Jan 12, 2015`).
        #expect(lines.first?.hasPrefix("Feb 4, 2015 ") == true, "\(lines)")
        #expect(lines.first?.contains("  doc  ") == true)
        #expect(items.output.contains("#1 FF Execute for Approval.pdf  PDF"))
        #expect(lines.first?.hasSuffix("Icon Swap Challenge  docs.google.com/a/appirio.com/d…") == true)

        let added = await cli.run(["note", "add", hospital, "--title", "CLI note", "--body", "hello", "--json"])
        let id = try #require(try JSONDecoder().decode([String: String].self, from: Data(added.output.utf8))["id"])
        #expect(id.hasPrefix("002"))
        #expect(await cli.run(["note", "edit", id, "--body", "changed"]).code == 0)
        let json = await cli.run(["items", hospital, "--json"])
        let rows = try JSONDecoder().decode([[String: String]].self, from: Data(json.output.utf8))
        #expect(rows.contains { $0["id"] == id && $0["name"] == "CLI note" && $0["kind"] == "note" })
        // NB: --json keeps the fixed forms scripts read: the MIME type and MM/DD/YY, not the screen's words.
        #expect(rows.contains { $0["name"] == "#1 FF Execute for Approval.pdf" && $0["detail"] == "application/pdf" })
        #expect(rows.contains { $0["name"] == "Icon Swap Challenge" && $0["date"] == "02/04/15" })
        #expect(await cli.run(["note", "delete", id]).output == "deleted \(id)\n")
        let gone = await cli.run(["items", hospital, "--json"])
        #expect(!gone.output.contains(id))
    }

    /// A note can be read and a doc's whole link had, as a tap opens them on the iPad: on an account this machine
    /// keeps through its screen's row, else from the server through the editor; `items --json` carries both.
    @Test func noteShowAndDocShowPrintWhatATapOpens() async throws {
        let cli = try await SalesCLI.make()
        let fresh = SalesCLI(router: cli.router, dataDirectory: cli.dataDirectory.appendingPathComponent("fresh"))
        defer { try? FileManager.default.removeItem(at: cli.dataDirectory) }
        await cli.signIn()
        await fresh.signIn()
        let note = "002Q000000Demo1IAB"
        let doc = "098Q000000Demo1IAB"
        let link = "https://docs.google.com/a/appirio.com/document/d/14SCnpf_Zn54QYxMveEfuXuQTda58XsitmxqNDffal7A/edit"
        let noteText =
            "Visit with Dr. Alvarez\n\nInterested in the new isolation gowns; send pricing for 2,000 units.\n"

        let listed = await cli.run(["items", hospital, "--json"])
        let rows = try JSONDecoder().decode([[String: String]].self, from: Data(listed.output.utf8))
        let docRow = try #require(rows.first { $0["id"] == doc })
        #expect(docRow["url"] == link)
        #expect(docRow["detail"] == "docs.google.com/a/appirio.com/d…")
        let noteRow = try #require(rows.first { $0["id"] == note })
        #expect(noteRow["text"] == "Interested in the new isolation gowns; send pricing for 2,000 units.")
        #expect(noteRow["name"] == "Visit with Dr. Alvarez")

        for run in [cli.run, fresh.run] {
            let shownNote = await run(["note", "show", note], [:])
            #expect(shownNote.code == 0, "\(shownNote.errors)")
            #expect(shownNote.output == noteText)
            let shownDoc = await run(["doc", "show", doc], [:])
            #expect(shownDoc.code == 0, "\(shownDoc.errors)")
            #expect(shownDoc.output == "Icon Swap Challenge\n\(link)\n")
            let json = await run(["doc", "show", doc, "--json"], [:])
            let object = try JSONDecoder().decode([String: String].self, from: Data(json.output.utf8))
            #expect(object == ["id": doc, "name": "Icon Swap Challenge", "url": link])
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: fresh.dataDirectory.path).contains("sales"))

        // Offline, a kept account's row still opens from the copy saved on this machine.
        cli.offline.isDown = true
        let offline = await cli.run(["note", "show", note])
        #expect(offline.code == 0, "\(offline.errors)")
        #expect(offline.output == noteText)
        #expect(offline.errors.hasPrefix("You're offline. Showing the copy saved on this device"))
        cli.offline.isDown = false
        // An id of another kind is not this command's: the server has no such note.
        #expect(await cli.run(["note", "show", doc]).code == 1)
    }

    /// `account update` is Edit on the Health Care Info section, which only a hospital's screen has: on another
    /// account it is refused and nothing is stored.
    @Test func updateIsRefusedOnAnAccountWithNoHealthCareSection() async throws {
        let cli = try await SalesCLI.make()
        defer { try? FileManager.default.removeItem(at: cli.dataDirectory) }
        await cli.signIn()
        let clinic = "001Q000000Demo3IAB"
        let refused = await cli.run(["account", "update", clinic, "--num-beds", "10"])
        #expect(refused.code == 1)
        #expect(refused.output.isEmpty)
        #expect(refused.errors.hasSuffix(" is not a hospital: it has no Health Care Info to change\n"))
        #expect(refused.errors.hasPrefix("quartet: "))
        let shown = await cli.run(["account", clinic, "--json"])
        let object = try JSONDecoder().decode([String: JSONValue].self, from: Data(shown.output.utf8))
        #expect(object["numBeds"] == nil || object["numBeds"] == .null)
    }

    @Test func attachmentsUploadRenameDownloadDelete() async throws {
        let cli = try await SalesCLI.make()
        defer { try? FileManager.default.removeItem(at: cli.dataDirectory) }
        await cli.signIn()
        let file = try cli.file("report.pdf", Data("%PDF-1.4 tiny".utf8))
        let added = await cli.run(["attachment", "add", hospital, file.path, "--json"])
        #expect(added.code == 0)
        let id = try #require(try JSONDecoder().decode([String: String].self, from: Data(added.output.utf8))["id"])
        #expect(await cli.run(["attachment", "rename", id, "Signed report.pdf"]).code == 0)
        let out = cli.dataDirectory.appendingPathComponent("copy.pdf")
        let download = await cli.run(["attachment", "download", id, "--output", out.path])
        #expect(download.code == 0)
        #expect(try Data(contentsOf: out) == Data("%PDF-1.4 tiny".utf8))
        #expect(await cli.run(["items", hospital]).output.contains("Signed report.pdf  PDF"))
        #expect(await cli.run(["attachment", "delete", id]).code == 0)
        // A file that is not there is named as every command names one, not taken for a mistyped command.
        let missing = await cli.run(["attachment", "add", hospital, "/nonexistent/file.jpg"])
        #expect(missing.code == 1)
        #expect(missing.errors == "quartet: There is no such file or folder: /nonexistent/file.jpg.\n")
    }

    /// A machine signed in that added an attachment named `name` to the hospital, which a colleague signed in on
    /// another machine then deleted in Salesforce; the caller removes both machines' folders.
    private func attachmentDeletedByAColleague(_ name: String) async throws -> (
        cli: SalesCLI, colleague: SalesCLI, id: String
    ) {
        let cli = try await SalesCLI.make()
        let colleague = SalesCLI(
            router: cli.router,
            dataDirectory: FileManager.default.temporaryDirectory.appendingPathComponent("sales-cli-\(UUID())"))
        await cli.signIn()
        await colleague.signIn()
        let file = try cli.file(name, Data("%PDF-1.4 tiny".utf8))
        let added = await cli.run(["attachment", "add", hospital, file.path, "--json"])
        let id = try #require(try JSONDecoder().decode([String: String].self, from: Data(added.output.utf8))["id"])
        #expect(await cli.run(["items", hospital]).output.contains(id))
        #expect(await colleague.run(["attachment", "delete", id]).code == 0)
        return (cli, colleague, id)
    }

    /// An attachment another rep deleted in Salesforce: `download` is a tap on its row, so it says it is gone, and
    /// the account saved on this machine no longer lists it (read past the screen, the saved copy kept it offline).
    @Test func downloadingAnAttachmentDeletedElsewhereTakesItOffTheSavedCopy() async throws {
        let (cli, colleague, id) = try await attachmentDeletedByAColleague("report.pdf")
        defer {
            try? FileManager.default.removeItem(at: cli.dataDirectory)
            try? FileManager.default.removeItem(at: colleague.dataDirectory)
        }

        let out = cli.dataDirectory.appendingPathComponent("copy.pdf")
        let download = await cli.run(["attachment", "download", id, "--output", out.path])
        #expect(download.code == 1)
        #expect(download.errors.hasSuffix("“report.pdf” is no longer in Salesforce, so it was taken off the list.\n"))
        #expect(!FileManager.default.fileExists(atPath: out.path))
        cli.offline.isDown = true
        let offline = await cli.run(["items", hospital])
        #expect(offline.code == 0)
        #expect(!offline.output.contains(id))
    }

    /// Deleting an attachment another device deleted already names it and says it is gone, not that its record id
    /// could not be read; the saved copy no longer lists it.
    @Test func deletingAnAttachmentDeletedElsewhereSaysItIsGone() async throws {
        let (cli, colleague, id) = try await attachmentDeletedByAColleague("Wing A-B “north”.pdf")
        defer {
            try? FileManager.default.removeItem(at: cli.dataDirectory)
            try? FileManager.default.removeItem(at: colleague.dataDirectory)
        }

        let delete = await cli.run(["attachment", "delete", id])
        #expect(delete.code == 1)
        #expect(
            delete.errors.hasSuffix(
                "quartet: “Wing A-B “north”.pdf” is no longer in Salesforce, so it was taken off the list.\n"))
        cli.offline.isDown = true
        #expect(!(await cli.run(["items", hospital]).output.contains(id)))
    }

    /// A Google Doc saved in Salesforce by another tool with a link no browser opens as a page: `doc show` on a
    /// machine that does not keep its account refuses it, as its row does, rather than printing it as a link.
    @Test func aDocsLinkThatOpensNoPageIsRefusedWhereTheAccountIsNotKept() async throws {
        let cli = try await SalesCLI.make()
        defer { try? FileManager.default.removeItem(at: cli.dataDirectory) }
        let id = try await cli.createdElsewhere(
            "GoogleDoc", #"{"ParentId": "\#(hospital)", "Name": "Trap", "Url": "javascript:alert(document.cookie)"}"#)

        await cli.signIn()
        let shown = await cli.run(["doc", "show", id])
        #expect(shown.code == 1)
        #expect(!shown.output.contains("javascript"))
        #expect(shown.errors == "quartet: the Google Doc Trap has no link to open\n")
    }

    /// A Know · Say · Show document another tool uploaded with no extension: `content open` is the row's tap, so it
    /// opens as what its bytes are (a PDF), not as Salesforce's `application/octetstream`.
    @Test func contentOpenIsTheRowsTapOnTheAccountScreen() async throws {
        let cli = try await SalesCLI.make()
        defer { try? FileManager.default.removeItem(at: cli.dataDirectory) }
        let pdf = Data("%PDF-1.4 signed scan".utf8).base64EncodedString()
        _ = try await cli.createdElsewhere(
            "ContentVersion",
            #"{"Title": "Scan", "PathOnClient": "scan", "VersionData": "\#(pdf)", "Content_Section__c": "Know", "#
                + #""Description": "The signed scan", "Account__c": "\#(hospital)"}"#)
        await cli.signIn()
        let json = await cli.run(["content", hospital, "--json"])
        let sections = try JSONDecoder().decode([String: [[String: String]]].self, from: Data(json.output.utf8))
        let document = try #require(sections["know"]?.first { $0["text"] == "The signed scan" }?["contentDocumentId"])
        let out = cli.dataDirectory.appendingPathComponent("scan.pdf")
        let opened = await cli.run(["content", "open", document, "--output", out.path])
        #expect(opened.code == 0, "\(opened.errors)")
        #expect(opened.errors.contains("(application/pdf)"), "\(opened.errors)")
        #expect(try Data(contentsOf: out) == Data("%PDF-1.4 signed scan".utf8))
    }

    /// The command hands the file to the editor as the Files picker would: the core reads its type from its bytes
    /// (else its name) and refuses what is too large to send.
    @Test func anAttachmentsTypeAndSizeAreTheEditorsRules() async throws {
        let cli = try await SalesCLI.make()
        defer { try? FileManager.default.removeItem(at: cli.dataDirectory) }
        await cli.signIn()
        let png = try cli.file("diagram.bin", Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]))
        #expect(await cli.run(["attachment", "add", hospital, png.path, "--name", "Diagram"]).code == 0)
        #expect(await cli.run(["items", hospital]).output.contains("Diagram  PNG image"))

        // 25.6 MB: the size is said with its decimal, not cut to the limit's 25.
        let big = try cli.file("archive.zip", Data([0x50, 0x4B, 3, 4]) + Data(count: 26_843_546 - 4))
        let refused = await cli.run(["attachment", "add", hospital, big.path])
        #expect(refused.code == 1)
        #expect(
            refused.errors == "quartet: archive.zip is 25.6 MB; attachments are limited to 25 MB (26,214,400 bytes).\n")
        #expect(!(await cli.run(["items", hospital]).output.contains("archive.zip")))

        let empty = try cli.file("blank.txt", Data())
        let nothing = await cli.run(["attachment", "add", hospital, empty.path])
        #expect(nothing.code == 1)
        #expect(nothing.errors == "quartet: blank.txt is empty; choose a file with something in it.\n")
        #expect(!(await cli.run(["items", hospital]).output.contains("blank.txt")))
    }

    /// A generated photo over 25 MB is shrunk under 25 MB by libjpeg-turbo before upload, aspect ratio kept.
    @Test func aPhotoOver25MBIsShrunkBeforeUpload() async throws {
        let cli = try await SalesCLI.make()
        defer { try? FileManager.default.removeItem(at: cli.dataDirectory) }
        await cli.signIn()
        let size = PixelSize(width: 4600, height: 3450)
        let photo = try TurboJPEG.encode(ImageSamples.noisy(size, seed: 0x2545_F491_4F6C_DD1D), quality: 100)
        #expect(photo.count > SalesforceClient.maximumAttachmentBytes)
        let file = try cli.file("photo.jpg", photo)

        let added = await cli.run(["attachment", "add", hospital, file.path, "--json"])
        #expect(added.code == 0)
        #expect(added.errors.hasPrefix("shrank photo.jpg from \(photo.count) to "))
        let id = try #require(try JSONDecoder().decode([String: String].self, from: Data(added.output.utf8))["id"])
        let out = cli.dataDirectory.appendingPathComponent("back.jpg")
        #expect(await cli.run(["attachment", "download", id, "--output", out.path]).code == 0)
        let uploaded = try Data(contentsOf: out)
        #expect(uploaded.count < SalesforceClient.maximumAttachmentBytes)
        let dimensions = try TurboJPEG.dimensions(of: uploaded)
        #expect(try TurboJPEG.decode(uploaded).size == dimensions)
        let expectedHeight = Double(dimensions.width) * Double(size.height) / Double(size.width)
        #expect(abs(Double(dimensions.height) - expectedHeight) <= 1)
    }

    /// A PNG screenshot over 25 MB is read by the image codec and goes up as the JPEG it became.
    @Test func aPNGOver25MBIsShrunkToAJPEG() async throws {
        let cli = try await SalesCLI.make()
        defer { try? FileManager.default.removeItem(at: cli.dataDirectory) }
        await cli.signIn()
        let noise = ImageSamples.noisy(PixelSize(width: 3000, height: 3000))
        var rgba = [UInt8](repeating: 255, count: 3000 * 3000 * 4)
        for pixel in 0..<(3000 * 3000) {
            rgba.replaceSubrange(pixel * 4..<pixel * 4 + 3, with: noise.pixels[pixel * 3..<pixel * 3 + 3])
        }
        let png = try ImageSamples.png(ImageSamples.Pixels(width: 3000, height: 3000, rgba: rgba))
        #expect(png.count >= SalesforceClient.maximumAttachmentBytes)
        let file = try cli.file("screen.png", png)

        let added = await cli.run(["attachment", "add", hospital, file.path])
        #expect(added.code == 0, "\(added.errors)")
        #expect(added.errors.hasPrefix("shrank screen.png from \(png.count) to "))
        #expect(await cli.run(["items", hospital]).output.contains("screen.jpg  JPEG image"))
    }

    @Test func docsAddEditDelete() async throws {
        let cli = try await SalesCLI.make()
        defer { try? FileManager.default.removeItem(at: cli.dataDirectory) }
        await cli.signIn()
        let added = await cli.run([
            "doc", "add", hospital, "--name", "Plan", "--url", "https://docs.google.com/d/1", "--json",
        ])
        let id = try #require(try JSONDecoder().decode([String: String].self, from: Data(added.output.utf8))["id"])
        #expect(id.hasPrefix("098"))
        #expect(await cli.run(["doc", "edit", id, "--url", "https://docs.google.com/d/2"]).code == 0)
        #expect(await cli.run(["items", hospital]).output.contains("docs.google.com/d/2"))
        #expect(await cli.run(["doc", "delete", id]).code == 0)
        #expect(await cli.run(["doc", "add", hospital, "--name", "No URL"]).code == 2)
    }

    /// `doc add` is the editor's Save: its link rule refuses what the form would, and a doc added offline waits in
    /// the outbox until `sync`, which sends it once.
    @Test func itemCommandsKeepTheEditorsRules() async throws {
        let cli = try await SalesCLI.make()
        defer { try? FileManager.default.removeItem(at: cli.dataDirectory) }
        await cli.signIn()
        let badLink = await cli.run(["doc", "add", hospital, "--name", "Plan", "--url", "the plan doc"])
        #expect(badLink.code == 1)
        #expect(
            badLink.errors
                == "quartet: “the plan doc” is not a web link. Give the Google Doc’s address (https://…) to save it.\n")
        #expect(!(await cli.run(["items", hospital]).output.contains("Plan")))

        cli.offline.isDown = true
        let queued = await cli.run([
            "doc", "add", hospital, "--name", "Wing plan", "--url", "https://docs.google.com/d/3",
        ])
        #expect(queued.code == 0)
        #expect(queued.errors.contains("queued 'add the Google Doc Wing plan'"))
        cli.offline.isDown = false
        #expect(await cli.run(["sync"]).code == 0)
        #expect(await cli.run(["sync"]).code == 0)
        #expect(await cli.run(["items", hospital]).output.components(separatedBy: "Wing plan").count == 2)
    }

    @Test func contentListsKnowSayShowAndOpensADocument() async throws {
        let cli = try await SalesCLI.make()
        defer { try? FileManager.default.removeItem(at: cli.dataDirectory) }
        await cli.signIn()
        let content = await cli.run(["content", hospital])
        #expect(content.output.hasPrefix("Know (2)\n"))
        #expect(content.output.contains("Say (1)\n"))
        #expect(content.output.contains("Show (2)\n"))
        let json = await cli.run(["content", hospital, "--json"])
        let sections = try JSONDecoder().decode([String: [[String: String]]].self, from: Data(json.output.utf8))
        let documentID = try #require(sections["say"]?.first?["contentDocumentId"])
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("content-\(UUID().uuidString).txt")
        defer { try? FileManager.default.removeItem(at: out) }
        #expect(await cli.run(["content", "open", documentID, "--output", out.path]).code == 0)
        #expect(String(decoding: try Data(contentsOf: out), as: UTF8.self).hasPrefix("1. How did your clean rating"))
    }

    /// Offline, `content` shows the Know · Say · Show saved on this machine when the account was last opened, and
    /// when none is saved it says so (it said the saved copy was shown, then printed nothing).
    @Test func offlineContentShowsTheSavedCopyOrSaysNoneIsSaved() async throws {
        let cli = try await SalesCLI.make()
        defer { try? FileManager.default.removeItem(at: cli.dataDirectory) }
        await cli.signIn()
        let online = await cli.run(["content", hospital])
        #expect(online.code == 0)
        // An account kept with no content beside it (as a copy saved before content was kept).
        let clinic = "001Q000000Demo3IAB"
        let opened = try await LocalStore.open(
            path: cli.dataDirectory.appendingPathComponent("sales/sales.sqlite").path)
        await AccountCache.localStore(opened.store).save(AccountDetails(account: Account(id: clinic, name: "Acme")))
        await opened.store.database.close()
        cli.offline.isDown = true

        let saved = await cli.run(["content", hospital])
        #expect(saved.code == 0, "\(saved.errors)")
        #expect(saved.output == online.output)
        #expect(
            saved.errors
                == "You're offline. Showing the copy saved on this device; changes are sent when the network returns.\n"
        )

        let none = await cli.run(["content", clinic])
        #expect(none.code == 1)
        #expect(none.output.isEmpty)
        // NB: offline is said once, by the banner's line; the content's line says only what is missing.
        #expect(
            none.errors
                == "You're offline. Showing the copy saved on this device; changes are sent when the network returns.\n"
                + "quartet: No Know · Say · Show content for this account is saved on this device yet.\n")
        let never = await cli.run(["content", "001Q000000Demo2IAB"])
        #expect(never.code == 1)
        #expect(
            never.errors == "quartet: You're offline, and this account has not been opened on this device before.\n")
    }

    @Test func offlineEditsAreQueuedAndSyncSendsThemOnce() async throws {
        let cli = try await SalesCLI.make()
        defer { try? FileManager.default.removeItem(at: cli.dataDirectory) }
        await cli.signIn()
        // NB: an item is added on its account's screen, which offline shows the copy this machine keeps (here the
        // clinic's; the hospital's is not kept).
        let clinic = "001Q000000Demo3IAB"
        #expect(await cli.run(["items", clinic]).code == 0)
        cli.offline.isDown = true
        let queued = await cli.run(["note", "add", clinic, "--title", "Offline", "--body", "x"])
        #expect(queued.code == 0)
        #expect(queued.errors.contains("offline: queued 'add the note Offline'"))
        // A delete by id, of an account this machine does not keep, is refused offline: a delete is the row's on
        // the screen that read the item, and checks its version (queued with none, it deleted whatever Salesforce
        // had by then, a colleague's later change included).
        let deleted = await cli.run(["note", "delete", "002Q000000Demo1IAB"])
        #expect(deleted.code == 1)
        #expect(deleted.output.isEmpty)
        #expect(deleted.errors.contains("the network is unavailable"), "\(deleted.errors)")
        // An upload waits with its bytes.
        let minutes = try cli.file("minutes.txt", Data("The wing opens in May.".utf8))
        let upload = await cli.run(["attachment", "add", clinic, minutes.path])
        #expect(upload.code == 0, "\(upload.errors)")
        #expect(upload.errors.contains("offline: queued 'upload the attachment minutes.txt'"))
        let stillDown = await cli.run(["sync"])
        #expect(stillDown.code == 1)
        #expect(stillDown.errors.contains("2 edits wait"))
        cli.offline.isDown = false
        #expect(await cli.run(["sync"]).output == "sent 2 edits\n")
        #expect(await cli.run(["sync"]).output == "sent 0 edits\n")
        let items = await cli.run(["items", clinic, "--json"])
        #expect(items.output.components(separatedBy: "\"Offline\"").count == 2)
        #expect(items.output.components(separatedBy: "\"minutes.txt\"").count == 2)
    }

    /// An edit made offline outlives the session it was made in: after the session expires (its tokens refused) and
    /// after `signout`, the same rep's `signin` then `sync` sends it once.
    @Test func offlineEditsWaitThroughAnExpiredSessionForTheSameRep() async throws {
        let cli = try await SalesCLI.make()
        defer { try? FileManager.default.removeItem(at: cli.dataDirectory) }
        await cli.signIn()
        #expect(await cli.run(["items", hospital]).code == 0)
        cli.offline.isDown = true
        #expect(await cli.run(["note", "add", hospital, "--title", "Offline", "--body", "x"]).code == 0)
        cli.offline.isDown = false

        // The session expires: the server refuses its access token and its refresh token.
        let file = cli.dataDirectory.appendingPathComponent("sales/session.json")
        var session = try JSONDecoder().decode(SalesforceSession.self, from: Data(contentsOf: file))
        session.accessToken = "expired"
        session.refreshToken = "revoked"
        try JSONEncoder().encode(session).write(to: file)
        let expired = await cli.run(["sync"])
        #expect(expired.code == 1)
        #expect(expired.errors.contains("1 edit waits"), "\(expired.errors)")
        #expect(await cli.run(["signout"]).code == 0)

        await cli.signIn()
        #expect(await cli.run(["sync"]).output == "sent 1 edit\n")
        let items = await cli.run(["items", hospital, "--json"])
        #expect(items.output.components(separatedBy: "\"Offline\"").count == 2)
    }

    /// The account commands are views of the Account screen: offline it shows the copy saved on this machine, and a
    /// health-care edit made there waits in the outbox until `sync`, as the app's does.
    @Test func offlineTheAccountShowsItsSavedCopyAndAnUpdateWaits() async throws {
        let cli = try await SalesCLI.make()
        defer { try? FileManager.default.removeItem(at: cli.dataDirectory) }
        await cli.signIn()
        #expect(await cli.run(["account", hospital]).code == 0)
        cli.offline.isDown = true

        let shown = await cli.run(["account", hospital])
        #expect(shown.code == 0)
        #expect(shown.output.hasPrefix("St. Mary's Regional Medical Center  (001Q000000Demo1IAB)\n"))
        #expect(shown.output.contains("Health Care Info\n"))
        #expect(shown.errors.hasPrefix("You're offline. Showing the copy saved"))
        #expect(await cli.run(["items", hospital]).output.split(separator: "\n").count == 5)

        let update = await cli.run(["account", "update", hospital, "--num-beds", "260"])
        #expect(update.code == 0, "\(update.errors)")
        #expect(update.errors.contains("offline: queued 'save the account St. Mary's Regional Medical Center'; run"))
        let edited = await cli.run(["account", hospital, "--json"])
        let offlineCopy = try JSONDecoder().decode([String: JSONValue].self, from: Data(edited.output.utf8))
        #expect(offlineCopy["numBeds"] == 260)

        let never = await cli.run(["account", "001Q000000Demo3IAB"])
        #expect(never.code == 1)
        #expect(
            never.errors == "quartet: You're offline, and this account has not been opened on this device before.\n")

        cli.offline.isDown = false
        #expect(await cli.run(["sync"]).output == "sent 1 edit\n")
        let synced = await cli.run(["account", hospital, "--json"])
        #expect(synced.errors.isEmpty)
        let server = try JSONDecoder().decode([String: JSONValue].self, from: Data(synced.output.utf8))
        #expect(server["numBeds"] == 260)
    }

    /// An edit made offline over a record someone else changed meanwhile is listed under "Changes Not Sent" by
    /// `account`; `send-mine` and `discard-mine` are that section's buttons.
    @Test func changesNotSentAreListedAndSentOverOrLetGo() async throws {
        let cli = try await SalesCLI.make()
        let other = SalesCLI(router: cli.router, dataDirectory: cli.dataDirectory.appendingPathComponent("other"))
        defer { try? FileManager.default.removeItem(at: cli.dataDirectory) }
        await cli.signIn()
        await other.signIn()

        func conflictingEdit(mine: String, theirs: String) async throws -> String {
            #expect(await cli.run(["account", hospital]).code == 0)
            cli.offline.isDown = true
            #expect(await cli.run(["account", "update", hospital, "--num-beds", mine]).code == 0)
            cli.offline.isDown = false
            try await Task.sleep(for: .milliseconds(5))
            #expect(await other.run(["account", "update", hospital, "--num-beds", theirs]).code == 0)
            let shown = await cli.run(["account", hospital])
            #expect(shown.code == 0)
            #expect(shown.errors.contains("A change was not sent; choose what to do with it under “Changes Not Sent”."))
            let lines = shown.output.split(separator: "\n").map(String.init)
            let heading = try #require(lines.firstIndex(of: "Changes Not Sent"))
            #expect(lines.count == heading + 3)
            #expect(lines.last == "    Changed on the server after you made this change; nothing was overwritten.")
            return try #require(lines[heading + 1].split(separator: " ").first.map(String.init))
        }

        let first = try await conflictingEdit(mine: "260", theirs: "999")
        #expect(await cli.run(["account", "send-mine", hospital, "not-a-change"]).code == 2)
        let sent = await cli.run(["account", "send-mine", hospital, first])
        #expect(sent.code == 0, "\(sent.errors)")
        #expect(!sent.output.contains("Changes Not Sent"))
        let afterSend = try JSONDecoder().decode(
            [String: JSONValue].self, from: Data(await cli.run(["account", hospital, "--json"]).output.utf8))
        #expect(afterSend["numBeds"] == 260)

        let second = try await conflictingEdit(mine: "300", theirs: "111")
        let dropped = await cli.run(["account", "discard-mine", hospital, second.lowercased()])
        #expect(dropped.code == 0, "\(dropped.errors)")
        #expect(!dropped.output.contains("Changes Not Sent"))
        let afterDiscard = try JSONDecoder().decode(
            [String: JSONValue].self, from: Data(await cli.run(["account", hospital, "--json"]).output.utf8))
        #expect(afterDiscard["numBeds"] == 111)
        #expect(await cli.run(["sync"]).output == "sent 0 edits\n")
    }

    /// Two devices of the same rep: the one answered changes the hospital's beds offline, then the other saves a
    /// newer count, so the first one's change meets a newer version when it is sent.
    func twoDevicesWithAChangeNotSent() async throws -> SalesCLI {
        let cli = try await SalesCLI.make()
        let other = SalesCLI(router: cli.router, dataDirectory: cli.dataDirectory.appendingPathComponent("other"))
        await cli.signIn()
        await other.signIn()
        #expect(await cli.run(["account", hospital]).code == 0)
        cli.offline.isDown = true
        #expect(await cli.run(["account", "update", hospital, "--num-beds", "260"]).code == 0)
        cli.offline.isDown = false
        try await Task.sleep(for: .milliseconds(5))
        #expect(await other.run(["account", "update", hospital, "--num-beds", "999"]).code == 0)
        return cli
    }

    /// Another account's screen sends the outbox and the hospital's change meets a newer version: that screen
    /// says nothing of it (it lists none), and `account` on the hospital lists it, with its buttons.
    @Test func aChangeNotSentWhileAnotherAccountIsOpenIsListedOnItsOwn() async throws {
        let cli = try await twoDevicesWithAChangeNotSent()
        defer { try? FileManager.default.removeItem(at: cli.dataDirectory) }
        let clinic = "001Q000000Demo3IAB"

        let clinicShown = await cli.run(["account", clinic])
        #expect(clinicShown.code == 0)
        #expect(!clinicShown.output.contains("Changes Not Sent"))
        #expect(!clinicShown.errors.contains("not sent"))
        let lines = await cli.run(["account", hospital]).output.split(separator: "\n").map(String.init)
        let heading = try #require(lines.firstIndex(of: "Changes Not Sent"))
        let change = try #require(lines[heading + 1].split(separator: " ").first.map(String.init))
        #expect(await cli.run(["account", "discard-mine", hospital, change]).code == 0)
        #expect(!(await cli.run(["account", hospital]).output.contains("Changes Not Sent")))
    }

    /// "Changes Not Sent" on an account lists that account's changes only, and its buttons reach no other's.
    @Test func anotherAccountsChangeIsNeitherListedNorSentFromThisOne() async throws {
        let cli = try await twoDevicesWithAChangeNotSent()
        defer { try? FileManager.default.removeItem(at: cli.dataDirectory) }
        let clinic = "001Q000000Demo3IAB"
        let lines = await cli.run(["account", hospital]).output.split(separator: "\n").map(String.init)
        let heading = try #require(lines.firstIndex(of: "Changes Not Sent"))
        let change = try #require(lines[heading + 1].split(separator: " ").first.map(String.init))

        let clinicShown = await cli.run(["account", clinic])
        #expect(clinicShown.code == 0)
        #expect(!clinicShown.output.contains("Changes Not Sent"))
        #expect(await cli.run(["account", "send-mine", clinic, change]).code == 2)
        #expect(await cli.run(["account", "discard-mine", clinic, change]).code == 2)
        let hospitalShown = await cli.run(["account", hospital, "--json"])
        let server = try JSONDecoder().decode([String: JSONValue].self, from: Data(hospitalShown.output.utf8))
        #expect(server["numBeds"] == 999)
        #expect(await cli.run(["account", hospital]).output.contains(change))
    }

    /// The ids of the changes `account` lists under "Changes Not Sent".
    func unsentChanges(_ output: String) -> [String] {
        let lines = output.split(separator: "\n").map(String.init)
        guard let heading = lines.firstIndex(of: "Changes Not Sent") else { return [] }
        return lines[(heading + 1)...].filter { !$0.hasPrefix("    ") }.compactMap {
            $0.split(separator: " ").first.map(String.init)
        }
    }

    /// QA's repro: this device changes the beds and a note's body offline; another renames the note and changes
    /// the hospital type. `sync` meets two conflicts and says they wait for a decision (and fails); Send Mine on
    /// each writes this rep's fields only, so the other rep's title and hospital type stay.
    @Test func sendMineKeepsTheFieldsAnotherRepChanged() async throws {
        let cli = try await SalesCLI.make()
        let other = SalesCLI(router: cli.router, dataDirectory: cli.dataDirectory.appendingPathComponent("other"))
        defer { try? FileManager.default.removeItem(at: cli.dataDirectory) }
        await cli.signIn()
        await other.signIn()
        let listed = await cli.run(["items", hospital, "--json"])
        let rows = try JSONDecoder().decode([[String: String]].self, from: Data(listed.output.utf8))
        let note = try #require(rows.first { $0["name"] == "Visit with Dr. Alvarez" }?["id"])

        cli.offline.isDown = true
        #expect(await cli.run(["account", "update", hospital, "--num-beds", "260"]).code == 0)
        #expect(await cli.run(["note", "edit", note, "--body", "Bring the gown samples"]).code == 0)
        cli.offline.isDown = false
        try await Task.sleep(for: .milliseconds(5))
        #expect(await other.run(["note", "edit", note, "--title", "Visit (moved to Friday)"]).code == 0)
        #expect(await other.run(["account", "update", hospital, "--hospital-type", "Childrens"]).code == 0)

        let synced = await cli.run(["sync"])
        #expect(synced.code == 1)
        #expect(synced.output == "sent 0 edits\n")
        #expect(
            synced.errors.hasSuffix(
                "2 changes were not sent and wait for your decision under “Changes Not Sent”; quartet sales account "
                    + "ACCOUNT lists them.\n"), "\(synced.errors)")
        let again = await cli.run(["sync"])
        #expect(again.code == 1, "the changes still wait for a decision")
        #expect(again.errors.contains("2 changes were not sent"))

        let changes = unsentChanges(await cli.run(["account", hospital]).output)
        #expect(changes.count == 2)
        for change in changes {
            let sent = await cli.run(["account", "send-mine", hospital, change])
            #expect(sent.code == 0, "\(sent.errors)")
        }
        let decided = await cli.run(["sync"])
        #expect(decided.code == 0, "\(decided.errors)")
        #expect(decided.errors.isEmpty)

        let account = try JSONDecoder().decode(
            [String: JSONValue].self, from: Data(await other.run(["account", hospital, "--json"]).output.utf8))
        #expect(account["numBeds"] == 260)
        #expect(account["hospitalType"] == "Childrens")
        let shown = try JSONDecoder().decode(
            [String: String].self, from: Data(await other.run(["note", "show", note, "--json"]).output.utf8))
        #expect(shown["name"] == "Visit (moved to Friday)")
        #expect(shown["text"] == "Bring the gown samples")
    }

    /// A note edit that meets another rep's save overwrites nothing and says how to send it over; `--send-mine` taps
    /// the editor's Send Mine after the conflict: the body given goes over, and the other rep's title stays.
    @Test func noteEditAfterAConflictSendsMineWithSendMine() async throws {
        let cli = try await SalesCLI.make()
        let other = SalesCLI(router: cli.router, dataDirectory: cli.dataDirectory.appendingPathComponent("other"))
        defer { try? FileManager.default.removeItem(at: cli.dataDirectory) }
        await cli.signIn()
        await other.signIn()
        let rows = try await cli.items(hospital)
        let note = try #require(rows.first { $0["name"] == "Visit with Dr. Alvarez" }?["id"])
        func otherSavesFirst(_ title: String) {
            cli.beforeNextPatch.set {
                // NB: the server's versions are milliseconds apart; the other save is a newer one.
                try? await Task.sleep(for: .milliseconds(5))
                _ = await other.run(["note", "edit", note, "--title", title])
            }
        }

        otherSavesFirst("Visit (moved to Friday)")
        let refused = await cli.run(["note", "edit", note, "--body", "Bring the gown samples"])
        #expect(refused.code == 1)
        #expect(refused.output.isEmpty)
        #expect(refused.errors.hasSuffix(SalesCommandText.itemSendMineHint + "\n"), "\(refused.errors)")
        let kept = try JSONDecoder().decode(
            [String: String].self, from: Data(await other.run(["note", "show", note, "--json"]).output.utf8))
        #expect(kept["text"] != "Bring the gown samples")

        otherSavesFirst("Visit (moved to Monday)")
        let sent = await cli.run(["note", "edit", note, "--body", "Bring the gown samples", "--send-mine"])
        #expect(sent.code == 0, "\(sent.errors)")
        #expect(sent.output == "saved \(note)\n")
        let shown = try JSONDecoder().decode(
            [String: String].self, from: Data(await other.run(["note", "show", note, "--json"]).output.utf8))
        #expect(shown["name"] == "Visit (moved to Monday)")
        #expect(shown["text"] == "Bring the gown samples")

        // NB: with no conflict, --send-mine is a plain save.
        let plain = await cli.run(["note", "edit", note, "--body", "Bring two gowns", "--send-mine"])
        #expect(plain.code == 0, "\(plain.errors)")
    }

    /// On an account this machine keeps, `edit`, `rename` and `delete` are the row's actions on its screen: offline
    /// they wait in the outbox and the saved copy shows them; `sync` sends them once.
    @Test func offlineItemsOfAKeptAccountAreEditedRenamedAndDeleted() async throws {
        let cli = try await SalesCLI.make()
        defer { try? FileManager.default.removeItem(at: cli.dataDirectory) }
        await cli.signIn()
        let note = try await cli.itemID(hospital, kind: "note")
        let attachment = try await cli.itemID(hospital, kind: "attachment")
        let doc = try await cli.itemID(hospital, kind: "doc")
        cli.offline.isDown = true

        let edited = await cli.run(["note", "edit", note, "--title", "Renamed offline"])
        #expect(edited.code == 0, "\(edited.errors)")
        #expect(edited.errors.contains("offline: queued 'save the note Renamed offline'"))
        let renamed = await cli.run(["attachment", "rename", attachment, "Renamed.pdf"])
        #expect(renamed.code == 0, "\(renamed.errors)")
        let deleted = await cli.run(["doc", "delete", doc])
        #expect(deleted.code == 0, "\(deleted.errors)")
        #expect(deleted.errors.contains("offline: queued 'delete the Google Doc "))
        // Not `deleted` (it is not done yet), but `queued` and the id, as every other offline change prints.
        #expect(deleted.output == "queued \(doc)\n")
        // An id of another kind is not this command's: it is looked up on the server, which is out of reach.
        #expect(await cli.run(["note", "edit", attachment, "--title", "x"]).code == 1)

        let offlineCopy = await cli.run(["items", hospital])
        #expect(offlineCopy.output.contains("Renamed offline"))
        #expect(offlineCopy.output.contains("Renamed.pdf"))
        #expect(!offlineCopy.output.contains(doc))

        cli.offline.isDown = false
        #expect(await cli.run(["sync"]).output == "sent 3 edits\n")
        #expect(await cli.run(["sync"]).output == "sent 0 edits\n")
        let server = await cli.run(["items", hospital])
        #expect(server.output.contains("\(note)  Renamed offline"))
        #expect(server.output.contains("\(attachment)  Renamed.pdf"))
        #expect(!server.output.contains(doc))
    }

    /// On an account this machine keeps, `note add`, `doc add` and `attachment add` are the screen's add buttons:
    /// offline, the saved copy lists the new items, marked as not sent, until `sync` sends them once.
    @Test func itemsAddedOfflineToAKeptAccountAreListedAsNotSent() async throws {
        let cli = try await SalesCLI.make()
        defer { try? FileManager.default.removeItem(at: cli.dataDirectory) }
        await cli.signIn()
        #expect(await cli.run(["items", hospital]).code == 0)
        cli.offline.isDown = true

        let note = await cli.run(["note", "add", hospital, "--title", "Call back", "--body", "new wing"])
        #expect(note.code == 0, "\(note.errors)")
        #expect(note.output.hasPrefix("queued local-"))
        #expect(note.errors.contains("offline: queued 'add the note Call back'"))
        let doc = await cli.run(["doc", "add", hospital, "--name", "Plan", "--url", "https://docs.google.com/d/1"])
        #expect(doc.code == 0, "\(doc.errors)")
        let minutes = try cli.file("minutes.txt", Data("The wing opens in May.".utf8))
        let upload = await cli.run(["attachment", "add", hospital, minutes.path])
        #expect(upload.code == 0, "\(upload.errors)")
        #expect(upload.output.hasPrefix("queued local-"))

        let offline = await cli.run(["items", hospital])
        let waiting = offline.output.split(separator: "\n").filter { $0.hasSuffix("Not sent yet") }
        #expect(waiting.count == 3, "\(offline.output)")
        #expect(waiting.contains { $0.contains("Call back") })
        #expect(waiting.contains { $0.contains("Plan  docs.google.com/d/1") })
        #expect(waiting.contains { $0.contains("minutes.txt") })
        let rows = try JSONDecoder().decode(
            [[String: JSONValue]].self, from: Data(await cli.run(["items", hospital, "--json"]).output.utf8))
        #expect(
            Set(rows.filter { $0["notSent"] == true }.compactMap { $0["name"] })
                == ["Call back", "Plan", "minutes.txt"])

        cli.offline.isDown = false
        #expect(await cli.run(["sync"]).output == "sent 3 edits\n")
        let online = await cli.run(["items", hospital])
        #expect(!online.output.contains("Not sent yet"))
        #expect(online.output.components(separatedBy: "Call back").count == 2)
        #expect(online.output.components(separatedBy: "  Plan").count == 2)
    }

    /// `note edit` of a note added offline that still waits is that row's Edit, as for a sent note: the waiting
    /// addition takes the new text (the command failed), `note show` prints it, and `sync` sends it once.
    @Test func aNoteWaitingToBeSentIsEditedAndSentOnceWithTheLatestText() async throws {
        let cli = try await SalesCLI.make()
        defer { try? FileManager.default.removeItem(at: cli.dataDirectory) }
        await cli.signIn()
        #expect(await cli.run(["items", hospital]).code == 0)
        cli.offline.isDown = true
        let added = await cli.run(["note", "add", hospital, "--title", "Call back", "--body", "first draft"])
        let id = try #require(added.output.split(separator: " ").last.map { String($0.dropLast()) })
        #expect(id.hasPrefix("local-"), "\(added.output)")

        let edited = await cli.run(["note", "edit", id, "--title", "Call back Monday", "--body", "final text"])
        #expect(edited.code == 0, "\(edited.errors)")
        #expect(edited.output == "queued \(id)\n")
        #expect(await cli.run(["note", "show", id]).output == "Call back Monday\n\nfinal text\n")

        cli.offline.isDown = false
        #expect(await cli.run(["sync"]).output == "sent 1 edit\n")
        let online = await cli.run(["items", hospital, "--json"])
        let rows = try JSONDecoder().decode([[String: JSONValue]].self, from: Data(online.output.utf8))
        let sent = rows.filter { $0["name"] == "Call back Monday" }
        #expect(sent.count == 1, "\(online.output)")
        #expect(!rows.contains { $0["name"] == "Call back" })
        let sentID = try #require(sent.first?["id"]?.stringValue)
        #expect(await cli.run(["note", "show", sentID]).output == "Call back Monday\n\nfinal text\n")
    }

    /// Offline, an edit of an item or of the account prints `queued` (not `saved`), and `--json` says so too.
    @Test func offlineEditsSayQueuedInTextAndJSON() async throws {
        let cli = try await SalesCLI.make()
        defer { try? FileManager.default.removeItem(at: cli.dataDirectory) }
        await cli.signIn()
        let note = try await cli.itemID(hospital, kind: "note")
        let attachment = try await cli.itemID(hospital, kind: "attachment")
        let online = await cli.run(["note", "edit", note, "--body", "online", "--json"])
        #expect(try JSONDecoder().decode([String: String].self, from: Data(online.output.utf8))["status"] == "saved")
        cli.offline.isDown = true

        #expect(await cli.run(["note", "edit", note, "--body", "x"]).output == "queued \(note)\n")
        #expect(await cli.run(["attachment", "rename", attachment, "n.pdf"]).output == "queued \(attachment)\n")
        #expect(await cli.run(["account", "update", hospital, "--num-beds", "300"]).output == "queued \(hospital)\n")
        let json = await cli.run(["note", "edit", note, "--body", "y", "--json"])
        #expect(try JSONDecoder().decode([String: String].self, from: Data(json.output.utf8))["status"] == "queued")
        let account = await cli.run(["account", "update", hospital, "--num-beds", "301", "--json"])
        let saved = try JSONDecoder().decode([String: JSONValue].self, from: Data(account.output.utf8))
        #expect(saved["status"] == "queued")
    }

    /// `note edit` with nothing to change is refused as `account update` is, and nothing is sent.
    @Test func anEditWithNoFieldIsRefused() async throws {
        let cli = try await SalesCLI.make()
        defer { try? FileManager.default.removeItem(at: cli.dataDirectory) }
        await cli.signIn()
        let note = try await cli.itemID(hospital, kind: "note")
        let doc = try await cli.itemID(hospital, kind: "doc")
        let refused = await cli.run(["note", "edit", note])
        #expect(refused.code == 2)
        #expect(refused.errors.contains("note edit needs --title or --body"))
        #expect(await cli.run(["doc", "edit", doc]).code == 2)
    }

    /// Notes added offline get ids of their own, and one can be opened while it waits.
    @Test func notesAddedOfflineHaveUniqueIdsAndOpen() async throws {
        let cli = try await SalesCLI.make()
        defer { try? FileManager.default.removeItem(at: cli.dataDirectory) }
        await cli.signIn()
        #expect(await cli.run(["items", hospital]).code == 0)
        cli.offline.isDown = true
        var ids: [String] = []
        for body in ["one", "two"] {
            let added = await cli.run(["note", "add", hospital, "--title", "Offline note", "--body", body, "--json"])
            let fields = try JSONDecoder().decode([String: String].self, from: Data(added.output.utf8))
            #expect(fields["status"] == "queued")
            ids.append(try #require(fields["id"]))
        }
        #expect(Set(ids).count == 2)
        let shown = await cli.run(["note", "show", ids[1]])
        #expect(shown.code == 0, "\(shown.errors)")
        #expect(shown.output == "Offline note\n\ntwo\n")
    }

    /// A plain-text attachment downloads byte for byte, under its own type, whatever its words.
    @Test func aTextAttachmentDownloadsExactly() async throws {
        let cli = try await SalesCLI.make()
        defer { try? FileManager.default.removeItem(at: cli.dataDirectory) }
        await cli.signIn()
        let text = Data("Dock opens at 7am, ask for Luis.\n".utf8)
        let file = try cli.file("memo.txt", text)
        let added = await cli.run(["attachment", "add", hospital, file.path, "--json"])
        let id = try #require(try JSONDecoder().decode([String: String].self, from: Data(added.output.utf8))["id"])
        let out = cli.dataDirectory.appendingPathComponent("dl.txt")
        let download = await cli.run(["attachment", "download", id, "--output", out.path])
        #expect(try Data(contentsOf: out) == text)
        #expect(download.errors.contains("wrote 33 bytes (text/plain)"))
    }

    /// Deletes `account` in the stand-in as another of the org's users would, under this machine's session.
    func deleteOnTheServer(_ account: String, _ cli: SalesCLI) async throws {
        let client = SalesforceClient(
            configuration: SalesforceConfiguration(loginURL: URL(string: "http://127.0.0.1:8080")!),
            transport: cli.dependencies.transport,
            sessions: .file(cli.dataDirectory.appendingPathComponent("sales/session.json")))
        try await client.delete("Account", id: account, operation: "delete")
    }

    /// An account deleted in Salesforce since this machine kept it: `account` says it no longer exists, fails, and
    /// the saved copy is gone (offline, nothing of it shows).
    @Test func anAccountDeletedOnTheServerIsDroppedFromThisMachine() async throws {
        let cli = try await SalesCLI.make()
        defer { try? FileManager.default.removeItem(at: cli.dataDirectory) }
        await cli.signIn()
        #expect(await cli.run(["account", hospital]).code == 0)
        try await deleteOnTheServer(hospital, cli)

        let gone = await cli.run(["account", hospital])
        #expect(gone.code == 1)
        #expect(gone.output.isEmpty)
        #expect(
            gone.errors
                == "quartet: St. Mary's Regional Medical Center no longer exists in Salesforce; the copy saved on "
                + "this device was removed.\n")
        #expect(await cli.run(["items", hospital]).code == 1)
        cli.offline.isDown = true
        let offline = await cli.run(["account", hospital])
        #expect(offline.code == 1)
        #expect(
            offline.errors == "quartet: You're offline, and this account has not been opened on this device before.\n")
    }

    @Test func commandsNeedASessionAndSayWhatFailed() async throws {
        let cli = try await SalesCLI.make()
        defer { try? FileManager.default.removeItem(at: cli.dataDirectory) }
        // Never signed in, or signed out: no session "ended".
        let result = await cli.run(["account", hospital])
        #expect(result.code == 1)
        #expect(result.errors == "quartet: Sign in to see your accounts.\n")
        let wrong = await cli.run(["signin", "--password", "nope"])
        #expect(wrong.code == 1)
        #expect(wrong.errors.contains("Salesforce does not recognize this username and password."))
        #expect(!wrong.errors.contains("invalid_grant") && !wrong.errors.contains("authentication failure"))
        await cli.signIn()
        #expect(await cli.run(["signout"]).output == "signed out\n")
        let signedOut = await cli.run(["account", hospital])
        #expect(signedOut.code == 1)
        #expect(signedOut.errors == "quartet: Sign in to see your accounts.\n")
        // Salesforce refusing the session is what "ended" it.
        await cli.signIn()
        try await cli.sessionEnded()
        let ended = await cli.run(["account", hospital])
        #expect(ended.code == 1)
        #expect(ended.errors == "quartet: Your session ended. Sign in again.\n")
    }

    /// Issue 12: the command line is a view, so every word it prints comes from SalesCore's strings table, save
    /// the test's own data (what it typed, and the records the server answered its `--json` requests with).
    @Test func printsOnlyTheCoresStrings() async throws {
        let cli = try await SalesCLI.make()
        defer { try? FileManager.default.removeItem(at: cli.dataDirectory) }
        try FileManager.default.createDirectory(at: cli.dataDirectory, withIntermediateDirectories: true)
        let file = cli.dataDirectory.appendingPathComponent("report.pdf")
        try Data("%PDF-1.4 tiny".utf8).write(to: file)
        let copy = cli.dataDirectory.appendingPathComponent("copy.pdf").path
        var transcript = Transcript()
        var data = [
            "quartet", hospital, "NOPE", "rep@quartet.dev", "http://127.0.0.1:8080", "nope", "CLI note", "hello",
            "changed", "seventy", "report.pdf", file.path, "Signed report.pdf", copy, "Plan", "No URL",
            "https://docs.google.com/d/1", "Offline", "/nonexistent/report.pdf", "ftp://x",
            // Content types, which the items list and a download name.
            "application/pdf", "text/plain", "261", "2.5",
            // The row id of the note added offline, an identifier (ItemRow's stand-in until the server gives one).
            "local-note-Offline",
        ]
        @discardableResult
        func run(_ arguments: [String]) async -> Int32 {
            let (code, output, errors) = await StringTable.$marking.withValue(true) { await cli.run(arguments) }
            transcript.recordUsageError(arguments, code: code, output, errors)
            return code
        }
        /// The records a `--json` run answers, as data (not checked: JSON is for scripts).
        func records(_ arguments: [String]) async -> [String] {
            UnmarkedText.data(inJSON: await cli.run(arguments + ["--json"]).output)
        }
        func id(_ arguments: [String]) async throws -> String {
            let answer = await cli.run(arguments + ["--json"]).output
            return try #require(try JSONDecoder().decode([String: String].self, from: Data(answer.utf8))["id"])
        }

        #expect(await run(["account", hospital]) == 1)
        #expect(await run(["signin", "--password", "nope"]) == 1)
        #expect(await run(["signin"]) == 2)
        #expect(await run(["signin", "--password", "quartet-sales"]) == 0)
        #expect(await run(["account", hospital]) == 0)
        #expect(await run(["account", "NOPE"]) == 1)
        #expect(await run(["account", hospital, "--instance-url", "ftp://x"]) == 2)
        #expect(await run(["account", hospital, "--server", "ftp://x"]) == 2)
        #expect(await run(["account", "update", hospital, "--num-beds", "250"]) == 0)
        #expect(await run(["account", "update", hospital, "--current-clean-rating", "seventy"]) == 2)
        #expect(await run(["account", "update", hospital, "--num-beds", "2.5"]) == 2)
        #expect(await run(["account", "update", hospital]) == 2)
        #expect(await run(["account", "update", "001Q000000Demo3IAB", "--num-beds", "10"]) == 1)
        data += await records(["account", hospital])
        data += await records(["account", "001Q000000Demo3IAB"])

        #expect(await run(["note", "add", hospital, "--title", "CLI note", "--body", "hello"]) == 0)
        #expect(await run(["note", "add", hospital]) == 2)
        let note = try await id(["note", "add", hospital, "--title", "CLI note"])
        #expect(await run(["note", "edit", note, "--body", "changed"]) == 0)
        #expect(await run(["note", "show", note]) == 0)
        #expect(await run(["note", "delete", note]) == 0)
        #expect(await run(["note", "delete", "NOPE"]) == 1)

        #expect(await run(["attachment", "add", hospital, file.path]) == 0)
        #expect(await run(["attachment", "add", hospital, "/nonexistent/report.pdf"]) == 1)
        let attachment = try await id(["attachment", "add", hospital, file.path])
        #expect(await run(["attachment", "rename", attachment, "Signed report.pdf"]) == 0)
        #expect(await run(["attachment", "download", attachment, "--output", copy]) == 0)
        #expect(await run(["attachment", "download", "NOPE", "--output", copy]) == 1)
        #expect(await run(["attachment", "delete", attachment]) == 0)

        #expect(await run(["doc", "add", hospital, "--name", "Plan", "--url", "https://docs.google.com/d/1"]) == 0)
        #expect(await run(["doc", "add", hospital, "--name", "No URL"]) == 2)
        let doc = try await id(["doc", "add", hospital, "--name", "Plan", "--url", "https://docs.google.com/d/1"])
        #expect(await run(["doc", "edit", doc, "--name", "Plan"]) == 0)
        #expect(await run(["doc", "show", doc]) == 0)
        #expect(await run(["doc", "delete", doc]) == 0)

        #expect(await run(["items", hospital]) == 0)
        #expect(await run(["items", "NOPE"]) == 1)
        data += await records(["items", hospital])
        #expect(await run(["content", hospital]) == 0)
        #expect(await run(["content", "NOPE"]) == 1)
        let content = await records(["content", hospital])
        data += content
        let document = try #require(content.first { $0.hasPrefix("069") })
        #expect(await run(["content", "open", document, "--output", copy]) == 0)

        cli.offline.isDown = true
        #expect(await run(["note", "add", hospital, "--title", "Offline"]) == 0)
        #expect(await run(["sync"]) == 1)
        #expect(await run(["items", hospital]) == 0)
        // NB: a note added offline goes by its local id, data as a Salesforce id is.
        data += await records(["items", hospital])
        #expect(await run(["account", "update", hospital, "--num-beds", "260"]) == 0)
        #expect(await run(["content", hospital]) == 0)
        #expect(await run(["account", "001Q000000Demo2IAB"]) == 1)
        cli.offline.isDown = false
        #expect(await run(["sync"]) == 0)
        // A change another device overtook: sync says it waits for a decision.
        let other = SalesCLI(router: cli.router, dataDirectory: cli.dataDirectory.appendingPathComponent("other"))
        await other.signIn()
        cli.offline.isDown = true
        #expect(await run(["account", "update", hospital, "--num-beds", "261"]) == 0)
        cli.offline.isDown = false
        try await Task.sleep(for: .milliseconds(5))
        #expect(await other.run(["account", "update", hospital, "--num-beds", "262"]).code == 0)
        #expect(await run(["sync"]) == 1)
        // An account deleted in Salesforce since this machine kept it.
        try await deleteOnTheServer(hospital, cli)
        // The change held for it is listed by its id, an identifier.
        data += await cli.run(["account", hospital]).output.split(separator: "\n").compactMap { line in
            line.split(separator: " ").first.flatMap { UUID(uuidString: String($0))?.uuidString }
        }
        #expect(await run(["account", hospital]) == 1)
        #expect(await run(["signout"]) == 0)
        #expect(transcript.printedCommands == transcript.entries.count)

        // What the server answered (its records, and its own words when it refuses), and the option names a
        // refusal leads with.
        data += cli.answers.all.flatMap(UnmarkedText.data(inJSON:))
        data += UnmarkedText.grammar(of: SalesCommand.spec(dependencies: cli.dependencies))
        let offences = UnmarkedText(data: data + [note, attachment, doc]).offences(in: transcript)
        #expect(offences.isEmpty, "\(offences.joined(separator: "\n"))")
    }

    /// Each kind's `delete --help` names the kind with its own article.
    @Test(arguments: [
        ("note", "delete a note"), ("attachment", "delete an attachment"), ("doc", "delete a Google Doc"),
    ])
    func deleteHelpNamesTheKindWithItsArticle(kind: String, summary: String) async throws {
        let cli = try await SalesCLI.make()
        let root = CommandSpec("quartet", summary: "", subcommands: [SalesCommand.spec(dependencies: cli.dependencies)])
        guard case .help(let path) = try ArgumentParser(root: root).parse(["sales", kind, "delete", "--help"]) else {
            Issue.record("no help for \(kind) delete")
            return
        }
        let text = ArgumentParser.help(for: path)
        #expect(text.contains(summary), "\(text)")
        #expect(!text.contains("delete a attachment"))
    }
}
