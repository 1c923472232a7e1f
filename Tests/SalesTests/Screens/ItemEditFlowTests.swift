import Foundation
import SalesCore
import Testing

/// Editing an item twice in one visit: the second save compares against the date the first one left on the
/// server, not the one the screen loaded, so it is not refused as a conflict.
@MainActor
@Suite struct ItemEditFlowTests {
    enum Kind: String, CaseIterable, Sendable {
        case note = "Visit with Dr. Alvarez"
        case attachment = "#1 FF Execute for Approval.pdf"
        case doc = "Icon Swap Challenge"
    }

    @Test(arguments: Kind.allCases)
    func twoEditsInARowAreBothSaved(_ kind: Kind) async throws {
        let harness = try await DevServerHarness.make()
        let client = try await harness.client()
        let model = try await DevServerHarness.hospitalScreen(client)
        await model.appeared()
        var title = kind.rawValue
        for round in 1...2 {
            let row = try #require(model.items.first { $0.title == title })
            harness.clock.advance(by: 60)
            model.itemEditTapped(id: row.id)
            let editor = try #require(model.editor)
            title = "Edit \(round) of \(kind)"
            editor.nameEdited(title)
            await model.editorSaveTapped()
            #expect(editor.errorMessage == nil, "round \(round): \(editor.errorMessage ?? "")")
            #expect(model.editor == nil)
            #expect(model.conflict == nil)
            #expect(model.items.contains { $0.title == title })
        }
        await model.refreshPulled()
        #expect(model.items.contains { $0.title == "Edit 2 of \(kind)" })
    }
}
