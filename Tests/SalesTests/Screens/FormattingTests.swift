import Foundation
import SalesCore
import Testing

@Suite struct ItemRowTests {
    let utc = TimeZone(identifier: "UTC")!

    @Test func rowShowsNameDateAndTheKindsThirdDatum() throws {
        let date = try #require(SalesforceDate.parse("2015-02-04T03:26:49.000Z"))
        let attachment = ItemRow(
            .attachment(
                Attachment(id: "00P", name: "Plan.pdf", lastModifiedDate: date, contentType: "application/pdf")),
            locale: Locale(identifier: "en_US"), timeZone: utc)
        #expect(
            attachment == ItemRow(id: "00P", kind: .attachment, title: "Plan.pdf", date: "Feb 4, 2015", detail: "PDF"))

        let doc = ItemRow(
            .doc(
                GoogleDoc(
                    id: "098", name: "Icon Swap Challenge", lastModifiedDate: date,
                    url:
                        "https://docs.google.com/a/appirio.com/document/d/14SCnpf_Zn54QYxMveEfuXuQTda58XsitmxqNDffal7A/edit"
                )),
            timeZone: utc)
        #expect(doc.detail == "docs.google.com/a/appirio.com/d…")
        #expect(doc.detail?.count == ItemRow.urlDisplayLength)

        let note = ItemRow(.note(Note(id: "002", name: "Visit", lastModifiedDate: date, text: "x")), timeZone: utc)
        #expect(note.detail == nil)
        #expect(note.kind == .note)
    }

    /// An attachment's kind is told in words, never as its MIME type.
    @Test(arguments: [
        ("image/jpeg", "JPEG image"), ("IMAGE/PNG", "PNG image"), ("image/heic", "HEIC image"),
        ("application/pdf; name=x.pdf", "PDF"), ("text/plain", "Text"),
        ("application/vnd.openxmlformats-officedocument.wordprocessingml.document", "Office document"),
        ("application/msword", "Office document"), ("application/vnd.oasis.opendocument.text", "OpenDocument"),
        ("application/zip", "File"), ("application/octet-stream", "File"),
    ])
    func anAttachmentsKindIsInWords(_ mimeType: String, _ words: String) {
        let row = ItemRow(.attachment(Attachment(id: "00P", name: "x", contentType: mimeType)), timeZone: utc)
        #expect(row.detail == words)
    }

    /// The row's date is written as the screen's locale writes dates, in its time zone.
    @Test func theDateFollowsTheLocaleAndZone() throws {
        let date = try #require(SalesforceDate.parse("2015-01-01T03:00:00.000Z"))
        let note = AccountItem.note(Note(id: "002", name: "Visit", lastModifiedDate: date, text: "x"))
        #expect(ItemRow(note, locale: Locale(identifier: "en_US"), timeZone: utc).date == "Jan 1, 2015")
        #expect(ItemRow(note, locale: Locale(identifier: "en_GB"), timeZone: utc).date == "1 Jan 2015")
        #expect(ItemRow(note, locale: Locale(identifier: "de_DE"), timeZone: utc).date == "01.01.2015")
        let pacific = TimeZone(identifier: "America/Los_Angeles")!
        #expect(ItemRow(note, locale: Locale(identifier: "en_US"), timeZone: pacific).date == "Dec 31, 2014")
    }

    /// A currency the account names is read whatever its case; one that is not a code is the default.
    @Test func theAccountsCurrencyIsItsCodeOrUSD() throws {
        #expect(Account().currency == "USD")
        #expect(Account(currencyIsoCode: "eur").currency == "EUR")
        #expect(Account(currencyIsoCode: "").currency == "USD")
        let decoded = try JSONDecoder().decode(Account.self, from: Data(#"{"currencyIsoCode": "GBP"}"#.utf8))
        #expect(decoded.currency == "GBP")
        #expect(String(decoding: try JSONEncoder().encode(Account(name: "x")), as: UTF8.self) == #"{"name":"x"}"#)
    }

    @Test func dateIsMonthDayYearInTheGivenZone() throws {
        let date = try #require(SalesforceDate.parse("2015-01-01T03:00:00.000Z"))
        #expect(ItemRow.shortDate(date, timeZone: utc) == "01/01/15")
        #expect(ItemRow.shortDate(date, timeZone: TimeZone(identifier: "America/Los_Angeles")!) == "12/31/14")
    }

    @Test func missingFieldsShowAsAbsentNotAsCrashes() {
        let row = ItemRow(.attachment(Attachment()), timeZone: utc)
        #expect(row.title == "Untitled")
        #expect(row.date == "")
        #expect(row.detail == nil)
    }

    @Test func shortURLsAreKeptWhole() {
        #expect(ItemRow.truncatedURL("http://www.example.com/a") == "example.com/a")
        #expect(ItemRow.truncatedURL("  https://docs.google.com/d/1 ") == "docs.google.com/d/1")
    }
}

@Suite struct HealthCareSectionTests {
    let en = Locale(identifier: "en_US")

    @Test func shownOnlyWhenIsHospitalIsTrue() {
        #expect(HealthCareSection(Account(isHospital: true), locale: en) != nil)
        #expect(HealthCareSection(Account(isHospital: false, numBeds: 10), locale: en) == nil)
        #expect(HealthCareSection(Account(numBeds: 10), locale: en) == nil)
    }

    @Test func rowsArePopulatedFromTheFieldsAndAbsentOnesShowADash() throws {
        let section = try #require(
            HealthCareSection(
                Account(isHospital: true, numBeds: 240, gpoAffiliations: "Premier, Vizient", currentCleanRating: 71.5),
                locale: en))
        #expect(section.title == "Health Care Info")
        let values = Dictionary(uniqueKeysWithValues: section.rows.map { ($0.label, $0.value) })
        #expect(values["Number of Beds"] == "240")
        #expect(values["Room/Bathroom Clean Rating (Current)"] == "71.5")
        #expect(values["Hospital Type"] == "—")
        #expect(values["Operating Income"] == "—")
        #expect(section.gpoAffiliations == ["Premier", "Vizient"])
        #expect(section.rows.count == 9)
    }

    /// Operating Income is money: written as the locale writes its currency, in USD unless the account names
    /// its own; the form still takes and gives back a plain number.
    @Test func operatingIncomeIsMoneyInTheAccountsCurrency() throws {
        func income(_ account: Account, _ locale: String) throws -> String? {
            try #require(HealthCareSection(account, locale: Locale(identifier: locale))).rows
                .first { $0.label == "Operating Income" }?.value
        }
        let dollars = Account(isHospital: true, operatingIncome: 18_250_000.5)
        #expect(try income(dollars, "en_US") == "$18,250,000.50")
        let german = try #require(try income(dollars, "de_DE"))
        #expect(german.contains("18.250.000,50") && german.contains("$"), "\(german)")
        var euros = dollars
        euros.currencyIsoCode = "EUR"
        #expect(try income(euros, "en_US") == "€18,250,000.50")

        var form = HealthCareForm(dollars, locale: en)
        #expect(form.text[.operatingIncome] == "18250000.5")
        form.edit(.operatingIncome, text: "18,250,000.75")
        #expect(form.applied(to: dollars)?.operatingIncome == 18_250_000.75)
    }

    /// A refused field's example is a whole number where the field counts (beds), else one with a fraction.
    @Test func aRefusedCountShowsAWholeNumberExample() {
        var form = HealthCareForm(Account(isHospital: true), locale: en)
        form.edit(.numBeds, text: "12x")
        form.edit(.currentCleanRating, text: "7x")
        #expect(form.errors[.numBeds] == "'12x' is not a number. Write it like 1,234.")
        #expect(form.errors[.currentCleanRating] == "'7x' is not a number. Write it like 1,234.5.")
    }

    @Test func numbersFollowTheLocale() throws {
        let section = try #require(
            HealthCareSection(Account(isHospital: true, currentCleanRating: 71.5), locale: Locale(identifier: "de_DE")))
        #expect(section.rows.contains { $0.value == "71,5" })
    }
}

@Suite struct DecimalInputTests {
    @Test(arguments: [
        ("71.5", "en_US", 71.5), ("1,234.5", "en_US", 1234.5), ("-3", "en_US", -3.0), ("71,5", "de_DE", 71.5),
        ("1.234,5", "de_DE", 1234.5), ("1 234,5", "fr_FR", 1234.5), ("  80 ", "en_US", 80.0),
        // The digits a locale writes, as the form shows them there, and any script's digits anywhere.
        ("١٬٢٣٤٫٥", "ar_EG", 1234.5), ("١٢٣٤", "ar_EG", 1234.0), ("71٫75", "ar_EG", 71.75), ("٣", "en_US", 3.0),
        ("१२३", "hi_IN", 123.0),
    ])
    func acceptsTheLocalesWayOfWritingNumbers(text: String, locale: String, expected: Double) throws {
        let value = try DecimalInput.parse(text, locale: Locale(identifier: locale)).get()
        #expect(value == expected)
    }

    @Test(arguments: [
        ("71,5", "en_US"), ("71.5", "de_DE"), ("abc", "en_US"), ("7.1.5", "en_US"), ("1,23.5", "en_US"),
        ("--5", "en_US"), ("5e3", "en_US"), ("½", "en_US"), ("²", "en_US"),
    ])
    func refusesAnythingElseWithAMessage(text: String, locale: String) {
        let result = DecimalInput.parse(text, locale: Locale(identifier: locale))
        guard case .failure(let invalid) = result else {
            Issue.record("'\(text)' in \(locale) should be refused, got \(result)")
            return
        }
        #expect(invalid.message.contains("is not a number"))
    }

    /// The example the refusal gives is read back: a person who types what the message shows is not refused again.
    @Test(arguments: ["en_US", "de_DE", "fr_FR", "ar_EG", "hi_IN", "fa_IR"])
    func theRefusalsExampleIsANumber(locale: String) throws {
        let locale = Locale(identifier: locale)
        let example = DecimalInput.display(1234.5, locale: locale)
        #expect(try DecimalInput.parse(example, locale: locale).get() == 1234.5, "\(example)")
    }

    @Test func emptyMeansCleared() throws {
        #expect(try DecimalInput.parse("  ", locale: Locale(identifier: "en_US")).get() == nil)
    }
}

@Suite struct KnowSayShowSectionTests {
    @Test func threeSectionsInOrderWithDescriptionsAsRowText() {
        let content = WebContent(
            contentsforShow: [ContentVersion(id: "068b", title: "Deck", contentDocumentID: "069b")],
            contentsforKnow: [ContentVersion(id: "068a", title: "T", description: "Facts", contentDocumentID: "069a")])
        let sections = KnowSayShowSection.sections(content)
        #expect(sections.map(\.kind) == [.know, .say, .show])
        #expect(sections.map(\.title) == ["Know", "Say", "Show"])
        #expect(sections[0].rows.map(\.text) == ["Facts"])
        #expect(sections[0].isExpanded)
        #expect(!sections[2].isExpanded)
        #expect(sections[1].rows.isEmpty)
        #expect(sections[2].rows.first?.text == "Deck")
        #expect(KnowSayShowSection.minimumRowHeight >= 44)
        #expect(KnowSayShowSection.separatorColor.red > 0.7 && KnowSayShowSection.separatorColor.red < 0.95)
    }
}
