import Foundation
import SalesCore

/// `quartet sales content ACCOUNT` and `content open ID`: Know · Say · Show.
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
                        let file = try await session.client.downloadContent(
                            contentDocumentID: context.arguments.positionals[0])
                        try ItemCommands.save(file, to: context.arguments.value("output"), console: context.console)
                        return 0
                    })
            ],
            body: SalesSession.body(dependencies) { session, context in
                let content = try await session.client.webContent(accountID: context.arguments.positionals[0])
                let sections = KnowSayShowSection.sections(content, expanded: Set(KnowSayShowSection.Kind.allCases))
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
                        context.console.line("  \(row.contentDocumentID ?? "—")  \(row.text)")
                    }
                }
                return 0
            })
    }
}
