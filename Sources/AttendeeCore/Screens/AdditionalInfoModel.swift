import AttendeeModels
import Foundation
import Localization
import Observation

/// Registration → Additional Info: every field required unless "Later", guests with name and e-mail.
@Observable @MainActor
public final class AdditionalInfoModel: BusyScreen {
    /// One editable guest.
    public struct GuestRow: Sendable, Hashable {
        /// The name shown.
        public var name = ""
        /// The e-mail shown.
        public var email = ""
    }

    /// The questions, in order.
    public let fields: [AdditionalInfoField]
    /// The answers typed so far.
    public private(set) var answers: [String: String] = [:]
    /// The guests added with "+ Add More".
    public private(set) var guests: [GuestRow] = []
    /// The message under each invalid field, by field path (`answers.tshirtSize`, `guests.0.email`).
    public private(set) var fieldErrors: [String: String] = [:]
    /// Whether a call is in flight (the screen shows a spinner).
    public var isBusy: Bool { busy }
    /// The calls on their way, which ``isBusy`` counts.
    var calls = CallsInFlight()
    /// Why the last call failed, if it did.
    public internal(set) var banner: Banner?
    /// Set when the step is done (submitted or "later"): the screen returns to the event details.
    public private(set) var isFinished = false
    /// The registration as the server took the step, once it is done.
    public private(set) var registration: Registration?
    /// "Later, I haven't decided".
    public let laterTitle = Strings.text("additional.later")
    /// "+ Add More".
    public let addGuestTitle = Strings.text("additional.addGuest")

    private let client: AttendeeClient
    private let eventID: String

    /// Creates the model over a client.
    public init(client: AttendeeClient, eventID: String, fields: [AdditionalInfoField]) {
        self.client = client
        self.eventID = eventID
        self.fields = fields
    }

    /// An answer was typed.
    public func answerChanged(_ key: String, _ value: String) {
        answers[key] = value
        fieldErrors["answers.\(key)"] = nil
    }

    /// "+ Add More" was tapped: adds an empty guest.
    public func addGuestTapped() { guests.append(GuestRow()) }

    /// A guest's name or e-mail was typed.
    public func guestChanged(_ index: Int, name: String, email: String) {
        guard guests.indices.contains(index) else { return }
        guests[index] = GuestRow(name: name, email: email)
        fieldErrors["guests.\(index).name"] = nil
        fieldErrors["guests.\(index).email"] = nil
    }

    /// A guest was removed.
    public func removeGuestTapped(_ index: Int) {
        guard guests.indices.contains(index) else { return }
        guests.remove(at: index)
        fieldErrors = fieldErrors.filter { !$0.key.hasPrefix("guests.") }
    }

    /// The first message under a field, in the form's order (its questions, then each guest's name and
    /// e-mail); `nil` when no field is marked.
    public var firstFieldError: String? {
        let paths =
            fields.map { "answers.\($0.key)" } + guests.indices.flatMap { ["guests.\($0).name", "guests.\($0).email"] }
        return paths.lazy.compactMap { self.fieldErrors[$0] }.first ?? fieldErrors.values.sorted().first
    }

    /// Submit is enabled once every field has an answer and every guest a name and an e-mail.
    public var isSubmitEnabled: Bool {
        !isBusy && submission.validationError(fields: fields) == nil
    }

    /// Why Submit cannot be tapped yet, under it (a greyed button alone says nothing); `nil` when it can, or
    /// while a call runs.
    public var submitHint: String? {
        isBusy || isSubmitEnabled ? nil : Strings.text("info.submitHint")
    }

    /// "Later, I haven't decided": skips the step entirely.
    public func laterTapped() async {
        guard !isBusy else { return }
        await send(AdditionalInfoSubmission(later: true))
    }

    /// Submit was tapped.
    public func submitTapped() async {
        // NB: a second tap while the first is on its way sent the step again; the server refused it as complete,
        // and the page said so over the step that went through.
        guard !isBusy, fieldsChecked() else { return }
        await send(submission)
    }

    /// Marks every field the rules refuse, as Submit does, without sending anything; `true` when none is. The
    /// command line checks its answers on the form registering would open (``EventDetailsModel/additionalInfoForm()``)
    /// before it registers, so a refusal leaves nothing done.
    @discardableResult
    public func fieldsChecked() -> Bool {
        var errors: [String: String] = [:]
        for error in submission.validationErrors(fields: fields) where errors[error.field] == nil {
            errors[error.field] = error.message
        }
        fieldErrors = errors
        return errors.isEmpty
    }

    private var submission: AdditionalInfoSubmission {
        AdditionalInfoSubmission(
            answers: answers.filter { !$0.value.isEmpty }, guests: guests.map { Guest(name: $0.name, email: $0.email) })
    }

    private func send(_ submission: AdditionalInfoSubmission) async {
        await whileBusy {
            registration = try await client.submitAdditionalInfo(eventID, submission)
            isFinished = true
        }
    }
}
