import Foundation
import SalesCore

/// `quartet sales note|attachment|doc …`: the three kinds of item on an account.
enum ItemCommands {
    // MARK: - Notes

    static func note(_ dependencies: SalesDependencies, json: OptionSpec) -> CommandSpec {
        let title = OptionSpec("title", value: "TITLE", help: "the note's title")
        let body = OptionSpec("body", value: "TEXT", help: "the note's text")
        return CommandSpec(
            "note", summary: "add, edit or delete a note",
            subcommands: [
                add(
                    Note.self, summary: "add a note to an account", options: [title, body, json], dependencies
                ) { arguments in
                    guard let name = arguments.value("title") else { throw UsageError(SalesCommandText.noteNeedsTitle) }
                    return Note(name: name, text: arguments.value("body") ?? "")
                },
                edit(
                    Note.self, "edit", summary: "change a note's title or text", options: [title, body, json],
                    dependencies
                ) { note, arguments in
                    note.name = arguments.value("title") ?? note.name
                    note.text = arguments.value("body") ?? note.text
                },
                delete(Note.self, label: "note", dependencies),
            ])
    }

    // MARK: - Attachments

    static func attachment(_ dependencies: SalesDependencies, json: OptionSpec) -> CommandSpec {
        CommandSpec(
            "attachment", summary: "upload, rename, delete or download an attachment",
            subcommands: [
                CommandSpec(
                    "add", summary: "upload a file (JPEG photos over 25 MB are shrunk to fit)",
                    arguments: ["ACCOUNT", "FILE"],
                    options: [
                        OptionSpec("name", value: "NAME", help: "the attachment's name (default: the file name)"), json,
                    ],
                    body: SalesSession.body(dependencies) { session, context in
                        let account = context.arguments.positionals[0]
                        let file = URL(fileURLWithPath: context.arguments.positionals[1])
                        let original: Data
                        do {
                            original = try Data(contentsOf: file, options: .mappedIfSafe)
                        } catch {
                            throw UsageError(SalesCommandText.cannotRead(file.path))
                        }
                        let editor = await ItemEditorModel(
                            adding: .attachment, accountID: account, client: session.client,
                            shrinker: ImageShrinker(resampler: dependencies.resampler))
                        await editor.filePicked(name: file.lastPathComponent, data: original)
                        if let name = context.arguments.value("name") { await editor.nameEdited(name) }
                        if let shrunk = await editor.shrunk {
                            context.console.errorLine(
                                SalesCommandText.shrank(
                                    file.lastPathComponent, from: original.count, to: shrunk.data.count, shrunk))
                        }
                        if await editor.errorMessage == nil { await editor.saveTapped() }
                        guard case .attachment(let created)? = await editor.saved else {
                            context.console.errorLine(await editor.errorMessage ?? "")
                            return 1
                        }
                        try report(
                            created.id, session: session,
                            json: [
                                "id": created.id, "name": created.name,
                                "bodyLength": created.bodyLength.map(String.init),
                            ])
                        return 0
                    }),
                edit(
                    Attachment.self, "rename", summary: "rename an attachment (its only editable field)",
                    arguments: ["ID", "NAME"], options: [json], dependencies
                ) { attachment, arguments in
                    attachment.name = arguments.positionals[1]
                },
                delete(Attachment.self, label: "attachment", dependencies),
                CommandSpec(
                    "download", summary: "save an attachment's body to a file (or standard output)", arguments: ["ID"],
                    options: [OptionSpec("output", value: "FILE", help: "where to write (default: standard output)")],
                    body: SalesSession.body(dependencies) { session, context in
                        let file = try await session.client.downloadAttachment(id: context.arguments.positionals[0])
                        try save(file, to: context.arguments.value("output"), console: context.console)
                        return 0
                    }),
            ])
    }

    // MARK: - Google Docs

    static func doc(_ dependencies: SalesDependencies, json: OptionSpec) -> CommandSpec {
        let name = OptionSpec("name", value: "NAME", help: "the document's name")
        let url = OptionSpec("url", value: "URL", help: "the document's link")
        return CommandSpec(
            "doc", summary: "link, edit or unlink a Google Doc",
            subcommands: [
                add(
                    GoogleDoc.self, summary: "link a Google Doc to an account", options: [name, url, json], dependencies
                ) { arguments in
                    guard let name = arguments.value("name"), let url = arguments.value("url") else {
                        throw UsageError(SalesCommandText.docNeedsNameAndURL)
                    }
                    return GoogleDoc(name: name, url: url)
                },
                edit(
                    GoogleDoc.self, "edit", summary: "change a Google Doc's name or link", options: [name, url, json],
                    dependencies
                ) { doc, arguments in
                    doc.name = arguments.value("name") ?? doc.name
                    doc.url = arguments.value("url") ?? doc.url
                },
                delete(GoogleDoc.self, label: "Google Doc", dependencies),
            ])
    }

    // MARK: - Shared

    /// `add ACCOUNT`: the note or Google Doc that `item` makes of the options, created (or queued when offline).
    static func add<Item: WrittenAccountItem>(
        _ kind: Item.Type, summary: String, options: [OptionSpec], _ dependencies: SalesDependencies,
        item: @escaping @Sendable (ParsedArguments) throws -> Item
    ) -> CommandSpec {
        CommandSpec(
            "add", summary: summary, arguments: ["ACCOUNT"], options: options,
            body: SalesSession.body(dependencies) { session, context in
                let account = context.arguments.positionals[0]
                let item = try item(context.arguments)
                let edit = PendingEdit.adding(item, to: account)
                var created = item
                let code = try await session.write(edit) {
                    created = try await session.client.create(
                        item, accountID: account, idempotencyKey: edit.id.uuidString)
                }
                try report(created.id, session: session, json: ["id": created.id, "name": item.name])
                return code
            })
    }

    /// `edit ID` (or `rename ID NAME`): the item as the server has it, as `change` makes it from the options, saved
    /// (or queued when offline).
    static func edit<Item: AccountItemRecord>(
        _ kind: Item.Type, _ name: String, summary: String, arguments: [String] = ["ID"], options: [OptionSpec],
        _ dependencies: SalesDependencies, change: @escaping @Sendable (inout Item, ParsedArguments) -> Void
    ) -> CommandSpec {
        CommandSpec(
            name, summary: summary, arguments: arguments, options: options,
            body: SalesSession.body(dependencies) { session, context in
                let id = context.arguments.positionals[0]
                var item = try await session.client.record(Item.self, id: id)
                change(&item, context.arguments)
                let edit = PendingEdit.saving(item, id: id)
                let code = try await session.write(edit) { try await session.client.save(item) }
                try report(id, session: session, json: ["id": id, "name": item.name])
                return code
            })
    }

    static func delete<Item: AccountItemRecord>(_ kind: Item.Type, label: String, _ dependencies: SalesDependencies)
        -> CommandSpec
    {
        CommandSpec(
            "delete", summary: "delete a \(label)", arguments: ["ID"],
            body: SalesSession.body(dependencies) { session, context in
                let id = context.arguments.positionals[0]
                let edit = PendingEdit.deleting(Item.objectName, id: id)
                let code = try await session.write(edit) { try await session.client.delete(Item.self, id: id) }
                context.console.line(SalesCommandText.deleted(id))
                return code
            })
    }

    static func report(_ id: String?, session: SalesSession, json: [String: String?]) throws {
        if session.json {
            try session.printJSON(json.compactMapValues { $0 })
        } else {
            session.console.line(id.map(SalesCommandText.saved) ?? SalesCommandText.queuedWithoutID)
        }
    }

    static func save(_ file: DownloadedFile, to path: String?, console: Console) throws {
        if let path {
            try file.data.write(to: URL(fileURLWithPath: path))
            console.errorLine(SalesCommandText.wrote(file.data.count, contentType: file.contentType, to: path))
        } else {
            FileHandle.standardOutput.write(file.data)
        }
    }
}
