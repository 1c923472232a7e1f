import Foundation
import SalesCore

/// `quartet sales content ACCOUNT` (the Account screen's Know · Say · Show, every section shown) and
/// `content open ID`.
enum ContentCommands {
    static func spec(_ dependencies: SalesDependencies, json: OptionSpec) -> CommandSpec {
        CommandSpec(
            "content", summary: "Know · Say · Show selling content for an account", arguments: ["ACCOUNT"],
            options: [json],
            subcommands: [
                CommandSpec(
                    "open", summary: "download a content document (by ContentDocumentId)", arguments: ["ID"],
                    options: [
                        OptionSpec("output", value: "FILE", help: "where to write (default: standard output)"),
                        OptionSpec(
                            "account", value: "ACCOUNT",
                            help: "the account whose Know · Say · Show lists it (default: one kept on this machine)"),
                    ],
                    body: SalesSession.body(dependencies) { session, context in
                        try await open(context.arguments.positionals[0], session: session, context: context)
                    })
            ],
            body: SalesSession.body(dependencies) { session, context in
                guard let screen = await session.openAccount(context.arguments.positionals[0]) else { return 1 }
                // NB: offline the screen shows the content saved on this machine, or says that none is.
                let sections = await screen.contentSections
                guard !sections.isEmpty else {
                    if let unavailable = await screen.contentUnavailable {
                        context.console.failure(unavailable)
                    }
                    return 1
                }
                if session.json {
                    try session.printJSON(KnowSayShowSection.rowsByKind(sections))
                    return 0
                }
                for section in sections {
                    context.console.line("\(section.title) (\(section.rows.count))")
                    for row in section.rows {
                        context.console.line("  \(row.contentDocumentID ?? SalesText.noValue)  \(row.text)")
                    }
                    if let empty = section.emptyText { context.console.line("  \(empty)") }
                }
                return 0
            })
    }

    /// `content open ID`: the row tapped in Know · Say · Show on the Account screen that lists the document (the
    /// `--account` given, else the account kept on this machine that shows it): the screen's own download, type and
    /// refusals.
    static func open(_ documentID: String, session: SalesSession, context: CommandContext) async throws -> Int32 {
        let output = context.arguments.value("output")
        // NB: Know · Say · Show is an account's: a document opens from the screen of an account that shows it.
        let given = context.arguments.value("account")
        let kept = given == nil ? await session.cache.account(holdingContent: documentID) : nil
        guard let account = given ?? kept else {
            throw UsageError(SalesCommandText.contentNeedsAccount(documentID))
        }
        guard let screen = await session.openAccount(account) else { return 1 }
        guard
            let row = await screen.contentSections.flatMap(\.rows).first(where: { $0.contentDocumentID == documentID })
        else {
            context.console.failure(
                SalesCommandText.contentNotListed(documentID, on: await screen.title))
            return 1
        }
        await screen.contentRowTapped(id: row.id)
        return try await ItemCommands.printOpened(screen, to: output, console: context.console)
    }
}
