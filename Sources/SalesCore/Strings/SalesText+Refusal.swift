import Foundation

extension SalesText {
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
        case .service(_, _, let errors) where !errors.isEmpty:
            var sentences: [String] = []
            for item in errors {
                let sentence = refusal(item, object: object)
                if !sentences.contains(sentence) { sentences.append(sentence) }
            }
            return sentences.joined(separator: " ")
        case .service(_, let status, _):
            return status == 413 ? localized("refusal.tooLarge") : localized("refusal.other")
        case .invalidInput(_, let reason):
            // NB: the app's own reason, a phrase made for "Could not …: <reason>."; here it stands alone.
            return table.format("refusal.invalidInput", reason.prefix(1).uppercased() + reason.dropFirst())
        case .conflict:
            return unsentConflict
        case .authentication, .unreadable, .offline, .signedOut:
            return localized("refusal.other")
        }
    }

    /// One entry of Salesforce's error array, worded for the rep.
    static func refusal(_ item: SalesforceErrorItem, object: String) -> String {
        let field = item.fields.first.map { fieldLabel($0, object: object) }
        switch item.errorCode {
        case "STRING_TOO_LONG":
            let label = field ?? localized("refusal.aField")
            guard let limit = item.fields.first.flatMap({ textLimit($0, object: object) }) else {
                return table.format("refusal.tooLong", label)
            }
            return table.format("refusal.tooLongLimit", label, String(limit))
        case "REQUIRED_FIELD_MISSING":
            return table.format("refusal.required", field ?? localized("refusal.aField"))
        case "FIELD_CUSTOM_VALIDATION_EXCEPTION":
            let rule = item.message.trimmingCharacters(in: .whitespacesAndNewlines)
            return rule.isEmpty ? localized("refusal.ruleUnworded") : table.format("refusal.rule", rule)
        case "NUMBER_OUTSIDE_VALID_RANGE":
            return table.format("refusal.outOfRange", field ?? localized("refusal.aField"))
        case "MAXIMUM_SIZE_OF_ATTACHMENT":
            return table.format("refusal.fileTooLarge", limitMegabytes)
        case "INVALID_FIELD_FOR_INSERT_UPDATE", "INSUFFICIENT_ACCESS_OR_READONLY",
            "INSUFFICIENT_ACCESS_ON_CROSS_REFERENCE_ENTITY", "CANNOT_INSERT_UPDATE_ACTIVATE_ENTITY_NO_ACCESS":
            return field.map { table.format("refusal.noAccessField", $0) } ?? localized("refusal.noAccess")
        case "NOT_FOUND", "ENTITY_IS_DELETED":
            return localized("refusal.gone")
        case "INVALID_CROSS_REFERENCE_KEY":
            return localized("refusal.accountGone")
        default:
            return localized("refusal.other")
        }
    }

    /// A field of `object` as a refusal names it at the start of a sentence (`The title`, `Number of Beds`).
    static func fieldLabel(_ name: String, object: String) -> String {
        if object == "Account", let field = HealthCareField.allCases.first(where: { $0.salesforceName == name }) {
            return field.label
        }
        if let limit = ItemFieldLimit(object: object, field: name) { return limit.label }
        if object == Attachment.objectName, name == "Body" { return localized("refusal.theFile") }
        return localized("refusal.aField")
    }

    /// The most characters Salesforce keeps in a text field of `object`, when the app knows it.
    static func textLimit(_ name: String, object: String) -> Int? {
        if object == "Account" {
            return HealthCareField.allCases.first { $0.salesforceName == name }?.maxLength
        }
        return ItemFieldLimit(object: object, field: name)?.limit
    }
}

extension ItemFieldLimit {
    /// The limit of `object`'s field `field` by their Salesforce names (`Note`, `Title`); `nil` for another.
    init?(object: String, field: String) {
        switch (object, field) {
        case (Note.objectName, "Title"): self = .noteTitle
        case (Note.objectName, "Body"): self = .noteBody
        case (Attachment.objectName, "Name"): self = .attachmentName
        case (GoogleDoc.objectName, "Name"): self = .docName
        case (GoogleDoc.objectName, "Url"): self = .docURL
        default: return nil
        }
    }
}
