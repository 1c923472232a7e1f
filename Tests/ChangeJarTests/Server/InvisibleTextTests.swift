import ChangeJarCore
import ChangeJarModels
import DatabaseTestSupport
import Foundation
import HTTPServer
import Testing

/// A title or text of characters that draw nothing is blank, and characters that reorder the words after them are
/// not text: the app, the server and the command line refuse both under the one rule (`ActionRules`).
@Suite struct InvisibleTextTests {
    /// Titles that show nothing at all: zero-width spaces and joiners, a byte-order mark, direction marks, the
    /// Hangul filler, a word joiner; the spaces around them are trimmed.
    static let blankTitles = [
        "\u{200B}", " \u{200B}\u{200B} ", "\u{FEFF}", "\u{200D}\u{200C}", "\u{200E}\u{200F}", "\u{3164}",
        "\u{2060}", "\u{00AD}",
    ]

    /// Right-to-left and left-to-right overrides, embeddings and isolates: "\u{202E}kcab emoc I" reads as "I come
    /// back" wherever it is drawn, while the jar keeps (and searches) the reversed words.
    static let reordering = ["\u{202E}kcab emoc I", "Walk \u{202D}to\u{202C} work", "Walk \u{2067}daily\u{2069}"]

    @Test func theRuleCallsInvisibleTextBlankAndReorderingCharactersControls() {
        for title in Self.blankTitles {
            #expect(
                ActionRules.violation(title: title, content: "Daily.")?.field == "title", "\(title.debugDescription)")
            #expect(ActionRules.violation(title: title, content: "Daily.")?.rule == .length)
            #expect(ActionRules.violation(title: "Walk", content: title)?.field == "content")
            #expect(ActionRules.violation(title: "Walk", content: title)?.rule == .length)
        }
        for text in Self.reordering {
            #expect(ActionRules.violation(title: text, content: "Daily.")?.rule == .controlCharacters)
            #expect(ActionRules.violation(title: "Walk", content: text)?.rule == .controlCharacters)
        }
        // Text with something to see keeps its invisible characters: a joiner inside an emoji, a direction mark
        // between Hebrew and digits, a soft hyphen in a long word.
        for fine in ["👩\u{200D}💻 Code less", "שלום\u{200F} 2026", "Extra\u{00AD}ordinary"] {
            #expect(ActionRules.violation(title: fine, content: fine) == nil, "\(fine.debugDescription)")
        }
    }

    @Test(arguments: DatabaseKind.eachDialect)
    func theServerRefusesThemAndKeepsNothing(_ kind: DatabaseKind) async throws {
        try await withServer(kind) { server in
            let alice = try await server.signIn(.google, "alice")
            for (title, content) in Self.blankTitles.map({ ($0, "Daily.") }) + Self.reordering.map({ ("Walk", $0) }) {
                let refused = try await server.send(
                    .post, "/changejar/v1/actions", token: alice,
                    json: NewAction(title: title, content: content, authSource: .google, providerUserID: "alice"))
                #expect(
                    refused.status == .unprocessableContent, "\(title.debugDescription) \(content.debugDescription)")
            }
            let kept = try server.decode(
                Action.self,
                try await server.send(
                    .post, "/changejar/v1/actions", token: alice,
                    json: NewAction(title: "Walk", content: "Daily.", authSource: .google, providerUserID: "alice")))
            let edit = try await server.send(
                .put, "/changejar/v1/actions/\(kept.id)", token: alice,
                json: ActionEdit(title: "\u{200B}", content: "Daily."))
            #expect(edit.status == .unprocessableContent)
            let all = try server.decode(ActionPage.self, try await server.send(.get, "/changejar/v1/actions"))
            #expect(all.items.map(\.title) == ["Walk"])
        }
    }

    @MainActor @Test func theSubmitFormSaysSoBeforeSending() async throws {
        try await withServer(.sqliteMemory) { server in
            let harness = CoreHarness(server: server)
            let app = harness.app
            await app.settings.providerTapped(.google)
            app.submit.title = "\u{200B}\u{200B}"
            app.submit.content = "Daily."
            await app.submit.submitTapped()
            #expect(app.submit.banner == .failure("The title must be 1 to 120 characters."))
            #expect(app.submit.invalidField == .title)
            app.submit.title = "Walk"
            app.submit.content = "\u{202E}yliaD"
            await app.submit.submitTapped()
            #expect(
                app.submit.banner
                    == .failure(
                        "The text starts with a character that reorders the words after it (U+202E): it may have line breaks and tabs, but no other control characters."
                    ))
            #expect(app.submit.invalidField == .content)
            #expect(harness.network.count("POST /changejar/v1/actions") == 0)
            #expect(app.submit.title == "Walk" && app.submit.content == "\u{202E}yliaD", "the words stay to fix")
        }
    }
}
