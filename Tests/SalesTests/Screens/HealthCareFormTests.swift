import Foundation
import SalesCore
import Testing

/// Saving the health-care form writes the fields the person edited, and only those.
@Suite struct HealthCareFormTests {
    static var hospital: Account {
        var account = Account(id: "001Q000000Demo1IAB", name: "St. Mary's Regional Medical Center")
        account.isHospital = true
        account.hospitalType = "Short Term Acute Care"
        account.numBeds = 250
        account.gpoAffiliations = "Premier, Vizient"
        account.hcSystemName = "Mercy Health"
        account.operatingIncome = 1_234_567.891234567
        account.currentCleanRating = 70.123456789
        account.previousCleanRating = 68.5
        account.cleanRatingNationalAvg = 71.25
        account.cleanRatingStateAvg = 69.75
        return account
    }

    @Test func aNumberWithMoreDecimalsThanTheFormShowsSurvivesAnEditOfAnotherField() throws {
        var form = HealthCareForm(Self.hospital, locale: Locale(identifier: "en_US"))
        form.edit(.numBeds, text: "260")
        let saved = try #require(form.applied(to: Self.hospital))
        #expect(saved.numBeds == 260)
        #expect(saved.currentCleanRating == 70.123456789)
        #expect(saved.operatingIncome == 1_234_567.891234567)
        var expected = Self.hospital
        expected.numBeds = 260
        #expect(saved == expected)
    }

    @Test func inArabicEgyptTheOtherNumbersAreKeptWhenTheBedsAreEdited() throws {
        let locale = Locale(identifier: "ar_EG")
        var form = HealthCareForm(Self.hospital, locale: locale)
        // The form writes the numbers with the locale's own digits, which DecimalInput does not read back.
        let shown = try #require(form.text[.previousCleanRating])
        #expect(shown.contains { !$0.isASCII }, "\(shown)")
        form.edit(.numBeds, text: "300")
        #expect(form.isValid)
        let saved = try #require(form.applied(to: Self.hospital))
        var expected = Self.hospital
        expected.numBeds = 300
        #expect(saved == expected)
    }

    @Test func anEditedFieldIsApplied() throws {
        var form = HealthCareForm(Self.hospital, locale: Locale(identifier: "de_DE"))
        form.edit(.currentCleanRating, text: "72,5")
        form.edit(.hcSystemName, text: "  Trinity Health ")
        let saved = try #require(form.applied(to: Self.hospital))
        #expect(saved.currentCleanRating == 72.5)
        #expect(saved.hcSystemName == "Trinity Health")
        #expect(saved.previousCleanRating == 68.5)
        #expect(form.editedFields == [.currentCleanRating, .hcSystemName])
    }

    @Test func aClearedFieldIsCleared() throws {
        var form = HealthCareForm(Self.hospital, locale: Locale(identifier: "en_US"))
        form.edit(.currentCleanRating, text: "")
        form.edit(.gpoAffiliations, text: " ")
        let saved = try #require(form.applied(to: Self.hospital))
        #expect(saved.currentCleanRating == nil)
        #expect(saved.gpoAffiliations == nil)
        #expect(saved.numBeds == 250)
    }

    @Test func aFieldTypedBackToWhatItWasIsNotAnEdit() throws {
        var form = HealthCareForm(Self.hospital, locale: Locale(identifier: "en_US"))
        let shown = try #require(form.text[.currentCleanRating])
        form.edit(.currentCleanRating, text: "1")
        form.edit(.currentCleanRating, text: shown)
        #expect(form.editedFields.isEmpty)
        #expect(form.applied(to: Self.hospital) == Self.hospital)
    }
}
