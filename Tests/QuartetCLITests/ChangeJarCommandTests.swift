import ChangeJarCore
import ChangeJarModels
import ChangeJarServer
import CognitoDevServer
import Database
import Foundation
import HTTPServer
import Localization
import Locking
import Testing

@testable import QuartetCLI

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `quartet changejar …` against a real server on a loopback socket (the stand-in and the Change Jar API).
@Suite("quartet changejar", .serialized)
struct ChangeJarCommandTests {
    /// A running server and a fresh device data directory.
    struct Fixture {
        let server: Server
        let database: any SQLDatabase
        let serverDirectory: URL
        let dataDirectory: URL
        /// The Cognito operations the stand-in was sent (`GetId`, `GetOpenIdToken`).
        let cognitoCalls: Locked<[String]>
        /// A status the jar answers a submission with, without taking it (`nil`: it answers as it does).
        let submissionStatus: Locked<Int?>
        /// A status the jar answers a read of the person's profile (their name) with (`nil`: it answers).
        let profileStatus: Locked<Int?>

        /// Starts the server; `tokenLifetime` is how long the stand-in's OpenID tokens last (Cognito's 10 minutes).
        static func start(tokenLifetime: TimeInterval = 600) async throws -> Fixture {
            let database = try SQLiteDatabase(url: "sqlite::memory:")
            var migrator = Migrator()
            CognitoDevService.registerMigrations(&migrator)
            ChangeJarService.registerMigrations(&migrator)
            try await migrator.migrate(database)
            let root = URL(fileURLWithPath: NSTemporaryDirectory())
                .appendingPathComponent("quartet-cli-changejar-" + UUID().uuidString.prefix(8).lowercased())
            let cognito = try CognitoDevService(
                database: database,
                configuration: .init(dataDirectory: root.appendingPathComponent("server"), tokenLifetime: tokenLifetime)
            )
            let changeJar = try ChangeJarService(
                database: database,
                configuration: ChangeJarConfiguration(
                    identityPoolID: cognito.configuration.identityPoolID, keys: cognito.keyFetcher))
            var router = Router()
            cognito.register(on: &router)
            changeJar.register(on: &router)
            let cognitoCalls = Locked<[String]>([])
            let submissionStatus = Locked<Int?>(nil)
            let profileStatus = Locked<Int?>(nil)
            let handler = router.handler()
            let server = Server(configuration: .init(port: 0, log: .discard)) { request in
                if request.method == .post, request.path.hasSuffix("/changejar/v1/actions"),
                    let status = submissionStatus.withLock({ $0 })
                {
                    return Response(
                        status: HTTPStatus(status), headers: ["Content-Type": "application/problem+json"],
                        body: Data(#"{"title":"Failure","status":\#(status)}"#.utf8))
                }
                if request.method == .get, request.path.hasSuffix("/changejar/v1/profile"),
                    let status = profileStatus.withLock({ $0 })
                {
                    return Response(
                        status: HTTPStatus(status), headers: ["Content-Type": "application/problem+json"],
                        body: Data(#"{"title":"Failure","status":\#(status)}"#.utf8))
                }
                if let target = request.headers["X-Amz-Target"] {
                    cognitoCalls.withLock { $0.append(String(target.split(separator: ".").last ?? "")) }
                }
                return try await handler(request)
            }
            try server.start()
            return Fixture(
                server: server, database: database, serverDirectory: root.appendingPathComponent("server"),
                dataDirectory: root.appendingPathComponent("device"), cognitoCalls: cognitoCalls,
                submissionStatus: submissionStatus, profileStatus: profileStatus)
        }

        /// How many `GetOpenIdToken` calls the stand-in was sent.
        var renewals: Int { cognitoCalls.withLock { $0.filter { $0 == "GetOpenIdToken" }.count } }

        /// The saved session, as JSON.
        var sessionFile: URL { dataDirectory.appendingPathComponent("changejar/session.json") }

        /// Rewrites the saved session's fields (`nil` removes one).
        func editSession(_ changes: [String: String?]) throws {
            var session = try #require(
                try JSONSerialization.jsonObject(with: Data(contentsOf: sessionFile)) as? [String: Any])
            for (key, value) in changes { session[key] = value }
            try JSONSerialization.data(withJSONObject: session).write(to: sessionFile)
        }

        func stop() async {
            await server.shutdown(gracePeriod: .seconds(1))
            await database.close()
            try? FileManager.default.removeItem(at: serverDirectory.deletingLastPathComponent())
        }

        /// Runs `quartet changejar ARGS… --server … --data-dir …`.
        func run(
            _ arguments: [String], server url: String? = nil, environment: [String: String] = [:]
        ) async -> (code: Int32, out: String, err: String) {
            let captured = CapturedConsole()
            let code = await QuartetTool.run(
                ["changejar"] + arguments + [
                    "--server", url ?? "http://127.0.0.1:\(server.port)", "--data-dir", dataDirectory.path,
                ],
                environment: environment, console: captured.console)
            return (code, captured.output, captured.errors)
        }
    }

    static func withFixture(tokenLifetime: TimeInterval = 600, _ body: (Fixture) async throws -> Void) async throws {
        let fixture = try await Fixture.start(tokenLifetime: tokenLifetime)
        do {
            try await body(fixture)
        } catch {
            await fixture.stop()
            throw error
        }
        await fixture.stop()
    }

    @Test func signInSubmitListAndSignOut() async throws {
        try await Self.withFixture { fixture in
            #expect(await fixture.run(["whoami"]).out == "Not signed in.\n")
            let refused = await fixture.run(["submit", "--title", "Walk", "--content", "Daily."])
            #expect(refused.code == 1)
            #expect(refused.err == "quartet: Sign in to put your action in the jar. It will be sent right after.\n")

            // As the screen promised, the sign-in sends the action that waited for it, once.
            let signIn = await fixture.run(["signin", "--provider", "google", "--user", "alice", "--name", "Alice"])
            #expect(signIn.code == 0)
            #expect(signIn.out == "Signed in as Alice with Google.\nYour action is in the jar. Thank you!\n")
            let again = await fixture.run(["signin", "--provider", "google", "--user", "alice", "--name", "Alice"])
            #expect(again.out == "Signed in as Alice with Google.\n")
            let waited =
                try JSONSerialization.jsonObject(
                    with: Data(await fixture.run(["mine", "--json"]).out.utf8)) as? [[String: Any]]
            #expect(waited?.map { $0["title"] as? String } == ["Walk"])
            let waitedID = try #require(waited?.first?["id"] as? String)
            #expect(await fixture.run(["delete", waitedID]).code == 0)
            let session = fixture.dataDirectory.appendingPathComponent("changejar/session.json")
            let attributes = try FileManager.default.attributesOfItem(atPath: session.path)
            #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)

            let whoami = await fixture.run(["whoami"])
            #expect(whoami.code == 0)
            #expect(whoami.out.hasPrefix("Alice via Google\n  provider user id: alice\n  identity: us-east-1:"))
            let whoamiJSON = await fixture.run(["whoami", "--json"])
            let who = try JSONSerialization.jsonObject(with: Data(whoamiJSON.out.utf8)) as? [String: Any]
            #expect(who?["displayName"] as? String == "Alice")
            #expect(who?["providerUserID"] as? String == "alice")
            #expect(who?["authSource"] as? String == "google")
            #expect((who?["identityID"] as? String)?.hasPrefix("us-east-1:") == true)
            #expect(who?["expiresAt"] is String)
            #expect(who?["token"] == nil)

            let submit = await fixture.run(["submit", "--title", "Walk to work", "--content", "Every day."])
            #expect(submit.code == 0)
            #expect(submit.out == "Your action is in the jar. Thank you!\n")
            // The same words again make nothing new, and the command says so (and that all is well).
            let same = await fixture.run(["submit", "--title", "Walk to work", "--content", "Every day."])
            #expect(same.code == 0)
            #expect(same.out == "This action is in the jar already, so nothing new was added.\n")

            // One's own action is not new to one (it used to raise one's own badge).
            let count = await fixture.run(["new", "--count"])
            #expect(count.out == "0\n")
            let all = await fixture.run(["all"])
            #expect(all.out.hasPrefix("Walk to work\n  Every day.\n  Alice via Google · "))
            #expect(await fixture.run(["new", "--count"]).out == "0\n")

            let mine = await fixture.run(["mine", "--json"])
            let decoded = try JSONSerialization.jsonObject(with: Data(mine.out.utf8)) as? [[String: Any]]
            #expect(decoded?.map { $0["title"] as? String } == ["Walk to work"])
            #expect(decoded?.first?["authSource"] as? String == "google")

            let search = await fixture.run(["search", "walk"])
            #expect(search.out.hasPrefix("Walk to work\n"))
            #expect(await fixture.run(["search", "zebra"]).out == "No actions match \"zebra\".\n")
            // A text longer than the jar takes is the search screen's own sentence, said before anything is sent.
            let tooLong = await fixture.run(["search", String(repeating: "walk ", count: 40) + "x"])
            #expect(tooLong.code == 1)
            #expect(tooLong.out.isEmpty)
            #expect(tooLong.err == "quartet: A search can be at most 200 characters. Please shorten it.\n")

            // Edit and delete are My Actions' tap and swipe: the screen's rules and words.
            let id = try #require(decoded?.first?["id"] as? String)
            #expect(await fixture.run(["edit", id]).code == 2)
            // The form refuses a rule broken before sending, as submit does: a usage mistake, exit 2.
            let blank = await fixture.run(["edit", id, "--title", "  "])
            #expect(blank.code == 2)
            #expect(blank.err.hasPrefix("quartet: --title: The title must be 1 to 120 characters.\n"))
            let bell = await fixture.run(["edit", id, "--title", "Walk\u{7}"])
            #expect(bell.code == 2)
            #expect(
                bell.err.hasPrefix(
                    "quartet: --title: The title has an invisible character (U+0007) after “Walk”: a title must be one line, without control characters.\n"
                ))
            // Characters that draw nothing are a blank title, and one that reverses the words after it is refused:
            // the same rule as the forms' and the server's, for submit and edit alike.
            let invisible = await fixture.run(["submit", "--title", "\u{200B}\u{200B}", "--content", "Daily."])
            #expect(invisible.code == 2)
            #expect(invisible.err.hasPrefix("quartet: --title: The title must be 1 to 120 characters.\n"))
            let reversed = await fixture.run(["edit", id, "--title", "\u{202E}kcab emoc I"])
            #expect(reversed.code == 2)
            #expect(
                reversed.err.hasPrefix(
                    "quartet: --title: The title starts with a character that reorders the words after it (U+202E): a title must be one line, without control characters.\n"
                ))
            let edited = await fixture.run(["edit", id, "--title", "Walk to work, rain or shine"])
            #expect(edited.code == 0)
            #expect(edited.out == "Saved “Walk to work, rain or shine”.\n")
            #expect(await fixture.run(["all"]).out.hasPrefix("Walk to work, rain or shine\n  Every day.\n"))
            let stranger = await fixture.run(["delete", "00000000-0000-0000-0000-000000000000"])
            #expect(stranger.code == 1)
            #expect(stranger.err == "quartet: 00000000-0000-0000-0000-000000000000 is not one of your actions\n")
            let deleted = await fixture.run(["delete", id])
            #expect(deleted.code == 0)
            #expect(deleted.out == "Deleted “Walk to work, rain or shine”.\n")
            #expect(await fixture.run(["mine"]).out == "You haven't added an action yet.\n")

            #expect(await fixture.run(["signout"]).out == "Signed out.\n")
            #expect(!FileManager.default.fileExists(atPath: session.path))
            #expect(await fixture.run(["mine"]).code == 1)
        }
    }

    /// A token the provider gave goes into Cognito's `Logins` map as it is; Cognito (here the stand-in) decides.
    /// `name` is Settings' name field: it prints the name the jar shows on one's actions, and with a name types it
    /// and taps Save Name; a name someone else goes by is refused in the core's words.
    /// The action that waited for the sign-in meets a jar that fails (500): the command says so and the action stays
    /// on the device; the next command puts it in the jar, once.
    @Test func anActionTheJarFailedAtTheSignInGoesOutWithTheNextCommand() async throws {
        try await Self.withFixture { fixture in
            #expect(await fixture.run(["submit", "--title", "Walk", "--content", "Daily."]).code == 1)
            fixture.submissionStatus.withLock { $0 = 500 }
            let signIn = await fixture.run(["signin", "--provider", "google", "--user", "alice", "--name", "Alice"])
            #expect(signIn.code == 1)
            #expect(!signIn.err.isEmpty)
            fixture.submissionStatus.withLock { $0 = nil }
            let next = await fixture.run(["submit", "--title", "Run", "--content", "Twice a week."])
            #expect(next.code == 0)
            #expect(next.out.contains("Your action is in the jar. Thank you!"))
            let mine =
                try JSONSerialization.jsonObject(
                    with: Data(await fixture.run(["mine", "--json"]).out.utf8)) as? [[String: Any]]
            #expect(mine?.map { $0["title"] as? String } == ["Run", "Walk"])
            #expect(await fixture.run(["submit", "--title", "Swim", "--content", "Sundays."]).code == 0)
            let after =
                try JSONSerialization.jsonObject(
                    with: Data(await fixture.run(["mine", "--json"]).out.utf8)) as? [[String: Any]]
            #expect(after?.map { $0["title"] as? String } == ["Swim", "Run", "Walk"])
        }
    }

    /// The action that waited for the sign-in is refused by the jar (422): the command says why and how to go on, it
    /// stays on the device (a later `submit` does not type over it), and `refused` shows it, sends it changed, or
    /// clears it, as the Submit form does.
    @Test func anActionTheJarRefusedAtTheSignInIsKeptUntilChangedOrCleared() async throws {
        let why =
            "The jar did not take the action that waited for your sign-in: Something went wrong. Please try again. "
            + "Change it and submit it again, or clear it.\n"
        let how =
            "Change it and send it again with 'quartet changejar refused --title TEXT --content TEXT', or clear it "
            + "with 'quartet changejar refused --clear'.\n"
        try await Self.withFixture { fixture in
            #expect(await fixture.run(["submit", "--title", "Walk", "--content", "Daily."]).code == 1)
            fixture.submissionStatus.withLock { $0 = 422 }
            let signIn = await fixture.run(["signin", "--provider", "google", "--user", "alice", "--name", "Alice"])
            #expect(signIn.code == 1)
            #expect(signIn.err == "quartet: " + why + how)
            fixture.submissionStatus.withLock { $0 = nil }

            let other = await fixture.run(["submit", "--title", "Run", "--content", "Twice a week."])
            #expect(other.code == 1)
            #expect(other.err == "quartet: " + why + how)
            let shown = await fixture.run(["refused"])
            #expect(shown.code == 0)
            #expect(shown.out == why + "  Walk\n  Daily.\n" + how)
            // `--json` gives the kept action as data: its words and the jar's refusal.
            let shownJSON = await fixture.run(["refused", "--json"])
            #expect(shownJSON.code == 0)
            let kept = try JSONSerialization.jsonObject(with: Data(shownJSON.out.utf8)) as? [String: Any]
            #expect(kept?["title"] as? String == "Walk")
            #expect(kept?["content"] as? String == "Daily.")
            #expect(kept?["refusal"] is [String: Any], "\(shownJSON.out)")
            #expect(await fixture.run(["refused", "--clear", "--title", "x"]).code == 2)

            let sent = await fixture.run(["refused", "--title", "Walk more"])
            #expect(sent.code == 0)
            #expect(sent.out == "Your action is in the jar. Thank you!\n")
            let mine =
                try JSONSerialization.jsonObject(
                    with: Data(await fixture.run(["mine", "--json"]).out.utf8)) as? [[String: Any]]
            #expect(mine?.map { $0["title"] as? String } == ["Walk more"])
            #expect(
                await fixture.run(["refused"]).err == "quartet: No action the jar refused is kept on this device.\n")

            // Refused again, then cleared: it never reaches the jar, and is gone from the device.
            #expect(await fixture.run(["signout"]).code == 0)
            #expect(await fixture.run(["submit", "--title", "Swim", "--content", "Sundays."]).code == 1)
            fixture.submissionStatus.withLock { $0 = 422 }
            #expect(await fixture.run(["signin", "--provider", "google", "--user", "alice"]).code == 1)
            fixture.submissionStatus.withLock { $0 = nil }
            let cleared = await fixture.run(["refused", "--clear"])
            #expect(cleared.code == 0)
            #expect(cleared.out == "Cleared “Swim”.\n")
            #expect(await fixture.run(["refused"]).code == 1)
            #expect(await fixture.run(["submit", "--title", "Run", "--content", "Twice a week."]).code == 0)
        }
    }

    @Test func nameIsSettingsNameField() async throws {
        try await Self.withFixture { fixture in
            #expect(
                await fixture.run(["name"])
                    == (
                        1, "",
                        "quartet: not signed in (or the session expired): "
                            + "run 'quartet changejar signin --provider google --user NAME'\n"
                    ))
            _ = await fixture.run(["signin", "--provider", "google", "--user", "alice", "--name", "Alice"])
            #expect(await fixture.run(["submit", "--title", "Walk", "--content", "Daily."]).code == 0)
            #expect(await fixture.run(["name"]).out == "Alice\n")
            _ = await fixture.run(["signout"])

            _ = await fixture.run(["signin", "--provider", "google", "--user", "mallory", "--name", "Alice"])
            let taken = await fixture.run(["name", "ALICE"])
            #expect(taken.code == 1)
            #expect(
                taken.err
                    == "quartet: Someone else in the jar goes by this name, or one too like it. Choose another name in Settings.\n"
            )
            #expect(await fixture.run(["name", "\u{7}"]).code == 2)
            let chosen = await fixture.run(["name", "  Mallory  "])
            #expect(chosen == (0, "Your actions now go by “Mallory”.\n", ""))
            #expect(await fixture.run(["name"]).out == "Mallory\n")
            // `--json` gives the jar's profile, read or saved.
            #expect(await fixture.run(["name", "--json"]).out == "{\n  \"name\" : \"Mallory\"\n}\n")
            #expect(await fixture.run(["name", "Mallory", "--json"]).out == "{\n  \"name\" : \"Mallory\"\n}\n")
            #expect(await fixture.run(["name", "Mal", "--json"]).out == "{\n  \"name\" : \"Mal\"\n}\n")
            #expect(await fixture.run(["name", "Mallory"]).out == "Your actions now go by “Mallory”.\n")
            // The name the actions go by already: Save Name does nothing, and the field is printed.
            #expect(await fixture.run(["name", " Mallory "]) == (0, "Mallory\n", ""))
            // NB: the jar's name unread, the field holds the provider's ("Alice"): it is not printed as the name.
            fixture.profileStatus.withLock { $0 = 500 }
            #expect(
                await fixture.run(["name"])
                    == (
                        1, "",
                        "quartet: Your name in the jar could not be read just now. Your actions keep the name they go "
                            + "by.\n"
                    ))
            fixture.profileStatus.withLock { $0 = nil }
            #expect(await fixture.run(["submit", "--title", "Run", "--content", "Twice a week."]).code == 0)
            let all = await fixture.run(["all"])
            #expect(all.out.contains("Mallory via Google"), "\(all.out)")
        }
    }

    /// `name NAME` types over Settings' field and taps Save Name: the rules a name keeps are Settings' to check,
    /// and what it refused is printed in its words (a usage mistake, exit 2) with nothing asked of the jar. The
    /// command checked the rule itself; a name that folds to the jar's own ("Alice" and a bell) was then refused
    /// only because the command asked first, where Settings kept Save Name off and said nothing.
    @Test func aNameSettingsRefusesIsSaidInItsWords() async throws {
        try await Self.withFixture { fixture in
            _ = await fixture.run(["signin", "--provider", "google", "--user", "alice", "--name", "Alice"])
            for typed in ["Alice\u{7}", String(repeating: "A", count: AuthorName.length.upperBound + 1), "..."] {
                let refused = await fixture.run(["name", typed])
                let sentence = try #require(AuthorName.violation(typed)).sentence(of: typed)
                #expect(refused.code == 2)
                #expect(refused.out == "")
                #expect(refused.err.hasPrefix("quartet: " + sentence + "\n"), "\(refused.err)")
            }
            #expect(await fixture.run(["name"]) == (0, "Alice\n", ""))
        }
    }

    /// `submit` types the words into the Submit form and taps Submit: the form checks an action's rules, not the
    /// command, and its refusal is printed (exit 2); nothing reaches the jar.
    @Test func anActionTheFormRefusesIsSaidInItsWords() async throws {
        try await Self.withFixture { fixture in
            _ = await fixture.run(["signin", "--provider", "google", "--user", "alice", "--name", "Alice"])
            let title = "Walk\u{7}more"
            let refused = await fixture.run(["submit", "--title", title, "--content", "Daily."])
            let violation = try #require(ActionRules.violation(title: title, content: "Daily."))
            #expect(refused.code == 2)
            #expect(
                refused.err.hasPrefix(
                    "quartet: " + ChangeJarCommandText.refused(violation, title: title, content: "Daily.") + "\n"),
                "\(refused.err)")
            #expect(await fixture.run(["mine"]).out == "You haven't added an action yet.\n")
        }
    }

    /// `signin` says at once that the provider's name is someone else's in the jar, in Settings' words, and how
    /// to choose another; it said nothing, and the person learnt it only when a submission was refused.
    @Test func signInSaysWhenTheProvidersNameIsTaken() async throws {
        try await Self.withFixture { fixture in
            let alice = await fixture.run(["signin", "--provider", "google", "--user", "alice", "--name", "Alice"])
            #expect(alice == (0, "Signed in as Alice with Google.\n", ""))
            _ = await fixture.run(["signout"])
            let mallory = await fixture.run(["signin", "--provider", "google", "--user", "mallory", "--name", "ALICE"])
            #expect(mallory.code == 0, "\(mallory.err)")
            #expect(
                mallory.out
                    == "Signed in as ALICE with Google.\n"
                    + "Someone else in the jar already goes by “ALICE”. Choose another name for your actions and save it.\n"
                    + "Choose it with: quartet changejar name NAME\n")
            #expect(await fixture.run(["name", "Mallory"]).code == 0)
        }
    }

    @Test func signInWithATokenTheProviderGave() async throws {
        try await Self.withFixture { fixture in
            let signIn = try await URLSession.shared.data(
                for: {
                    var request = URLRequest(
                        url: URL(string: "http://127.0.0.1:\(fixture.server.port)/cognito/dev/signin")!)
                    request.httpMethod = "POST"
                    request.setValue("application/json", forHTTPHeaderField: "Content-Type")
                    request.httpBody = Data(#"{"provider":"google","user":"erin","name":"Erin"}"#.utf8)
                    return request
                }())
            let token = try #require(try JSONDecoder().decode([String: String].self, from: signIn.0)["token"])
            let file = fixture.dataDirectory.deletingLastPathComponent().appendingPathComponent("google.token")
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data((token + "\n").utf8).write(to: file)

            let accepted = await fixture.run(["signin", "--provider", "google", "--id-token", file.path])
            #expect(accepted.code == 0, "\(accepted.err)")
            #expect(await fixture.run(["whoami"]).out.contains("provider user id: erin"))

            try Data("forged.token.value".utf8).write(to: file)
            let forged = await fixture.run(["signin", "--provider", "google", "--id-token", file.path])
            #expect(forged.code == 1)
            #expect(forged.err.hasPrefix("quartet: Sign-in failed. "))

            try Data("only-a-token".utf8).write(to: file)
            let twitter = await fixture.run(["signin", "--provider", "twitter", "--id-token", file.path])
            #expect(twitter.code == 1)
            #expect(twitter.err.contains("token;secret"))
            // A missing file is named, exit 1, as every command names one (README); not a usage error.
            let missing = await fixture.run(["signin", "--id-token", "/no/such/file"])
            #expect(missing.code == 1)
            #expect(missing.err.contains("There is no such file or folder: /no/such/file."))
        }
    }

    @Test func aSignedOutSubmitSignsInWhenToldAndSendsTheActionOnce() async throws {
        try await Self.withFixture { fixture in
            let missingUser = await fixture.run([
                "submit", "--title", "Walk", "--content", "Daily.", "--sign-in-with", "google",
            ])
            #expect(missingUser.code == 2)
            let submit = await fixture.run([
                "submit", "--title", "Cook at home", "--content", "Three dinners a week.", "--sign-in-with", "google",
                "--user", "bob",
            ])
            #expect(submit.code == 0, "\(submit.err)")
            #expect(submit.out == "Your action is in the jar. Thank you!\n")
            // The provider gave no name: the command names the provider, never the user id as a name.
            #expect(await fixture.run(["whoami"]).out.hasPrefix("Someone via Google\n  provider user id: bob\n"))
            let mine = await fixture.run(["mine", "--json"])
            let decoded = try JSONSerialization.jsonObject(with: Data(mine.out.utf8)) as? [[String: Any]]
            #expect(decoded?.map { $0["title"] as? String } == ["Cook at home"])
        }
    }

    /// `edit` and `delete` are My Actions' tap and swipe, so signed out they say to sign in, as `mine` does, not
    /// that the id is someone else's; after a session expired, the sign-in to run names its provider.
    @Test func changingAnActionSignedOutSaysToSignInWithTheProviderThatExpired() async throws {
        try await Self.withFixture { fixture in
            let nobody =
                "quartet: not signed in (or the session expired): "
                + "run 'quartet changejar signin --provider google --user NAME'\n"
            let id = "00000000-0000-0000-0000-000000000000"
            for command in [["edit", id, "--title", "Walk"], ["delete", id], ["mine"]] {
                let signedOut = await fixture.run(command)
                #expect(signedOut.code == 1)
                #expect(signedOut.err == nobody, "\(command)")
            }

            #expect(await fixture.run(["signin", "--provider", "facebook", "--user", "erin"]).code == 0)
            // The token has expired, and Facebook no longer takes the login that would renew it.
            try fixture.editSession(["expiresAt": "2001-01-01T00:00:00Z", "providerLogin": "revoked"])
            let expired = await fixture.run(["delete", id])
            #expect(expired.code == 1)
            #expect(
                expired.err
                    == "quartet: your Facebook session expired: "
                    + "run 'quartet changejar signin --provider facebook --user NAME'\n")
            // The expired session is dropped once it was found out; nobody is signed in now.
            #expect(await fixture.run(["edit", id, "--title", "Walk"]).err == nobody)

            // `name` and `whoami` say it too: they said "Not signed in." as though nobody had been.
            let facebook =
                "quartet: your Facebook session expired: "
                + "run 'quartet changejar signin --provider facebook --user NAME'\n"
            for command in [["name"], ["whoami"]] {
                #expect(await fixture.run(["signin", "--provider", "facebook", "--user", "erin"]).code == 0)
                try fixture.editSession(["expiresAt": "2001-01-01T00:00:00Z", "providerLogin": "revoked"])
                #expect(await fixture.run(command) == (1, "", facebook), "\(command)")
            }
            #expect(await fixture.run(["whoami"]) == (1, "Not signed in.\n", ""))
        }
    }

    /// A sign-in outlives its OpenID token: past its expiry, `mine` and `submit` go through after the core renews it
    /// (one `GetOpenIdToken` the stand-in sees), and the provider login that renews it is printed nowhere.
    @Test func commandsRenewAnExpiredTokenQuietly() async throws {
        // NB: the device counts a token expired 15 s before its `exp` (whole seconds, rounded down): a 24-second
        // token is good for 8 s at least, and expired for the device 10 s on.
        try await Self.withFixture(tokenLifetime: 24) { fixture in
            let signIn = await fixture.run(["signin", "--provider", "google", "--user", "alice", "--name", "Alice"])
            #expect(signIn.code == 0)
            #expect(fixture.cognitoCalls.withLock { $0 } == ["GetId", "GetOpenIdToken"])
            let saved = try #require(
                try JSONSerialization.jsonObject(with: Data(contentsOf: fixture.sessionFile)) as? [String: Any])
            let login = try #require(saved["providerLogin"] as? String)
            let signedInToken = try #require(saved["token"] as? String)
            try await Task.sleep(for: .seconds(10))

            let mine = await fixture.run(["mine"])
            #expect(mine.code == 0, "\(mine.err)")
            #expect(mine.out == "You haven't added an action yet.\n")
            #expect(mine.err.isEmpty)
            #expect(fixture.renewals == 2)
            let renewed = try #require(
                try JSONSerialization.jsonObject(with: Data(contentsOf: fixture.sessionFile)) as? [String: Any])
            #expect(renewed["token"] as? String != signedInToken)
            #expect(renewed["providerLogin"] as? String == login)
            let attributes = try FileManager.default.attributesOfItem(atPath: fixture.sessionFile.path)
            #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)

            let listed = await fixture.run(["mine"])
            #expect(listed.code == 0)
            #expect(fixture.renewals == 2)

            // Past its expiry again (the file says so, rather than another wait), Submit renews it first.
            try fixture.editSession(["expiresAt": "2001-01-01T00:00:00Z"])
            let submit = await fixture.run(["submit", "--title", "Walk to work", "--content", "Every day."])
            #expect(submit.code == 0, "\(submit.err)")
            #expect(submit.out == "Your action is in the jar. Thank you!\n")
            #expect(fixture.renewals == 3)

            var printed = [signIn, mine, listed, submit]
            for arguments in [["mine", "--json"], ["whoami"], ["whoami", "--json"], ["all", "--json"]] {
                let run = await fixture.run(arguments)
                #expect(run.code == 0, "\(arguments): \(run.err)")
                printed.append(run)
            }
            for run in printed {
                #expect(!run.out.contains(login) && !run.err.contains(login))
                #expect(!run.out.contains("providerLogin"))
            }
        }
    }

    /// A session an older version saved, without the provider login, still works, and at its expiry ends as it
    /// always did.
    @Test func aSessionSavedWithoutTheProviderLoginEndsAtExpiry() async throws {
        try await Self.withFixture { fixture in
            #expect(await fixture.run(["signin", "--provider", "google", "--user", "alice"]).code == 0)
            try fixture.editSession(["providerLogin": nil])
            #expect(await fixture.run(["mine"]).out == "You haven't added an action yet.\n")
            try fixture.editSession(["expiresAt": "2001-01-01T00:00:00Z"])
            let expired = await fixture.run(["mine"])
            #expect(expired.code == 1)
            #expect(
                expired.err
                    == "quartet: your Google session expired: "
                    + "run 'quartet changejar signin --provider google --user NAME'\n")
            #expect(fixture.renewals == 1)
            #expect(!FileManager.default.fileExists(atPath: fixture.sessionFile.path))
        }
    }

    /// `whoami` says until when: the sign-in outlives Cognito's 10-minute token (README), so for a session that keeps
    /// the provider's login it is the token that ends then, renewed while that sign-in lasts; only a session without
    /// it (an older version's) ends with its token.
    @Test func whoamiSaysTheTokenIsRenewedWhileTheProvidersSignInLasts() async throws {
        try await Self.withFixture { fixture in
            #expect(await fixture.run(["signin", "--provider", "google", "--user", "alice"]).code == 0)
            let renewable = await fixture.run(["whoami"])
            #expect(renewable.code == 0, "\(renewable.err)")
            let last = try #require(renewable.out.split(separator: "\n").last)
            #expect(last.hasPrefix("  token valid until "))
            #expect(last.hasSuffix(", renewed while your Google sign-in lasts"))
            #expect(!renewable.out.contains("session valid until"))

            try fixture.editSession(["providerLogin": nil])
            let ending = await fixture.run(["whoami"])
            #expect(ending.out.split(separator: "\n").last?.hasPrefix("  session valid until ") == true)
        }
    }

    @Test func offlineListingsShowTheSavedCopyUnderABanner() async throws {
        try await Self.withFixture { fixture in
            _ = await fixture.run(["signin", "--provider", "twitter", "--user", "dave"])
            _ = await fixture.run(["submit", "--title", "Plant a tree", "--content", "In spring."])
            _ = await fixture.run(["all"])
            // Nothing listens on port 9 of the loopback: connection refused, the jar down (not the device offline).
            let offline = await fixture.run(["all"], server: "http://127.0.0.1:9")
            #expect(offline.code == 0)
            #expect(offline.err == "The jar can't be reached right now. Showing the actions saved on this device.\n")
            #expect(offline.out.hasPrefix("Plant a tree\n"))
        }
    }

    /// A second action submitted signed out does not take the place of the one that waits: the command says so,
    /// and both reach the jar, in order.
    @Test func anEarlierWaitingActionIsNeitherReplacedNorLost() async throws {
        try await Self.withFixture { fixture in
            #expect(await fixture.run(["submit", "--title", "Pending one", "--content", "p1"]).code == 1)
            let second = await fixture.run(["submit", "--title", "Pending two", "--content", "p2"])
            #expect(second.code == 1)
            #expect(
                second.err
                    == "quartet: Your earlier action “Pending one” still waits for a sign-in. Sign in to send it "
                    + "('quartet changejar signin'), then submit this one.\n")
            // Signing in as part of the submission sends the earlier action first, then this one.
            let both = await fixture.run([
                "submit", "--title", "Pending two", "--content", "p2", "--sign-in-with", "twitter", "--user", "erin",
            ])
            #expect(both.code == 0)
            #expect(both.out == "Your action is in the jar. Thank you!\nYour action is in the jar. Thank you!\n")
            let mine =
                try JSONSerialization.jsonObject(
                    with: Data(await fixture.run(["mine", "--json"]).out.utf8)) as? [[String: Any]]
            #expect(mine?.map { $0["title"] as? String } == ["Pending two", "Pending one"])
        }
    }

    /// A listing prints every row, as a person scrolling to the end sees it, and New counts as seen only what it
    /// printed.
    @Test func listingsScrollToTheEnd() async throws {
        try await Self.withFixture { fixture in
            _ = await fixture.run(["new"])
            _ = await fixture.run(["signin", "--provider", "google", "--user", "frank"])
            for index in 1...23 {
                _ = await fixture.run(["submit", "--title", "Walk \(index)", "--content", "Bulk."])
            }
            func titles(_ arguments: [String]) async throws -> [String?] {
                let listed = await fixture.run(arguments + ["--json"])
                let rows = try JSONSerialization.jsonObject(with: Data(listed.out.utf8)) as? [[String: Any]]
                return rows?.map { $0["title"] as? String } ?? []
            }
            let every = (1...23).reversed().map { "Walk \($0)" }
            let all = try await titles(["all"])
            let mine = try await titles(["mine"])
            let found = try await titles(["search", "walk"])
            #expect(all == every)
            #expect(mine == every)
            #expect(found.count == 23)
            #expect(await fixture.run(["all"]).out.components(separatedBy: "\nWalk ").count == 23)
        }
    }

    /// QA's steps: Bob pledges twice; Alice's `new --count` says 2, and still 2 after she lists All Actions; `new`
    /// lists both, after which nothing is unseen; the next command is the next visit, with nothing new in it.
    @Test func newListsWhatCameSinceTheLastVisitWhateverAllShows() async throws {
        try await Self.withFixture { fixture in
            _ = await fixture.run(["signin", "--provider", "google", "--user", "bob", "--name", "Bob"])
            #expect(await fixture.run(["submit", "--title", "Cook at home", "--content", "Three days."]).code == 0)
            #expect(await fixture.run(["submit", "--title", "Plant a tree", "--content", "In spring."]).code == 0)
            _ = await fixture.run(["signin", "--provider", "google", "--user", "alice", "--name", "Alice"])

            #expect(await fixture.run(["new", "--count"]).out == "2\n")
            #expect(await fixture.run(["all"]).out.hasPrefix("Plant a tree\n"))
            #expect(await fixture.run(["new", "--count"]).out == "2\n")
            let new = await fixture.run(["new"])
            #expect(new.out.hasPrefix("Plant a tree\n  In spring.\n  Bob via Google · "))
            #expect(new.out.contains("\nCook at home\n"))
            #expect(await fixture.run(["new", "--count"]).out == "0\n")
            #expect(await fixture.run(["new"]).out == "Nothing new since your last visit.\n")
            let json = await fixture.run(["new", "--count", "--json"])
            #expect(json.out.contains(#""count":0"#) || json.out.contains(#""count" : 0"#))
        }
    }

    /// `show ID` is a tap on the action's row: the whole text, who, how and when; under one's own action, the
    /// commands that are its Edit and Delete. Nobody's account is printed.
    @Test func showPrintsTheWholeAction() async throws {
        try await Self.withFixture { fixture in
            let long = (1...30).map { "Step \($0) of the plan." }.joined(separator: " ")
            _ = await fixture.run(["signin", "--provider", "facebook", "--user", "fb-7919"])
            #expect(await fixture.run(["submit", "--title", "Walk more", "--content", long]).code == 0)
            let mine =
                try JSONSerialization.jsonObject(
                    with: Data(await fixture.run(["mine", "--json"]).out.utf8)) as? [[String: Any]]
            let id = try #require(mine?.first?["id"] as? String)
            #expect(mine?.first?["providerUserID"] == nil)
            #expect(mine?.first?["isMine"] as? Bool == true)

            let own = await fixture.run(["show", id])
            #expect(own.code == 0, "\(own.err)")
            let lines = own.out.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            #expect(lines.first == "Walk more")
            #expect(lines.dropFirst().first == "  " + long)
            #expect(lines.dropFirst(2).first == "  Author: Someone")
            #expect(lines.dropFirst(3).first == "  Shared Via: Facebook")
            #expect(lines.dropFirst(4).first?.hasPrefix("  Added: ") == true)
            #expect(
                lines.dropFirst(5).first
                    == "It is yours: change it with 'quartet changejar edit \(id)', or delete it with "
                    + "'quartet changejar delete \(id)'.")
            #expect(!own.out.contains("fb-7919"))

            _ = await fixture.run(["signin", "--provider", "google", "--user", "erin", "--name", "Erin"])
            let others = await fixture.run(["show", id])
            #expect(others.code == 0)
            #expect(!others.out.contains("It is yours"))
            let json =
                try JSONSerialization.jsonObject(
                    with: Data(await fixture.run(["show", id, "--json"]).out.utf8)) as? [String: Any]
            #expect(json?["content"] as? String == long)
            #expect(json?["isMine"] as? Bool == false)
            #expect(json?["providerUserID"] == nil)

            _ = await fixture.run(["signout"])
            #expect(await fixture.run(["show", id]).out.hasPrefix("Walk more\n"))
            let unknown = await fixture.run(["show", "no-such-id"])
            #expect(unknown.code == 1)
            #expect(unknown.err == "quartet: This action no longer exists.\n")
            #expect(await fixture.run(["show"]).code == 2)
        }
    }

    /// Dates are written in `QUARTET_LOCALE` and `TZ`, as every other `quartet` command writes them.
    @Test func datesFollowTheLocaleAndTheZone() async throws {
        try await Self.withFixture { fixture in
            _ = await fixture.run(["signin", "--provider", "google", "--user", "erin"])
            _ = await fixture.run(["submit", "--title", "Walk more", "--content", "Every day."])
            let mine =
                try JSONSerialization.jsonObject(
                    with: Data(await fixture.run(["mine", "--json"]).out.utf8)) as? [[String: Any]]
            let id = try #require(mine?.first?["id"] as? String)
            func added(_ environment: [String: String]) async -> String {
                let lines = await fixture.run(["show", id], environment: environment).out.split(separator: "\n")
                return lines.first { $0.hasPrefix("  Added: ") }.map { String($0.dropFirst(9)) } ?? ""
            }
            let german = await added(["QUARTET_LOCALE": "de_DE", "TZ": "UTC"])
            #expect(german.wholeMatch(of: /\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}/) != nil, "\(german)")
            let american = await added(["QUARTET_LOCALE": "en_US", "TZ": "UTC"])
            #expect(american.contains("AM") || american.contains("PM"), "\(american)")
            let tokyo = await added(["QUARTET_LOCALE": "de_DE", "TZ": "Asia/Tokyo"])
            let hour = { (text: String) in Int(text.suffix(5).prefix(2)) ?? -1 }
            #expect((hour(german) + 9) % 24 == hour(tokyo), "\(german) \(tokyo)")
        }
    }

    /// A server without Change Jar at the address is named as such, not as an action that no longer exists.
    @Test func aServerWithoutAJarSaysSo() async throws {
        let other = Server(configuration: .init(port: 0, log: .discard)) { _ in
            Response(
                status: .notFound, headers: ["Content-Type": "application/problem+json"],
                body: Data(#"{"status":404,"title":"Not Found"}"#.utf8))
        }
        try other.start()
        try await Self.withFixture { fixture in
            let listing = await fixture.run(["all"], server: "http://127.0.0.1:\(other.port)")
            #expect(listing.code == 1)
            #expect(listing.err == "quartet: The server at this address has no Change Jar. Check the server address.\n")
        }
        await other.shutdown(gracePeriod: .seconds(1))
    }

    @Test func offlineWithNothingSavedFailsAndSaysSo() async throws {
        try await Self.withFixture { fixture in
            let offline = await fixture.run(["all"], server: "http://127.0.0.1:9")
            #expect(offline.code == 1)
            #expect(
                offline.err == "quartet: The jar can't be reached right now, and nothing is saved on this device yet.\n"
            )
            #expect(offline.out.isEmpty)
        }
    }

    @Test func badInputIsAUsageError() async throws {
        try await Self.withFixture { fixture in
            #expect(await fixture.run(["signin", "--provider", "myspace", "--user", "x"]).code == 2)
            #expect(await fixture.run(["signin", "--provider", "google"]).code == 2)
            let long = await fixture.run(["submit", "--title", String(repeating: "x", count: 121), "--content", "y"])
            #expect(long.code == 2)
            #expect(long.err.hasPrefix("quartet: --title: The title must be 1 to 120 characters.\n"))
            let refused = await fixture.run(["signin", "--provider", "google", "--user", "bad:user"])
            #expect(refused.code == 1)
            #expect(refused.err.hasPrefix("quartet: Sign-in failed. "))
            #expect(await fixture.run(["all", "--identity-pool", "nonsense"]).code == 2)
        }
    }

    /// Issue 12: the command line is a view, so every word it prints comes from ChangeJarCore's strings table,
    /// save the test's own data (the names, ids, texts and addresses it gave or got back).
    @Test func printsOnlyTheCoresStrings() async throws {
        try await Self.withFixture { fixture in
            let server = "http://127.0.0.1:\(fixture.server.port)"
            let long = String(repeating: "x", count: 121)
            var transcript = Transcript()
            func run(_ arguments: [String], server url: String? = nil) async -> Int32 {
                let (code, out, err) = await StringTable.$marking.withValue(true) {
                    await fixture.run(arguments, server: url)
                }
                transcript.recordUsageError(arguments, code: code, out, err)
                return code
            }
            #expect(await run(["whoami"]) == 1)
            #expect(await run(["submit", "--title", "Walk to work", "--content", "Every day."]) == 1)
            #expect(await run(["signin", "--provider", "google"]) == 2)
            #expect(await run(["signin", "--provider", "myspace", "--user", "alice"]) == 2)
            #expect(await run(["signin", "--user", "alice"], server: "http://127.0.0.1:9") == 1)
            #expect(await run(["signin", "--provider", "google", "--user", "alice", "--name", "Alice"]) == 0)
            #expect(await run(["whoami"]) == 0)
            let session = fixture.dataDirectory.appendingPathComponent("changejar/session.json")
            let saved = try JSONSerialization.jsonObject(with: Data(contentsOf: session)) as? [String: Any]
            let identity = try #require(saved?["identityID"] as? String)
            #expect(await run(["submit", "--title", long, "--content", "Every day."]) == 2)
            #expect(await run(["submit", "--title", "Walk to work", "--content", "Every day."]) == 0)
            #expect(await run(["submit", "--title", "Walk to work", "--content", "Every day."]) == 0)
            #expect(await run(["new", "--count"]) == 0)
            #expect(await run(["all"]) == 0)
            let listed =
                try JSONSerialization.jsonObject(
                    with: Data(await fixture.run(["all", "--json"]).out.utf8)) as? [[String: Any]]
            let actionID = try #require(listed?.first?["id"] as? String)
            #expect(await run(["show", actionID]) == 0)
            #expect(await run(["show", "no-such-id"]) == 1)
            #expect(await run(["show", actionID], server: "http://127.0.0.1:9") == 1)
            #expect(await run(["all"], server: "http://127.0.0.1:9") == 0)
            #expect(await run(["all"], server: server + "/nowhere/") == 1)
            #expect(await run(["all"], server: "ftp://nope") == 2)
            #expect(await run(["new"]) == 0)
            #expect(await run(["new", "--count"]) == 0)
            #expect(await run(["new", "--count"], server: "http://127.0.0.1:9") == 1)
            #expect(await run(["mine"]) == 0)
            #expect(await run(["edit", "no-such-id", "--content", "Twice."]) == 1)
            #expect(await run(["edit", "no-such-id"]) == 2)
            #expect(await run(["delete", "no-such-id"]) == 1)
            #expect(await run(["search", "walk"]) == 0)
            #expect(await run(["search", "zebra"]) == 0)
            #expect(await run(["search"]) == 2)
            #expect(await run(["signout"]) == 0)
            #expect(await run(["mine"]) == 1)
            #expect(await run(["delete", "no-such-id"]) == 1)
            #expect(await run(["show", actionID]) == 0)
            #expect(await run(["signin", "--provider", "twitter", "--user", "alice"]) == 0)
            try fixture.editSession(["expiresAt": "2001-01-01T00:00:00Z"])
            #expect(await run(["mine"]) == 0)
            try fixture.editSession(["expiresAt": "2001-01-01T00:00:00Z", "providerLogin": nil])
            #expect(await run(["edit", "no-such-id", "--content", "Twice."]) == 1)
            #expect(transcript.printedCommands == transcript.entries.count)

            // "quartet" is the program's name, which leads its error lines.
            let check = UnmarkedText(
                data: UnmarkedText.grammar(of: ChangeJarCommand.spec) + [
                    "quartet", "Alice", "alice", "google", "twitter", "myspace", "Walk to work", "Every day.", "walk",
                    "zebra",
                    "no-such-id", "Twice.", actionID,
                    long,
                    identity, server, "ftp://nope",
                ])
            let offences = check.offences(in: transcript)
            #expect(offences.isEmpty, "\(offences.joined(separator: "\n"))")
        }
    }
}
