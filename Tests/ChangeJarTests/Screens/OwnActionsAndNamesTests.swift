import ChangeJarModels
import Database
import Foundation
import Localization
import Locking
import Testing

@testable import ChangeJarCore

/// What a person sees after the QA findings' fixes: their name refused when someone else goes by it, their own
/// submission not new to them, a search never showing a row twice, the edit form checking the rules before sending.
@MainActor
@Suite("Change Jar names, New and forms")
struct OwnActionsAndNamesTests {
    @Test func aSubmissionUnderSomeoneElsesNameIsRefusedInTheCoresWordsAndTheTextKept() async throws {
        try await withServer(.sqliteMemory) { server in
            let alice = CoreHarness(server: server, user: "alice", name: "Alice A")
            await alice.app.settings.providerTapped(.google)
            alice.app.submit.title = "Cycle to work"
            alice.app.submit.content = "Twice a week."
            await alice.app.submit.submitTapped()
            #expect(alice.app.submit.banner == .confirmation("Your action is in the jar. Thank you!"))

            let mallory = CoreHarness(server: server, user: "mallory", name: "alice a")
            await mallory.app.settings.providerTapped(.google)
            mallory.app.submit.title = "I pledge to give Mallory $500"
            mallory.app.submit.content = "Signed, Alice"
            await mallory.app.submit.submitTapped()
            #expect(mallory.app.submit.banner == .failure(ChangeJarError.nameTaken.message))
            #expect(
                ChangeJarError.nameTaken.message
                    == "Someone else in the jar goes by this name, or one too like it. Choose another name in Settings."
            )
            #expect(mallory.app.submit.title == "I pledge to give Mallory $500")
            await mallory.app.all.refreshPulled()
            #expect(mallory.app.all.rows.map(\.byline) == ["Alice A via Google"])
        }
    }

    /// At the sign-in, a provider name someone else goes by is said on Settings, over its name field, before
    /// anything is sent under it (it was said only when a submission was refused, and an action that waited for the
    /// sign-in was then dropped). That action waits for a name of the person's own and goes out once under it.
    @Test func aProviderNameSomeoneElseGoesByIsSaidAtTheSignIn() async throws {
        try await withServer(.sqliteMemory) { server in
            let alice = CoreHarness(server: server, user: "alice", name: "Alice A")
            await alice.app.settings.providerTapped(.google)
            #expect(!alice.app.settings.mustChooseName)
            #expect(alice.app.settings.jarName == "Alice A")
            #expect(alice.app.settings.banner == nil)

            let bob = CoreHarness(server: server, user: "bob", name: "alice a")
            bob.app.submit.title = "Walk more"
            bob.app.submit.content = "Every day."
            await bob.app.submit.submitTapped()
            #expect(bob.app.submit.hasPendingSubmission)
            await bob.app.settings.providerTapped(.google)
            #expect(bob.app.settings.mustChooseName)
            #expect(
                bob.app.settings.banner
                    == .notice(
                        "Someone else in the jar already goes by “alice a”. Choose another name for your actions and save it."
                    ))
            #expect(bob.app.tab == .settings)
            #expect(bob.app.settings.jarName == nil)
            #expect(bob.app.submit.hasPendingSubmission)
            #expect(await bob.cache.waitingAction() != nil)

            bob.app.settings.nameDraft = "Bob B"
            await bob.app.settings.saveNameTapped()
            #expect(!bob.app.settings.mustChooseName)
            #expect(bob.app.settings.banner == .confirmation("Your actions now go by “Bob B”."))
            #expect(bob.app.tab == .submit)
            #expect(bob.app.submit.banner == .confirmation("Your action is in the jar. Thank you!"))
            #expect(!bob.app.submit.hasPendingSubmission)
            await bob.app.all.refreshPulled()
            let walk = bob.app.all.rows.filter { $0.title == "Walk more" }
            #expect(walk.count == 1)
            #expect(walk.first?.byline.contains("Bob B") == true, "\(walk)")
        }
    }

    /// A name that folds to the jar's own but breaks a rule (a control character pasted into it): Save Name stayed
    /// off and nothing said why the name typed was not taken; now the tap says the rule, and the jar is not asked.
    @Test func saveNameSaysTheRuleOfANameThatFoldsToTheJarsOwn() async throws {
        try await withServer(.sqliteMemory) { server in
            let bob = CoreHarness(server: server, user: "bob", name: "Bob")
            await bob.app.settings.providerTapped(.google)
            await bob.app.settings.appeared()
            #expect(bob.app.settings.jarName == "Bob")
            let typed = "Bob\u{7}"
            bob.app.settings.nameDraft = typed
            #expect(bob.app.settings.nameViolation?.rule == .controlCharacters)
            #expect(bob.app.settings.canSaveName)
            await bob.app.settings.saveNameTapped()
            let sentence = try #require(AuthorName.violation(typed)).sentence(of: typed)
            #expect(bob.app.settings.banner == .failure(sentence))
            #expect(bob.app.settings.nameDraft == typed)
            #expect(bob.app.settings.jarName == "Bob")
            bob.app.settings.nameDraft = "Bob"
            #expect(bob.app.settings.nameViolation == nil)
            #expect(!bob.app.settings.canSaveName)
        }
    }

    /// Signed in on a second phone while the jar answered 500, Settings held the provider's name ("Bob") without a
    /// word, though Bob's actions go by "Robert": it now says the jar's name could not be read, until it is.
    @Test func settingsSaysWhenTheJarsNameForThePersonCouldNotBeRead() async throws {
        try await withServer(.sqliteMemory) { server in
            let first = CoreHarness(server: server, user: "bob", name: "Bob")
            await first.app.settings.providerTapped(.google)
            first.app.settings.nameDraft = "Robert"
            await first.app.settings.saveNameTapped()
            #expect(first.app.settings.jarName == "Robert")

            let second = CoreHarness(server: server, user: "bob", name: "Bob")
            second.network.jarAnswers = 500
            await second.app.settings.providerTapped(.google)
            await second.app.settings.appeared()
            #expect(!second.app.settings.hasReadName)
            #expect(
                second.app.settings.banner
                    == .notice(
                        "Your name in the jar could not be read just now. Your actions keep the name they go by."))
            second.network.jarAnswers = nil
            await second.app.settings.appeared()
            #expect(second.app.settings.hasReadName)
            #expect(second.app.settings.banner == nil)
            #expect(second.app.settings.nameDraft == "Robert")
        }
    }

    /// The jar refused the session for good as Settings appeared: the sign-in buttons came back without a word, and
    /// the name field was refilled with the name of the person no longer signed in. It now says the sign-in expired,
    /// with an empty field; Sign Out says nothing, and the next sign-in clears the line.
    @Test func settingsSaysTheSignInExpiredWhenTheJarEndsTheSession() async throws {
        try await withServer(.sqliteMemory) { server in
            let stale = AuthSession(
                identityID: "us-east-1:00000000-0000-0000-0000-000000000000", token: "revoked.token.value",
                expiresAt: server.clock.now.addingTimeInterval(3_600), authSource: .google, providerUserID: "alice",
                displayName: "Alice")
            let harness = CoreHarness(server: server, sessionStore: SessionStore(load: { stale }, save: { _ in }))
            let settings = harness.app.settings
            await settings.appeared()
            #expect(harness.app.session.session == nil)
            #expect(settings.content == AppFlowTests.signedOutButtons)
            #expect(settings.banner == .notice("Your sign-in has expired. Please sign in again."))
            #expect(settings.nameDraft == "")

            await settings.providerTapped(.google)
            #expect(settings.banner == nil)
            #expect(settings.nameDraft == "Alice")
            await settings.signOutTapped()
            #expect(settings.banner == nil)
            #expect(settings.nameDraft == "")
        }
    }

    /// A provider's name longer than a name may be (Google gives what the person typed there) is cut to fit, as the
    /// jar always took it at a first submission: it was left unclaimed at the sign-in, so Settings' field held a name
    /// Save Name refused, and the jar's cut could end in the space before the next word, a name nobody could type.
    @Test func aLongProviderNameIsCutToFitAtTheSignInWithoutASpaceAtTheCut() async throws {
        let long = String(repeating: "a", count: 79) + " Smith"
        let fitted = String(repeating: "a", count: 79)
        #expect(AuthorName.fitted(long) == fitted)
        #expect(AuthorName.fitted("  Alice \n A ") == "Alice A")
        #expect(AuthorName.fitted("...") == nil)

        let clock = ChangeJarClock(now: { Date(timeIntervalSince1970: 0) }, sleep: { _ in })
        let claimed = Locked<[String]>([])
        var actions = InFlightStateTests.actions()
        actions.rename = { _, name in
            claimed.withLock { $0.append(name) }
            return AuthorProfile(name: name)
        }
        let signIn = SignInService(
            providers: ProviderSignIn(availableSources: [.google]) { source in
                ProviderCredential(source: source, token: "p", userID: "al", displayName: long)
            },
            identity: CognitoIdentityClient(getID: { _, _ in "us-east-1:1" }, getOpenIDToken: { id, _ in (id, "t") }),
            identityPoolID: "us-east-1:5d8b7c2e-0f3a-4c1e-9a6b-2f4d8e1c7a90", clock: clock)
        let app = AppModel(
            dependencies: ChangeJarDependencies(
                signIn: signIn, actions: actions, cache: .inMemory(), clock: clock, dateFormat: CoreHarness.format))
        await app.settings.providerTapped(.google)
        #expect(claimed.withLock { $0 } == [fitted])
        #expect(app.settings.jarName == fitted)
        #expect(app.settings.nameDraft == fitted)
        #expect(!app.settings.canSaveName)
    }

    @Test func onesOwnSubmissionRaisesNoNewBadge() async throws {
        try await withServer(.sqliteMemory) { server in
            let gina = CoreHarness(server: server, user: "gina", name: "Gina")
            await gina.app.settings.providerTapped(.google)
            await gina.app.new.opened()
            server.clock.advance(by: 1)
            gina.app.submit.title = "Cook at home"
            gina.app.submit.content = "Three dinners a week."
            await gina.app.submit.submitTapped()
            #expect(try await gina.app.new.unseenCount() == 0)
            gina.app.new.visitStarted()
            await gina.app.new.opened()
            #expect(gina.app.new.rows.isEmpty)

            // Someone else's is new to her.
            try await server.create("Walk more", user: "bob")
            gina.app.new.visitStarted()
            #expect(try await gina.app.new.unseenCount() == 1)
        }
    }

    nonisolated static func action(_ id: String) -> Action {
        Action(
            id: id, title: "Less plastic \(id)", content: "Bags.", authSource: .google,
            createdAt: Date(timeIntervalSince1970: 0), updatedAt: Date(timeIntervalSince1970: 0))
    }

    @Test func aSearchNeverShowsARowTwice() async {
        let clock = ChangeJarClock(now: { Date(timeIntervalSince1970: 0) }, sleep: { _ in })
        let search = SearchModel(
            client: InFlightStateTests.actions(search: { _, cursor in
                // NB: the second page repeats "b", as an action edited between the pages can rank anew.
                cursor == nil
                    ? ActionPage(items: [Self.action("a"), Self.action("b")], nextCursor: "next")
                    : ActionPage(items: [Self.action("b"), Self.action("c")])
            }),
            cache: .inMemory(), clock: clock, format: DateFormat())
        search.queryChanged("plastic")
        await search.activeSearch?.value
        await search.reachedEnd()
        #expect(search.rows.map(\.id) == ["a", "b", "c"])
    }

    @Test(arguments: [
        ("", "The title must be 1 to 120 characters."),
        (
            "Ring\u{7}",
            "The title has an invisible character (U+0007) after “Ring”: a title must be one line, without control characters."
        ),
        ("Two\nlines", "The title has a line break after “Two”: a title must be one line, without control characters."),
    ])
    func theEditFormChecksTheRulesBeforeSending(_ title: String, sentence: String) async throws {
        try await withServer(.sqliteMemory) { server in
            let harness = CoreHarness(server: server)
            let app = harness.app
            await app.settings.providerTapped(.google)
            app.submit.title = "Walk"
            app.submit.content = "Daily."
            await app.submit.submitTapped()
            let id = try #require(app.submit.submission?.action.id)
            await app.mine.refreshPulled()
            app.mine.rowTapped(id)
            let page = try #require(app.mine.detail)
            await page.opened()
            page.editTapped()
            let editor = try #require(page.editor)
            editor.title = title
            await page.saveTapped()
            #expect(editor.violation?.field == "title")
            #expect(editor.banner == .failure(sentence))
            #expect(harness.network.count("PUT /changejar/v1/actions/\(id)") == 0)
        }
    }

    @Test func theSubmitFormKeepsLineBreaksInTheTextButNoOtherControlCharacter() async throws {
        try await withServer(.sqliteMemory) { server in
            let harness = CoreHarness(server: server)
            let app = harness.app
            await app.settings.providerTapped(.google)
            app.submit.title = "Walk"
            app.submit.content = "Bell \u{7}"
            await app.submit.submitTapped()
            #expect(
                app.submit.banner
                    == .failure(
                        "The text has an invisible character (U+0007) after “Bell”: it may have line breaks and tabs, but no other control characters."
                    ))
            #expect(app.submit.invalidField == .content)
            #expect(harness.network.count("POST /changejar/v1/actions") == 0)
            app.submit.content = "Monday\n\tWednesday"
            await app.submit.submitTapped()
            #expect(app.submit.banner == .confirmation("Your action is in the jar. Thank you!"))
        }
    }
}
