import Foundation
import SalesCore

/// `quartet sales`: the Sales app's Account screen on the command line.
public enum SalesCommand {
    /// The username `signin` signs in with when given none: the demo rep the Salesforce stand-in seeds.
    static let defaultUsername = "rep@quartet.dev"

    /// The command tree with live dependencies.
    public static var spec: CommandSpec { spec(dependencies: .live) }

    /// The command tree over the given dependencies (tests pass an in-process server).
    public static func spec(dependencies: SalesDependencies) -> CommandSpec {
        let json = OptionSpec.flag("json", help: "print JSON instead of text")
        return CommandSpec(
            "sales",
            summary: "the Sales app: accounts, notes, attachments, Google Docs, Know · Say · Show",
            options: ClientOptions.specs + [
                OptionSpec(
                    "salesforce", value: "URL", help: "Salesforce login/instance URL (default: the Quartet server)",
                    environment: "QUARTET_SALESFORCE_URL"),
                OptionSpec(
                    "login-url", value: "URL",
                    help: "a real org's login server (https://login.salesforce.com, or test.salesforce.com)",
                    environment: "QUARTET_SALESFORCE_LOGIN_URL"),
                OptionSpec(
                    "instance-url", value: "URL",
                    help: "call this instance instead of the one the sign-in names (a My Domain address)",
                    environment: "QUARTET_SALESFORCE_INSTANCE_URL"),
                OptionSpec(
                    "consumer-key", value: "KEY",
                    help: "the connected app's consumer key (its secret only from QUARTET_SALESFORCE_CONSUMER_SECRET)",
                    environment: "QUARTET_SALESFORCE_CONSUMER_KEY"),
            ],
            subcommands: [
                signIn(dependencies), signOut(dependencies), sync(dependencies),
                AccountCommands.spec(dependencies, json: json), AccountCommands.items(dependencies, json: json),
                ItemCommands.note(dependencies, json: json), ItemCommands.attachment(dependencies, json: json),
                ItemCommands.doc(dependencies, json: json), ContentCommands.spec(dependencies, json: json),
            ])
    }

    static func signIn(_ dependencies: SalesDependencies) -> CommandSpec {
        CommandSpec(
            "signin", summary: "sign in with a username and password (OAuth password grant)",
            options: [
                OptionSpec(
                    "username", value: "NAME", help: "Salesforce username", environment: "QUARTET_SALES_USERNAME",
                    default: defaultUsername),
                OptionSpec(
                    "password", value: "PASSWORD", help: "password (prefer the environment variable)",
                    environment: "QUARTET_SALES_PASSWORD"),
            ],
            body: SalesSession.body(dependencies) { session, context in
                guard let password = context.arguments.value("password"), !password.isEmpty else {
                    throw UsageError(SalesCommandText.signInNeedsPassword)
                }
                let username = context.arguments.value("username") ?? ""
                guard !username.isEmpty else { throw UsageError(SalesCommandText.signInNeedsUsername) }
                return await signInOnTheForm(session.app, username: username, password: password, context.console)
            })
    }

    /// The sign-in form filled in and Sign In tapped: prints where the person is signed in, or the form's banner.
    @MainActor static func signInOnTheForm(
        _ app: SalesAppModel, username: String, password: String, _ console: Console
    ) async -> Int32 {
        app.username = username
        app.password = password
        await app.signInTapped()
        guard let signedIn = app.session else {
            console.failure(app.banner?.text ?? "")
            return 1
        }
        console.line(SalesCommandText.signedIn(username, at: signedIn.instanceURL.absoluteString))
        return 0
    }

    static func signOut(_ dependencies: SalesDependencies) -> CommandSpec {
        CommandSpec(
            "signout",
            summary: "revoke the session and wipe cached account data (unsent edits wait for your next sign-in)",
            body: SalesSession.body(dependencies) { session, context in
                await session.app.signOutTapped()
                context.console.line(SalesCommandText.signedOut)
                return 0
            })
    }

    static func sync(_ dependencies: SalesDependencies) -> CommandSpec {
        CommandSpec(
            "sync",
            summary:
                "send the edits made while offline (each exactly once); fails while changes wait for your decision",
            body: SalesSession.body(dependencies) { session, context in
                await printSync(session.app, context.console)
            })
    }

    /// The waiting edits sent through the app model: what was sent, then what was not, a line each.
    @MainActor static func printSync(_ app: SalesAppModel, _ console: Console) async -> Int32 {
        await app.sendWaitingTapped()
        guard let sync = app.sync else {
            console.failure(app.banner?.text ?? "")
            return 1
        }
        console.line(sync.sentText)
        for problem in sync.problems { console.errorLine(problem) }
        return sync.succeeded ? 0 : 1
    }
}
