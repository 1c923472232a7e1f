import Foundation
import Localization

extension SalesText {
    /// Where a Salesforce refusal reaches a person, which decides what the sentence tells them to do next.
    public enum RefusalPlace: Sendable, Hashable {
        /// Said at once, while the form, the screen or the command is still there to try again (the item editor,
        /// the account screen's banner, `quartet sales`).
        case atOnce
        /// Said under "Changes Not Sent", about a change that waited in the outbox: the change is kept there, to be
        /// made again and discarded.
        case unsent
    }

    /// Why Salesforce did not take a change that waited in the outbox, in a sales rep's words, as "Changes Not Sent"
    /// lists it under the change's title: which field, what limit, what to do. Never Salesforce's error code, and never
    /// the change again (the row's title already says what it was).
    ///
    /// Salesforce's own sentence is shown only where it is the org's: a validation rule's error message, which the
    /// rep's administrator wrote for them (`FIELD_CUSTOM_VALIDATION_EXCEPTION`).
    ///
    /// ```swift
    /// SalesText.refusal(.service(operation: "add the note Visit", status: 400, errors: [
    ///     SalesforceErrorItem(message: "Title: data value too large (max length=80)", errorCode: "STRING_TOO_LONG",
    ///                         fields: ["Title"])]), object: "Note")
    /// // "The title is longer than Salesforce keeps (80 characters at most). …"
    /// ```
    ///
    /// - Parameters:
    ///   - error: what the outbox met when it sent the change.
    ///   - object: the change's record kind (`Note`, `Attachment`, `GoogleDoc`, `Account`), which names its fields.
    public static func refusal(_ error: SalesforceError, object: String) -> String {
        switch error {
        case .service(_, let status, let errors) where !errors.isEmpty:
            return refusal(errors, status: status, object: object, place: .unsent)
        case .service(_, let status, _):
            return status == 413 ? refusal(.tooLarge, place: .unsent) : refusal(.other, place: .unsent)
        case .invalidInput(_, let reason):
            // NB: the app's own reason, a phrase made for "Could not …: <reason>."; here it stands alone.
            return table.format("refusal.invalidInput", reason.prefix(1).uppercased() + reason.dropFirst())
        case .conflict:
            return unsentConflict
        case .authentication, .unreadable, .offline, .signedOut:
            return refusal(.other, place: .unsent)
        }
    }

    /// What a person reads when Salesforce refuses a call at once: `Could not add the note Visit. The title is longer
    /// than Salesforce keeps (80 characters at most). Shorten it, then try again.`
    ///
    /// The one rule ``refusal(_:object:)`` follows for "Changes Not Sent" (which field, what limit, never the code,
    /// the administrator's own words only for a validation rule), with what to do next said for a form that is still
    /// open. Every other failure keeps its sentence (``SalesforceError/message``).
    ///
    /// - Parameters:
    ///   - error: the failure.
    ///   - object: the record kind the call wrote (`Note`, `Account`, …), which names its fields and their limits;
    ///     `nil` when the place does not know it, and a field is then named only when its name alone says which.
    public static func failure(_ error: SalesforceError, object: String?) -> String {
        guard case .service(let operation, let status, let errors) = error else { return error.message }
        guard !errors.isEmpty else {
            // NB: a 413 comes from something in front of the org (a proxy, a gateway) with a body of its own; so
            // may a 5xx (a gateway's page), which says the server is in trouble, not what its page says.
            if error.isServerTrouble {
                return table.format("error.refused", operation, refusal(.serverTrouble, place: .atOnce))
            }
            guard status == 413 else { return error.message }
            return table.format("error.refused", operation, refusal(.tooLarge, place: .atOnce))
        }
        return table.format("error.refused", operation, refusal(errors, status: status, object: object, place: .atOnce))
    }

    /// Salesforce's error array, answered with `status`: one sentence for each refusal it holds (said once however
    /// often it is listed).
    static func refusal(_ errors: [SalesforceErrorItem], status: Int, object: String?, place: RefusalPlace) -> String {
        var sentences: [String] = []
        for item in errors {
            let sentence = refusal(Refused(item, status: status, object: object), place: place)
            if !sentences.contains(sentence) { sentences.append(sentence) }
        }
        return sentences.joined(separator: " ")
    }

    /// Why a refusal happened and what the person can do, as `place` says it.
    static func refusal(_ refused: Refused, place: RefusalPlace) -> String {
        let why: String
        switch (refused, place) {
        // NB: at once, the call may have been a read, of a record that was never there (a mistyped id): "did not take
        // this change" and "someone deleted it" are said only of a change that waited.
        case (.other, .atOnce): why = localized("refusal.refused")
        case (.gone, .atOnce): return localized("refusal.notThere")
        default: why = refused.why
        }
        let next =
            place == .unsent ? localized("refusal.then.\(refused.remedy)") : localized("refusal.now.\(refused.remedy)")
        return why + " " + next
    }

    /// One refusal of Salesforce's, read from its error code (and field), the code itself never shown.
    enum Refused: Sendable, Hashable {
        case tooLong(field: String, limit: Int?)
        case required(field: String)
        case rule(String)
        case outOfRange(field: String)
        case fileTooLarge
        case tooLarge
        case noAccess(field: String?)
        case gone
        case accountGone
        case serverTrouble
        case other

        init(_ item: SalesforceErrorItem, status: Int, object: String?) {
            // NB: Salesforce down or busy refused nothing of the rep's, whatever the code its answer names: a 5xx
            // that names a validation rule must not show its message (the server's internals) as the rule's.
            guard status < 500, status != 429 else {
                self = .serverTrouble
                return
            }
            let name = item.fields.first
            let field = name.map { SalesText.fieldLabel($0, object: object) } ?? SalesText.localized("refusal.aField")
            switch item.errorCode {
            case "STRING_TOO_LONG": self = .tooLong(field: field, limit: name.flatMap { textLimit($0, object: object) })
            case "REQUIRED_FIELD_MISSING": self = .required(field: field)
            case "FIELD_CUSTOM_VALIDATION_EXCEPTION": self = .rule(item.message)
            case "NUMBER_OUTSIDE_VALID_RANGE": self = .outOfRange(field: field)
            case "MAXIMUM_SIZE_OF_ATTACHMENT": self = .fileTooLarge
            case "INVALID_FIELD_FOR_INSERT_UPDATE", "INSUFFICIENT_ACCESS_OR_READONLY",
                "INSUFFICIENT_ACCESS_ON_CROSS_REFERENCE_ENTITY", "CANNOT_INSERT_UPDATE_ACTIVATE_ENTITY_NO_ACCESS":
                self = .noAccess(field: name.map { _ in field })
            case "NOT_FOUND", "ENTITY_IS_DELETED": self = .gone
            case "INVALID_CROSS_REFERENCE_KEY": self = .accountGone
            default: self = .other
            }
        }

        /// What was wrong, in the rep's words.
        var why: String {
            switch self {
            case .tooLong(let field, let limit?): table.format("refusal.tooLongLimit", field, NumberText.count(limit))
            case .tooLong(let field, nil): table.format("refusal.tooLong", field)
            case .required(let field): table.format("refusal.required", field)
            case .rule(let message):
                message.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
                    ? localized("refusal.ruleUnworded")
                    : table.format("refusal.rule", message.trimmingCharacters(in: .whitespacesAndNewlines))
            case .outOfRange(let field): table.format("refusal.outOfRange", field)
            case .fileTooLarge: table.format("refusal.fileTooLarge", limitMegabytes)
            case .tooLarge: localized("refusal.tooLarge")
            case .noAccess(let field?): table.format("refusal.noAccessField", field)
            case .noAccess(nil): localized("refusal.noAccess")
            case .gone: localized("refusal.gone")
            case .accountGone: localized("refusal.accountGone")
            case .serverTrouble: localized("refusal.serverTrouble")
            case .other: localized("refusal.other")
            }
        }

        /// The key of what to do next (`refusal.then.<remedy>` under "Changes Not Sent", `refusal.now.<remedy>` at
        /// once).
        var remedy: String {
            switch self {
            case .tooLong: "shorter"
            case .required: "fill"
            case .rule(let message):
                message.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? "askRule" : "rule"
            case .outOfRange: "range"
            case .fileTooLarge, .tooLarge: "smaller"
            case .noAccess: "access"
            case .gone, .accountGone: "keep"
            case .serverTrouble: "wait"
            case .other: "other"
            }
        }
    }

    /// A field of `object` as a refusal names it at the start of a sentence (`The title`, `Number of Beds`); with no
    /// `object`, the field its name alone says (a health-care field's, or an item field of that name whose label is
    /// the same for every kind of item).
    static func fieldLabel(_ name: String, object: String?) -> String {
        if object == nil || object == "Account",
            let field = HealthCareField.allCases.first(where: { $0.salesforceName == name })
        {
            return field.label
        }
        if let object {
            if let limit = ItemFieldLimit(object: object, field: name) { return limit.label }
            if object == Attachment.objectName, name == "Body" { return localized("refusal.theFile") }
            return localized("refusal.aField")
        }
        let labels = Set(ItemFieldLimit.allCases.filter { $0.field == name }.map(\.label))
        return labels.count == 1 ? labels.first ?? localized("refusal.aField") : localized("refusal.aField")
    }

    /// The most characters Salesforce keeps in a text field of `object`, when the app knows it (with no `object`,
    /// when every kind of record with a field of that name keeps as many).
    static func textLimit(_ name: String, object: String?) -> Int? {
        if object == nil || object == "Account",
            let field = HealthCareField.allCases.first(where: { $0.salesforceName == name })
        {
            return field.maxLength
        }
        if let object { return ItemFieldLimit(object: object, field: name)?.limit }
        let limits = Set(ItemFieldLimit.allCases.filter { $0.field == name }.map(\.limit))
        return limits.count == 1 ? limits.first : nil
    }
}

extension ItemFieldLimit {
    /// The limit of `object`'s field `field` by their Salesforce names (`Note`, `Title`); `nil` for another.
    init?(object: String, field: String) {
        guard let limit = Self.allCases.first(where: { $0.object == object && $0.field == field }) else { return nil }
        self = limit
    }

    /// The Salesforce name of the record kind whose field this is (`Note`).
    var object: String {
        switch self {
        case .noteTitle, .noteBody: Note.objectName
        case .attachmentName: Attachment.objectName
        case .docName, .docURL: GoogleDoc.objectName
        }
    }

    /// The field's Salesforce name (`Title`).
    var field: String {
        switch self {
        case .noteTitle: "Title"
        case .noteBody: "Body"
        case .attachmentName, .docName: "Name"
        case .docURL: "Url"
        }
    }
}
