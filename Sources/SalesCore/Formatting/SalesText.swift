import Foundation

/// The user-facing strings of the Sales screens, localized from `Resources/<lang>.lproj/Localizable.strings`.
public enum SalesText {
    static func localized(_ key: String) -> String {
        NSLocalizedString(key, bundle: .module, comment: "")
    }

    public static var untitled: String { localized("item.untitled") }
    public static var healthCareTitle: String { localized("healthcare.title") }
    public static var hospitalType: String { localized("healthcare.hospitalType") }
    public static var numBeds: String { localized("healthcare.numBeds") }
    public static var gpoAffiliations: String { localized("healthcare.gpoAffiliations") }
    public static var hcSystemName: String { localized("healthcare.hcSystemName") }
    public static var operatingIncome: String { localized("healthcare.operatingIncome") }
    public static var currentCleanRating: String { localized("healthcare.currentCleanRating") }
    public static var previousCleanRating: String { localized("healthcare.previousCleanRating") }
    public static var cleanRatingNationalAvg: String { localized("healthcare.cleanRatingNationalAvg") }
    public static var cleanRatingStateAvg: String { localized("healthcare.cleanRatingStateAvg") }
    public static var accountName: String { localized("account.name") }
    public static var phone: String { localized("account.phone") }
    public static var website: String { localized("account.website") }
    public static var industry: String { localized("account.industry") }
    public static var address: String { localized("account.address") }
    /// `'%@' is not a number. Write it like %@.`
    public static var invalidNumberFormat: String { localized("input.invalidNumber") }
    public static var know: String { localized("content.know") }
    public static var say: String { localized("content.say") }
    public static var show: String { localized("content.show") }
    /// `%@ changed on the server since you opened it. Reload to see the new version.`
    public static var conflictFormat: String { localized("banner.conflict") }
    /// `Saved offline; will be sent when the network returns.`
    public static var savedOffline: String { localized("banner.savedOffline") }
    /// `You were signed out. Sign in again.`
    public static var signedOut: String { localized("banner.signedOut") }
}
