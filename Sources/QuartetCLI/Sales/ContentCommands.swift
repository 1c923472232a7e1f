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
                    options: [OptionSpec("output", value: "FILE", help: "where to write (default: standard output)")],
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
                        context.console.errorLine("quartet: \(unavailable)")
                    }
                    return 1
                }
                if session.json {
                    try session.printJSON(
                        Dictionary(
                            uniqueKeysWithValues: sections.map { section in
                                (
                                    section.kind.rawValue,
                                    section.rows.map { ["text": $0.text, "contentDocumentId": $0.contentDocumentID] }
                                )
                            }))
                    return 0
                }
                for section in sections {
                    context.console.line("\(section.title) (\(section.rows.count))")
                    for row in section.rows {
                        context.console.line("  \(row.contentDocumentID ?? SalesText.noValue)  \(row.text)")
                    }
                }
                return 0
            })
    }

    /// `content open ID`: the row tapped in Know · Say · Show on the Account screen that lists the document, when
    /// this machine keeps that account's content (the screen's own download, type and refusals); else the document
    /// as the server has it.
    static func open(_ documentID: String, session: SalesSession, context: CommandContext) async throws -> Int32 {
        let output = context.arguments.value("output")
        if let account = await session.cache.account(holdingContent: documentID),
            let screen = await session.openAccount(account),
            let row = await screen.contentSections.flatMap(\.rows).first(where: { $0.contentDocumentID == documentID })
        {
            await screen.contentRowTapped(id: row.id)
            return try await ItemCommands.printOpened(screen, to: output, console: context.console)
        }
        let file = try await session.client.downloadContent(contentDocumentID: documentID)
        try ItemCommands.save(file, to: output, console: context.console)
        return 0
    }
}
