import Foundation

/// The "Health Care Info" section of the account screen; it exists only for hospitals.
public struct HealthCareSection: Sendable, Hashable {
    /// The section's title.
    public var title: String
    /// Label/value rows in display order; an absent value shows as an em dash.
    public var rows: [InfoRow]
    /// The GPO affiliations as a list (the comma-separated field split).
    public var gpoAffiliations: [String]

    /// The section for an account, or `nil` unless `isHospital == true`.
    public init?(_ account: Account, locale: Locale = .current) {
        guard account.isHospital == true else { return nil }
        func number(_ value: Double?) -> String {
            value.map { DecimalInput.display($0, locale: locale) } ?? SalesText.noValue
        }
        let text = InfoRow.shown
        title = SalesText.healthCareTitle
        gpoAffiliations = account.gpoAffiliationList
        rows = [
            InfoRow(label: SalesText.hospitalType, value: text(account.hospitalType)),
            InfoRow(label: SalesText.numBeds, value: number(account.numBeds)),
            InfoRow(label: SalesText.gpoAffiliations, value: text(account.gpoAffiliations)),
            InfoRow(label: SalesText.hcSystemName, value: text(account.hcSystemName)),
            InfoRow(
                label: SalesText.operatingIncome,
                value: account.operatingIncome.map { Self.money($0, currency: account.currency, locale: locale) }
                    ?? SalesText.noValue),
            InfoRow(label: SalesText.currentCleanRating, value: number(account.currentCleanRating)),
            InfoRow(label: SalesText.previousCleanRating, value: number(account.previousCleanRating)),
            InfoRow(label: SalesText.cleanRatingNationalAvg, value: number(account.cleanRatingNationalAvg)),
            InfoRow(label: SalesText.cleanRatingStateAvg, value: number(account.cleanRatingStateAvg)),
        ]
    }
}

extension HealthCareSection {
    /// An amount of money as `locale` writes it in `currency` (`$18,250,000.50` in en_US for USD).
    public static func money(_ amount: Double, currency: String, locale: Locale) -> String {
        let formatter = NumberFormatter()
        formatter.locale = locale
        formatter.numberStyle = .currency
        formatter.currencyCode = currency
        return formatter.string(from: NSNumber(value: amount)) ?? DecimalInput.display(amount, locale: locale)
    }
}

/// One label and value of an info section.
public struct InfoRow: Sendable, Hashable {
    /// The field's label.
    public var label: String
    /// The value as shown; `—` when absent.
    public var value: String

    /// `value` as a row shows it: ``SalesText/noValue`` when it has no words (absent, empty, or only spaces and line
    /// breaks), the one rule for a missing value of every account row.
    ///
    /// NB: an org's field of spaces (saved by another tool, or a bulk import) drew a row with a label and nothing
    /// beside it, which read as a value the app had lost rather than one nobody gave.
    public static func shown(_ value: String?) -> String {
        words(value) ?? SalesText.noValue
    }

    /// `value` when it holds any words, else `nil`.
    static func words(_ value: String?) -> String? {
        guard let value, !value.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return nil }
        return value
    }

    /// The general info rows of an account (name, phone, website, address), absent values as `—`.
    public static func general(_ account: Account) -> [InfoRow] {
        let text = shown
        let address = [account.billingStreet, account.billingCity, account.billingState, account.billingPostalCode]
            .compactMap(words).joined(separator: ", ")
        return [
            InfoRow(label: SalesText.accountName, value: text(account.name)),
            InfoRow(label: SalesText.phone, value: text(account.phone)),
            InfoRow(label: SalesText.website, value: text(account.website)),
            InfoRow(label: SalesText.industry, value: text(account.industry)),
            InfoRow(label: SalesText.address, value: text(address)),
        ]
    }
}
