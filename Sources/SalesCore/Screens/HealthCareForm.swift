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
    }

    /// Records an edit, checking a numeric field at once.
    public mutating func edit(_ field: HealthCareField, text newText: String) {
        text[field] = newText
        errors[field] = nil
        if field.isNumeric, case .failure(let invalid) = DecimalInput.parse(newText, locale: locale) {
            errors[field] = invalid.message
        }
    }

    /// Whether every field is acceptable.
    public var isValid: Bool { errors.isEmpty }

    /// The account with the form's values applied, or `nil` while a field is refused.
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
        account.hospitalType = string(.hospitalType)
        account.numBeds = number(.numBeds)
        account.gpoAffiliations = string(.gpoAffiliations)
        account.hcSystemName = string(.hcSystemName)
        account.operatingIncome = number(.operatingIncome)
        account.currentCleanRating = number(.currentCleanRating)
        account.previousCleanRating = number(.previousCleanRating)
        account.cleanRatingNationalAvg = number(.cleanRatingNationalAvg)
        account.cleanRatingStateAvg = number(.cleanRatingStateAvg)
        return account
    }
}
