import Foundation
import Localization

/// The user-facing strings of the Sales screens, localized from `Resources/<lang>.lproj/Localizable.strings`.
public enum SalesText {
    // NB: one computed property per string so a language change takes effect on the next read.
    static let table = StringTable(bundle: .module)

    static func localized(_ key: String) -> String { table.text(key) }

    /// What a screen (and the command line) shows for a value that is absent: an em dash, the same in every language.
    public static let noValue = "—"
    /// The `item.untitled` string.
    public static var untitled: String { localized("item.untitled") }
    /// The name a row and a sentence give an item: its own, or ``untitled`` when it has none or only spaces (saved
    /// by another tool; the editor refuses one), which would read as a blank row or `“  ” is gone`.
    public static func itemName(_ name: String?) -> String {
        guard let name, !name.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return untitled }
        return name
    }
    /// The `healthcare.title` string.
    public static var healthCareTitle: String { localized("healthcare.title") }
    /// The `healthcare.hospitalType` string.
    public static var hospitalType: String { localized("healthcare.hospitalType") }
    /// The `healthcare.numBeds` string.
    public static var numBeds: String { localized("healthcare.numBeds") }
    /// The `healthcare.gpoAffiliations` string.
    public static var gpoAffiliations: String { localized("healthcare.gpoAffiliations") }
    /// The `healthcare.hcSystemName` string.
    public static var hcSystemName: String { localized("healthcare.hcSystemName") }
    /// The `healthcare.operatingIncome` string.
    public static var operatingIncome: String { localized("healthcare.operatingIncome") }
    /// The `healthcare.currentCleanRating` string.
    public static var currentCleanRating: String { localized("healthcare.currentCleanRating") }
    /// The `healthcare.previousCleanRating` string.
    public static var previousCleanRating: String { localized("healthcare.previousCleanRating") }
    /// The `healthcare.cleanRatingNationalAvg` string.
    public static var cleanRatingNationalAvg: String { localized("healthcare.cleanRatingNationalAvg") }
    /// The `healthcare.cleanRatingStateAvg` string.
    public static var cleanRatingStateAvg: String { localized("healthcare.cleanRatingStateAvg") }
    /// The `account.name` string.
    public static var accountName: String { localized("account.name") }
    /// The `account.phone` string.
    public static var phone: String { localized("account.phone") }
    /// The `account.website` string.
    public static var website: String { localized("account.website") }
    /// The `account.industry` string.
    public static var industry: String { localized("account.industry") }
    /// The `account.address` string.
    public static var address: String { localized("account.address") }
    /// `'12x' is not a number. Write it like 1,234.5.`
    public static func invalidNumber(_ text: String, example: String) -> String {
        table.format("input.invalidNumber", text, example)
    }
    /// The `content.know` string.
    public static var know: String { localized("content.know") }
    /// The `content.say` string.
    public static var say: String { localized("content.say") }
    /// The `content.show` string.
    public static var show: String { localized("content.show") }
    /// `St. Mary's changed on the server since you opened it. Reload to see the new version.`
    public static func conflict(_ name: String) -> String { table.format("banner.conflict", name) }
    /// What the Account screen says when a change waits in the outbox instead of being sent, for why it waits:
    /// offline, `Saved offline; it will be sent when the network returns.`; the session ended as it went, that it is
    /// kept on this device and sent after the same person signs in again. The one place a ``QueueReason`` becomes
    /// the screen's sentence.
    public static func savedToSend(because reason: QueueReason) -> String {
        switch reason {
        case .offline: localized("banner.savedOffline")
        case .sessionEnded: localized("banner.savedForSignIn")
        }
    }
    /// What Know · Say · Show says offline when no copy of the account's content is saved on the device (the
    /// banner has said the screen is offline).
    public static var offlineNoContent: String { localized("banner.offlineNoContent") }
    /// The banner of an account screen offline with no copy of the account saved on the device: nothing of it
    /// at all, or only its Know · Say · Show content (which the screen shows).
    public static func offlineNotSaved(contentIsSaved: Bool) -> String {
        localized(contentIsSaved ? "banner.offlineOnlyContentSaved" : "banner.offlineNothingSaved")
    }
    /// What shows in place of an account when Salesforce no longer takes the session (it expired, or was revoked):
    /// `Your session ended. Sign in again.`
    public static var signedOut: String { localized("banner.signedOut") }
    /// What shows in place of an account when no one is signed in on the device (they signed out, or never signed
    /// in): `Sign in to see your accounts.` No session "ended" for someone who signed out themselves.
    public static var notSignedIn: String { localized("banner.notSignedIn") }
    /// The sentence for a call refused for want of a session: ``signedOut`` when the session ended, ``notSignedIn``
    /// when there was none.
    public static func signedOut(sessionEnded: Bool) -> String { sessionEnded ? signedOut : notSignedIn }

    // MARK: - Screen words

    /// The Account screen's title until the account's name is known.
    public static var accountTitle: String { localized("screen.account") }
    /// `Notes & Attachments`, the accordion's title.
    public static var itemsTitle: String { localized("screen.items") }
    /// What Notes & Attachments says of an account with no note, attachment or Google Doc.
    public static var noItemsYet: String { localized("screen.noItems") }
    /// What a Know · Say · Show section says when it lists nothing.
    public static var noContentYet: String { localized("content.empty") }
    /// The health-care section's Edit button.
    public static var edit: String { localized("screen.edit") }
    /// A row's swipe action.
    public static var delete: String { localized("screen.delete") }
    /// Closes the banner.
    public static var dismiss: String { localized("screen.dismiss") }
    /// Leaves a form without saving; keeps an item the person was asked about.
    public static var cancel: String { localized("screen.cancel") }
    /// The question before a row is deleted: `Delete “Visit notes”?`.
    public static func confirmDelete(_ title: String) -> String { table.format("confirm.delete", title) }
    /// What deleting a row means for the person.
    public static var confirmDeleteMessage: String { localized("confirm.delete.message") }
    /// What deleting a row added offline and still waiting means: it is never sent, and cannot be had back.
    public static var confirmDeleteWaitingMessage: String { localized("confirm.delete.waiting.message") }
    /// Retry on a page that could show nothing (offline with nothing saved).
    public static var retry: String { localized("screen.retry") }
    /// A row added offline was deleted after the outbox had sent it: nothing was deleted, and the row now shows
    /// Salesforce's copy.
    public static func waitingItemSent(_ title: String) -> String { table.format("banner.waitingItemSent", title) }
    /// A row added offline could not be deleted because the device's outbox failed (`reason`, a sentence); it still
    /// waits.
    public static func notWithdrawn(_ title: String, _ reason: String) -> String {
        table.format("banner.notWithdrawn", title, reason)
    }
    /// The question before a change under "Changes Not Sent" is let go: `Discard “Save the account …”?`.
    public static func confirmDiscardUnsent(_ title: String) -> String { table.format("confirm.discardUnsent", title) }
    /// What letting an unsent change go means for the person.
    public static var confirmDiscardUnsentMessage: String { localized("confirm.discardUnsent.message") }
    /// The question before the health-care form's Discard Mine closes it after a conflict.
    public static var confirmDiscardForm: String { localized("confirm.discardForm") }
    /// What the form's Discard Mine means: `What you typed is lost; St. Mary's shows as Salesforce has it.`
    public static func confirmDiscardFormMessage(_ name: String) -> String {
        table.format("confirm.discardForm.message", name)
    }
    /// What cancelling the health-care form with edited fields means for the person.
    public static var confirmCancelFormMessage: String { localized("confirm.cancelForm.message") }
    /// What closing the item editor on unsaved work means for the person.
    public static var confirmDiscardEditorMessage: String { localized("confirm.discardEditor.message") }
    /// The button of a discard question that goes back to the form, keeping what was typed.
    public static var keepEditing: String { localized("screen.keepEditing") }
    /// The destructive button of a discard question.
    public static var discard: String { localized("screen.discard") }
    /// Saves a form.
    public static var save: String { localized("screen.save") }
    /// Closes a viewer.
    public static var done: String { localized("screen.done") }
    /// What the busy indicator says to a screen reader.
    public static var loading: String { localized("screen.loading") }
    /// The editor's name field.
    public static var nameField: String { localized("editor.name") }
    /// The editor's link field.
    public static var urlField: String { localized("editor.url") }
    /// The editor's image picker.
    public static var pickImage: String { localized("editor.pickImage") }
    /// Under an image attachment whose picture did not download, for a reason none of the others names (offered
    /// with ``retry``).
    public static var imageNotLoaded: String { localized("editor.imageNotLoaded") }
    /// Under an image attachment whose picture did not download because the network is down or the server could
    /// not be reached: `why` is the network's reason (`this device has no connection`), offered with ``retry``.
    public static func imageOffline(_ why: String) -> String { table.format("editor.imageOffline", why) }
    /// Under an image attachment whose picture Salesforce did not give, busy or down (5xx, 429), offered with ``retry``.
    public static var imageServerTrouble: String { localized("editor.imageServerTrouble") }
    /// Under an image attachment Salesforce no longer has (deleted elsewhere): nothing to retry.
    public static var imageGone: String { localized("editor.imageGone") }
    /// Under an image attachment whose bytes are no picture the device reads (a PDF stored as `image/jpeg`, a cut
    /// off file): downloading it again brings the same bytes, so nothing to retry.
    public static var imageUndecodable: String { localized("editor.imageUndecodable") }
    /// What the sign-in form says when `count` of the rep's edits wait for their next sign-in; `nil` for none.
    public static func waitingForSignIn(_ count: Int) -> String? {
        switch count {
        case ...0: nil
        case 1: localized("signin.waitingOne")
        default: table.format("signin.waitingMany", "\(count)")
        }
    }

    /// `1 change waiting to be sent`, `3 changes waiting to be sent`; `nil` for none.
    public static func pendingEdits(_ count: Int) -> String? {
        switch count {
        case ...0: nil
        case 1: localized("screen.pendingOne")
        default: table.format("screen.pendingMany", "\(count)")
        }
    }
    /// The banner after the outbox was sent and the server did not take some of it: `2 changes were not sent …`.
    public static func notSent(_ count: Int) -> String {
        count == 1 ? localized("banner.notSentOne") : table.format("banner.notSentMany", "\(count)")
    }
    /// The heading over the changes the server did not take.
    public static var unsentTitle: String { localized("unsent.title") }
    /// Why a conflicted change was not sent.
    public static var unsentConflict: String { localized("unsent.conflict") }
    /// The button that sends a conflicted change over the server's version.
    public static var sendOver: String { localized("unsent.sendOver") }
    /// The button that lets an unsent change go.
    public static var discardMine: String { localized("unsent.discard") }
    /// The button that hands what was typed into an unsent change to the share sheet, whose Copy keeps it before
    /// the change is let go.
    public static var shareTyped: String { localized("unsent.shareTyped") }
    /// The banner of an account Salesforce has no record of (deleted, or never there) that the device holds changes
    /// for: `Salesforce has no account 001….`
    public static func accountMissing(_ id: String) -> String { table.format("banner.accountMissing", id) }
    /// What follows the banner of an account that is gone while changes made to it are held: they can only be let
    /// go, after copying what is worth keeping.
    public static var accountGoneUnsent: String { localized("banner.accountGone.unsent") }
    /// The banner of an attachment tapped whose file Salesforce no longer has (deleted since the list was read):
    /// `“Site plan.pdf” is no longer in Salesforce, so it was taken off the list.`
    public static func attachmentGone(_ name: String) -> String { table.format("banner.attachmentGone", name) }
    /// What a delete of an item Salesforce no longer has (deleted elsewhere since this device read the list) says:
    /// the same sentence, `“Visit” is no longer in Salesforce, so it was taken off the list.`
    public static func itemGone(_ name: String) -> String { attachmentGone(name) }
    /// What the item editor says when the item it saves was deleted in Salesforce while it was open: `“Visit” is no
    /// longer in Salesforce: someone deleted it. Copy what you typed to keep it.`
    public static func editedItemGone(_ name: String) -> String { table.format("editor.itemGone", name) }
    /// The banner of a Google Doc tapped whose link is no web page (`javascript:…`, `file:…`, a bare word), which the
    /// viewer does not open: `“Plan” has no web link to open.`
    public static func docNotAWebLink(_ name: String) -> String { table.format("banner.docNotAWebLink", name) }
    /// `Made smaller to fit under 25 MB: 31.5 MB → 23.0 MB, 4600 × 3450.`
    public static func shrunk(from original: Int, to shrunk: Int, _ dimensions: ImageDimensions) -> String {
        table.format(
            "editor.shrunk", megabytes(original), megabytes(shrunk), "\(dimensions.width)", "\(dimensions.height)")
    }
    /// The editor's button that opens the Files picker.
    public static var chooseFile: String { localized("editor.chooseFile") }
    /// `Proposal.pdf could not be read.`, or without a name, that the Files picker gave no file.
    public static func fileUnreadable(_ name: String?) -> String {
        name.map { table.format("editor.fileUnreadable", $0) } ?? localized("editor.fileNotOpened")
    }
    /// `notes.txt is empty; choose a file with something in it.`
    public static func fileEmpty(_ name: String) -> String { table.format("editor.fileEmpty", name) }
    /// `report.pdf is 25.6 MB; attachments are limited to 25 MB (26,214,400 bytes).`
    public static func fileTooLarge(_ name: String, bytes: Int) -> String {
        table.format("editor.tooLarge", name, sizeOverLimit(bytes), limitMegabytes, limitBytes)
    }
    /// A size in megabytes with one decimal, as every size the Sales screens show (`25.6`); a megabyte is
    /// 1,048,576 bytes, as the attachment limit counts (25 MB is 26,214,400 bytes).
    static func megabytes(_ bytes: Int) -> String {
        String(format: "%.1f", (Double(bytes) / 1_048_576 * 10).rounded() / 10)
    }
    /// A size refused as over the attachment limit: `25.6 MB`, or, where that would read as the limit itself
    /// (`25.0 MB`), its bytes (`26,214,401 bytes`), so the size and the limit never seem to agree.
    static func sizeOverLimit(_ bytes: Int) -> String {
        let shown = megabytes(bytes)
        guard shown == megabytes(SalesforceClient.maximumAttachmentBytes) else {
            return table.format("size.megabytes", shown)
        }
        return table.format("size.bytes", NumberText.count(bytes))
    }
    /// The attachment limit in whole megabytes (`25`).
    public static var limitMegabytes: String { NumberText.count(SalesforceClient.maximumAttachmentBytes / 1_048_576) }
    /// The attachment limit in bytes (`26,214,400`).
    static var limitBytes: String { NumberText.count(SalesforceClient.maximumAttachmentBytes) }
    /// `photo.heic is over 25 MB and could not be read as an image to make it smaller.`
    public static func imageUnreadable(_ name: String, limit: Int) -> String {
        table.format("editor.imageUnreadable", name, NumberText.count(limit))
    }
    /// `The title is 93 characters long; Salesforce keeps at most 80.`, for the field labelled `label` (an
    /// item's ``ItemFieldLimit/label``, a health-care field's ``HealthCareField/label``).
    public static func tooLong(_ label: String, limit: Int, length: Int) -> String {
        table.format("editor.tooLong", label, NumberText.count(length), NumberText.count(limit))
    }
    /// A name (`label`: `The title`, `The name`) that is not one line, and where: `The title must be one line: take out
    /// the line break after “Site visit”.`
    public static func notOneLine(_ label: String, _ at: ItemName.Break) -> String {
        let what = at.isLineBreak ? "lineBreak" : "hidden"
        return at.before.isEmpty
            ? table.format("editor.notOneLine.\(what).start", label)
            : table.format("editor.notOneLine.\(what)", label, at.before)
    }
    /// The file name a photo from the library is uploaded under.
    public static var pickedPhotoName: String { localized("editor.pickedPhoto") }
}

extension ItemEditorModel.Kind {
    /// The button that adds an item of this kind (`New Note`).
    public var addTitle: String { SalesText.localized("screen.add\(key)") }

    /// The question before the editor's Cancel throws away what was typed: `Discard This Note?`.
    public var discardQuestion: String { SalesText.localized("confirm.discardEditor.\(key.lowercased())") }

    /// The editor's title when adding (`New Note`) or editing (`Note`).
    public func editorTitle(isEditing: Bool) -> String {
        SalesText.localized(isEditing ? "editor.\(key.lowercased())" : "editor.new\(key)")
    }

    private var key: String {
        switch self {
        case .note: "Note"
        case .attachment: "Attachment"
        case .doc: "Doc"
        }
    }
}
