import Foundation
import Localization
import PublicInit

/// Someone a registrant brings along.
@PublicInit
public struct Guest: Codable, Sendable, Hashable {
    /// The guest's name.
    public var name: String
    /// The guest's e-mail.
    public var email: String

    /// Parses `Name <mail@example.com>`; `nil` when the shape is wrong.
    public init?(mailbox: String) {
        guard let open = mailbox.lastIndex(of: "<"), mailbox.hasSuffix(">") else { return nil }
        let name = mailbox[..<open].trimmingCharacters(in: .whitespaces)
        let email = mailbox[mailbox.index(after: open)..<mailbox.index(before: mailbox.endIndex)]
        self.init(name: name, email: String(email).trimmingCharacters(in: .whitespaces))
    }
}

/// Where a registration stands with its Additional Info step.
public enum AdditionalInfoStatus: String, Codable, Sendable, Hashable {
    /// Registered; the step is still to do.
    case pending
    /// The person chose "Later, I haven't decided".
    case later
    /// Every field was answered.
    case completed
}

/// A person's registration for an event.
@PublicInit
public struct Registration: Codable, Sendable, Hashable {
    /// The event.
    public var eventID: String
    /// The Additional Info step's state.
    public var additionalInfoStatus: AdditionalInfoStatus = .pending
    /// The answers, by field key.
    public var answers: [String: String] = [:]
    /// The guests they bring.
    public var guests: [Guest] = []
}

/// `PUT /events/:eventID/registration/additional-info`: the answers, or "later".
@PublicInit
public struct AdditionalInfoSubmission: Codable, Sendable, Hashable {
    /// "Later, I haven't decided": skips the step; answers and guests are not kept (guests must still be well
    /// formed, as the document describes them either way).
    public var later: Bool = false
    /// The answers by field key.
    public var answers: [String: String] = [:]
    /// Guests, each with a name and an e-mail.
    public var guests: [Guest] = []

    /// The longest answer accepted, in characters.
    public static let answerLimit = 500
    /// The most guests one registration brings.
    public static let guestLimit = 10
    /// The problem `type` of a submission refused because the step is already complete (409): its answers are
    /// final.
    public static let completedType = "urn:quartet:attendee:additional-info-completed"

    /// The first rule the submission breaks for an event's fields, or `nil`: every field is required and no other
    /// is known unless `later`, and every guest needs a name and a valid e-mail. The app and the server both apply
    /// it.
    public func validationError(fields: [AdditionalInfoField]) -> FieldError? {
        validationErrors(fields: fields).first
    }

    /// Every rule the submission breaks, in form order (the app shows them all at once).
    public func validationErrors(fields: [AdditionalInfoField]) -> [FieldError] {
        var errors: [FieldError] = []
        let labels = Dictionary(fields.map { ($0.key, $0.label) }, uniquingKeysWith: { first, _ in first })
        for (key, answer) in answers.sorted(by: { $0.key < $1.key }) where answer.count > Self.answerLimit {
            errors.append(
                FieldError(
                    field: "answers.\(key)",
                    message: RuleText.format(
                        "rule.registration.answerTooLong", labels[key] ?? key, NumberText.count(Self.answerLimit))))
        }
        if guests.count > Self.guestLimit {
            errors.append(
                FieldError(
                    field: "guests",
                    message: RuleText.format("rule.registration.guestCount", NumberText.count(Self.guestLimit))))
        }
        for field in fields where !later {
            let answer = answers[field.key]?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
            if answer.isEmpty {
                errors.append(
                    FieldError(
                        field: "answers.\(field.key)",
                        message: RuleText.format("rule.registration.required", field.label)))
            }
        }
        let known = Set(fields.map(\.key))
        for unknown in answers.keys.sorted() where !later && !known.contains(unknown) {
            errors.append(
                FieldError(
                    field: "answers.\(unknown)", message: RuleText.format("rule.registration.unknownField", unknown)))
        }
        var emails: Set<String> = []
        for (index, guest) in guests.enumerated() {
            if guest.name.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
                errors.append(
                    FieldError(
                        field: "guests.\(index).name",
                        message: RuleText.format("rule.registration.guestName", String(index + 1))))
            } else if let message = Self.guestNameProblem(guest.name, number: index + 1) {
                errors.append(FieldError(field: "guests.\(index).name", message: message))
            }
            if !EmailAddress.isPlausible(guest.email.trimmingCharacters(in: .whitespaces)) {
                errors.append(
                    FieldError(
                        field: "guests.\(index).email",
                        message: RuleText.format("rule.registration.guestEmail", String(index + 1))))
            } else if !emails.insert(EmailAddress.normalized(guest.email)).inserted {
                // NB: one guest listed twice (in any case) was stored twice, and counted twice at the door.
                errors.append(
                    FieldError(
                        field: "guests.\(index).email",
                        message: RuleText.format("rule.registration.guestTwice", String(index + 1))))
            }
        }
        return errors
    }

    /// What is wrong with guest `number`'s (non-blank) name, in the form's words, or `nil`: the rule of a name a
    /// person gives themselves (``PersonName/error(_:)``: one line, at most ``PersonName/scalarLimit`` code points
    /// and ``PersonName/limit`` characters), since the organizer's lists and badges show it as one.
    static func guestNameProblem(_ name: String, number: Int) -> String? {
        if name.unicodeScalars.contains(where: PersonName.breaksLine) {
            return RuleText.format("rule.registration.guestNameOneLine", String(number))
        }
        if name.unicodeScalars.count > PersonName.scalarLimit {
            return RuleText.format(
                "rule.registration.guestNameTooManyMarks", String(number), NumberText.count(PersonName.scalarLimit))
        }
        guard PersonName.lengthError(name) != nil else { return nil }
        return RuleText.format("rule.registration.guestNameTooLong", String(number), NumberText.count(PersonName.limit))
    }
}
