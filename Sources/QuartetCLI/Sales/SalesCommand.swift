import Foundation
import SalesCore

/// `quartet sales`: the Sales app's Account screen on the command line.
public enum SalesCommand {
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
                    default: "rep@quartet.dev"),
                OptionSpec(
                    "password", value: "PASSWORD", help: "password (prefer the environment variable)",
                    environment: "QUARTET_SALES_PASSWORD"),
            ],
            body: SalesSession.body(dependencies) { session, context in
                guard let password = context.arguments.value("password") else {
                    throw UsageError(SalesCommandText.signInNeedsPassword)
                }
                let username = context.arguments.value("username") ?? ""
                let signedIn = try await session.client.signIn(username: username, password: password)
                context.console.line(SalesCommandText.signedIn(username, at: signedIn.instanceURL.absoluteString))
                return 0
            })
    }

    static func signOut(_ dependencies: SalesDependencies) -> CommandSpec {
        CommandSpec(
            "signout",
            summary: "revoke the session and wipe cached account data (unsent edits wait for your next sign-in)",
            body: SalesSession.body(dependencies) { session, context in
                await session.client.signOut()
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
                let report = try await session.outbox.flush(using: session.client)
                context.console.line(SalesCommandText.sent(report.sent.count))
                for conflict in report.conflicts {
                    context.console.errorLine(SalesCommandText.conflict(conflict.summary))
                }
                // NB: a refused edit waits under "Changes Not Sent" with the server's reason, which says what to fix.
                let unsent = try await session.outbox.unsent()
                for rejected in report.rejected {
                    let row = unsent.first { $0.id == rejected.id }.map(UnsentEditRow.init)
                    context.console.errorLine(SalesCommandText.refused(rejected.summary, reason: row?.reason))
                }
                if let reason = report.stoppedBecause {
                    let waiting = try await session.outbox.pendingCount()
                    context.console.errorLine(SalesCommandText.stopped(reason, waiting: waiting))
                }
                // NB: changes not sent by an earlier sync (or an account's screen) still wait for the rep's decision.
                let undecided = try await session.outbox.unsent().count
                if undecided > 0 { context.console.errorLine(SalesCommandText.undecided(undecided)) }
                return report.stoppedBecause == nil && undecided == 0 ? 0 : 1
            })
    }
}
