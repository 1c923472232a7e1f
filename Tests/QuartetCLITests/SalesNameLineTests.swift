import Foundation
import Testing

/// `quartet sales` keeps the editor's one-line rule of a name: a line break inside a note's title, a doc's or an
/// attachment's name is refused in the editor's sentence and nothing is sent; one around it is trimmed away.
@Suite struct SalesNameLineTests {
    let hospital = "001Q000000Demo1IAB"

    @Test func aNameWithALineBreakInsideIsRefusedAndOneAroundItIsTrimmed() async throws {
        let cli = try await SalesCLI.make()
        defer { try? FileManager.default.removeItem(at: cli.dataDirectory) }
        await cli.signIn()

        let note = await cli.run(["note", "add", hospital, "--title", "Call back\nDr. Alvarez", "--body", "new wing"])
        #expect(note.code == 1)
        #expect(note.errors == "quartet: The title must be one line: take out the line break after “Call back”.\n")
        let doc = await cli.run([
            "doc", "add", hospital, "--name", "Price\u{202E}list", "--url", "https://docs.google.com/d/1",
        ])
        #expect(doc.code == 1)
        #expect(
            doc.errors
                == "quartet: The name must be one line of plain text: take out the hidden character after “Price”.\n")
        #expect(!cli.requests.all.contains { $0.hasPrefix("POST ") && $0.contains("/sobjects/") })

        let trimmed = await cli.run(["note", "add", hospital, "--title", "Call back\n", "--body", "new wing", "--json"])
        #expect(trimmed.code == 0, "\(trimmed.errors)")
        let rows = try JSONDecoder().decode(
            [[String: String]].self, from: Data(await cli.run(["items", hospital, "--json"]).output.utf8))
        #expect(rows.contains { $0["name"] == "Call back" && $0["kind"] == "note" })
    }
}
