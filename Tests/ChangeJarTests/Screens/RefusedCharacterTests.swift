import ChangeJarCore
import ChangeJarModels
import DatabaseTestSupport
import Foundation
import Testing

/// A title refused for a control character names it and says where it is: a person sees neither a BEL nor a line
/// break (pasted from several lines) in a one-line field, and "without control characters" alone left them looking
/// at words that seemed fine, with no way to find what to delete.
@MainActor @Suite struct RefusedCharacterTests {
    @Test(arguments: [
        (
            "Ring\u{7} the bell",
            "The title has an invisible character (U+0007) after “Ring”: a title must be one line, without control characters."
        ),
        (
            "Walk to\nwork",
            "The title has a line break after “Walk to”: a title must be one line, without control characters."
        ),
        (
            "Walk\tdaily", "The title has a tab after “Walk”: a title must be one line, without control characters."
        ),
        (
            "Next\u{2028}line",
            "The title has a line break after “Next”: a title must be one line, without control characters."
        ),
        (
            "\u{202E}kcab emoc I",
            "The title starts with a character that reorders the words after it (U+202E): a title must be one line, without control characters."
        ),
        (
            "A long title for a pledge to walk\u{1B}[31m",
            "The title has an invisible character (U+001B) after “…for a pledge to walk”: a title must be one line, without control characters."
        ),
    ])
    func aTitleRefusedForAControlCharacterSaysWhichAndWhere(_ title: String, sentence: String) async throws {
        try await withServer(.sqliteMemory) { server in
            let harness = CoreHarness(server: server)
            let app = harness.app
            await app.settings.providerTapped(.google)
            app.submit.title = title
            app.submit.content = "Daily."
            await app.submit.submitTapped()
            #expect(app.submit.banner == .failure(sentence))
            #expect(app.submit.invalidField == .title)
            #expect(app.submit.title == title, "the words stay to fix")
            #expect(harness.network.count("POST /changejar/v1/actions") == 0)
        }
    }

    @Test func theTextSaysWhichAndWhereToo() async throws {
        try await withServer(.sqliteMemory) { server in
            let harness = CoreHarness(server: server)
            let app = harness.app
            await app.settings.providerTapped(.google)
            app.submit.title = "Walk"
            app.submit.content = "Every day.\nRing the bell \u{7}twice."
            await app.submit.submitTapped()
            #expect(
                app.submit.banner
                    == .failure(
                        "The text has an invisible character (U+0007) after “…Ring the bell”: it may have line breaks and tabs, but no other control characters."
                    ))
            #expect(app.submit.invalidField == .content)
        }
    }

    @Test func aNameSaysWhichAndWhereToo() async throws {
        try await withServer(.sqliteMemory) { server in
            let harness = CoreHarness(server: server)
            let app = harness.app
            await app.settings.providerTapped(.google)
            let renamesAtSignIn = harness.network.count("PUT /changejar/v1/profile")
            app.settings.nameDraft = "Robin\nR"
            await app.settings.saveNameTapped()
            #expect(
                app.settings.banner
                    == .failure(
                        "The name has a line break after “Robin”: a name must be one line, without control characters.")
            )
            #expect(app.settings.nameDraft == "Robin\nR")
            #expect(harness.network.count("PUT /changejar/v1/profile") == renamesAtSignIn)
        }
    }

    /// A name pasted with its line's newline (or spaces and tabs around it) is the name: trimmed as a title is before
    /// the rule reads it, so Settings saves "Robin R" rather than refusing a line break nobody sees; a line break
    /// inside the name is still refused.
    @Test func aNamePastedWithItsNewlineIsTrimmedAsATitleIs() async throws {
        try await withServer(.sqliteMemory) { server in
            let harness = CoreHarness(server: server)
            let app = harness.app
            await app.settings.providerTapped(.google)
            let renamesAtSignIn = harness.network.count("PUT /changejar/v1/profile")
            app.settings.nameDraft = "\tRobin R\r\n"
            await app.settings.saveNameTapped()
            #expect(app.settings.banner == .confirmation("Your actions now go by “Robin R”."))
            #expect(app.settings.nameDraft == "Robin R")
            #expect(harness.network.count("PUT /changejar/v1/profile") == renamesAtSignIn + 1)
        }
        #expect(AuthorName.violation("Robin R\n") == nil)
        #expect(AuthorName.violation(" \nRobin\nR\n")?.rule == .controlCharacters)
        let inside = try #require(AuthorName.refusedCharacter(in: "\n Robin\nR\n"))
        #expect(inside.scalar == "\n" && inside.textBefore == "Robin")
    }

    /// An action kept on the device by a version whose rules let it by (the reordering characters came later) goes
    /// out at the next launch and the jar refuses it (422): the form says why in the app's words, from the same rule,
    /// and where, not the jar's English sentence.
    @Test func aWaitingActionTheJarRefusesIsSaidInTheAppsWords() async throws {
        try await withServer(.sqliteMemory) { server in
            let cache = ActionCache.inMemory()
            let sessions = SessionStore.inMemory()
            let first = CoreHarness(server: server, cache: cache, sessionStore: sessions)
            await first.app.settings.providerTapped(.google)
            await cache.setWaitingAction(WaitingAction(ActionEdit(title: "Walk \u{202E}yliad", content: "Daily.")))
            let second = CoreHarness(server: server, cache: cache, sessionStore: sessions)
            await second.app.launched()
            #expect(second.network.count("POST /changejar/v1/actions") == 1)
            #expect(second.app.submit.hasRefusedAction)
            #expect(second.app.submit.invalidField == .title)
            #expect(
                second.app.submit.banner
                    == .failure(
                        "The jar did not take the action that waited for your sign-in: The title has a character that reorders the words after it (U+202E) after “Walk”: a title must be one line, without control characters. Change it and submit it again, or clear it."
                    ))
        }
    }

    @Test func theRuleFindsTheFirstCharacterItRefusesInTheTrimmedText() throws {
        let bell = try #require(ActionRules.refusedCharacter(in: "  Ring\u{7}\u{1B}", field: "title"))
        #expect(bell.scalar == "\u{7}" && bell.textBefore == "Ring")
        // A line break and a tab are refused in a title only; the trimmed ends are no part of it.
        #expect(ActionRules.refusedCharacter(in: "Walk\n", field: "title") == nil)
        #expect(ActionRules.refusedCharacter(in: "Walk\n\tdaily", field: "content") == nil)
        let reordering = try #require(ActionRules.refusedCharacter(in: "Walk\n\u{202E}yliad", field: "content"))
        #expect(reordering.scalar == "\u{202E}" && reordering.textBefore == "Walk\n")
        #expect(ActionRules.refusedCharacter(in: "👩\u{200D}💻 Code less", field: "title") == nil)
        let tab = try #require(AuthorName.refusedCharacter(in: "Alice\tA"))
        #expect(tab.scalar == "\t" && tab.textBefore == "Alice")
    }
}
