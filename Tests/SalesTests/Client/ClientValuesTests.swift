import APIClient
import SalesCore
import Testing

/// The Salesforce client's ready-made values: the previews' hospital, and a client that sends nothing a test did
/// not give it.
@Suite struct ClientValuesTests {
    @Test func thePreviewHoldsAHospitalWithItsItems() async throws {
        let details = try await SalesforceClient.preview.retrieveAccount(id: SalesforceClient.previewHospitalID)
        #expect(details.account.name == "St. Mary's Regional Medical Center")
        #expect(details.notes.count == 1 && details.attachments.count == 1 && details.docs.count == 1)
        let other = try await SalesforceClient.preview.retrieveAccount(id: "001Q000000Demo3IAB")
        #expect(other.account.name == "Acme Products")
    }

    @Test func theUnimplementedClientSendsNothing() async {
        let client = SalesforceClient.unimplemented
        #expect(await client.session == nil)
        await #expect(throws: SalesforceError.self) { try await client.retrieveAccount(id: "001") }
        await #expect(throws: SalesforceError.self) { try await client.signIn(username: "a", password: "b") }
    }
}
