import Foundation
import SalesCore
import Testing

/// A value of the account made only of spaces (or empty) shows as a missing one does: `—`, by one rule.
@Suite struct BlankValueTests {
    @Test(arguments: ["", " ", "   ", "\n\t "])
    func aBlankValueShowsAsMissing(_ blank: String) throws {
        let account = Account(
            id: "001Q000000Demo1IAB", name: "St. Mary's", phone: blank, website: blank, industry: blank,
            billingStreet: blank, billingCity: "Springfield", billingState: blank, isHospital: true,
            hospitalType: blank, gpoAffiliations: blank, hcSystemName: blank)
        let general = Dictionary(uniqueKeysWithValues: InfoRow.general(account).map { ($0.label, $0.value) })
        #expect(general["Phone"] == "—")
        #expect(general["Website"] == "—")
        #expect(general["Industry"] == "—")
        #expect(general["Billing Address"] == "Springfield")
        let healthCare = try #require(HealthCareSection(account, locale: Locale(identifier: "en_US")))
        let rows = Dictionary(uniqueKeysWithValues: healthCare.rows.map { ($0.label, $0.value) })
        #expect(rows["Hospital Type"] == "—")
        #expect(rows["GPO Affiliations"] == "—")
        #expect(rows["Health Care System"] == "—")
        #expect(InfoRow.shown(blank) == InfoRow.shown(nil))
    }

    @Test func anAddressOfBlanksIsMissing() {
        let account = Account(billingStreet: " ", billingCity: "", billingState: "  ", billingPostalCode: "\t")
        #expect(InfoRow.general(account).first { $0.label == "Billing Address" }?.value == "—")
    }

    @Test @MainActor func anAccountNamedWithSpacesIsTitledAsAnUnnamedOne() async throws {
        let harness = try await DevServerHarness.make()
        // NB: as an org would answer for an account another tool saved with a name of spaces.
        let client = try await harness.client { request, standIn in
            let (data, response) = try await standIn.send(request)
            guard request.url?.path.contains("RetrieveAccount") == true else { return (data, response) }
            let text = String(decoding: data, as: UTF8.self)
            return (Data(text.replacingOccurrences(of: "Northside Surgical Supply", with: "   ").utf8), response)
        }
        let model = AccountScreenModel(
            accountID: EmptySectionTests.emptyAccountID, client: client, outbox: try await makeOutbox(),
            cache: .inMemory())
        await model.appeared()
        #expect(model.phase == .loaded)
        #expect(model.title == "Untitled")
        #expect(model.infoRows.first?.value == "—")
    }
}
