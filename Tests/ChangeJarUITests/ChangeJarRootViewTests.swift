import ChangeJarCore
import ChangeJarModels
import Foundation
import Locking
import SwiftUI
import TestSupport
import Testing

@testable import ChangeJarUI

/// Change Jar driven through its views: tabs, submitting while signed out, signing in, Settings, Search.
@MainActor
struct ChangeJarRootViewTests {
    /// What the fake API was asked to create.
    let created = Locked<[NewAction]>([])
    /// The signed-in person's actions in the fake API (My Actions), which edits and deletes change.
    let mineStore = Locked<[Action]>([])
    /// Everyone's actions in the fake API, newest first; an action's id is its place in the jar ("2" after "1"),
    /// which is also its cursor: New lists and counts those after `since`.
    let jar = Locked<[Action]>([])
    let now = Date(timeIntervalSince1970: 1_780_000_000)
    /// Whether the fake API meets no network for All, New and Search (a device offline until the test says).
    let offline = Locked(false)

    init() {
        jar.withLock { $0 = [action("2", "Call my grandmother"), action("1", "Cycle to work")] }
    }

    func action(_ id: String, _ title: String, content: String? = nil) -> Action {
        Action(
            id: id, title: title, content: content ?? "Text of \(title).", authSource: .google, authorName: "Bob",
            createdAt: now, updatedAt: now)
    }

    /// Bob puts a new action in the jar.
    func bobAdds(_ title: String) {
        jar.withLock { $0.insert(action(String($0.count + 1), title), at: 0) }
    }

    func app(
        allOffline: Bool = false, older: [Action] = [], cache: ActionCache = .inMemory(), signIn: Gate = Gate()
    ) -> AppModel {
        let created = created
        let jar = jar
        let now = now
        let offline = offline
        let session = AuthSession(
            identityID: "us-east-1:00000000-0000-0000-0000-000000000001", token: "token-alice",
            expiresAt: now.addingTimeInterval(3_600), authSource: .google, providerUserID: "alice",
            displayName: "Alice")
        let providers = ProviderSignIn(availableSources: AuthSource.allCases) { source in
            await signIn.pass()
            return ProviderCredential(source: source, token: "provider-token", userID: "alice", displayName: "Alice")
        }
        let identity = CognitoIdentityClient(
            getID: { _, _ in session.identityID }, getOpenIDToken: { id, _ in (id, session.token) })
        @Sendable func newer(than since: String?) -> [Action] {
            jar.withLock { $0 }.filter { Int($0.id) ?? 0 > Int(since ?? "") ?? 0 }
        }
        let actions = ActionsClient(
            all: { cursor in
                if allOffline || offline.withLock({ $0 }) { throw URLError(.notConnectedToInternet) }
                if cursor == "1" { return ActionPage(items: older) }
                let items = jar.withLock { $0 }
                return ActionPage(items: items, nextCursor: older.isEmpty ? nil : "1", headCursor: items.first?.id)
            },
            new: { _, since, _ in
                if offline.withLock({ $0 }) { throw URLError(.notConnectedToInternet) }
                let items = newer(than: since)
                return ActionPage(items: items, headCursor: items.first?.id ?? since)
            },
            newCount: { _, since in newer(than: since).count },
            mine: { [mineStore] _, _ in ActionPage(items: mineStore.withLock { $0 }) },
            search: { text, _ in
                if offline.withLock({ $0 }) { throw URLError(.notConnectedToInternet) }
                return ActionPage(items: jar.withLock { $0 }.filter { $0.title.localizedCaseInsensitiveContains(text) })
            },
            action: { [mineStore] token, id in
                if var own = mineStore.withLock({ $0.first { $0.id == id } }) {
                    own.isMine = token.map { _ in true }
                    return own
                }
                guard var action = jar.withLock({ $0.first { $0.id == id } }) else { throw ChangeJarError.notFound }
                action.isMine = token.map { _ in false }
                return action
            },
            create: { _, new in
                created.withLock { $0.append(new) }
                return .added(
                    Action(
                        id: "3", title: new.title, content: new.content, authSource: new.authSource,
                        authorName: new.authorName, createdAt: now, updatedAt: now, isMine: true))
            },
            edit: { [mineStore] _, id, edit in
                try mineStore.withLock { list in
                    guard let index = list.firstIndex(where: { $0.id == id }) else { throw ChangeJarError.notFound }
                    list[index].title = edit.title
                    list[index].content = edit.content
                    return list[index]
                }
            },
            delete: { [mineStore] _, id in mineStore.withLock { $0.removeAll { $0.id == id } } },
            profile: { _ in AuthorProfile(name: nil) },
            rename: { _, name in
                // NB: someone else in this jar goes by "Alice A".
                if name == "Alice A" { throw ChangeJarError.nameTaken }
                return AuthorProfile(name: name)
            })
        let clock = ChangeJarClock(now: { now }, sleep: { _ in })
        return AppModel(
            dependencies: ChangeJarDependencies(
                signIn: SignInService(
                    providers: providers, identity: identity, identityPoolID: ChangeJarSettings.developmentPoolID,
                    clock: clock),
                actions: actions, cache: cache, clock: clock,
                dateFormat: DateFormat(locale: Locale(identifier: "en_US"), timeZone: TimeZone(identifier: "UTC")!)))
    }

    @Test func opensOnAllActionsWithTheNewBadge() async throws {
        let host = ViewHost(ChangeJarRootView(app: app()))
        await host.settle()
        let tabs = try #require(host.tree.first { $0.kind == .tabView })
        #expect(tabs.tabItem.map(\.text) == ["All", "New", "Submit", "Mine", "Search", "Settings"])
        #expect(tabs.tabItem[0].value == "selected")
        // All Actions shows both actions, and the badge still counts them: nobody looked at New yet.
        #expect(tabs.tabItem[1].badge == "2")
        #expect(host.tree.visibleNavigationTitle == "All Actions")
        #expect(host.tree.texts.starts(with: ["Call my grandmother", "Text of Call my grandmother."]))
        #expect(host.tree.texts.contains("Bob via Google · May 28, 2026 at 8:26\u{202F}PM"))
    }

    @Test func theLastRowAppearingLoadsTheNextPage() async throws {
        let host = ViewHost(ChangeJarRootView(app: app(older: [action("0", "Plant a tree")])))
        // NB: waits for the page rather than one settle: on two busy cores the last row's appearance can start the
        // next page's load after the first page's tasks have all ended (seen once in CI).
        try await host.waitUntil("the next page") { $0.texts.contains("Plant a tree") }
        #expect(
            host.tree.texts.filter { ["Call my grandmother", "Cycle to work", "Plant a tree"].contains($0) } == [
                "Call my grandmother", "Cycle to work", "Plant a tree",
            ])
    }

    /// What the All list looked like whenever the device saved a page.
    @MainActor final class SaveWitness {
        var list: ActionListModel?
        var seen: [(rows: Int, busy: Bool)] = []
        func look() { seen.append((list?.rows.count ?? 0, list?.isBusy ?? false)) }
        func reachEnd() async { await list?.reachedEnd() }
    }

    /// A row shown while the list is still busy would ask for the next page in vain (`reachedEnd()` ignores a
    /// busy list): the first page is shown only once nothing else is awaited.
    @Test func rowsAreNeverShownWhileTheFirstPageStillHoldsTheList() async throws {
        let witness = SaveWitness()
        var cache = ActionCache.inMemory()
        let save = cache.save
        cache.save = { list, actions in
            await save(list, actions)
            await witness.look()
        }
        let app = app(older: [action("0", "Plant a tree")], cache: cache)
        witness.list = app.all
        await app.all.refreshPulled()
        #expect(!witness.seen.isEmpty)
        #expect(witness.seen.allSatisfy { !($0.rows > 0 && $0.busy) })
        #expect(app.all.canLoadMore)
    }

    /// The last row's task runs once; if it comes while the first page still loads, the next page follows.
    @Test func theEndReachedDuringALoadIsServedWhenTheLoadEnds() async throws {
        let witness = SaveWitness()
        var cache = ActionCache.inMemory()
        let save = cache.save
        cache.save = { list, actions in
            await save(list, actions)
            await witness.reachEnd()
        }
        let app = app(older: [action("0", "Plant a tree")], cache: cache)
        witness.list = app.all
        await app.all.refreshPulled()
        #expect(app.all.rows.map(\.title) == ["Call my grandmother", "Cycle to work", "Plant a tree"])
        #expect(!app.all.isBusy)
    }

    @Test func theNewTabCountsActionsNotSeenYet() async throws {
        let cache = ActionCache.inMemory()
        await cache.save(.all, [action("2", "Call my grandmother")])
        let host = ViewHost(ChangeJarRootView(app: app(allOffline: true, cache: cache)))
        await host.settle()
        let tabs = try #require(host.tree.first { $0.kind == .tabView })
        #expect(tabs.tabItem[1].badge == "2")
        // NB: a notice, not a failure: the saved rows are there under it.
        let notice = try #require(host.tree.find(.text, "You're offline. Showing the actions saved on this device."))
        #expect(notice.style.foreground == nil)
        #expect(host.tree.first { $0.systemImage == "exclamationmark.triangle" } == nil)
        try host.selectTab("New")
        try await host.waitUntil("new actions") { $0.texts.contains("Call my grandmother") }
        #expect(host.tree.visibleNavigationTitle == "New Actions")
    }

    /// The badge and New across visits, as the tabs show them: All does not empty New; opening New clears the
    /// badge and keeps the list for the visit; coming back from the background is a new visit, counted at once.
    @Test func theBadgeAndNewFollowTheVisits() async throws {
        let host = ViewHost(ChangeJarRootView(app: app()))
        func badge() throws -> String? { try #require(host.tree.first { $0.kind == .tabView }).tabItem[1].badge }
        await host.settle()
        #expect(try badge() == "2")
        try await host.pullToRefresh()
        #expect(try badge() == "2")
        try host.selectTab("New")
        try await host.waitUntil("new actions") { $0.texts.contains("Cycle to work") }
        #expect(try badge() == nil)
        try host.selectTab("All")
        await host.settle()
        try host.selectTab("New")
        try await host.waitUntil("the same new actions") {
            $0.texts.contains("Call my grandmother") && $0.texts.contains("Cycle to work")
        }
        try host.selectTab("All")
        await host.settle()

        // Away, Bob adds one; back, the badge counts it (only it) without a launch.
        host.enterScenePhase(.inactive)
        host.enterScenePhase(.background)
        await host.settle()
        bobAdds("Plant a tree")
        host.enterScenePhase(.inactive)
        host.enterScenePhase(.active)
        try await host.waitUntil("the badge") { _ in (try? badge()) == "1" }
        try host.selectTab("New")
        try await host.waitUntil("this visit's new action") { $0.texts.contains("Plant a tree") }
        #expect(!host.tree.texts.contains("Cycle to work"))
        #expect(try badge() == nil)

        // Back from the background on the New tab: nothing came, and the screen says so at once.
        host.enterScenePhase(.background)
        await host.settle()
        host.enterScenePhase(.active)
        try await host.waitUntil("an empty New") { $0.texts.contains("Nothing new since your last visit.") }
    }

    @Test func aSignedOutSubmissionWaitsForSignInThenGoesOutOnce() async throws {
        let host = ViewHost(ChangeJarRootView(app: app()))
        await host.settle()
        try host.selectTab("Submit")
        #expect(host.tree.visibleNavigationTitle == "Submit an Action")
        try host.type("Walk to work", into: "Title")
        try host.type("Three days a week.", into: "What will you change?")
        try await host.tapAndSettle("Submit")
        try await host.waitUntil("Settings") { $0.visibleNavigationTitle == "Settings" }
        #expect(host.tree.texts.contains("Sign in to put your action in the jar. It will be sent right after."))
        #expect(host.tree.first { $0.kind == .textField || $0.kind == .secureField } == nil)
        #expect(host.tree.all(.button).compactMap(\.text).filter { $0.hasPrefix("Sign In with") }.count == 3)
        #expect(created.withLock { $0.isEmpty })

        try await host.tapAndSettle("Sign In with Google")
        try await host.waitUntil("the action to go out") { $0.texts.contains("Your action is in the jar. Thank you!") }
        #expect(host.tree.visibleNavigationTitle == "Submit an Action")
        let sent = try #require(host.tree.find(.label, "Your action is in the jar. Thank you!"))
        #expect(sent.systemImage == "checkmark.circle")
        #expect(sent.style.iconForeground?.name == "green")
        #expect(created.withLock { $0.map(\.title) } == ["Walk to work"])
        #expect(host.tree.find(.textField, "Title")?.value == "")
    }

    /// An action that waited for a sign-in when the app was ended comes back at launch: Settings says why it is
    /// open, the form still holds the action, and the sign-in sends it.
    @Test func anActionWaitingFromTheLastRunComesBackAtLaunch() async throws {
        let cache = ActionCache.inMemory()
        await cache.setWaitingAction(WaitingAction(ActionEdit(title: "Walk to work", content: "Three days a week.")))
        let host = ViewHost(ChangeJarRootView(app: app(cache: cache)))
        try await host.waitUntil("Settings") { $0.visibleNavigationTitle == "Settings" }
        #expect(host.tree.texts.contains("Sign in to put your action in the jar. It will be sent right after."))
        try host.selectTab("Submit")
        #expect(host.tree.find(.textField, "Title")?.value == "Walk to work")
        try host.selectTab("Settings")

        try await host.tapAndSettle("Sign In with Google")
        try await host.waitUntil("the action to go out") { $0.texts.contains("Your action is in the jar. Thank you!") }
        #expect(created.withLock { $0.map(\.title) } == ["Walk to work"])
        #expect(await cache.waitingAction() == nil)
    }

    /// Signed out, My Actions says why it is empty and offers Sign in, which opens Settings; signed in, it does not.
    @Test func signedOutMyActionsOffersSignIn() async throws {
        let host = ViewHost(ChangeJarRootView(app: app()))
        await host.settle()
        try host.selectTab("Mine")
        try await host.waitUntil("the offer") { $0.find(.button, "Sign In") != nil }
        #expect(host.tree.texts.contains("Sign in to see your actions."))
        try host.tap("Sign In")
        try await host.waitUntil("Settings") { $0.visibleNavigationTitle == "Settings" }
        try await host.tapAndSettle("Sign In with Google")
        try host.selectTab("Mine")
        try await host.waitUntil("my actions") { !$0.texts.contains("Sign in to see your actions.") }
        #expect(host.tree.find(.button, "Sign In") == nil)
    }

    @Test func settingsShowsWhoIsSignedInAndHow() async throws {
        let host = ViewHost(ChangeJarRootView(app: app()))
        try host.selectTab("Settings")
        try await host.tapAndSettle("Sign In with Facebook")
        try await host.waitUntil("signed in") { $0.find(.labeledContent, "Signed In With") != nil }
        #expect(host.tree.find(.labeledContent, "Signed In With")?.value == "Facebook")
        try await host.tapAndSettle("Sign Out")
        #expect(host.tree.find("Sign In with Facebook") != nil)
    }

    /// Settings after a sign-in with Facebook, its name read from the jar.
    func signedInOnSettings() async throws -> (AppModel, ViewHost<ChangeJarRootView>) {
        let app = app()
        let host = ViewHost(ChangeJarRootView(app: app))
        try host.selectTab("Settings")
        try await host.tapAndSettle("Sign In with Facebook")
        try await host.waitUntil("signed in") { $0.find(.labeledContent, "Signed In With") != nil }
        await app.settings.appeared()
        return (app, host)
    }

    /// Settings has the name the jar shows on one's actions (the provider's until one is chosen); a name someone
    /// else goes by is refused in the core's words, and the field keeps what was typed.
    @Test func settingsChoosesTheNameTheJarShows() async throws {
        let (app, host) = try await signedInOnSettings()
        #expect(app.settings.nameDraft == "Alice")
        #expect(host.tree.find(.textField, "Name") != nil)
        try host.type("Alice A", into: "Name")
        try await host.tapAndSettle("Save Name")
        #expect(
            host.tree.find(
                "Someone else in the jar goes by this name, or one too like it. Choose another name in Settings.")
                != nil)
        #expect(app.settings.nameDraft == "Alice A")
        try host.type("Alice Liddell", into: "Name")
        try await host.tapAndSettle("Save Name")
        #expect(host.tree.find("Your actions now go by “Alice Liddell”.") != nil)
        #expect(app.settings.canSaveName == false)
    }

    /// The name field says what it is and what it is for even once it holds a name (a filled field shows no
    /// placeholder): a header over it, a footer under it, in the same section as the field and its Save.
    @Test func settingsNameFieldIsLabelledAndExplained() async throws {
        let (_, host) = try await signedInOnSettings()
        let section = try #require(
            host.tree.first { $0.kind == .section && $0.children.contains { $0.kind == .textField } },
            "\(host.tree.outline)")
        #expect(section.header.flatMap(\.texts) == ["Your Name"])
        #expect(section.footer.flatMap(\.texts) == ["Your actions show this name."])
        #expect(section.find(.textField, "Name")?.value == "Alice")
        #expect(section.find(.button, "Save Name") != nil)
    }

    /// While a provider's page is open, Settings spins and its buttons wait.
    @Test func settingsSpinsWhileSigningIn() async throws {
        let gate = Gate(isOpen: false)
        let host = ViewHost(ChangeJarRootView(app: app(signIn: gate)))
        try host.selectTab("Settings")
        #expect(host.tree.first { $0.kind == .progress } == nil)
        try host.tap("Sign In with Google")
        await gate.arrived(1)
        #expect(host.tree.first { $0.kind == .progress } != nil)
        #expect(host.tree.find(.button, "Sign In with Facebook")?.isEnabled == false)
        await gate.open()
        try await host.waitUntil("signed in") { $0.find(.labeledContent, "Signed In With") != nil }
        #expect(host.tree.first { $0.kind == .progress } == nil)
    }

    /// In My Actions a row opens the action's page, whose Edit opens its form (Save shows the edit, Cancel changes
    /// nothing), and swipes to Delete.
    @Test func myActionsAreEditedAndDeleted() async throws {
        mineStore.withLock {
            $0 = [
                Action(
                    id: "m1", title: "Walk to work", content: "Every day.", authSource: .google, authorName: "Alice",
                    createdAt: now, updatedAt: now, isMine: true),
                Action(
                    id: "m2", title: "Read more", content: "A book a month.", authSource: .google,
                    authorName: "Alice", createdAt: now, updatedAt: now, isMine: true),
            ]
        }
        let host = ViewHost(ChangeJarRootView(app: app()))
        try host.selectTab("Settings")
        try await host.tapAndSettle("Sign In with Google")
        try host.selectTab("Mine")
        try await host.waitUntil("my actions") { $0.texts.contains("Walk to work") }
        // A row is a plain button with a chevron: in a List a default button draws the row in the link colour.
        let row = try #require(host.tree.all(.button).first { $0.texts.first == "Walk to work" })
        #expect(row.style.styleName == "plain")
        #expect(row.first { $0.systemImage == "chevron.right" } != nil)

        try host.tap("Walk to work")
        try await host.waitUntil("the action's page") { $0.visibleNavigationTitle == "Action" }
        try await host.tapAndSettle("Edit")
        try await host.waitUntil("the edit form") { $0.topPresentation?.visibleNavigationTitle == "Edit Action" }
        #expect(host.tree.find(.textField, "Title")?.value == "Walk to work")
        try host.type("Walk to work, rain or shine", into: "Title")
        try host.tap("Save")
        try await host.waitUntil("the edit") {
            $0.topPresentation == nil && $0.texts.contains("Walk to work, rain or shine")
        }
        #expect(host.tree.texts.contains("Saved “Walk to work, rain or shine”."))
        try host.back()
        try await host.waitUntil("My Actions") { $0.visibleNavigationTitle == "My Actions" }
        #expect(host.tree.texts.contains("Walk to work, rain or shine"))

        try host.tap("Read more")
        try await host.waitUntil("the action's page") { $0.find(.button, "Edit") != nil }
        try host.tap("Edit")
        try await host.waitUntil("the edit form") { $0.topPresentation != nil }
        try host.type("", into: "Title")
        try host.tap("Save")
        try await host.waitUntil("the refusal") { $0.texts.contains("The title must be 1 to 120 characters.") }
        try host.tap("Cancel")
        #expect(host.tree.topPresentation?.text == "Discard Changes?")
        try await host.tapAndSettle("Discard")
        #expect(host.tree.topPresentation == nil)
        #expect(mineStore.withLock { $0.map(\.title) } == ["Walk to work, rain or shine", "Read more"])
        try host.back()
        try await host.waitUntil("My Actions") { $0.visibleNavigationTitle == "My Actions" }

        try host.swipe("Read more", action: "Delete")
        #expect(host.tree.topPresentation?.text == "Delete “Read more”?")
        try host.dismiss()
        #expect(host.tree.texts.contains("Read more"))
        try await host.swipeAsksThenRemoves("Read more", question: "Delete “Read more”?")
        #expect(host.tree.texts.contains("Deleted “Read more”."))
        #expect(mineStore.withLock { $0.map(\.id) } == ["m1"])
    }

    /// A row of every list opens the action's page: the whole text the row cuts at three lines, who, how and
    /// when; Back returns to the list.
    @Test func aRowOpensTheActionsPage() async throws {
        let long = String(repeating: "One more step every day. ", count: 80).trimmingCharacters(in: .whitespaces)
        jar.withLock { $0.insert(action("3", "Walk more", content: long), at: 0) }
        let host = ViewHost(ChangeJarRootView(app: app()))
        try await host.waitUntil("the rows") { $0.texts.contains("Walk more") }
        #expect(host.tree.find(.text, long)?.style.lineLimit == 3)

        func opensThePage(_ list: String) async throws {
            try host.tap("Walk more")
            try await host.waitUntil("the page from \(list)") { $0.visibleNavigationTitle == "Action" }
            let text = try #require(host.tree.find(.text, long))
            #expect(text.style.lineLimit == nil, "\(list)")
            #expect(host.tree.find(.labeledContent, "Author")?.value == "Bob")
            #expect(host.tree.find(.labeledContent, "Shared Via")?.value == "Google")
            #expect(host.tree.find(.labeledContent, "Added")?.value == "May 28, 2026 at 8:26\u{202F}PM")
            #expect(host.tree.find(.labeledContent, "Edited") == nil)
            // Bob's action: nothing to change.
            #expect(host.tree.find(.button, "Edit") == nil && host.tree.find(.button, "Delete") == nil)
            try host.back()
            try await host.waitUntil("the list again") { $0.visibleNavigationTitle != "Action" }
        }
        try await opensThePage("All")
        try host.selectTab("New")
        try await host.waitUntil("new actions") { $0.texts.contains("Walk more") }
        try await opensThePage("New")
        try host.selectTab("Search")
        try host.search("walk")
        try await host.waitUntil("results") { $0.texts.contains("Walk more") }
        try await opensThePage("Search")
    }

    /// One's own action's page offers Delete, which asks first; once deleted, the page closes and the list says so.
    @Test func onesOwnActionIsDeletedFromItsPage() async throws {
        let host = try await onOwnActionsPage()
        #expect(host.tree.find(.button, "Delete")?.role == .destructive)
        try host.tap("Delete")
        #expect(host.tree.topPresentation?.text == "Delete “Walk to work”?")
        try host.tap("Cancel")
        #expect(host.tree.topPresentation == nil)
        #expect(mineStore.withLock { $0.count } == 1)
        try host.tap("Delete")
        try host.tap("Delete")
        try await host.waitUntil("the list, saying so") {
            $0.visibleNavigationTitle == "My Actions" && $0.texts.contains("Deleted “Walk to work”.")
        }
        #expect(!host.tree.texts.contains("Walk to work"))
        #expect(mineStore.withLock { $0.isEmpty })
    }

    @Test func anInvalidTitleIsMarkedAndExplained() async throws {
        let host = ViewHost(ChangeJarRootView(app: app()))
        try host.selectTab("Submit")
        try host.type("Cook more", into: "What will you change?")
        try await host.tapAndSettle("Submit")
        let refusal = try #require(host.tree.find(.label, "The title must be 1 to 120 characters."))
        #expect(refusal.systemImage == "exclamationmark.triangle")
        #expect(refusal.style.iconForeground?.name == "red")
        #expect(host.tree.find(.textField, "Title")?.style.foreground?.name == "red")
        #expect(host.tree.find(.textField, "What will you change?")?.style.foreground?.name == "primary")
    }

    /// An action the jar refused after the sign-in opens Submit at the next launch, saying why, with Clear beside
    /// Submit; Clear asks first.
    @Test func aRefusedActionOpensSubmitWithWhyAndAClearThatAsks() async throws {
        let cache = ActionCache.inMemory()
        await cache.setWaitingAction(
            WaitingAction(
                ActionEdit(title: "Cook more", content: "Soup."),
                refusal: .invalid(field: "content", message: "The content must be 1 to 2,000 characters.")))
        let app = app(cache: cache)
        await app.launched()
        let host = ViewHost(ChangeJarRootView(app: app))
        #expect(host.tree.visibleNavigationTitle == "Submit an Action")
        #expect(
            host.tree.find(
                .label,
                "The jar did not take the action that waited for your sign-in: The content must be 1 to 2,000 "
                    + "characters. Change it and submit it again, or clear it.") != nil)
        #expect(host.tree.find(.textField, "Title")?.value == "Cook more")
        #expect(host.tree.find(.button, "Clear")?.role == .destructive)
        try host.tap("Clear")
        let asked = try #require(host.tree.topPresentation)
        #expect(asked.kind == .confirmationDialog && asked.text == "Clear This Action?")
        try await host.tapAndSettle("Clear")
        #expect(host.tree.texts.contains("Cleared “Cook more”."))
        #expect(host.tree.find(.button, "Clear") == nil)
        #expect(await cache.waitingAction() == nil)
    }

    @Test func searchShowsMatchingActions() async throws {
        let host = ViewHost(ChangeJarRootView(app: app()))
        try host.selectTab("Search")
        try host.search("cycle")
        try await host.waitUntil("results") { $0.texts.contains("Cycle to work") }
        #expect(!host.tree.texts.contains("Call my grandmother"))
    }

    /// Signed in with one action of one's own, on its page.
    func onOwnActionsPage() async throws -> ViewHost<ChangeJarRootView> {
        mineStore.withLock {
            $0 = [
                Action(
                    id: "m1", title: "Walk to work", content: "Every day.", authSource: .google, authorName: "Alice",
                    createdAt: now, updatedAt: now, isMine: true)
            ]
        }
        let host = ViewHost(ChangeJarRootView(app: app()))
        try host.selectTab("Settings")
        try await host.tapAndSettle("Sign In with Google")
        try host.selectTab("Mine")
        try await host.waitUntil("my actions") { $0.texts.contains("Walk to work") }
        try host.tap("Walk to work")
        try await host.waitUntil("the action's page") {
            $0.find(.button, "Edit") != nil && $0.find(.button, "Delete") != nil
        }
        return host
    }

    /// The edit form's Cancel asks before throwing away what was typed (Keep Editing keeps it, Discard lets it go),
    /// and a swipe down then leaves the form where it is; with nothing changed, either closes the form at once.
    @Test func theEditFormAsksBeforeCancelLosesTyping() async throws {
        let host = try await onOwnActionsPage()
        func openTheForm() async throws {
            try host.tap("Edit")
            try await host.waitUntil("the edit form") { $0.topPresentation?.visibleNavigationTitle == "Edit Action" }
        }
        try await openTheForm()
        try host.tap("Cancel")
        #expect(host.tree.topPresentation == nil)
        try await openTheForm()
        try host.dismiss()
        #expect(host.tree.topPresentation == nil)

        try await openTheForm()
        try host.type("Walk to work, rain or shine", into: "Title")
        try host.tap("Cancel")
        let asked = try #require(host.tree.topPresentation)
        #expect(asked.kind == .confirmationDialog && asked.text == "Discard Changes?")
        #expect(asked.texts.contains("Your changes to this action are not saved, and cannot be had back."))
        #expect(asked.find(.button, "Discard")?.role == .destructive)
        try host.tap("Keep Editing")
        #expect(host.tree.find(.textField, "Title")?.value == "Walk to work, rain or shine")
        // NB: with something typed, a swipe down leaves the form where it is (it springs back on a device).
        try host.dismiss()
        #expect(host.tree.topPresentation?.visibleNavigationTitle == "Edit Action")
        #expect(host.tree.find(.textField, "Title")?.value == "Walk to work, rain or shine")
        try host.tap("Cancel")
        try await host.tapAndSettle("Discard")
        #expect(host.tree.topPresentation == nil)
        #expect(host.tree.texts.contains("Walk to work"))
        #expect(mineStore.withLock { $0.map(\.title) } == ["Walk to work"])
    }

    /// Submit is a tab, not a sheet: leaving it loses nothing (the form keeps what was typed), so it asks nothing.
    @Test func theSubmitFormKeepsItsTypingAcrossTabs() async throws {
        let host = ViewHost(ChangeJarRootView(app: app()))
        try host.selectTab("Submit")
        try host.type("Walk to work", into: "Title")
        try host.selectTab("All")
        await host.settle()
        #expect(host.tree.topPresentation == nil)
        try host.selectTab("Submit")
        #expect(host.tree.find(.textField, "Title")?.value == "Walk to work")
    }

    /// Each field of the Submit and edit forms is named by a header that stays once it is filled (and is what a
    /// screen reader calls it), with its rule under it.
    @Test func theActionFormsLabelTheirFields() async throws {
        func expectLabelled(_ tree: ViewNode, _ form: String) throws {
            let sections = tree.all(.section).filter { $0.children.contains { $0.kind == .textField } }
            #expect(sections.map { $0.header.flatMap(\.texts) } == [["Title"], ["Your Change"]], "\(form)")
            #expect(
                sections.map { $0.footer.flatMap(\.texts) } == [
                    ["Up to 120 characters, on one line."], ["Up to 2,000 characters. Line breaks are fine."],
                ], "\(form)")
            #expect(
                sections.compactMap { $0.first { $0.kind == .textField }?.accessibilityLabel } == [
                    "Title", "Your Change",
                ], "\(form)")
        }
        let host = try await onOwnActionsPage()
        try host.tap("Edit")
        try await host.waitUntil("the edit form") { $0.topPresentation?.visibleNavigationTitle == "Edit Action" }
        try expectLabelled(try #require(host.tree.topPresentation), "edit")
        try host.tap("Cancel")
        try host.selectTab("Submit")
        try host.type("Walk to work", into: "Title")
        try expectLabelled(host.tree, "submit")
    }

    /// All, New and Search opened offline with nothing saved say so and offer Retry, which reads them again.
    @Test func anOfflineListWithNothingSavedOffersRetry() async throws {
        offline.withLock { $0 = true }
        let host = ViewHost(ChangeJarRootView(app: app()))
        try await host.waitUntil("All offline") {
            $0.texts.contains("You're offline. Nothing is saved on this device yet.")
        }
        #expect(host.tree.find(.button, "Retry")?.style.styleName == "bordered")
        offline.withLock { $0 = false }
        try await host.tapAndSettle("Retry")
        try await host.waitUntil("every action") { $0.texts.contains("Call my grandmother") }
        #expect(host.tree.find(.button, "Retry") == nil)
        #expect(!host.tree.texts.contains("You're offline. Nothing is saved on this device yet."))

        offline.withLock { $0 = true }
        try host.selectTab("New")
        try await host.waitUntil("New offline") { $0.find(.button, "Retry") != nil }
        offline.withLock { $0 = false }
        try await host.tapAndSettle("Retry")
        try await host.waitUntil("what is new") { $0.texts.contains("Call my grandmother") }
        #expect(host.tree.find(.button, "Retry") == nil)

        offline.withLock { $0 = true }
        try host.selectTab("Search")
        try host.search("cycle")
        try await host.waitUntil("Search offline") { $0.find(.button, "Retry") != nil }
        #expect(host.tree.texts.contains("You're offline, and this search has no results saved on this device."))
        offline.withLock { $0 = false }
        try await host.tapAndSettle("Retry")
        try await host.waitUntil("the results") { $0.texts.contains("Cycle to work") }
        #expect(host.tree.find(.button, "Retry") == nil)
    }
}
