import Foundation
import SalesCore
import Testing

/// Each numeric health-care field takes the numbers Salesforce stores as typed: beds a whole count from 0,
/// money with cents, ratings 0–100; anything else is refused in the form, the field named.
@Suite struct NumberRuleTests {
    let en = Locale(identifier: "en_US")

    @Test(arguments: [
        (HealthCareField.numBeds, "2.5", "Number of Beds must be a whole number."),
        (.numBeds, "0.004", "Number of Beds must be a whole number."),
        (.numBeds, "-5", "Number of Beds must be 0 or more."),
        (.numBeds, "1,000,000", "Number of Beds takes at most 6 digits."),
        (
            .operatingIncome, "123456789012345678901234567890",
            "Operating Income takes at most 14 digits before the decimal point."
        ),
        (.operatingIncome, "10.005", "Operating Income takes at most 2 decimal places."),
        (.currentCleanRating, "100.5", "Room/Bathroom Clean Rating (Current) must be between 0 and 100."),
        (.cleanRatingStateAvg, "-1", "Clean Rating State Average must be between 0 and 100."),
        (.previousCleanRating, "71.555", "Room/Bathroom Clean Rating (Previous) takes at most 2 decimal places."),
    ])
    func aNumberTheFieldCannotHoldIsRefusedNamingIt(field: HealthCareField, text: String, message: String) {
        var form = HealthCareForm(HealthCareFormTests.hospital, locale: en)
        form.edit(field, text: text)
        #expect(form.errors == [field: message])
        #expect(!form.isValid)
        #expect(form.applied(to: HealthCareFormTests.hospital) == nil)
    }

    @Test(arguments: [
        (HealthCareField.numBeds, "0", 0.0), (.numBeds, "999,999", 999_999), (.numBeds, "250.00", 250),
        (.operatingIncome, "-1,250,000.75", -1_250_000.75),
        (.operatingIncome, "99999999999999.99", 99_999_999_999_999.99),
        (.currentCleanRating, "100", 100), (.cleanRatingNationalAvg, "0", 0), (.previousCleanRating, "71.50", 71.5),
    ])
    func aNumberTheFieldHoldsIsTaken(field: HealthCareField, text: String, value: Double) throws {
        var form = HealthCareForm(HealthCareFormTests.hospital, locale: en)
        form.edit(field, text: text)
        #expect(form.errors.isEmpty)
        #expect(try field.parse(text, locale: en).get() == value)
    }

    @Test func theRefusalReadsTheLocalesNumbers() {
        var form = HealthCareForm(HealthCareFormTests.hospital, locale: Locale(identifier: "de_DE"))
        form.edit(.numBeds, text: "2,5")
        #expect(form.errors[.numBeds] == "Number of Beds must be a whole number.")
        form.edit(.currentCleanRating, text: "100,5")
        #expect(form.errors[.currentCleanRating] == "Room/Bathroom Clean Rating (Current) must be between 0 and 100.")
        form.edit(.numBeds, text: "1.234")
        #expect(form.errors[.numBeds] == nil)
    }

    /// Only a field the person edits is checked: a value the org already holds is left as it is.
    @Test func aStoredValueOutsideTheRuleIsNotRefusedUntilEdited() {
        var account = HealthCareFormTests.hospital
        account.currentCleanRating = 120
        var form = HealthCareForm(account, locale: en)
        form.edit(.numBeds, text: "12")
        #expect(form.isValid)
        #expect(form.applied(to: account)?.currentCleanRating == 120)
    }
}
