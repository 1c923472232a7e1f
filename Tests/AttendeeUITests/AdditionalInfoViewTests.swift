import AttendeeCore
import AttendeeModels
import SwiftUI
import Testing

@testable import AttendeeUI

/// The Additional Info step read as a person reads it.
@MainActor
struct AdditionalInfoViewTests {
    /// A greyed Submit says why under it, and what to do instead (Later); once every question has an answer the
    /// sentence goes and Submit can be tapped.
    @Test func aGreyedSubmitSaysWhatItWaitsFor() async throws {
        let fields = [
            AdditionalInfoField(key: "dietaryNeeds", label: "Dietary needs"),
            AdditionalInfoField(key: "tshirt", label: "T-shirt size"),
        ]
        let model = AdditionalInfoModel(client: AttendeeClient(), eventID: "e1", fields: fields)
        let host = ViewHost(NavigationStack { AdditionalInfoView(model: model) })
        await host.settle()
        let hint =
            "Submit needs an answer to every question, and each guest’s name and e-mail. Not decided yet? Choose Later."
        #expect(host.tree.find(.button, "Submit")?.isEnabled == false)
        #expect(host.tree.texts.contains(hint))
        try host.type("None", into: "Dietary needs")
        try host.type("M", into: "T-shirt size")
        #expect(host.tree.find(.button, "Submit")?.isEnabled == true)
        #expect(!host.tree.texts.contains(hint))
    }
}
