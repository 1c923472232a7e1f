import Foundation

/// The editable health-care fields of an account.
public enum HealthCareField: String, Sendable, Hashable, CaseIterable, Codable {
    case hospitalType, numBeds, gpoAffiliations, hcSystemName, operatingIncome
    case currentCleanRating, previousCleanRating, cleanRatingNationalAvg, cleanRatingStateAvg

    /// Whether the field takes a number (locale-aware decimal input) rather than text.
    public var isNumeric: Bool {
        switch self {
        case .hospitalType, .gpoAffiliations, .hcSystemName: false
        default: true
        }
    }

    /// What the field's number may be (Salesforce's digits, and its range); `nil` for a text field.
    ///
    /// The beds are a count (whole, from 0), the operating income money (cents, may be negative), the clean
    /// ratings percentages (0–100).
    public var rule: NumberRule? {
        switch self {
        case .hospitalType, .gpoAffiliations, .hcSystemName: nil
        case .numBeds: .count
        case .operatingIncome: .money
        case .currentCleanRating, .previousCleanRating, .cleanRatingNationalAvg, .cleanRatingStateAvg: .percentage
        }
    }

    /// The most text the field holds, in UTF-16 code units as Salesforce counts them; `nil` for a numeric field.
    ///
    /// The three are custom Text fields, which hold at most 255 characters (the stand-in's schema has the same).
    /// NB: longer text was refused only by the org (`STRING_TOO_LONG`); saved offline it waited in the outbox, to be
    /// refused at sync with nothing left to do but discard it.
    public var maxLength: Int? { isNumeric ? nil : 255 }

    /// Why `text`, typed into this text field, cannot be saved (longer than ``maxLength`` once trimmed, as it is
    /// sent); `nil` when it can, or for a numeric field.
    public func refusal(ofText text: String) -> String? {
        guard let maxLength else { return nil }
        let length = text.trimmingCharacters(in: .whitespacesAndNewlines).utf16.count
        return length > maxLength ? SalesText.tooLong(label, limit: maxLength, length: length) : nil
    }

    /// Reads `text` typed into this numeric field: `nil` when empty; refused, with a sentence naming the field,
    /// when it is not a number or not one the field holds (``rule``).
    public func parse(_ text: String, locale: Locale) -> Result<Double?, DecimalInput.Invalid> {
        DecimalInput.canonical(text, locale: locale, example: example).flatMap { canonical in
            if let canonical, let refusal = rule?.refusal(canonical, field: label, locale: locale) {
                return .failure(DecimalInput.Invalid(text: text, message: refusal))
            }
            return DecimalInput.parse(text, locale: locale, example: example)
        }
    }

    /// The number a refused field's message shows as an example: a whole one for a count (beds), else one with a
    /// fraction.
    public var example: Double { self == .numBeds ? 1234 : 1234.5 }

    /// The field's Salesforce name (``AccountField``).
    public var salesforceName: String {
        switch self {
        case .hospitalType: AccountField.hospitalType
        case .numBeds: AccountField.numBeds
        case .gpoAffiliations: AccountField.gpoAffiliations
        case .hcSystemName: AccountField.hcSystemName
        case .operatingIncome: AccountField.operatingIncome
        case .currentCleanRating: AccountField.currentCleanRating
        case .previousCleanRating: AccountField.previousCleanRating
        case .cleanRatingNationalAvg: AccountField.cleanRatingNationalAvg
        case .cleanRatingStateAvg: AccountField.cleanRatingStateAvg
        }
    }

    /// The field's label.
    public var label: String {
        switch self {
        case .hospitalType: SalesText.hospitalType
        case .numBeds: SalesText.numBeds
        case .gpoAffiliations: SalesText.gpoAffiliations
        case .hcSystemName: SalesText.hcSystemName
        case .operatingIncome: SalesText.operatingIncome
        case .currentCleanRating: SalesText.currentCleanRating
        case .previousCleanRating: SalesText.previousCleanRating
        case .cleanRatingNationalAvg: SalesText.cleanRatingNationalAvg
        case .cleanRatingStateAvg: SalesText.cleanRatingStateAvg
        }
    }
}

/// The health-care edit form: the text in each field and the message for each refused one.
public struct HealthCareForm: Sendable, Hashable {
    /// The text of each field as the person typed it.
    public var text: [HealthCareField: String]
    /// A message for each field whose text is not a number.
    public var errors: [HealthCareField: String]
    /// How numbers are written and read.
    public let locale: Locale
    /// The text each field was filled with: a field whose text is still this was not edited.
    private let filled: [HealthCareField: String]

    /// A form filled from an account, numbers written the locale's way.
    public init(_ account: Account, locale: Locale = .current) {
        self.locale = locale
        errors = [:]
        func number(_ value: Double?) -> String {
            guard let value else { return "" }
            let formatter = NumberFormatter()
            formatter.locale = locale
            formatter.numberStyle = .decimal
            formatter.usesGroupingSeparator = false
            formatter.maximumFractionDigits = 6
            return formatter.string(from: NSNumber(value: value)) ?? LenientNumber.text(value)
        }
        text = [
            .hospitalType: account.hospitalType ?? "", .numBeds: number(account.numBeds),
            .gpoAffiliations: account.gpoAffiliations ?? "", .hcSystemName: account.hcSystemName ?? "",
            .operatingIncome: number(account.operatingIncome),
            .currentCleanRating: number(account.currentCleanRating),
            .previousCleanRating: number(account.previousCleanRating),
            .cleanRatingNationalAvg: number(account.cleanRatingNationalAvg),
            .cleanRatingStateAvg: number(account.cleanRatingStateAvg),
        ]
        filled = text
    }

    /// Records an edit, checking it at once: a number against its ``HealthCareField/rule``, text against its
    /// ``HealthCareField/maxLength``. Text typed back to what the form was filled with is no edit, and is not
    /// checked (the org's value stays as it is).
    public mutating func edit(_ field: HealthCareField, text newText: String) {
        text[field] = newText
        errors[field] = nil
        guard newText != filled[field] else { return }
        if !field.isNumeric {
            errors[field] = field.refusal(ofText: newText)
        } else if case .failure(let invalid) = field.parse(newText, locale: locale) {
            errors[field] = invalid.message
        }
    }

    /// Whether every field is acceptable.
    public var isValid: Bool { errors.isEmpty }

    /// The fields whose text the person changed from what the form was filled with.
    public var editedFields: Set<HealthCareField> {
        Set(HealthCareField.allCases.filter { text[$0] ?? "" != filled[$0] ?? "" })
    }

    /// The account with the edited fields applied, or `nil` while a field is refused.
    ///
    /// Only the fields the person edited are written: the others keep the account's exact values, which the
    /// form's text may not carry (a number shown to six decimals at most).
    public func applied(to account: Account) -> Account? {
        guard isValid else { return nil }
        var account = account
        func string(_ field: HealthCareField) -> String? {
            let value = (text[field] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
            return value.isEmpty ? nil : value
        }
        func number(_ field: HealthCareField) -> Double? {
            (try? DecimalInput.parse(text[field] ?? "", locale: locale).get()) ?? nil
        }
        for field in editedFields {
            switch field {
            case .hospitalType: account.hospitalType = string(field)
            case .numBeds: account.numBeds = number(field)
            case .gpoAffiliations: account.gpoAffiliations = string(field)
            case .hcSystemName: account.hcSystemName = string(field)
            case .operatingIncome: account.operatingIncome = number(field)
            case .currentCleanRating: account.currentCleanRating = number(field)
            case .previousCleanRating: account.previousCleanRating = number(field)
            case .cleanRatingNationalAvg: account.cleanRatingNationalAvg = number(field)
            case .cleanRatingStateAvg: account.cleanRatingStateAvg = number(field)
            }
        }
        return account
    }
}
