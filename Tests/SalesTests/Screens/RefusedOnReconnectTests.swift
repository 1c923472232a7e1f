import APIClient
import Foundation
import SalesCore
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A health-care save made offline that Salesforce refuses when the network returns (a validation rule's
/// `FIELD_CUSTOM_VALIDATION_EXCEPTION`, in its error array): the page shows the account as Salesforce has it, and
/// the refused change waits under "Changes Not Sent" with Salesforce's reason, as a conflicted one does.
@Suite struct RefusedOnReconnectTests {
    @Test @MainActor func aSaveRefusedOnReconnectLeavesThePageShowingSalesforcesVersion() async throws {
        let harness = try await DevServerHarness.make()
        let refusal = """
            [{"message": "Beds must match the licensed count on file.", "errorCode": "FIELD_CUSTOM_VALIDATION_EXCEPTION",
              "fields": ["texcellency__DefHC_NumBeds__c"]}]
            """
        let client = try await harness.client { request, standIn in
            guard request.httpMethod == "PATCH" else { return try await standIn.send(request) }
            let response = HTTPURLResponse(
                url: request.url!, statusCode: 400, httpVersion: nil,
                headerFields: ["Content-Type": "application/json"])!
            return (Data(refusal.utf8), response)
        }
        let model = try await DevServerHarness.hospitalScreen(client)
        await model.appeared()
        let before = try #require(model.details?.account.numBeds)
        model.editTapped()
        model.fieldEdited(.numBeds, text: "300")
        harness.wire.isDown = true
        await model.saveTapped()
        #expect(model.saveOutcome == .queued)
        #expect(model.details?.account.numBeds == 300)

        harness.wire.isDown = false
        await model.networkReturned()
        #expect(model.unsentEdits.count == 1)
        #expect(model.unsentEdits.first?.reason.contains("Beds must match the licensed count on file.") == true)
        #expect(model.unsentEdits.first?.canSendOver == false)
        #expect(model.banner?.failure != nil)
        #expect(model.details?.account.numBeds == before)
        #expect(model.healthCare?.rows.contains { $0.value == "300" } == false)
    }
}
