import Foundation
import SalesCore

/// `quartet sales account ID`, `account update ID --num-beds …` and `items ACCOUNT`: views of the Account screen
/// (``AccountScreenModel``), opened as a person opens it, so a copy saved on this machine shows when offline.
enum AccountCommands {
    static func spec(_ dependencies: SalesDependencies, json: OptionSpec) -> CommandSpec {
        CommandSpec(
            "account", summary: "show an account (with Health Care Info for hospitals)", arguments: ["ID"],
            options: [json],
            subcommands: [
                update(dependencies), unsentAction(dependencies, "send-mine", sendOver: true),
                unsentAction(dependencies, "discard-mine", sendOver: false),
            ],
            body: SalesSession.body(dependencies) { session, context in
                let id = context.arguments.positionals[0]
                guard let screen = await session.openAccount(id, gone: true) else { return 1 }
                if session.json {
                    try await session.printJSON(screen.details?.account)
                } else {
                    await printAccount(screen, console: context.console)
                }
                // NB: an account Salesforce no longer has is not shown, only the changes held for it.
                return await screen.accountIsGone ? 1 : 0
            })
    }

    /// How `account update` reads the numbers typed when not given `--locale`.
    static let defaultLocale = "en_US"

    /// The option name of each health-care field (`--num-beds`).
    static let fieldOptions: [(HealthCareField, String)] = [
        (.numBeds, "num-beds"), (.hospitalType, "hospital-type"), (.gpoAffiliations, "gpo-affiliations"),
        (.hcSystemName, "hc-system-name"), (.operatingIncome, "operating-income"),
        (.currentCleanRating, "current-clean-rating"), (.previousCleanRating, "previous-clean-rating"),
        (.cleanRatingNationalAvg, "clean-rating-national-avg"), (.cleanRatingStateAvg, "clean-rating-state-avg"),
    ]

    /// Edit, the fields typed, Save: the screen refuses a bad field, queues the save offline, and overwrites nothing
    /// that changed on the server meanwhile.
    static func update(_ dependencies: SalesDependencies) -> CommandSpec {
        CommandSpec(
            "update", summary: "change health-care fields (numbers in the --locale's format)", arguments: ["ID"],
            options: fieldOptions.map { field, name in
                OptionSpec(name, value: field.isNumeric ? "NUMBER" : "TEXT", help: field.label)
            } + [
                OptionSpec(
                    "locale", value: "LOCALE", help: "how numbers are written (en_US, de_DE …)",
                    default: defaultLocale)
            ],
            body: SalesSession.body(dependencies) { session, context in
                let id = context.arguments.positionals[0]
                let locale = Locale(identifier: context.arguments.value("locale") ?? defaultLocale)
                let given = fieldOptions.compactMap { field, name in context.arguments.value(name).map { (field, $0) } }
                guard !given.isEmpty else { throw UsageError(SalesCommandText.updateNeedsField) }
                guard let screen = await session.openAccount(id, locale: locale) else { return 1 }
                return try await save(given, on: screen, session: session)
            })
    }

    @MainActor static func save(
        _ given: [(HealthCareField, String)], on screen: AccountScreenModel, session: SalesSession
    ) async throws -> Int32 {
        screen.editTapped()
        // NB: the screen offers Edit only on a hospital's Health Care Info; elsewhere the tap opens no form.
        guard screen.form != nil else {
            session.console.failure(SalesCommandText.noHealthCare(screen.title))
            return 1
        }
        for (field, text) in given { screen.fieldEdited(field, text: text) }
        let errors = screen.form?.errors ?? [:]
        if let (field, message) = errors.min(by: { $0.key.rawValue < $1.key.rawValue }) {
            let name = fieldOptions.first { $0.0 == field }?.1 ?? field.rawValue
            throw UsageError(SalesCommandText.refusedField(name, message))
        }
        await screen.saveTapped()
        guard screen.phase == .loaded, screen.form == nil, let account = screen.details?.account else {
            session.console.failure(screen.banner?.text ?? "")
            return 1
        }
        // NB: a save that waits in the outbox says why, and what to do next, as an item's save does.
        if let waiting = SalesCommandText.waiting(screen.queued, because: screen.queuedBecause) {
            session.console.errorLine(waiting)
        } else if let banner = screen.banner {
            session.console.errorLine(banner.text)
        }
        let outcome = screen.saveOutcome ?? .saved
        if session.json {
            try session.printJSON(SavedAccount(account: account, status: outcome))
        } else {
            session.console.line(SalesCommandText.saved(outcome, id: account.id))
        }
        return 0
    }

    static func items(_ dependencies: SalesDependencies, json: OptionSpec) -> CommandSpec {
        CommandSpec(
            "items", summary: "the notes, attachments and Google Docs of an account, newest first",
            arguments: ["ACCOUNT"], options: [json],
            body: SalesSession.body(dependencies) { session, context in
                guard let screen = await session.openAccount(context.arguments.positionals[0]) else { return 1 }
                let rows = await screen.items
                if session.json {
                    // NB: the screen's rows are its items, in the same order (a row shows what its item has).
                    let records = await screen.details?.items ?? []
                    try session.printJSON(zip(rows, records).map(ItemRowJSON.init))
                } else if rows.isEmpty {
                    context.console.line(await screen.itemsEmptyText ?? SalesCommandText.noItems)
                } else {
                    // NB: columns widen for a longer word rather than cut it (a translation may be longer).
                    let kindWidth = max(10, rows.map(\.kind.label.count).max() ?? 0)
                    let dateWidth = rows.map(\.date.count).max() ?? 0
                    for row in rows {
                        let detail = [row.detail, row.waiting].compactMap { $0.map { "  \($0)" } }.joined()
                        context.console.line(
                            padded(row.date, dateWidth) + "  " + padded(row.kind.label, kindWidth) + "  "
                                + "\(row.id)  \(row.title)\(detail)")
                    }
                }
                return 0
            })
    }

    /// `text` filled with spaces to `width`; never cut.
    static func padded(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.count))
    }

    /// The screen's title, its general info and, for a hospital, its Health Care Info section.
    @MainActor static func printAccount(_ screen: AccountScreenModel, console: Console) {
        guard !screen.accountIsGone else { return printUnsent(screen, console: console) }
        console.line("\(screen.title)  (\(screen.details?.account.id ?? SalesText.noValue))")
        printRows(screen.infoRows, console: console)
        if let section = screen.healthCare {
            console.line("")
            console.line(section.title)
            printRows(section.rows, console: console)
        }
        printUnsent(screen, console: console)
    }

    /// "Changes Not Sent": each change's id (what `send-mine` and `discard-mine` take), what it was, why, and what
    /// was typed into it (quoted with `> `, to be copied before it is let go).
    @MainActor static func printUnsent(_ screen: AccountScreenModel, console: Console) {
        guard !screen.unsentEdits.isEmpty else { return }
        if !screen.accountIsGone { console.line("") }
        console.line(SalesText.unsentTitle)
        for row in screen.unsentEdits {
            console.line("  \(row.id.uuidString)  \(row.title)")
            console.line("    \(row.reason)")
            if let text = row.text {
                for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                    console.line("    > \(line)")
                }
            }
        }
    }

    /// The buttons of a change under "Changes Not Sent": Send Mine (a conflicted update, written over the
    /// server's version) or Discard Mine; prints the account as the screen then shows it.
    static func unsentAction(_ dependencies: SalesDependencies, _ name: String, sendOver: Bool) -> CommandSpec {
        CommandSpec(
            name,
            summary: sendOver
                ? "send a change the server did not take over its version (a conflicted edit)"
                : "let go a change the server did not take",
            arguments: ["ACCOUNT", "CHANGE"],
            body: SalesSession.body(dependencies) { session, context in
                let positionals = context.arguments.positionals
                guard let screen = await session.openAccount(positionals[0], gone: true) else { return 1 }
                return try await tapUnsent(positionals[1], sendOver: sendOver, on: screen, session: session)
            })
    }

    @MainActor static func tapUnsent(
        _ id: String, sendOver: Bool, on screen: AccountScreenModel, session: SalesSession
    ) async throws -> Int32 {
        guard let row = screen.unsentEdits.first(where: { $0.id == UUID(uuidString: id) }),
            !sendOver || row.canSendOver
        else { throw UsageError(SalesCommandText.noUnsent(id, sendOver: sendOver)) }
        if sendOver {
            await screen.sendOverTapped(id: row.id)
        } else {
            screen.discardTapped(id: row.id)
            await confirm(screen.confirmation, with: screen.confirmTapped)
        }
        if let banner = screen.banner { session.console.errorLine(banner.text) }
        printAccount(screen, console: session.console)
        return screen.unsentEdits.contains { $0.id == row.id } ? 1 : 0
    }

    /// Label and value lines, the values in one column.
    static func printRows(_ rows: [InfoRow], console: Console) {
        let width = rows.map(\.label.count).max() ?? 0
        for row in rows { console.line("  \(padded(row.label, width))  \(row.value)") }
    }
}

/// A row of the merged list in `--json` output: what the row shows, and what tapping it opens (a note's text, a
/// Google Doc's whole link). Its date (`MM/DD/YY`) and an attachment's detail (the MIME type) are the fixed forms
/// scripts read, not the words the screen shows.
struct ItemRowJSON: Encodable {
    var id: String
    var kind: String
    var name: String
    var date: String
    var detail: String?
    /// A Google Doc's link, whole (`detail` is the row's shortened one).
    var url: String?
    /// A note's text.
    var text: String?
    /// `true` while the item waits in the outbox to be created (the row's "Not sent yet").
    var notSent: Bool?

    init(_ row: ItemRow, _ item: AccountItem) {
        id = row.id
        kind = row.kind.rawValue
        name = row.title
        // NB: the screen's time zone, which the command line leaves the machine's.
        date = item.lastModifiedDate.map { ItemRow.shortDate($0, timeZone: .current) } ?? ""
        detail = row.detail
        notSent = row.waiting == nil ? nil : true
        switch item {
        case .note(let note): text = note.text
        case .doc(let doc): url = doc.url
        case .attachment(let attachment): detail = attachment.contentType
        }
    }
}

/// `account update --json`: the account as saved, beside what the save did (`saved`, `queued`, `unchanged`).
struct SavedAccount: Encodable {
    var account: Account
    var status: SaveOutcome

    func encode(to encoder: any Encoder) throws {
        try account.encode(to: encoder)
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(status, forKey: .status)
    }

    enum Keys: String, CodingKey { case status }
}
