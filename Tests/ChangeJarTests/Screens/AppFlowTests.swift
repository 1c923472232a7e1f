import ChangeJarModels
import Database
import Foundation
import LocalStore
import Localization
import Testing

@testable import ChangeJarCore

/// What each screen shows after each event, against the real server and stand-in (no sockets).
@MainActor
@Suite("Change Jar app flows")
struct AppFlowTests {
    static let signedOutButtons: SettingsModel.Content = .signedOut(buttons: [
        .init(source: .facebook, title: "Sign In with Facebook"),
        .init(source: .twitter, title: "Sign In with Twitter"),
        .init(source: .google, title: "Sign In with Google"),
    ])

    @Test func firstLaunchOpensOnAllActionsAndSettingsOffersEveryProvider() async throws {
        try await withServer(.sqliteMemory) { server in
            let harness = CoreHarness(server: server)
            let app = harness.app
            #expect(app.tab == .all)
            #expect(app.settings.content == Self.signedOutButtons)
            #expect(app.settings.banner == nil)
            #expect(app.settings.isBusy == false)
        }
    }

    @Test func submitWhileSignedOutGoesToSettingsAndPostsOnceAfterSignIn() async throws {
        try await withServer(.sqliteMemory) { server in
            let harness = CoreHarness(server: server)
            let app = harness.app
            app.tab = .submit
            app.submit.title = "  Cycle to work "
            app.submit.content = "Twice a week."

            await app.submit.submitTapped()
            #expect(app.tab == .settings)
            #expect(
                app.settings.banner == .notice("Sign in to put your action in the jar. It will be sent right after."))
            #expect(app.submit.hasPendingSubmission)
            #expect(harness.network.count("POST /changejar/v1/actions") == 0)

            await app.settings.providerTapped(.google)
            #expect(app.settings.content == .signedIn(name: "Alice", mechanism: "Google"))
            #expect(app.settings.banner == nil)
            #expect(app.settings.isBusy == false)
            #expect(harness.network.count("POST /changejar/v1/actions") == 1)
            #expect(app.tab == .submit)
            #expect(app.submit.banner == .confirmation("Your action is in the jar. Thank you!"))
            #expect(app.submit.title.isEmpty && app.submit.content.isEmpty)
            #expect(!app.submit.hasPendingSubmission)
            #expect(app.all.rows.map(\.title) == ["Cycle to work"])
            #expect(app.all.rows.first?.byline == "Alice via Google")

            // Signing in again later sends nothing more.
            await app.settings.signOutTapped()
            #expect(app.settings.content == Self.signedOutButtons)
            await app.settings.providerTapped(.google)
            #expect(harness.network.count("POST /changejar/v1/actions") == 1)
        }
    }

    /// A token expired long enough ago that the provider's login has expired too (the stand-in's last an hour, as
    /// Google's ID tokens do): Cognito will not renew it, and the session ends.
    @Test func expiredTokenAtSubmitSignsInAgainThenPostsOnce() async throws {
        try await withServer(.sqliteMemory) { server in
            let harness = CoreHarness(server: server)
            let app = harness.app
            await app.settings.providerTapped(.twitter)
            #expect(app.settings.content == .signedIn(name: "Alice", mechanism: "Twitter"))

            server.clock.advance(by: 2 * 3_600)
            app.submit.title = "Plant a tree"
            app.submit.content = "In spring."
            await app.submit.submitTapped()
            #expect(app.tab == .settings)
            #expect(app.settings.banner == .notice("Your sign-in has expired. Please sign in again."))
            #expect(app.settings.content == Self.signedOutButtons)
            #expect(app.submit.hasPendingSubmission)
            #expect(app.session.session == nil)
            #expect(harness.network.cognitoCalls == ["GetId", "GetOpenIdToken", "GetOpenIdToken"])
            #expect(harness.network.count("POST /changejar/v1/actions") == 0)

            await app.settings.providerTapped(.twitter)
            #expect(harness.network.count("POST /changejar/v1/actions") == 1)
            #expect(app.submit.banner == .confirmation("Your action is in the jar. Thank you!"))
            let mine = try #require(app.session.session)
            #expect(mine.authSource == .twitter && mine.providerUserID == "alice")
        }
    }

    @Test func tokenRefusedByTheServerAtSubmitSignsInAgainThenPostsOnce() async throws {
        try await withServer(.sqliteMemory) { server in
            // The device believes in a session the server no longer accepts.
            let stale = AuthSession(
                identityID: "us-east-1:00000000-0000-0000-0000-000000000000", token: "revoked.token.value",
                expiresAt: server.clock.now.addingTimeInterval(3_600), authSource: .google, providerUserID: "alice")
            let harness = CoreHarness(server: server, sessionStore: SessionStore(load: { stale }, save: { _ in }))
            let app = harness.app
            app.submit.title = "Walk more"
            app.submit.content = "Stairs, not lifts."
            await app.submit.submitTapped()
            #expect(harness.network.count("POST /changejar/v1/actions") == 1)
            #expect(app.tab == .settings)
            #expect(app.settings.banner == .notice("Your sign-in has expired. Please sign in again."))

            await app.settings.providerTapped(.google)
            #expect(harness.network.count("POST /changejar/v1/actions") == 2)
            #expect(app.submit.banner == .confirmation("Your action is in the jar. Thank you!"))
            #expect(app.all.rows.map(\.title) == ["Walk more"])
        }
    }

    @Test func invalidTextIsCaughtBeforeAnythingIsSent() async throws {
        try await withServer(.sqliteMemory) { server in
            let harness = CoreHarness(server: server)
            let app = harness.app
            app.submit.title = "   "
            app.submit.content = "Something."
            await app.submit.submitTapped()
            #expect(app.submit.invalidField == .title)
            #expect(app.submit.banner == .failure("The title must be 1 to 120 characters."))
            #expect(app.tab == .all)
            #expect(harness.network.requests.isEmpty)
        }
    }

    @Test func aRefusedSignInSaysWhyAndStaysSignedOut() async throws {
        try await withServer(.sqliteMemory) { server in
            let harness = CoreHarness(server: server, user: "not:valid")
            let app = harness.app
            await app.settings.providerTapped(.facebook)
            #expect(app.settings.content == Self.signedOutButtons)
            #expect(app.settings.banner?.failure?.hasPrefix("Sign-in failed. ") == true)
            #expect(app.settings.isBusy == false)
        }
    }

    @Test func myActionsNeedSignInAndNeverMixProviders() async throws {
        try await withServer(.sqliteMemory) { server in
            try await server.create("Facebook Alice's", as: .facebook, user: "alice")
            try await server.create("Bob's", as: .google, user: "bob")
            let harness = CoreHarness(server: server, name: nil)
            let app = harness.app

            await app.mine.refreshPulled()
            #expect(app.mine.rows.isEmpty)
            #expect(app.mine.emptyMessage == "Sign in to see your actions.")
            #expect(harness.network.requests.isEmpty)
            #expect(app.mine.needsSignIn)
            #expect(app.all.needsSignIn == false)
            app.mine.signInTapped()
            #expect(app.tab == .settings)

            await app.settings.providerTapped(.google)
            #expect(app.mine.needsSignIn == false)
            // NB: the provider gave no name: Settings says so, rather than show the user id as one.
            #expect(app.settings.content == .signedIn(name: "Not given", mechanism: "Google"))
            await app.mine.refreshPulled()
            #expect(app.mine.rows.isEmpty)
            #expect(app.mine.emptyMessage == "You haven't added an action yet.")

            app.submit.title = "Google Alice's"
            app.submit.content = "Mine."
            await app.submit.submitTapped()
            await app.mine.refreshPulled()
            #expect(app.mine.rows.map(\.title) == ["Google Alice's"])
            #expect(app.mine.rows.first?.byline == "Someone via Google")
        }
    }

    @Test func allActionsPagesOnAndFormatsRows() async throws {
        try await withServer(.sqliteMemory) { server in
            let token = try await server.signIn(.google, "bob")
            for index in 1...25 {
                try await server.create("Action \(index)", as: .google, user: "bob", token: token)
                server.clock.advance(by: 10)
            }
            let harness = CoreHarness(server: server)
            let app = harness.app
            #expect(app.all.rows.isEmpty)
            await app.all.refreshPulled()
            #expect(app.all.rows.count == 20)
            #expect(app.all.rows.first?.title == "Action 25")
            #expect(app.all.rows.first?.date == "May 28, 2026 at 8:30\u{202F}PM")
            #expect(app.all.canLoadMore)
            await app.all.reachedEnd()
            #expect(app.all.rows.count == 25)
            #expect(app.all.rows.last?.title == "Action 1")
            #expect(!app.all.canLoadMore)
            #expect(app.all.isBusy == false)
            #expect(app.all.banner == nil)
        }
    }

    /// Opening New counts every new action as seen, so every one of them must be there to scroll to, not only the
    /// first page's; and results past the first page of a search are there too.
    @Test func newActionsAndSearchResultsScrollPastTheFirstPage() async throws {
        try await withServer(.sqliteMemory) { server in
            let token = try await server.signIn(.google, "bob")
            try await server.create("Seen before", user: "bob", token: token)
            let harness = CoreHarness(server: server)
            let app = harness.app
            await app.new.opened()
            app.wentToBackground()
            for index in 1...25 {
                server.clock.advance(by: 10)
                try await server.create("Recycle \(index)", as: .google, user: "bob", token: token)
            }
            await app.becameActive()
            await app.new.opened()
            #expect(app.new.rows.count == 20)
            #expect(app.new.badgeCount == 0)
            #expect(app.new.canLoadMore)
            await app.new.reachedEnd()
            #expect(app.new.rows.map(\.title) == (1...25).reversed().map { "Recycle \($0)" })
            #expect(!app.new.canLoadMore)
            #expect(app.new.banner == nil)

            app.search.queryChanged("recycle")
            await harness.sleeper.untilWaiting(1)
            await harness.sleeper.releaseAll()
            await app.search.activeSearch?.value
            #expect(app.search.rows.count == 20)
            #expect(app.search.canLoadMore)
            await app.search.reachedEnd()
            #expect(Set(app.search.rows.map(\.title)) == Set((1...25).map { "Recycle \($0)" }))
            #expect(!app.search.canLoadMore)
        }
    }

    /// What a person sees of New over two visits: the badge counts what came since the last visit until New is
    /// opened, and says so again once the app is active again; New lists those actions for the whole visit, however
    /// often All Actions is browsed; the next visit (back from the background, or a new launch) lists only what
    /// came after what New showed. The badge and the list always agree.
    @Test func newListsWhatCameSinceTheLastVisitForTheWholeVisit() async throws {
        try await withServer(.sqliteMemory) { server in
            let store = try await LocalStore(database: try SQLiteDatabase(url: "sqlite::memory:"))
            let bob = try await server.signIn(.google, "bob")
            func bobAdds(_ title: String) async throws {
                server.clock.advance(by: 1)
                try await server.create(title, user: "bob", token: bob)
            }
            try await bobAdds("First")
            try await bobAdds("Second")
            let harness = CoreHarness(server: server, cache: .local(store))
            let app = harness.app
            let new = app.new
            /// The badge, then New's rows as the tab shows them when opened.
            @MainActor func badgeThenNew() async -> (Int, [String]) {
                let badge = new.badgeCount
                await new.opened()
                return (badge, new.rows.map(\.title))
            }

            // The first visit: the app opens on All Actions, which shows both; the badge counts both, and keeps
            // counting them while the person browses All, at every count.
            await app.launched()
            await app.all.refreshPulled()
            #expect(app.all.rows.map(\.title) == ["Second", "First"])
            #expect(new.badgeCount == 2)
            await app.becameActive()
            await app.all.refreshPulled()
            #expect(new.badgeCount == 2)
            #expect(await badgeThenNew() == (2, ["Second", "First"]))
            #expect(new.badgeCount == 0)
            // For the rest of the visit New still lists them, after All and any count.
            await app.all.refreshPulled()
            await app.becameActive()
            #expect(await badgeThenNew() == (0, ["Second", "First"]))

            // Something new during the visit: the badge counts it (only it) and New adds it.
            try await bobAdds("Third")
            await app.becameActive()
            #expect(await badgeThenNew() == (1, ["Third", "Second", "First"]))
            #expect(new.badgeCount == 0)

            // The second visit, back from the background: what New showed is not new any more.
            app.wentToBackground()
            try await bobAdds("Fourth")
            await app.becameActive()
            #expect(new.badgeCount == 1)
            await app.all.refreshPulled()
            #expect(new.badgeCount == 1)
            #expect(await badgeThenNew() == (1, ["Fourth"]))
            #expect(new.emptyMessage == nil)

            // A third visit, a new launch on the same device: nothing came since.
            let relaunched = CoreHarness(server: server, cache: .local(store))
            await relaunched.app.launched()
            await relaunched.app.all.refreshPulled()
            #expect(relaunched.app.new.badgeCount == 0)
            await relaunched.app.new.opened()
            #expect(relaunched.app.new.rows.isEmpty)
            #expect(relaunched.app.new.emptyMessage == "Nothing new since your last visit.")
        }
    }

    /// Back from the background on the New tab, the screen shows the new visit's list at once (its `.task` does not
    /// run again while it stays on screen).
    @Test func aNewVisitOnTheNewTabReadsItsListAtOnce() async throws {
        try await withServer(.sqliteMemory) { server in
            try await server.create("Before", user: "bob")
            let harness = CoreHarness(server: server)
            let app = harness.app
            await app.launched()
            app.tab = .new
            await app.new.opened()
            #expect(app.new.rows.map(\.title) == ["Before"])
            app.wentToBackground()
            server.clock.advance(by: 1)
            try await server.create("While away", user: "bob")
            await app.becameActive()
            #expect(app.new.rows.map(\.title) == ["While away"])
            #expect(app.new.badgeCount == 0)
            // A system screen pulled over the app and closed is no new visit.
            await app.becameActive()
            await app.new.opened()
            #expect(app.new.rows.map(\.title) == ["While away"])
        }
    }

    @Test func offlineShowsABannerAndTheSavedLists() async throws {
        try await withServer(.sqliteMemory) { server in
            let bob = try await server.signIn(.google, "bob")
            try await server.create("Saved one", user: "bob", token: bob)
            let harness = CoreHarness(server: server)
            let app = harness.app
            await app.settings.providerTapped(.google)
            app.submit.title = "Mine"
            app.submit.content = "Mine."
            await app.submit.submitTapped()
            await app.all.refreshPulled()
            await app.mine.refreshPulled()
            await app.new.opened()
            #expect(app.all.rows.map(\.title) == ["Mine", "Saved one"])

            harness.network.isOffline = true
            await app.all.refreshPulled()
            #expect(app.all.banner == .notice("You're offline. Showing the actions saved on this device."))
            #expect(app.all.isShowingSavedCopy)
            #expect(app.all.rows.map(\.title) == ["Mine", "Saved one"])
            #expect(!app.all.canLoadMore)
            await app.mine.refreshPulled()
            #expect(app.mine.banner == .notice("You're offline. Showing the actions saved on this device."))
            #expect(app.mine.rows.map(\.title) == ["Mine"])
            await app.new.opened()
            #expect(app.new.banner == .notice("You're offline. Showing the actions saved on this device."))

            app.submit.title = "Offline idea"
            app.submit.content = "Later."
            await app.submit.submitTapped()
            #expect(app.submit.banner == .failure("You're offline. Check your connection and try again."))
            #expect(app.submit.title == "Offline idea")

            harness.network.isOffline = false
            await app.all.refreshPulled()
            #expect(app.all.banner == nil)
            #expect(!app.all.isShowingSavedCopy)
        }
    }

    /// A jar that is down is not the device being offline: every screen says the jar can't be reached, the lists
    /// and a search fall back to what was saved, and the words of an unsent pledge stay.
    @Test func aJarOutOfReachShowsTheSavedListsAndSaysItIsTheJar() async throws {
        try await withServer(.sqliteMemory) { server in
            try await server.create("Recycle bottles", user: "bob")
            let harness = CoreHarness(server: server)
            let app = harness.app
            await app.all.refreshPulled()
            harness.network.isDown = true
            await app.all.refreshPulled()
            #expect(
                app.all.banner
                    == .notice("The jar can't be reached right now. Showing the actions saved on this device."))
            #expect(app.all.isShowingSavedCopy)
            #expect(app.all.rows.map(\.title) == ["Recycle bottles"])
            await app.new.opened()
            #expect(
                app.new.banner
                    == .failure("The jar can't be reached right now, and nothing is saved on this device yet."))
            #expect(app.new.rows.isEmpty && app.new.emptyMessage == nil)
            app.search.queryChanged("recycle")
            await harness.sleeper.untilWaiting(1)
            await harness.sleeper.releaseAll()
            await app.search.activeSearch?.value
            #expect(
                app.search.banner
                    == .failure(
                        "The jar can't be reached right now, and this search has no results saved on this device."))
            #expect(app.search.emptyMessage == nil)

            harness.network.isDown = false
            await app.all.refreshPulled()
            #expect(app.all.banner == nil && !app.all.isShowingSavedCopy)
        }
    }

    /// Offline on a device that never saved a list: no list may claim the jar is empty or nothing matches.
    @Test func offlineWithNothingSavedSaysSoInsteadOfAnEmptyList() async throws {
        try await withServer(.sqliteMemory) { server in
            try await server.create("Walk more", user: "bob")
            let harness = CoreHarness(server: server)
            let app = harness.app
            harness.network.isOffline = true
            let nothingSaved = Banner.failure("You're offline. Nothing is saved on this device yet.")
            await app.all.refreshPulled()
            #expect(app.all.banner == nothingSaved)
            #expect(!app.all.isShowingSavedCopy)
            #expect(app.all.rows.isEmpty && app.all.emptyMessage == nil)
            await app.new.opened()
            #expect(app.new.banner == nothingSaved)
            #expect(app.new.rows.isEmpty && app.new.emptyMessage == nil)
            app.search.queryChanged("walk")
            await harness.sleeper.untilWaiting(1)
            await harness.sleeper.releaseAll()
            await app.search.activeSearch?.value
            #expect(
                app.search.banner == .failure("You're offline, and this search has no results saved on this device."))
            #expect(app.search.rows.isEmpty && app.search.emptyMessage == nil)
            #expect(!app.search.isShowingSavedCopy)
        }
    }

    /// The server saved the action but its answer was lost: the person is told to try again, and trying again
    /// puts it in the jar once, and says it was there already.
    @Test func submittingAgainAfterALostAnswerMakesNoSecondAction() async throws {
        try await withServer(.sqliteMemory) { server in
            let harness = CoreHarness(server: server)
            let app = harness.app
            await app.settings.providerTapped(.google)
            app.submit.title = "Walk to work"
            app.submit.content = "Every day."
            harness.network.losesAnswers = true
            await app.submit.submitTapped()
            #expect(app.submit.banner?.failure != nil)
            #expect(app.submit.submission == nil)
            #expect(app.submit.title == "Walk to work")
            harness.network.losesAnswers = false
            await app.submit.submitTapped()
            #expect(app.submit.banner == .notice("This action is in the jar already, so nothing new was added."))
            #expect(app.submit.title.isEmpty && app.submit.content.isEmpty)
            await app.mine.refreshPulled()
            #expect(app.mine.rows.map(\.title) == ["Walk to work"])
        }
    }

    /// The same title and text submitted twice on purpose: the first goes in with thanks, the second finds it and
    /// says nothing new was added (no thanks for a pledge that was not made); other words are a new action.
    @Test func theSameActionSubmittedAgainSaysItIsInTheJarAlready() async throws {
        try await withServer(.sqliteMemory) { server in
            let harness = CoreHarness(server: server)
            let app = harness.app
            await app.settings.providerTapped(.google)
            @MainActor func submit(_ title: String, _ content: String) async -> (Banner?, Submission?) {
                app.submit.title = title
                app.submit.content = content
                await app.submit.submitTapped()
                return (app.submit.banner, app.submit.submission)
            }
            let (first, added) = await submit("Walk to work", "Every day.")
            #expect(first == .confirmation("Your action is in the jar. Thank you!"))
            guard case .added(let action)? = added else {
                Issue.record("the first Submit made no new action: \(String(describing: added))")
                return
            }
            let (again, found) = await submit(" Walk to work", "Every day. ")
            #expect(again == .notice("This action is in the jar already, so nothing new was added."))
            #expect(found == .alreadyInJar(action))
            #expect(app.submit.title.isEmpty && app.submit.content.isEmpty && app.submit.invalidField == nil)
            let (other, _) = await submit("Walk to work", "Every other day.")
            #expect(other == .confirmation("Your action is in the jar. Thank you!"))
            #expect(harness.network.count("POST /changejar/v1/actions") == 3)
            #expect(app.all.rows.map(\.title) == ["Walk to work", "Walk to work"])
        }
    }

    @Test func searchIsDebouncedAndOnlyTheLatestQueryIsSent() async throws {
        try await withServer(.sqliteMemory) { server in
            let bob = try await server.signIn(.google, "bob")
            try await server.create("Recycle bottles", content: "Glass.", user: "bob", token: bob)
            try await server.create("Ride a bike", content: "Recycle the car.", user: "bob", token: bob)
            let harness = CoreHarness(server: server)
            let search = harness.app.search

            search.queryChanged("r")
            search.queryChanged("re")
            search.queryChanged("recycle")
            #expect(search.isSearching)
            await harness.sleeper.untilWaiting(3)
            await harness.sleeper.releaseAll()
            await search.activeSearch?.value
            #expect(harness.network.searches == ["recycle"])
            #expect(search.rows.map(\.title) == ["Recycle bottles", "Ride a bike"])
            #expect(search.isSearching == false)
            #expect(search.emptyMessage == nil)

            search.queryChanged("zebra")
            await harness.sleeper.untilWaiting(1)
            await harness.sleeper.releaseAll()
            await search.activeSearch?.value
            #expect(search.rows.isEmpty)
            #expect(search.emptyMessage == "No actions match \"zebra\".")

            search.queryChanged("   ")
            #expect(search.rows.isEmpty && search.emptyMessage == nil && !search.isSearching)
            #expect(harness.network.searches == ["recycle", "zebra"])
        }
    }

    @Test func offlineSearchShowsTheSavedResults() async throws {
        try await withServer(.sqliteMemory) { server in
            try await server.create("Recycle bottles", user: "bob")
            let harness = CoreHarness(server: server)
            let search = harness.app.search
            search.queryChanged("recycle")
            await harness.sleeper.untilWaiting(1)
            await harness.sleeper.releaseAll()
            await search.activeSearch?.value
            harness.network.isOffline = true
            search.queryChanged("recycle")
            await harness.sleeper.untilWaiting(1)
            await harness.sleeper.releaseAll()
            await search.activeSearch?.value
            #expect(search.banner == .notice("You're offline. Showing the actions saved on this device."))
            #expect(search.rows.map(\.title) == ["Recycle bottles"])
        }
    }

    @Test func savedListsAndLastSeenSurviveARestartInTheLocalStore() async throws {
        try await withServer(.sqliteMemory) { server in
            try await server.create("Kept", user: "bob")
            let store = try await LocalStore(database: try SQLiteDatabase(url: "sqlite::memory:"))
            let first = CoreHarness(server: server, cache: .local(store))
            await first.app.all.refreshPulled()
            #expect(first.app.all.rows.map(\.title) == ["Kept"])

            // A new launch, offline, on the same device store.
            let second = CoreHarness(server: server, cache: .local(store))
            second.network.isOffline = true
            await second.app.all.refreshPulled()
            #expect(second.app.all.banner == .notice("You're offline. Showing the actions saved on this device."))
            #expect(second.app.all.rows.map(\.title) == ["Kept"])
            second.network.isOffline = false
            // Browsing All is not looking at New: what came since the last visit still counts.
            await second.app.new.badgeRefreshRequested()
            #expect(second.app.new.badgeCount == 1)
            await second.app.new.opened()

            let third = CoreHarness(server: server, cache: .local(store))
            await third.app.new.badgeRefreshRequested()
            #expect(third.app.new.badgeCount == 0)
        }
    }

    @Test func anActionWaitingForASignInOutlivesTheAppAndGoesOutOnceAfterTheNextSignIn() async throws {
        try await withServer(.sqliteMemory) { server in
            let store = try await LocalStore(database: try SQLiteDatabase(url: "sqlite::memory:"))
            let first = CoreHarness(server: server, cache: .local(store))
            first.app.submit.title = "Cycle to work"
            first.app.submit.content = "Twice a week."
            await first.app.submit.submitTapped()
            #expect(first.app.tab == .settings)

            // The system ends the app while the person signs in with their provider; it launches again.
            let second = CoreHarness(server: server, cache: .local(store))
            await second.app.launched()
            #expect(second.app.tab == .settings)
            #expect(
                second.app.settings.banner
                    == .notice("Sign in to put your action in the jar. It will be sent right after."))
            #expect(second.app.submit.hasPendingSubmission)
            #expect(second.app.submit.title == "Cycle to work" && second.app.submit.content == "Twice a week.")
            #expect(second.network.count("POST /changejar/v1/actions") == 0)

            await second.app.settings.providerTapped(.google)
            #expect(second.network.count("POST /changejar/v1/actions") == 1)
            #expect(second.app.submit.banner == .confirmation("Your action is in the jar. Thank you!"))
            #expect(second.app.all.rows.map(\.title) == ["Cycle to work"])

            // Sent, it is forgotten: the next launch brings nothing back.
            let third = CoreHarness(server: server, cache: .local(store))
            await third.app.launched()
            #expect(!third.app.submit.hasPendingSubmission && third.app.submit.title.isEmpty)
            #expect(third.app.tab == .all)
        }
    }

    @Test func aLaunchAfterTheSignInSendsTheWaitingActionAtOnceAndOfflineKeepsIt() async throws {
        try await withServer(.sqliteMemory) { server in
            let cache = ActionCache.inMemory()
            let sessions = SessionStore.inMemory()
            let first = CoreHarness(server: server, cache: cache, sessionStore: sessions)
            first.app.submit.title = "Plant a tree"
            first.app.submit.content = "In spring."
            await first.app.submit.submitTapped()
            await first.app.settings.providerTapped(.google)
            #expect(first.network.count("POST /changejar/v1/actions") == 1)
            #expect(await cache.waitingAction() == nil)

            // Signed in, a Submit that meets no network keeps its words in the form; nothing waits for a sign-in.
            first.network.isOffline = true
            first.app.submit.title = "Walk more"
            first.app.submit.content = "Every lunch."
            await first.app.submit.submitTapped()
            #expect(first.app.submit.banner?.failure != nil)
            #expect(await cache.waitingAction() == nil)

            // One kept while signed out meets no network at the next launch: it stays kept, and the launch after
            // sends it.
            await cache.setWaitingAction(WaitingAction(ActionEdit(title: "Walk more", content: "Every lunch.")))
            let second = CoreHarness(server: server, cache: cache, sessionStore: sessions)
            second.network.isOffline = true
            await second.app.launched()
            #expect(await cache.waitingAction()?.action == ActionEdit(title: "Walk more", content: "Every lunch."))
            second.network.isOffline = false
            let third = CoreHarness(server: server, cache: cache, sessionStore: sessions)
            await third.app.launched()
            #expect(third.network.count("POST /changejar/v1/actions") == 1)
            #expect(third.app.submit.banner == .confirmation("Your action is in the jar. Thank you!"))
            #expect(await cache.waitingAction() == nil)
        }
    }

    /// The action that waited for the sign-in meets a jar that fails (a 500, a 429) or a line that drops: it stays on
    /// the device, and the next launch puts it in the jar once; the jar already had the one whose answer was lost.
    @Test(arguments: [500, 429, 0])
    func aWaitingActionTheJarDidNotTakeOutlivesTheAppAndGoesOutOnceAtTheNextLaunch(status: Int) async throws {
        try await withServer(.sqliteMemory) { server in
            let store = try await LocalStore(database: try SQLiteDatabase(url: "sqlite::memory:"))
            let sessions = SessionStore.inMemory()
            let first = CoreHarness(server: server, cache: .local(store), sessionStore: sessions)
            first.app.submit.title = "Cycle to work"
            first.app.submit.content = "Twice a week."
            await first.app.submit.submitTapped()
            #expect(first.app.submit.hasPendingSubmission)
            if status == 0 { first.network.losesJarAnswers = true } else { first.network.jarAnswers = status }
            await first.app.settings.providerTapped(.google)
            #expect(first.app.session.session != nil)
            #expect(first.network.count("POST /changejar/v1/actions") == 1)
            #expect(first.app.submit.banner?.failure != nil)
            #expect(first.app.submit.title == "Cycle to work" && first.app.submit.content == "Twice a week.")
            #expect(
                await ActionCache.local(store).waitingAction()?.action
                    == ActionEdit(title: "Cycle to work", content: "Twice a week."))

            // The app is closed; it launches again with the jar back.
            let second = CoreHarness(server: server, cache: .local(store), sessionStore: sessions)
            await second.app.launched()
            #expect(second.network.count("POST /changejar/v1/actions") == 1)
            let said =
                status == 0
                ? Banner.notice("This action is in the jar already, so nothing new was added.")
                : Banner.confirmation("Your action is in the jar. Thank you!")
            #expect(second.app.submit.banner == said)
            #expect(second.app.submit.title.isEmpty && second.app.submit.content.isEmpty)
            #expect(await ActionCache.local(store).waitingAction() == nil)
            await second.app.all.refreshPulled()
            #expect(second.app.all.rows.map(\.title) == ["Cycle to work"])

            // Sent, it is forgotten: the launch after sends nothing.
            let third = CoreHarness(server: server, cache: .local(store), sessionStore: sessions)
            await third.app.launched()
            #expect(third.network.count("POST /changejar/v1/actions") == 0)
            #expect(third.app.submit.title.isEmpty)
        }
    }

    static let refusedTooLong =
        "The jar did not take the action that waited for your sign-in: The title must be 1 to 120 characters. "
        + "Change it and submit it again, or clear it."

    /// Signed out, a person leaves an action to go out at the sign-in (kept by an older version whose rules were
    /// looser); the jar refuses it (422) once they sign in; returns the store the device keeps, and the sessions.
    func refusedAtTheSignIn(on server: TestServer) async throws -> (LocalStore, SessionStore) {
        let store = try await LocalStore(database: try SQLiteDatabase(url: "sqlite::memory:"))
        let sessions = SessionStore.inMemory()
        await ActionCache.local(store).setWaitingAction(
            WaitingAction(ActionEdit(title: String(repeating: "x", count: 121), content: "Too long.")))
        let first = CoreHarness(server: server, cache: .local(store), sessionStore: sessions)
        await first.app.launched()
        #expect(first.app.submit.hasPendingSubmission)
        await first.app.settings.providerTapped(.google)
        #expect(first.network.count("POST /changejar/v1/actions") == 1)
        #expect(first.app.tab == .submit)
        #expect(first.app.submit.banner == .failure(Self.refusedTooLong))
        #expect(first.app.submit.invalidField == .title)
        #expect(first.app.submit.hasRefusedAction && !first.app.submit.hasPendingSubmission)
        #expect(first.app.submit.title.count == 121 && first.app.submit.content == "Too long.")
        return (store, sessions)
    }

    /// The jar refuses (422) the action that waited for the sign-in: it stays on the device with why, and a launch
    /// after the app was closed brings it back into the form with why, without sending it again; changed and
    /// submitted, it goes in once and is let go.
    @Test func aWaitingActionTheJarRefusesIsKeptWithWhyAcrossALaunchUntilChangedAndSent() async throws {
        try await withServer(.sqliteMemory) { server in
            let (store, sessions) = try await refusedAtTheSignIn(on: server)
            let kept = await ActionCache.local(store).waitingAction()
            #expect(kept?.refusal == .invalid(field: "title", message: "The title must be 1 to 120 characters."))
            #expect(kept?.author?.providerUserID == "alice")

            // The app is closed; it launches again: the form says why, and nothing goes out by itself.
            let second = CoreHarness(server: server, cache: .local(store), sessionStore: sessions)
            await second.app.launched()
            #expect(second.network.count("POST /changejar/v1/actions") == 0)
            #expect(second.app.tab == .submit)
            #expect(second.app.submit.hasRefusedAction)
            #expect(second.app.submit.banner == .failure(Self.refusedTooLong))
            #expect(second.app.submit.invalidField == .title)
            #expect(second.app.submit.title.count == 121 && second.app.submit.content == "Too long.")

            // Changed and sent again: it is in the jar, and no longer kept.
            second.app.submit.title = "Short"
            await second.app.submit.submitTapped()
            #expect(second.network.count("POST /changejar/v1/actions") == 1)
            #expect(second.app.submit.banner == .confirmation("Your action is in the jar. Thank you!"))
            #expect(!second.app.submit.hasRefusedAction)
            #expect(await ActionCache.local(store).waitingAction() == nil)
            await second.app.all.refreshPulled()
            #expect(second.app.all.rows.map(\.title) == ["Short"])

            let third = CoreHarness(server: server, cache: .local(store), sessionStore: sessions)
            await third.app.launched()
            #expect(third.network.count("POST /changejar/v1/actions") == 0)
            #expect(!third.app.submit.hasRefusedAction && third.app.submit.title.isEmpty)
            #expect(third.app.tab == .all)
        }
    }

    /// A refused action changed and refused again is kept as last sent, with the new reason; Clear asks first, and
    /// only its Clear lets it go (nothing was ever put in the jar).
    @Test func aRefusedActionIsClearedOnlyAfterAsking() async throws {
        try await withServer(.sqliteMemory) { server in
            let (store, sessions) = try await refusedAtTheSignIn(on: server)
            let second = CoreHarness(server: server, cache: .local(store), sessionStore: sessions)
            await second.app.launched()
            let submit = second.app.submit
            submit.title = "Fine"
            submit.content = "Tab\u{202E}reversed"
            // NB: the device's own rules refuse it before sending: still kept, as it was.
            await submit.submitTapped()
            #expect(submit.violation != nil && submit.hasRefusedAction)
            #expect(await ActionCache.local(store).waitingAction()?.title.count == 121)

            submit.clearTapped()
            #expect(submit.confirmation?.title == "Clear This Action?")
            #expect(
                submit.confirmation?.message
                    == "It leaves this device without going into the jar. This cannot be undone.")
            submit.confirmationDismissed()
            #expect(submit.confirmation == nil && submit.hasRefusedAction)
            #expect(await ActionCache.local(store).waitingAction() != nil)

            submit.clearTapped()
            await submit.confirmTapped(.refusedAction)
            #expect(!submit.hasRefusedAction)
            #expect(submit.title.isEmpty && submit.content.isEmpty && submit.invalidField == nil)
            #expect(submit.banner == .confirmation("Cleared “\(String(repeating: "x", count: 121))”."))
            #expect(await ActionCache.local(store).waitingAction() == nil)

            let third = CoreHarness(server: server, cache: .local(store), sessionStore: sessions)
            await third.app.launched()
            #expect(!third.app.submit.hasRefusedAction && third.app.submit.title.isEmpty)
            #expect(second.network.count("POST /changejar/v1/actions") == 0)
        }
    }

    /// Signing out lets the refused action go with the person's session; someone else signed in at a launch is not
    /// handed it as theirs.
    @Test func aRefusedActionGoesWithItsWritersSignOutAndIsNotTheNextPersons() async throws {
        try await withServer(.sqliteMemory) { server in
            let (store, sessions) = try await refusedAtTheSignIn(on: server)
            let second = CoreHarness(server: server, cache: .local(store), sessionStore: sessions)
            await second.app.launched()
            await second.app.settings.signOutTapped()
            #expect(!second.app.submit.hasRefusedAction)
            #expect(await ActionCache.local(store).waitingAction() == nil)

            let (other, otherSessions) = try await refusedAtTheSignIn(on: server)
            await ActionCache.local(other).setWaitingAction(
                WaitingAction(
                    ActionEdit(title: "Mine", content: "Alice's."),
                    author: AuthSession.Person(authSource: .google, providerUserID: "someone-else"),
                    refusal: .forbidden))
            let third = CoreHarness(server: server, cache: .local(other), sessionStore: otherSessions)
            await third.app.launched()
            #expect(!third.app.submit.hasRefusedAction)
            #expect(third.app.submit.isSomeoneElses)
            #expect(await ActionCache.local(other).waitingAction() == nil)
        }
    }
}
