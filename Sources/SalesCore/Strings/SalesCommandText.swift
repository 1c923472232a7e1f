import Foundation

/// The sentences `quartet sales` prints around what the Account screen shows, from the same strings table.
public enum SalesCommandText {
    /// `signed in as rep@quartet.dev at https://…`.
    public static func signedIn(_ username: String, at instance: String) -> String {
        SalesText.table.format("cli.signedIn", username, instance)
    }
    /// After `signout`.
    public static var signedOut: String { SalesText.localized("cli.signedOut") }
    /// `sent 2 edits`, `sent 1 edit`.
    public static func sent(_ count: Int) -> String {
        count == 1 ? SalesText.localized("cli.sent.one") : SalesText.table.format("cli.sent", String(count))
    }
    /// An edit the server refused because the record had changed.
    public static func conflict(_ summary: String) -> String { SalesText.table.format("cli.conflict", summary) }
    /// An edit the server refused for another reason: what the edit was, and why, as "Changes Not Sent" says it
    /// under the edit (``SalesText/refusal(_:object:)``), when a reason was kept.
    public static func refused(_ summary: String, reason: String?) -> String {
        guard let reason, !reason.isEmpty else { return SalesText.table.format("cli.refused", summary) }
        return SalesText.table.format("cli.refusedBecause", summary, reason)
    }
    /// `send-mine` or `discard-mine` naming no change the account screen lists (or, for `send-mine`, one that
    /// cannot be sent over the server's version).
    public static func noUnsent(_ id: String, sendOver: Bool) -> String {
        SalesText.table.format(sendOver ? "cli.noConflict" : "cli.noUnsent", id)
    }
    /// A sync that stopped early, and how many edits still wait: `stopped: Could not …; sign in again. 2 edits
    /// wait.` The reason is a sentence of its own (a failure's ends with its full stop), so the count is another.
    public static func stopped(_ reason: String, waiting: Int) -> String {
        var sentence = reason.trimmingCharacters(in: .whitespacesAndNewlines)
        if let last = sentence.last, !".!?…".contains(last) { sentence += "." }
        return waiting == 1
            ? SalesText.table.format("cli.stopped.one", sentence)
            : SalesText.table.format("cli.stopped", sentence, String(waiting))
    }
    /// After a sync, the changes the server did not take (a conflict, a refusal), waiting for the rep to send them
    /// over or let them go.
    public static func undecided(_ count: Int) -> String {
        count == 1 ? SalesText.localized("cli.undecided.one") : SalesText.table.format("cli.undecided", String(count))
    }
    /// After an item's save met a newer version on the server: how to save the fields given over it.
    public static var itemSendMineHint: String { SalesText.localized("cli.itemSendMineHint") }
    /// A write queued because the network is down (`offline: queued 'add the note Call back'; …`), or held for
    /// the next sign-in because Salesforce ended the session as it went.
    public static func queued(_ summary: String, because reason: QueueReason) -> String {
        switch reason {
        case .offline: SalesText.table.format("cli.queued", summary)
        case .sessionEnded: SalesText.table.format("cli.queuedForSignIn", summary)
        }
    }
    /// What a change that waits in the outbox prints (``queued(_:because:)``, from a form's or the Account screen's
    /// `queued` and `queuedBecause`); `nil` when nothing waits.
    public static func waiting(_ edit: PendingEdit?, because reason: QueueReason?) -> String? {
        guard let edit, let reason else { return nil }
        return queued(edit.summary, because: reason)
    }
    /// What a Save did, as the form says it (``SaveOutcome``): `saved 002…`, `queued 002…` (offline; an item added
    /// offline goes by its local id until sent), `unchanged 002…`.
    public static func saved(_ outcome: SaveOutcome, id: String?) -> String {
        guard let id, !id.isEmpty else {
            return outcome == .queued ? queuedWithoutID : SalesText.localized("cli.outcome.\(outcome.rawValue)")
        }
        return SalesText.table.format("cli.outcomeID.\(outcome.rawValue)", id)
    }
    /// A write queued with no id yet.
    public static var queuedWithoutID: String { SalesText.localized("cli.queuedWithoutID") }
    /// What a delete did: `deleted 002…`, or, offline, `queued 002…` (it waits in the outbox, not done yet), as
    /// every other offline change prints its id.
    public static func deleted(_ id: String, queued: Bool = false) -> String {
        SalesText.table.format(queued ? "cli.outcomeID.queued" : "cli.deleted", id)
    }
    /// An account with no item.
    public static var noItems: String { SalesText.localized("cli.noItems") }
    /// An item id the account screen it belongs to does not list (not a note, attachment or doc of that account).
    public static func notListed(_ id: String, on account: String) -> String {
        SalesText.table.format("cli.notListed", account, id)
    }
    /// An item id Salesforce has no record for, of the kind `object` names (`Note`, `Attachment`, `GoogleDoc`):
    /// `Salesforce has no attachment 00P…` (deleted, or never there), in the words of the kind and the id typed.
    public static func itemMissing(_ object: String, id: String) -> String {
        SalesText.table.format("cli.itemMissing", SalesText.objectLabel(object), id)
    }
    /// A content document id the account screen's Know · Say · Show does not list.
    public static func contentNotListed(_ id: String, on account: String) -> String {
        SalesText.table.format("cli.contentNotListed", account, id)
    }
    /// `content open` of a document no account kept on this machine shows, with no `--account`: content is opened
    /// from an account's Know · Say · Show.
    public static func contentNeedsAccount(_ id: String) -> String {
        SalesText.table.format("cli.contentNeedsAccount", id)
    }
    /// `account update` on an account that is not a hospital: its screen has no Health Care Info to edit.
    public static func noHealthCare(_ account: String) -> String { SalesText.table.format("cli.noHealthCare", account) }
    /// `doc show` of a Google Doc whose link does not open.
    public static func noLink(_ name: String) -> String { SalesText.table.format("cli.noLink", name) }
    /// `attachment download` of an attachment added offline: its bytes wait on the machine, and its row opens nothing.
    public static func notSentYet(_ name: String) -> String { SalesText.table.format("cli.notSentYet", name) }
    /// `shrank photo.jpg from 31457280 to 24117248 bytes (4600×3450, quality 85)`.
    public static func shrank(_ file: String, from original: Int, to shrunk: Int, _ result: ShrunkImage) -> String {
        SalesText.table.format(
            "cli.shrank", file, String(original), String(shrunk), String(result.dimensions.width),
            String(result.dimensions.height), result.quality.map(String.init) ?? SalesText.localized("cli.qualityKept"))
    }
    /// `wrote 1234 bytes (application/pdf) to copy.pdf`.
    public static func wrote(_ bytes: Int, contentType: String, to path: String) -> String {
        SalesText.table.format("cli.wrote", String(bytes), contentType, path)
    }

    // MARK: - Refusals of the command line

    /// `signin` without a password.
    public static var signInNeedsPassword: String { SalesText.localized("cli.signInNeedsPassword") }
    /// `signin` with an empty username.
    public static var signInNeedsUsername: String { SalesText.localized("cli.signInNeedsUsername") }
    /// `account update` without a field.
    public static var updateNeedsField: String { SalesText.localized("cli.updateNeedsField") }
    /// A field the form refuses, led by its option: `--num-beds: '12x' is not a number. …`.
    public static func refusedField(_ option: String, _ message: String) -> String {
        SalesText.table.format("cli.refusedField", option, message)
    }
    /// `note edit` with neither a title nor a text: there is nothing to change.
    public static var noteEditNeedsField: String { SalesText.localized("cli.noteEditNeedsField") }
    /// `doc edit` with neither a name nor a link.
    public static var docEditNeedsField: String { SalesText.localized("cli.docEditNeedsField") }
    /// `note add` without a title.
    public static var noteNeedsTitle: String { SalesText.localized("cli.noteNeedsTitle") }
    /// `doc add` without a name or a link.
    public static var docNeedsNameAndURL: String { SalesText.localized("cli.docNeedsNameAndURL") }
    /// A `--server`, `--salesforce`, `--login-url` or `--instance-url` that is not an http(s) URL.
    public static func badURL(option: String, _ value: String) -> String {
        SalesText.table.format("cli.badURL", option, value)
    }
}

extension ItemRow.Kind {
    /// The kind as the command line's item list names it (`note`, `attachment`, `doc`).
    public var label: String { SalesText.localized("cli.kind.\(rawValue)") }
}
