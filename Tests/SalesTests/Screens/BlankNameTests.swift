import Foundation
import SalesCore
import Testing

/// A name made only of spaces and line breaks (pasted, or a file's name) is no name: Save waits for one, as for an
/// empty name, and nothing is sent. Salesforce took it, and every row then showed "Untitled".
@MainActor
@Suite struct BlankNameTests {
    @Test(arguments: ["\n", " \r\n ", "\u{2028}", "\t\n"])
    func aNameOfOnlyLineBreaksIsNoName(_ typed: String) async throws {
        let harness = try await DevServerHarness.make()
        let model = try await DevServerHarness.hospitalScreen(try await harness.client())
        await model.appeared()
        model.addTapped(.note)
        let editor = try #require(model.editor)
        editor.nameEdited(typed)
        editor.textEdited("What the buyer said")

        #expect(!editor.canSave)
        #expect(editor.saveRefusal == "Give it a name to save it.")
        await model.editorSaveTapped()
        #expect(harness.wire.count("POST", pathSuffix: "/sobjects/Note") == 0)
        #expect(model.editor === editor)
    }
}
