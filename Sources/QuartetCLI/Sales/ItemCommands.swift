import Foundation
import SalesCore

/// `quartet sales note|attachment|doc …`: the three kinds of item on an account.
enum ItemCommands {
    // MARK: - Notes

    static func note(_ dependencies: SalesDependencies, json: OptionSpec) -> CommandSpec {
        let title = OptionSpec("title", value: "TITLE", help: "the note's title")
        let body = OptionSpec("body", value: "TEXT", help: "the note's text")
        return CommandSpec(
            "note", summary: "add, show, edit or delete a note",
            subcommands: [
                add(.note, summary: "add a note to an account", options: [title, body, json], dependencies) {
                    editor, context in
                    guard let name = context.arguments.value("title") else {
                        throw UsageError(SalesCommandText.noteNeedsTitle)
                    }
                    editor.nameEdited(name)
                    editor.textEdited(context.arguments.value("body") ?? "")
                },
                edit(
                    Note.self, "edit", summary: "change a note's title or text", options: [title, body, json],
                    dependencies
                ) { editor, arguments in
                    guard arguments.value("title") != nil || arguments.value("body") != nil else {
                        throw UsageError(SalesCommandText.noteEditNeedsField)
                    }
                    if let title = arguments.value("title") { editor.nameEdited(title) }
                    if let body = arguments.value("body") { editor.textEdited(body) }
                },
                show(
                    Note.self, summary: "print a note as it opens: its title, then its text", json: json, dependencies
                ) { screen, id in
                    await screen.itemTapped(id: id)
                    return screen.editor.map { ShownItem(id: id, note: $0) }
                },
                delete(Note.self, summary: "delete a note", dependencies),
            ])
    }

    // MARK: - Attachments

    static func attachment(_ dependencies: SalesDependencies, json: OptionSpec) -> CommandSpec {
        CommandSpec(
            "attachment", summary: "upload, rename, delete or download an attachment",
            subcommands: [
                add(
                    .attachment,
                    summary: "upload a file (images over \(SalesText.limitMegabytes) MB are shrunk to fit, as JPEG)",
                    arguments: ["ACCOUNT", "FILE"],
                    options: [
                        OptionSpec("name", value: "NAME", help: "the attachment's name (default: the file name)"), json,
                    ], dependencies
                ) { editor, context in
                    let file = URL(fileURLWithPath: context.arguments.positionals[1])
                    let original = try Data(contentsOf: file, options: .mappedIfSafe)
                    editor.filePicked(name: file.lastPathComponent, data: original)
                    if let name = context.arguments.value("name") { editor.nameEdited(name) }
                    if let shrunk = editor.shrunk {
                        context.console.errorLine(
                            SalesCommandText.shrank(
                                file.lastPathComponent, from: original.count, to: shrunk.data.count, shrunk))
                    }
                },
                edit(
                    Attachment.self, "rename", summary: "rename an attachment (its only editable field)",
                    arguments: ["ID", "NAME"], options: [json], dependencies
                ) { editor, arguments in
                    editor.nameEdited(arguments.positionals[1])
                },
                delete(Attachment.self, summary: "delete an attachment", dependencies),
                CommandSpec(
                    "download", summary: "save an attachment's body to a file (or standard output)", arguments: ["ID"],
                    options: [OptionSpec("output", value: "FILE", help: "where to write (default: standard output)")],
                    body: SalesSession.body(dependencies) { session, context in
                        try await download(context.arguments.positionals[0], session: session, context: context)
                    }),
            ])
    }

    // MARK: - Google Docs

    static func doc(_ dependencies: SalesDependencies, json: OptionSpec) -> CommandSpec {
        let name = OptionSpec("name", value: "NAME", help: "the document's name")
        let url = OptionSpec("url", value: "URL", help: "the document's link")
        return CommandSpec(
            "doc", summary: "link, show, edit or unlink a Google Doc",
            subcommands: [
                add(.doc, summary: "link a Google Doc to an account", options: [name, url, json], dependencies) {
                    editor, context in
                    guard let name = context.arguments.value("name"), let url = context.arguments.value("url") else {
                        throw UsageError(SalesCommandText.docNeedsNameAndURL)
                    }
                    editor.nameEdited(name)
                    editor.urlEdited(url)
                },
                edit(
                    GoogleDoc.self, "edit", summary: "change a Google Doc's name or link", options: [name, url, json],
                    dependencies
                ) { editor, arguments in
                    guard arguments.value("name") != nil || arguments.value("url") != nil else {
                        throw UsageError(SalesCommandText.docEditNeedsField)
                    }
                    if let name = arguments.value("name") { editor.nameEdited(name) }
                    if let url = arguments.value("url") { editor.urlEdited(url) }
                },
                show(
                    GoogleDoc.self, summary: "print a Google Doc's name and the whole link it opens", json: json,
                    dependencies
                ) { screen, id in
                    await screen.itemTapped(id: id)
                    let name = screen.items.first { $0.id == id }?.title ?? ""
                    return ShownItem(id: id, name: name, url: screen.openedURL?.absoluteString)
                },
                delete(GoogleDoc.self, summary: "delete a Google Doc", dependencies),
            ])
    }

    // MARK: - Shared

    /// `add ACCOUNT`: the Account screen of `ACCOUNT` opened, as a person opens it (the copy this machine keeps
    /// first, then Salesforce's), and its add button for a `kind` tapped; filled as a person would type the options
    /// (`fill`), then the editor's Save tapped on the screen: the row joins its list and the copy it keeps, and
    /// offline the item waits in the outbox, marked as not sent.
    ///
    /// NB: whether the machine keeps the account or not: the editor alone queued an item offline for an account
    /// never opened here (or one Salesforce does not have), sent nothing waiting first, and left no copy to list it.
    /// A screen with nothing to show (offline with no saved copy, no such account, signed out) offers no add button,
    /// and says why.
    static func add(
        _ kind: ItemEditorModel.Kind, summary: String, arguments: [String] = ["ACCOUNT"], options: [OptionSpec],
        _ dependencies: SalesDependencies,
        fill: @escaping @Sendable @MainActor (ItemEditorModel, CommandContext) throws -> Void
    ) -> CommandSpec {
        CommandSpec(
            "add", summary: summary, arguments: arguments, options: options,
            body: SalesSession.body(dependencies) { session, context in
                guard let screen = await session.openAccount(context.arguments.positionals[0]),
                    let editor = await screen.editor(adding: kind)
                else { return 1 }
                try await fill(editor, context)
                return try await save(editor, session: session) { await screen.editorSaveTapped() }
            })
    }

    /// `edit ID` (or `rename ID NAME`): the item's Edit on the Account screen that lists it (the account this
    /// machine keeps, so it works offline and the saved copy shows the change, else the account Salesforce says it
    /// is on); changed as `fill` types the options, then saved (offline, queued).
    ///
    /// A save that meets a newer version on the server overwrites nothing and says so; with `--send-mine`, the
    /// editor's Send Mine is then tapped, as a person would after reading the conflict: the fields given go over the
    /// server's version, the others stay as the other person saved them.
    static func edit<Item: AccountItemRecord>(
        _ kind: Item.Type, _ name: String, summary: String, arguments: [String] = ["ID"], options: [OptionSpec],
        _ dependencies: SalesDependencies,
        fill: @escaping @Sendable @MainActor (ItemEditorModel, ParsedArguments) throws -> Void
    ) -> CommandSpec {
        let sendMine = OptionSpec.flag(
            "send-mine", help: "when it changed on the server meanwhile, save these fields over it (Send Mine)")
        return CommandSpec(
            name, summary: summary, arguments: arguments, options: options + [sendMine],
            body: SalesSession.body(dependencies) { session, context in
                let id = context.arguments.positionals[0]
                let over = context.arguments.flag("send-mine")
                guard let screen = try await session.openAccount(listing: Item.self, id: id),
                    let editor = await screen.editor(of: Item.self, id: id)
                else { return 1 }
                try await fill(editor, context.arguments)
                let tapSendMine: @MainActor () async -> Void = { await screen.editorSendMineTapped() }
                return try await save(
                    editor, session: session, tap: { await screen.editorSaveTapped() },
                    sendMine: over ? tapSendMine : nil)
            })
    }

    /// `show ID`: the item's row tapped on the Account screen that lists it (the account this machine keeps, else
    /// the one Salesforce says it is on): `tap` opens a note in its editor, a Google Doc's link; prints a note's
    /// title then its text, a doc's name then its link.
    static func show<Item: AccountItemRecord>(
        _ kind: Item.Type, summary: String, json: OptionSpec, _ dependencies: SalesDependencies,
        tap: @escaping @Sendable @MainActor (AccountScreenModel, String) async -> ShownItem?
    ) -> CommandSpec {
        CommandSpec(
            "show", summary: summary, arguments: ["ID"], options: [json],
            body: SalesSession.body(dependencies) { session, context in
                let id = context.arguments.positionals[0]
                guard let screen = try await session.openAccount(listing: Item.self, id: id),
                    let shown = await tap(screen, id)
                else { return 1 }
                return try printShown(shown, session: session)
            })
    }

    /// Prints an opened item: `--json` its fields; else a note's title, a blank line and its text, or a doc's name
    /// and its link (a doc whose link does not open is refused).
    static func printShown(_ shown: ShownItem, session: SalesSession) throws -> Int32 {
        if session.json {
            try session.printJSON(shown)
            return 0
        }
        if shown.text == nil, shown.url == nil {
            session.console.failure(SalesCommandText.noLink(shown.name))
            return 1
        }
        session.console.line(shown.name)
        if let text = shown.text, !text.isEmpty {
            session.console.line("")
            session.console.line(text)
        }
        if let url = shown.url { session.console.line(url) }
        return 0
    }

    /// Taps Save (`tap`: the Account screen's, over its editor) and prints what the editor shows: the
    /// saved item's id, that it waits offline, or why it failed. After a conflict, `sendMine` (when given) is
    /// tapped; without it, the conflict is printed with the way to send them over it.
    @MainActor static func save(
        _ editor: ItemEditorModel, session: SalesSession, tap: @MainActor () async -> Void,
        sendMine: (@MainActor () async -> Void)? = nil
    ) async throws -> Int32 {
        await tap()
        if editor.conflict != nil, let sendMine { await sendMine() }
        guard let saved = editor.saved else {
            session.console.failure(editor.errorMessage ?? editor.saveRefusal ?? "")
            if editor.conflict != nil { session.console.errorLine(SalesCommandText.itemSendMineHint) }
            return 1
        }
        if let waiting = SalesCommandText.waiting(editor.queued, because: editor.queuedBecause) {
            session.console.errorLine(waiting)
        }
        let outcome = editor.outcome ?? .saved
        var fields = ["id": saved.id, "name": saved.name, "status": outcome.rawValue]
        if case .attachment(let attachment) = saved { fields["bodyLength"] = attachment.bodyLength.map(String.init) }
        if session.json {
            try session.printJSON(fields.compactMapValues { $0 })
        } else {
            session.console.line(SalesCommandText.saved(outcome, id: saved.id))
        }
        return 0
    }

    /// `delete ID`: the row swiped away on the Account screen that lists it (the account this machine keeps, so
    /// the saved copy loses it too and offline the delete waits in the outbox; else the one Salesforce says it is
    /// on), and the question's Delete tapped: a version changed since the screen read it is not deleted, and the
    /// screen says so. `summary` is the whole help line, article included (`delete an attachment`).
    static func delete<Item: AccountItemRecord>(_ kind: Item.Type, summary: String, _ dependencies: SalesDependencies)
        -> CommandSpec
    {
        CommandSpec(
            "delete", summary: summary, arguments: ["ID"],
            body: SalesSession.body(dependencies) { session, context in
                let id = context.arguments.positionals[0]
                // NB: an item added offline that the sync has sent since the machine saved the account is listed
                // under Salesforce's id once the screen opens: nothing is deleted, as on the screen. A sent one the
                // screen no longer lists was deleted elsewhere (another device, a colleague): the load took it off
                // the list, and asking Salesforce where it is only met its "not found" under a record id.
                let goneMeanwhile: (AccountItem) -> String? = { item in
                    let name = SalesText.itemName(item.name)
                    return item.isWaiting ? SalesText.waitingItemSent(name) : SalesText.itemGone(name)
                }
                guard let screen = try await session.openAccount(listing: Item.self, id: id, gone: goneMeanwhile)
                else { return 1 }
                await screen.itemDeleteTapped(id: id)
                await confirm(await screen.confirmation, with: screen.confirmTapped)
                // NB: a row added offline that the sync sent meanwhile is not deleted, and is listed again under
                // Salesforce's id; a row changed on the server since the screen read it is not deleted either: the
                // screen says why.
                let stillListed = await screen.lists(Item.self, id: id)
                let refused = await screen.deletionRefused
                if stillListed || refused {
                    context.console.failure(await screen.banner?.text ?? "")
                    return 1
                }
                // NB: a deletion that waits in the outbox says why, and what to do next, as a save does.
                if let waiting = await SalesCommandText.waiting(screen.queued, because: screen.queuedBecause) {
                    context.console.errorLine(waiting)
                } else if let banner = await screen.banner {
                    context.console.errorLine(banner.text)
                }
                let queued = await screen.queued != nil
                context.console.line(SalesCommandText.deleted(id, queued: queued))
                return 0
            })
    }

    /// `attachment download ID`: the row tapped on the Account screen that lists it (the account this machine
    /// keeps, else the one Salesforce says it is on), so an attachment deleted in Salesforce meanwhile goes from the
    /// saved copy too, as the app's row goes, saying so.
    static func download(_ id: String, session: SalesSession, context: CommandContext) async throws -> Int32 {
        let output = context.arguments.value("output")
        // NB: the screen's load has already dropped a row Salesforce no longer lists, as the app's pull would.
        let gone: (AccountItem) -> String? = { item in
            SalesText.attachmentGone(SalesText.itemName(item.name))
        }
        guard let screen = try await session.openAccount(listing: Attachment.self, id: id, gone: gone) else {
            return 1
        }
        // NB: a row added offline opens nothing: its bytes wait in the outbox, not in Salesforce.
        if let row = await screen.items.first(where: { $0.id == id }), row.waiting != nil {
            context.console.failure(SalesCommandText.notSentYet(row.title))
            return 1
        }
        await screen.itemTapped(id: id)
        return try await printOpened(screen, to: output, console: context.console)
    }

    /// Writes what the screen opened over itself (`path`, or standard output), or says why nothing opened.
    @MainActor static func printOpened(_ screen: AccountScreenModel, to path: String?, console: Console) throws
        -> Int32
    {
        guard let document = screen.openedDocument else {
            console.failure(screen.banner?.text ?? "")
            return 1
        }
        try save(DownloadedFile(data: document.data, contentType: document.contentType), to: path, console: console)
        return 0
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

/// An item as `note show` and `doc show` print it: what its tap opens.
struct ShownItem: Encodable {
    var id: String
    var name: String
    /// A note's text, as its editor shows it.
    var text: String?
    /// The link a Google Doc's tap opens, whole.
    var url: String?

    /// The note `id` as its editor shows it.
    @MainActor init(id: String, note editor: ItemEditorModel) {
        self.init(id: id, name: editor.name, text: editor.text)
    }

    init(id: String, name: String, text: String? = nil, url: String? = nil) {
        self.id = id
        self.name = name
        self.text = text
        self.url = url
    }
}

extension AccountScreenModel {
    /// Whether the screen lists the item `id` as one of `Item`'s kind.
    func lists<Item: AccountItemRecord>(_ kind: Item.Type, id: String) -> Bool {
        details?.items.contains { $0.id == id && $0.objectName == Item.objectName } ?? false
    }

    /// An add button's tap (`New Note`, `New Google Doc`): the editor it opens, or `nil` when the screen offers no
    /// such button (its account has not loaded).
    fileprivate func editor(adding kind: ItemEditorModel.Kind) -> ItemEditorModel? {
        guard addableKinds.contains(kind) else { return nil }
        addTapped(kind)
        return editor
    }

    /// A row's Edit, for an item of `Item`'s kind: the editor it opens, or `nil` when the screen lists no such item.
    fileprivate func editor<Item: AccountItemRecord>(of kind: Item.Type, id: String) -> ItemEditorModel? {
        guard lists(kind, id: id) else { return nil }
        itemEditTapped(id: id)
        return editor
    }
}
