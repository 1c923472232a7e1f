import Foundation
import PublicInit

/// A Salesforce Account as the Sales app shows it, with the health-care fields.
///
/// Every field is optional: the Apex endpoint may omit any of them or send `null`, and a missing
/// value is shown as absent, never as zero.
@PublicInit
public struct Account: Sendable, Hashable, Codable {
    /// The 18-character Salesforce id.
    public var id: String?
    /// The account's name.
    public var name: String?
    /// The main phone number.
    public var phone: String?
    /// The website, as entered in Salesforce.
    public var website: String?
    /// The industry picklist value.
    public var industry: String?
    /// The account type (`Customer - Direct`, `Prospect`, …).
    public var type: String?
    /// Billing address: street.
    public var billingStreet: String?
    /// Billing address: city.
    public var billingCity: String?
    /// Billing address: state or province.
    public var billingState: String?
    /// Billing address: postal code.
    public var billingPostalCode: String?
    /// Billing address: country.
    public var billingCountry: String?
    /// When the record last changed on the server; the base of the conflict check.
    public var lastModifiedDate: Date?

    /// Whether the account is a hospital: only then is the "Health Care Info" section shown.
    public var isHospital: Bool?
    /// The kind of hospital (`Short Term Acute Care`, `Childrens`, …).
    public var hospitalType: String?
    /// The number of beds.
    public var numBeds: Double?
    /// Group purchasing organisations, comma-separated (see ``gpoAffiliationList``).
    public var gpoAffiliations: String?
    /// The health-care system (network) the hospital belongs to.
    public var hcSystemName: String?
    /// The hospital's operating income, an amount in ``currencyIsoCode``.
    public var operatingIncome: Double?
    /// The latest room/bathroom clean rating (a percentage, not a picklist).
    public var currentCleanRating: Double?
    /// The previous clean rating.
    public var previousCleanRating: Double?
    /// The national average clean rating.
    public var cleanRatingNationalAvg: Double?
    /// The state average clean rating.
    public var cleanRatingStateAvg: Double?
    /// The currency of the account's amounts (Salesforce's `CurrencyIsoCode`, `EUR`), sent only by an org with
    /// several currencies; absent means ``defaultCurrency``.
    public var currencyIsoCode: String? = nil

    /// The currency of an org with one currency, as the customer's is.
    public static let defaultCurrency = "USD"

    /// The currency the account's amounts are in: its own, else ``defaultCurrency``.
    public var currency: String {
        guard let code = currencyIsoCode?.trimmingCharacters(in: .whitespaces), code.count == 3 else {
            return Self.defaultCurrency
        }
        return code.uppercased()
    }

    /// The GPO affiliations as a list: split on commas, trimmed, empty entries dropped.
    public var gpoAffiliationList: [String] {
        get {
            (gpoAffiliations ?? "").split(separator: ",")
                .map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { !$0.isEmpty }
        }
        set { gpoAffiliations = newValue.isEmpty ? nil : newValue.joined(separator: ", ") }
    }

    enum CodingKeys: String, CodingKey {
        case id, name, phone, website, industry, type, billingStreet, billingCity, billingState, billingPostalCode
        case billingCountry, lastModifiedDate, isHospital, hospitalType, numBeds, gpoAffiliations, hcSystemName
        case operatingIncome, currentCleanRating, previousCleanRating, cleanRatingNationalAvg, cleanRatingStateAvg
        case currencyIsoCode
    }

    /// Decodes leniently: absent, null or mistyped fields become `nil`.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            id: c.lenientString(.id), name: c.lenientString(.name), phone: c.lenientString(.phone),
            website: c.lenientString(.website), industry: c.lenientString(.industry), type: c.lenientString(.type),
            billingStreet: c.lenientString(.billingStreet), billingCity: c.lenientString(.billingCity),
            billingState: c.lenientString(.billingState), billingPostalCode: c.lenientString(.billingPostalCode),
            billingCountry: c.lenientString(.billingCountry), lastModifiedDate: c.lenientDate(.lastModifiedDate),
            isHospital: c.lenientBool(.isHospital), hospitalType: c.lenientString(.hospitalType),
            numBeds: c.lenientDouble(.numBeds), gpoAffiliations: c.lenientString(.gpoAffiliations),
            hcSystemName: c.lenientString(.hcSystemName), operatingIncome: c.lenientDouble(.operatingIncome),
            currentCleanRating: c.lenientDouble(.currentCleanRating),
            previousCleanRating: c.lenientDouble(.previousCleanRating),
            cleanRatingNationalAvg: c.lenientDouble(.cleanRatingNationalAvg),
            cleanRatingStateAvg: c.lenientDouble(.cleanRatingStateAvg),
            currencyIsoCode: c.lenientString(.currencyIsoCode)
        )
    }

    /// Encodes the present fields only, dates in Salesforce's format.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeIfPresent(id, forKey: .id)
        try c.encodeIfPresent(name, forKey: .name)
        try c.encodeIfPresent(phone, forKey: .phone)
        try c.encodeIfPresent(website, forKey: .website)
        try c.encodeIfPresent(industry, forKey: .industry)
        try c.encodeIfPresent(type, forKey: .type)
        try c.encodeIfPresent(billingStreet, forKey: .billingStreet)
        try c.encodeIfPresent(billingCity, forKey: .billingCity)
        try c.encodeIfPresent(billingState, forKey: .billingState)
        try c.encodeIfPresent(billingPostalCode, forKey: .billingPostalCode)
        try c.encodeIfPresent(billingCountry, forKey: .billingCountry)
        try c.encodeIfPresent(lastModifiedDate.map(SalesforceDate.format), forKey: .lastModifiedDate)
        try c.encodeIfPresent(isHospital, forKey: .isHospital)
        try c.encodeIfPresent(hospitalType, forKey: .hospitalType)
        try c.encodeIfPresent(numBeds, forKey: .numBeds)
        try c.encodeIfPresent(gpoAffiliations, forKey: .gpoAffiliations)
        try c.encodeIfPresent(hcSystemName, forKey: .hcSystemName)
        try c.encodeIfPresent(operatingIncome, forKey: .operatingIncome)
        try c.encodeIfPresent(currentCleanRating, forKey: .currentCleanRating)
        try c.encodeIfPresent(previousCleanRating, forKey: .previousCleanRating)
        try c.encodeIfPresent(cleanRatingNationalAvg, forKey: .cleanRatingNationalAvg)
        try c.encodeIfPresent(cleanRatingStateAvg, forKey: .cleanRatingStateAvg)
        try c.encodeIfPresent(currencyIsoCode, forKey: .currencyIsoCode)
    }
}
