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
                CommandSpec(
                    "add", summary: "add a note to an account", arguments: ["ACCOUNT"], options: [title, body, json],
                    body: { context in
                        let session = try await SalesSession(context, dependencies: dependencies)
                        let account = context.arguments.positionals[0]
                        guard let name = context.arguments.value("title") else {
                            throw UsageError(SalesCommandText.noteNeedsTitle)
                        }
                        let note = Note(name: name, text: context.arguments.value("body") ?? "")
                        let edit = PendingEdit.adding(note, to: account)
                        var created = note
                        let code = try await session.write(edit) {
                            created = try await session.client.create(
                                note, accountID: account, idempotencyKey: edit.id.uuidString)
                        }
                        try report(created.id, session: session, json: ["id": created.id, "name": name])
                        return code
                    }),
                CommandSpec(
                    "edit", summary: "change a note's title or text", arguments: ["ID"], options: [title, body, json],
                    body: { context in
                        let session = try await SalesSession(context, dependencies: dependencies)
                        let id = context.arguments.positionals[0]
                        let current = try await session.client.record("Note", id: id)
                        let note = Note(
                            id: id, name: context.arguments.value("title") ?? current["Title"]?.text,
                            lastModifiedDate: current["LastModifiedDate"]?.text.flatMap(SalesforceDate.parse),
                            text: context.arguments.value("body") ?? current["Body"]?.text)
                        let edit = PendingEdit.saving(note, id: id)
                        let code = try await session.write(edit) { try await session.client.save(note) }
                        try report(id, session: session, json: ["id": id, "name": note.name])
                        return code
                    }),
                delete("Note", label: "note", dependencies),
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
                    body: { context in
                        let session = try await SalesSession(context, dependencies: dependencies)
                        let account = context.arguments.positionals[0]
                        let file = URL(fileURLWithPath: context.arguments.positionals[1])
                        let original: Data
                        do {
                            original = try Data(contentsOf: file, options: .mappedIfSafe)
                        } catch {
                            throw UsageError(SalesCommandText.cannotRead(file.path))
                        }
                        var data = original
                        if original.count >= SalesforceClient.maximumAttachmentBytes {
                            let shrunk = try ImageShrinker(resampler: dependencies.resampler).shrink(original)
                            data = shrunk.data
                            context.console.errorLine(
                                SalesCommandText.shrank(
                                    file.lastPathComponent, from: original.count, to: data.count, shrunk))
                        }
                        let name = context.arguments.value("name") ?? file.lastPathComponent
                        let created = try await session.client.createAttachment(
                            name: name, data: data, contentType: contentType(of: file), accountID: account)
                        try report(
                            created.id, session: session,
                            json: ["id": created.id, "name": name, "bodyLength": String(data.count)])
                        return 0
                    }),
                CommandSpec(
                    "rename", summary: "rename an attachment (its only editable field)", arguments: ["ID", "NAME"],
                    options: [json],
                    body: { context in
                        let session = try await SalesSession(context, dependencies: dependencies)
                        let id = context.arguments.positionals[0]
                        let current = try await session.client.record("Attachment", id: id)
                        let attachment = Attachment(
                            id: id, name: context.arguments.positionals[1],
                            lastModifiedDate: current["LastModifiedDate"]?.text.flatMap(SalesforceDate.parse))
                        let edit = PendingEdit.saving(attachment, id: id)
                        let code = try await session.write(edit) {
                            try await session.client.save(attachment)
                        }
                        try report(id, session: session, json: ["id": id, "name": attachment.name])
                        return code
                    }),
                delete("Attachment", label: "attachment", dependencies),
                CommandSpec(
                    "download", summary: "save an attachment's body to a file (or standard output)", arguments: ["ID"],
                    options: [OptionSpec("output", value: "FILE", help: "where to write (default: standard output)")],
                    body: { context in
                        let session = try await SalesSession(context, dependencies: dependencies)
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
                CommandSpec(
                    "add", summary: "link a Google Doc to an account", arguments: ["ACCOUNT"],
                    options: [name, url, json],
                    body: { context in
                        let session = try await SalesSession(context, dependencies: dependencies)
                        let account = context.arguments.positionals[0]
                        guard let docName = context.arguments.value("name"), let link = context.arguments.value("url")
                        else { throw UsageError(SalesCommandText.docNeedsNameAndURL) }
                        let doc = GoogleDoc(name: docName, url: link)
                        let edit = PendingEdit.adding(doc, to: account)
                        var created = doc
                        let code = try await session.write(edit) {
                            created = try await session.client.create(
                                doc, accountID: account, idempotencyKey: edit.id.uuidString)
                        }
                        try report(created.id, session: session, json: ["id": created.id, "name": docName])
                        return code
                    }),
                CommandSpec(
                    "edit", summary: "change a Google Doc's name or link", arguments: ["ID"],
                    options: [name, url, json],
                    body: { context in
                        let session = try await SalesSession(context, dependencies: dependencies)
                        let id = context.arguments.positionals[0]
                        let current = try await session.client.record("GoogleDoc", id: id)
                        let doc = GoogleDoc(
                            id: id, name: context.arguments.value("name") ?? current["Name"]?.text,
                            lastModifiedDate: current["LastModifiedDate"]?.text.flatMap(SalesforceDate.parse),
                            url: context.arguments.value("url") ?? current["Url"]?.text)
                        let edit = PendingEdit.saving(doc, id: id)
                        let code = try await session.write(edit) { try await session.client.save(doc) }
                        try report(id, session: session, json: ["id": id, "name": doc.name])
                        return code
                    }),
                delete("GoogleDoc", label: "Google Doc", dependencies),
            ])
    }

    // MARK: - Shared

    static func delete(_ object: String, label: String, _ dependencies: SalesDependencies) -> CommandSpec {
        CommandSpec(
            "delete", summary: "delete a \(label)", arguments: ["ID"],
            body: { context in
                let session = try await SalesSession(context, dependencies: dependencies)
                let id = context.arguments.positionals[0]
                let edit = PendingEdit.deleting(object, id: id)
                let code = try await session.write(edit) {
                    try await session.client.delete(object, id: id, operation: edit.summary)
                }
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

    static func contentType(of file: URL) -> String {
        switch file.pathExtension.lowercased() {
        case "jpg", "jpeg": "image/jpeg"
        case "png": "image/png"
        case "gif": "image/gif"
        case "pdf": "application/pdf"
        case "txt": "text/plain"
        default: "application/octet-stream"
        }
    }
}

extension FieldValue {
    /// The text of a string field, or `nil`.
    var text: String? {
        if case .string(let value) = self { return value }
        return nil
    }
}
