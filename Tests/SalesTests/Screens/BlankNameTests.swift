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

/// A name with a line break (or another character a rep cannot see) inside it is refused in the editor, saying
/// where, and nothing is sent; the spaces and line breaks around a name are trimmed as it is sent (a pasted
/// title's), as Change Jar's titles and Attendee's names are. A name stored before is kept until it is changed.
@MainActor
@Suite struct NameOnOneLineTests {
    @Test(arguments: [
        (
            ItemEditorModel.Kind.note, "Site visit\nnorth wing",
            "The title must be one line: take out the line break after “Site visit”."
        ),
        (.note, "Site visit\u{2028}north", "The title must be one line: take out the line break after “Site visit”."),
        (.doc, "Plan\tQ3", "The name must be one line of plain text: take out the hidden character after “Plan”."),
        (.doc, "\u{202E}nalP", "The name must be one line of plain text: take out the hidden character at its start."),
    ])
    func aNameThatIsNotOneLineIsRefusedSayingWhere(kind: ItemEditorModel.Kind, typed: String, said: String)
        async throws
    {
        let harness = try await DevServerHarness.make()
        let model = try await DevServerHarness.hospitalScreen(try await harness.client())
        await model.appeared()
        model.addTapped(kind)
        let editor = try #require(model.editor)
        editor.nameEdited(typed)
        editor.textEdited("What the buyer said")
        editor.urlEdited("https://docs.google.com/document/d/1")

        #expect(!editor.canSave)
        #expect(editor.saveRefusal == said)
        await model.editorSaveTapped()
        #expect(harness.wire.count("POST", pathSuffix: kind == .note ? "/sobjects/Note" : "/sobjects/GoogleDoc") == 0)
        #expect(model.editor === editor)
    }

    @Test func theLineBreaksAroundANameAreTrimmedAsItIsSent() async throws {
        let harness = try await DevServerHarness.make()
        let model = try await DevServerHarness.hospitalScreen(try await harness.client())
        await model.appeared()
        model.addTapped(.note)
        let editor = try #require(model.editor)
        editor.nameEdited("\n  Site visit \r\n")
        editor.textEdited("What the buyer said")
        #expect(editor.canSave)
        await model.editorSaveTapped()
        #expect(harness.wire.bodies("POST", path: "/sobjects/Note").last?["Title"] == .string("Site visit"))
    }

    /// A note stored with a line break in its title (before this rule, or by another tool) opens and saves a new
    /// text without the rep having to rename it; a renamed one keeps the rule.
    @Test func aNameStoredBeforeIsKeptUntilItIsChanged() async throws {
        let harness = try await DevServerHarness.make()
        let client = try await harness.client()
        let stored = try await client.create(
            Note(name: "Visit\nnorth wing", text: "first"), accountID: DevServerHarness.hospitalID)
        let model = try await DevServerHarness.hospitalScreen(client)
        await model.appeared()
        model.itemEditTapped(id: try #require(stored.id))
        let editor = try #require(model.editor)
        editor.textEdited("second")
        #expect(editor.canSave)
        editor.nameEdited("Visit\nsouth wing")
        #expect(editor.saveRefusal == "The title must be one line: take out the line break after “Visit”.")
    }
}
