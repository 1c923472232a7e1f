import ChangeJarCore
import ChangeJarModels
import DatabaseTestSupport
import Foundation
import HTTPServer
import Testing

/// The server's 422 for a refused control character names it and says where it is, as the app does, from the same
/// rule: another client's person sees neither a BEL nor a pasted line break either, and "without control
/// characters" alone left them nothing to look for. The problem keeps its shape (`status`, `detail`, `field`).
@Suite struct RefusedCharacterDetailTests {
    @Test(arguments: DatabaseKind.eachDialect)
    func theServersDetailNamesTheCharacterAndWhereItIs(_ kind: DatabaseKind) async throws {
        try await withServer(kind) { server in
            let alice = try await server.signIn(.google, "alice")
            let refusals: [(String, String, String, String)] = [
                (
                    "Walk to\nwork", "Daily.", "title",
                    "The title has a line break after “Walk to”: a title must be one line, without control characters."
                ),
                (
                    "Ring\u{7} the bell", "Daily.", "title",
                    "The title has an invisible character (U+0007) after “Ring”: a title must be one line, without control characters."
                ),
                (
                    "\u{202E}kcab emoc I", "Daily.", "title",
                    "The title starts with a character that reorders the words after it (U+202E): a title must be one line, without control characters."
                ),
                (
                    "Walk", "Every day.\nRing the bell \u{7}twice.", "content",
                    "The content has an invisible character (U+0007) after “…Ring the bell”: it may hold line breaks and tabs, but no other control characters."
                ),
            ]
            for (title, content, field, detail) in refusals {
                let refused = try await server.send(
                    .post, "/changejar/v1/actions", token: alice,
                    json: NewAction(title: title, content: content, authSource: .google, providerUserID: "alice"))
                #expect(refused.status == .unprocessableContent)
                let body = problem(refused)
                #expect(body["status"] as? Int == 422)
                #expect(body["field"] as? String == field)
                #expect(body["detail"] as? String == detail)
            }
            let tab = try await server.send(
                .put, "/changejar/v1/profile", token: alice, json: AuthorProfile(name: "Alice\tA"))
            #expect(tab.status == .unprocessableContent)
            #expect(problem(tab)["field"] as? String == "name")
            #expect(
                problem(tab)["detail"] as? String
                    == "The name has a tab after “Alice”: a name must be one line, without control characters.")
            // A rule that is not about a character is said as before.
            let long = try await server.send(
                .post, "/changejar/v1/actions", token: alice,
                json: NewAction(
                    title: String(repeating: "x", count: 121), content: "Daily.", authSource: .google,
                    providerUserID: "alice"))
            #expect(problem(long)["detail"] as? String == "The title must be 1 to 120 characters.")
        }
    }

    /// The app's sentence and the server's detail come from the one rule: the same character, the same words before it.
    @Test(arguments: ["Walk to\nwork", "A long title for a pledge to walk\u{1B}[31m", "\u{202E}kcab", "Ring\u{7}"])
    func theAppAndTheServerPlaceTheCharacterAlike(_ title: String) throws {
        let violation = try #require(ActionRules.violation(title: title, content: "Daily."))
        let found = try #require(violation.refusedCharacter(in: title))
        let detail = violation.detail(title: title, content: "Daily.")
        let sentence = violation.sentence(title: title, content: "Daily.")
        if let words = found.wordsBefore {
            #expect(detail.contains("after “\(words)”") && sentence.contains("after “\(words)”"))
        } else {
            #expect(detail.contains("starts with") && sentence.contains("starts with"))
        }
    }
}
