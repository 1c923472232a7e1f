import Foundation
import SalesCore

/// `quartet sales account ID`, `account update ID --num-beds …` and `items ACCOUNT`.
enum AccountCommands {
    static func spec(_ dependencies: SalesDependencies, json: OptionSpec) -> CommandSpec {
        CommandSpec(
            "account", summary: "show an account (with Health Care Info for hospitals)", arguments: ["ID"],
            options: [json],
            subcommands: [update(dependencies)],
            body: SalesSession.body(dependencies) { session, context in
                let id = context.arguments.positionals[0]
                let details = try await session.client.retrieveAccount(id: id)
                await session.cache.save(details)
                if session.json {
                    try session.printJSON(details.account)
                } else {
                    printAccount(details.account, console: context.console)
                }
                return 0
            })
    }

    /// The option name of each health-care field (`--num-beds`).
    static let fieldOptions: [(HealthCareField, String)] = [
        (.numBeds, "num-beds"), (.hospitalType, "hospital-type"), (.gpoAffiliations, "gpo-affiliations"),
        (.hcSystemName, "hc-system-name"), (.operatingIncome, "operating-income"),
        (.currentCleanRating, "current-clean-rating"), (.previousCleanRating, "previous-clean-rating"),
        (.cleanRatingNationalAvg, "clean-rating-national-avg"), (.cleanRatingStateAvg, "clean-rating-state-avg"),
    ]

    static func update(_ dependencies: SalesDependencies) -> CommandSpec {
        CommandSpec(
            "update", summary: "change health-care fields (numbers in the --locale's format)", arguments: ["ID"],
            options: fieldOptions.map { field, name in
                OptionSpec(name, value: field.isNumeric ? "NUMBER" : "TEXT", help: field.label)
            } + [
                OptionSpec(
                    "locale", value: "LOCALE", help: "how numbers are written (en_US, de_DE …)", default: "en_US")
            ],
            body: SalesSession.body(dependencies) { session, context in
                let id = context.arguments.positionals[0]
                let locale = Locale(identifier: context.arguments.value("locale") ?? "en_US")
                let given = fieldOptions.compactMap { field, name in context.arguments.value(name).map { (field, $0) } }
                guard !given.isEmpty else { throw UsageError(SalesCommandText.updateNeedsField) }
                let details = try await session.client.retrieveAccount(id: id)
                var form = HealthCareForm(details.account, locale: locale)
                for (field, text) in given { form.edit(field, text: text) }
                for (field, message) in form.errors.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
                    let name = fieldOptions.first { $0.0 == field }?.1 ?? field.rawValue
                    throw UsageError(SalesCommandText.refusedField(name, message))
                }
                guard let edited = form.applied(to: details.account) else { return 2 }
                let edit = PendingEdit.saving(edited, id: id, basedOn: details.account.lastModifiedDate)
                let code = try await session.write(edit) { try await session.client.saveAccount(edited) }
                if session.json {
                    try session.printJSON(edited)
                } else {
                    context.console.line(SalesCommandText.saved(id))
                }
                return code
            })
    }

    static func items(_ dependencies: SalesDependencies, json: OptionSpec) -> CommandSpec {
        CommandSpec(
            "items", summary: "the notes, attachments and Google Docs of an account, newest first",
            arguments: ["ACCOUNT"], options: [json],
            body: SalesSession.body(dependencies) { session, context in
                let details = try await session.client.retrieveAccount(id: context.arguments.positionals[0])
                await session.cache.save(details)
                let rows = details.items.map { ItemRow($0) }
                if session.json {
                    try session.printJSON(rows.map(ItemRowJSON.init))
                } else if rows.isEmpty {
                    context.console.line(SalesCommandText.noItems)
                } else {
                    // NB: columns widen for a longer word rather than cut it (a translation may be longer).
                    let kindWidth = max(10, rows.map(\.kind.label.count).max() ?? 0)
                    for row in rows {
                        let detail = row.detail.map { "  \($0)" } ?? ""
                        context.console.line(
                            padded(row.date, 8) + "  " + padded(row.kind.label, kindWidth) + "  "
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

    static func printAccount(_ account: Account, console: Console) {
        console.line("\(account.name ?? SalesText.untitled)  (\(account.id ?? "—"))")
        let general = InfoRow.general(account)
        let width = general.map(\.label.count).max() ?? 0
        for row in general {
            console.line("  \(row.label.padding(toLength: width, withPad: " ", startingAt: 0))  \(row.value)")
        }
        guard let section = HealthCareSection(account, locale: Locale(identifier: "en_US")) else { return }
        console.line("")
        console.line(section.title)
        let sectionWidth = section.rows.map(\.label.count).max() ?? 0
        for row in section.rows {
            console.line("  \(row.label.padding(toLength: sectionWidth, withPad: " ", startingAt: 0))  \(row.value)")
        }
    }
}

/// A row of the merged list in `--json` output.
struct ItemRowJSON: Encodable {
    var id: String
    var kind: String
    var name: String
    var date: String
    var detail: String?

    init(_ row: ItemRow) {
        id = row.id
        kind = row.kind.rawValue
        name = row.title
        date = row.date
        detail = row.detail
    }
}
