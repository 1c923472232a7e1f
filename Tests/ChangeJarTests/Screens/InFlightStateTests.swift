import ChangeJarModels
import Foundation
import Locking
import TestSupport
import Testing

@testable import ChangeJarCore

/// The states a screen passes through while a request is in flight, with dependencies that wait on a gate.
@MainActor
@Suite("Change Jar in-flight states")
struct InFlightStateTests {
    nonisolated static let sample = Action(
        id: "1", title: "Recycle", content: "Glass.", authSource: .google,
        createdAt: Date(timeIntervalSince1970: 0), updatedAt: Date(timeIntervalSince1970: 0))

    nonisolated static func actions(
        create: @escaping @Sendable (String, NewAction) async throws -> Submission = { _, _ in .added(sample) },
        search: @escaping @Sendable (String, String?) async throws -> ActionPage = { _, _ in ActionPage(items: []) }
    ) -> ActionsClient {
        ActionsClient(
            all: { _ in ActionPage(items: []) }, new: { _, _, _ in ActionPage(items: []) }, newCount: { _, _ in 0 },
            mine: { _, _ in ActionPage(items: []) }, search: search, action: { _, _ in sample }, create: create,
            edit: { _, _, _ in sample }, delete: { _, _ in }, profile: { _ in AuthorProfile(name: nil) },
            rename: { _, name in AuthorProfile(name: name) })
    }

    /// The action the device keeps for a sign-in in the tests that launch with one.
    nonisolated static let kept = ActionEdit(title: "Walk more", content: "Every lunch.")

    /// Signs in on a first launch, keeps `kept` on the device as an action that met no network, and launches again
    /// with the same device: the app, with the action still kept, that the test then taps, and the device's
    /// dependencies, to launch it again.
    static func launchedKeeping(_ kept: ActionEdit, actions: ActionsClient, cache: ActionCache) async -> (
        AppModel, ChangeJarDependencies
    ) {
        let clock = ChangeJarClock(now: { Date(timeIntervalSince1970: 0) }, sleep: { _ in })
        let dependencies = ChangeJarDependencies(
            signIn: Self.signIn(clock: clock), actions: actions, cache: cache, sessionStore: SessionStore.inMemory(),
            clock: clock)
        let first = AppModel(dependencies: dependencies)
        await first.settings.providerTapped(.google)
        await cache.setWaitingAction(WaitingAction(kept))
        let app = AppModel(dependencies: dependencies)
        await app.launched()
        #expect(await cache.waitingAction()?.action == kept)
        return (app, dependencies)
    }

    nonisolated static func signIn(clock: ChangeJarClock) -> SignInService {
        SignInService(
            providers: ProviderSignIn(availableSources: [.google]) { source in
                ProviderCredential(source: source, token: "p", userID: "alice", displayName: "Alice")
            },
            identity: CognitoIdentityClient(getID: { _, _ in "us-east-1:1" }, getOpenIDToken: { id, _ in (id, "t") }),
            identityPoolID: "us-east-1:5d8b7c2e-0f3a-4c1e-9a6b-2f4d8e1c7a90", clock: clock)
    }

    /// ``sample`` as the server answers it to its author.
    nonisolated static var mine: Action {
        var mine = sample
        mine.isMine = true
        return mine
    }

    /// The page of ``sample``, opened and read by its author signed in with Google, over `actions` (whose `action`
    /// should answer ``mine`` for the page to offer Edit and Delete).
    static func ownPage(_ actions: ActionsClient) async -> ActionDetailModel {
        let clock = ChangeJarClock(now: { Date(timeIntervalSince1970: 0) }, sleep: { _ in })
        let app = AppModel(
            dependencies: ChangeJarDependencies(
                signIn: Self.signIn(clock: clock), actions: actions, cache: .inMemory(), clock: clock))
        await app.settings.providerTapped(.google)
        let page = app.actionPage(id: sample.id)
        await page.opened()
        return page
    }

    /// The app signed in with Google and "Recycle" / "Glass." typed into Submit; every create passes `gate`.
    static func signedInWithADraft(createHeldAt gate: Gate) async -> AppModel {
        let clock = ChangeJarClock(now: { Date(timeIntervalSince1970: 0) }, sleep: { _ in })
        let app = AppModel(
            dependencies: ChangeJarDependencies(
                signIn: Self.signIn(clock: clock),
                actions: Self.actions(create: { _, _ in
                    await gate.pass()
                    return .added(Self.sample)
                }),
                cache: .inMemory(), clock: clock))
        await app.settings.providerTapped(.google)
        app.submit.title = "Recycle"
        app.submit.content = "Glass."
        return app
    }

    @Test func submitShowsBusyWhileThePostIsInFlight() async {
        let gate = Gate(isOpen: false)
        let app = await Self.signedInWithADraft(createHeldAt: gate)
        #expect(app.submit.isBusy == false)
        let submitting = Task { await app.submit.submitTapped() }
        await gate.arrived(1)
        #expect(app.submit.isBusy)
        #expect(app.submit.banner == nil)
        await gate.open()
        await submitting.value
        #expect(app.submit.isBusy == false)
        #expect(app.submit.banner == .confirmation("Your action is in the jar. Thank you!"))
    }

    /// A second tap while the first action was on its way sent it again (the jar then said it was there already),
    /// and the answer emptied what had been typed meanwhile.
    @Test func submitTappedTwiceSendsOnceAndKeepsWhatIsTypedSince() async {
        let gate = Gate(isOpen: false)
        let app = await Self.signedInWithADraft(createHeldAt: gate)
        let first = Task { await app.submit.submitTapped() }
        await gate.arrived(1)
        let second = Task { await app.submit.submitTapped() }
        await Task.yield()
        app.submit.title = "Compost"
        app.submit.content = "Peels."
        await gate.open()
        await first.value
        await second.value
        #expect(await gate.arrivals == 1, "one action sent")
        #expect(app.submit.banner == .confirmation("Your action is in the jar. Thank you!"))
        #expect(app.submit.title == "Compost")
        #expect(app.submit.content == "Peels.")
    }

    /// A pull on one's own action's page while its Delete is on its way: the read ending first turned the spinner
    /// off while the action was still being deleted; it stays on until the deletion has answered too.
    @Test func aPullThatEndsFirstLeavesTheSpinnerOnWhileTheDeletionIsOnItsWay() async {
        let deleting = Gate(isOpen: false)
        let reading = Gate(isOpen: false)
        let reads = Locked(0)
        let deletions = Locked(0)
        var actions = Self.actions()
        actions.action = { _, _ in
            let read = reads.next()
            if read == 2 { await reading.pass() }
            return Self.mine
        }
        actions.delete = { _, _ in
            deletions.withLock { $0 += 1 }
            await deleting.pass()
        }
        let page = await Self.ownPage(actions)
        #expect(page.canChange)

        page.deleteTapped()
        let deletion = Task { await page.confirmTapped(Self.sample.id) }
        await deleting.arrived(1)
        let pull = Task { await page.opened() }
        await reading.arrived(1)
        await reading.open()
        await pull.value
        #expect(page.isBusy, "the deletion is still on its way")

        await deleting.open()
        await deletion.value
        #expect(!page.isBusy)
        #expect(page.detail == nil)
        #expect(deletions.withLock { $0 } == 1)
    }

    /// All Actions over `all` (the listing's call, given the cursor) and nothing else.
    static func allActions(_ all: @escaping @Sendable (String?) async throws -> ActionPage) -> ActionListModel {
        let clock = ChangeJarClock(now: { Date(timeIntervalSince1970: 0) }, sleep: { _ in })
        var actions = Self.actions()
        actions.all = all
        return ActionListModel(
            listing: .all, session: SessionModel(service: signIn(clock: clock)), client: actions, cache: .inMemory(),
            format: DateFormat())
    }

    nonisolated static func titled(_ titles: String...) -> [Action] {
        titles.map { title in
            var action = sample
            action.id = title
            action.title = title
            return action
        }
    }

    /// The screen's own load and a pull that comes while it runs: one request, and the spinner stays until it ends.
    @Test func aPullDuringALoadWaitsForItRatherThanAskingAgain() async {
        let gate = Gate(isOpen: false)
        let list = Self.allActions { _ in
            await gate.pass()
            return ActionPage(items: Self.titled("b", "a"))
        }
        let appeared = Task { await list.refreshPulled() }
        await gate.arrived(1)
        let pulled = Task { await list.refreshPulled() }
        await Task.yield()
        #expect(list.isBusy)
        await gate.open()
        await pulled.value
        #expect(list.rows.map(\.title) == ["b", "a"])
        #expect(!list.isBusy)
        await appeared.value
        #expect(await gate.arrivals == 1)
    }

    /// A reload of Alice's actions is still on its way when she signs out: the reload My Actions then asks for
    /// does not join hers (it would show her actions to whoever holds the phone next), and says to sign in.
    @Test func aReloadForSomeoneElsesListIsNotJoined() async {
        let gate = Gate(isOpen: false)
        let clock = ChangeJarClock(now: { Date(timeIntervalSince1970: 0) }, sleep: { _ in })
        var actions = Self.actions()
        actions.mine = { _, _ in
            await gate.pass()
            return ActionPage(items: [Self.sample])
        }
        let app = AppModel(
            dependencies: ChangeJarDependencies(
                signIn: Self.signIn(clock: clock), actions: actions, cache: .inMemory(), clock: clock))
        // NB: signing in reloads My Actions (the session's hook): that is the reload held at the gate.
        let hers = Task { await app.settings.providerTapped(.google) }
        await gate.arrived(1)
        await app.settings.signOutTapped()
        let afterSignOut = Task { await app.mine.refreshPulled() }
        await gate.open()
        await hers.value
        await afterSignOut.value
        #expect(app.mine.rows.isEmpty)
        #expect(app.mine.emptyMessage == "Sign in to see your actions.")
        #expect(await gate.arrivals == 1)
    }

    /// Sign Out is tapped while a Submit's expired token is being renewed: the session is gone when Cognito answers,
    /// so the action neither says the sign-in expired nor waits to go out under whoever signs in next (it did, as
    /// theirs). Its words stay in the form.
    @Test func signingOutWhileASubmitRenewsItsTokenLeavesNothingWaiting() async {
        let gate = Gate()
        let now = Locked(Date(timeIntervalSince1970: 0))
        let clock = ChangeJarClock(now: { now.withLock { $0 } }, sleep: { _ in })
        let tokens = Locked(0)
        let posts = Locked(0)
        let cache = ActionCache.inMemory()
        let identity = CognitoIdentityClient(
            getID: { _, _ in "us-east-1:1" },
            getOpenIDToken: { id, _ in
                let serial = tokens.next()
                if serial == 2 { await gate.pass() }
                return (id, "t\(serial)")
            })
        var signIn = Self.signIn(clock: clock)
        signIn.identity = identity
        let actions = Self.actions(create: { _, _ in
            posts.withLock { $0 += 1 }
            return .added(Self.sample)
        })
        let app = AppModel(
            dependencies: ChangeJarDependencies(signIn: signIn, actions: actions, cache: cache, clock: clock))
        await app.settings.providerTapped(.google)
        now.withLock { $0 += 11 * 60 }
        await gate.close()
        app.tab = .submit
        app.submit.title = "Recycle"
        app.submit.content = "Glass."
        let submitting = Task { await app.submit.submitTapped() }
        await gate.arrived(1)
        await app.settings.signOutTapped()
        await gate.open()
        await submitting.value
        #expect(app.session.session == nil)
        #expect(app.tab == .submit)
        #expect(app.submit.banner == nil)
        #expect(app.settings.banner == nil)
        #expect(!app.submit.hasPendingSubmission)
        #expect(await cache.waitingAction() == nil)
        #expect(app.submit.title == "Recycle" && app.submit.content == "Glass.")

        await app.settings.providerTapped(.google)
        #expect(posts.withLock { $0 } == 0)
    }

    /// An action kept for a sign-in met no network at launch, so it still waits while someone is signed in; Sign Out
    /// lets it go, or the next person's sign-in or launch would send it as theirs.
    @Test func signingOutForgetsAnActionKeptForTheNextSignIn() async {
        let cache = ActionCache.inMemory()
        let offline = Locked(true)
        let actions = Self.actions(create: { _, _ in
            if offline.withLock({ $0 }) { throw URLError(.notConnectedToInternet) }
            return .added(Self.sample)
        })
        let (app, _) = await Self.launchedKeeping(Self.kept, actions: actions, cache: cache)

        await app.settings.signOutTapped()
        #expect(await cache.waitingAction() == nil)
        #expect(!app.submit.hasPendingSubmission)
    }

    /// Sign Out is tapped while an action the device keeps (it met no network at launch) is on its way again, and the
    /// network drops: Sign Out let the action go, so the failure does not keep it again on the device, where it went
    /// out by itself at its writer's next sign-in (and a later launch put it in the next person's form). Its words
    /// stay in the form.
    @Test func signingOutWhileAKeptActionIsOnItsWayLeavesNothingKept() async {
        let gate = Gate()
        let cache = ActionCache.inMemory()
        let posts = Locked(0)
        let actions = Self.actions(create: { _, _ in
            posts.withLock { $0 += 1 }
            await gate.pass()
            throw URLError(.notConnectedToInternet)
        })
        let (app, dependencies) = await Self.launchedKeeping(Self.kept, actions: actions, cache: cache)

        await gate.close()
        let submitting = Task { await app.submit.submitTapped() }
        await gate.arrived(2)
        await app.settings.signOutTapped()
        await gate.open()
        await submitting.value
        #expect(app.session.session == nil)
        #expect(await cache.waitingAction() == nil)
        #expect(!app.submit.hasPendingSubmission && !app.submit.hasRefusedAction)
        #expect(app.submit.banner == .failure("You're offline. Check your connection and try again."))
        #expect(app.submit.title == "Walk more" && app.submit.content == "Every lunch.")

        let relaunched = AppModel(dependencies: dependencies)
        await relaunched.launched()
        await relaunched.settings.providerTapped(.google)
        #expect(posts.withLock { $0 } == 2)
    }

    /// The person closes the provider's sign-in that Submit sent them to: nothing says it failed (closing it was their
    /// choice; the app said "Sign-in failed: the sign-in was cancelled"), Settings still says why it opened, and the
    /// action still waits, going out at the sign-in they then finish.
    @Test func aSignInThePersonClosedIsNoFailure() async {
        let clock = ChangeJarClock(now: { Date(timeIntervalSince1970: 0) }, sleep: { _ in })
        let closes = Locked(true)
        var signIn = Self.signIn(clock: clock)
        signIn.providers = ProviderSignIn(availableSources: [.google]) { source in
            if closes.withLock({ $0 }) { throw ChangeJarError.signInCancelled }
            return ProviderCredential(source: source, token: "p", userID: "alice", displayName: "Alice")
        }
        let posts = Locked(0)
        let actions = Self.actions(create: { _, _ in
            posts.withLock { $0 += 1 }
            return .added(Self.sample)
        })
        let app = AppModel(
            dependencies: ChangeJarDependencies(signIn: signIn, actions: actions, cache: .inMemory(), clock: clock))
        app.tab = .submit
        app.submit.title = "Recycle"
        app.submit.content = "Glass."
        await app.submit.submitTapped()
        #expect(app.tab == .settings)
        let why = app.settings.banner
        #expect(why == .notice("Sign in to put your action in the jar. It will be sent right after."))

        await app.settings.providerTapped(.google)
        #expect(app.settings.banner == why)
        #expect(!app.settings.isBusy)
        #expect(app.session.session == nil)
        #expect(app.submit.hasPendingSubmission)

        closes.withLock { $0 = false }
        await app.settings.providerTapped(.google)
        #expect(posts.withLock { $0 } == 1)
        #expect(app.submit.banner == .confirmation("Your action is in the jar. Thank you!"))
    }

    /// The last row left the screen while its next page loaded: SwiftUI cancels the row's task, and the request ends
    /// in a cancellation, which is no failure to say (the list said "Something went wrong"); the row's next
    /// appearance asks for the page again.
    @Test func aNextPageWhoseRowLeftTheScreenSaysNothing() async {
        let gate = Gate(isOpen: false)
        let asked = Locked(0)
        let list = Self.allActions { cursor in
            guard cursor == "next" else { return ActionPage(items: Self.titled("b", "a"), nextCursor: "next") }
            if asked.next() == 1 {
                await gate.pass()
                // NB: as URLSession ends the request of a cancelled task.
                try Task.checkCancellation()
            }
            return ActionPage(items: Self.titled("z"))
        }
        await list.refreshPulled()
        let row = Task { await list.reachedEnd() }
        await gate.arrived(1)
        row.cancel()
        await gate.open()
        await row.value
        #expect(list.banner == nil)
        #expect(!list.isBusy)
        #expect(list.canLoadMore)

        await list.reachedEnd()
        #expect(list.rows.map(\.title) == ["b", "a", "z"])
        #expect(list.banner == nil)
    }

    /// A next page asked for before a reload belongs to the old list: when it comes after the reload, it is not
    /// added to the new first page, and the new page's own next page is what scrolling loads.
    @Test func aNextPageThatComesAfterAReloadIsDropped() async {
        let olderPage = Gate(isOpen: false)
        let reloaded = Locked(false)
        let list = Self.allActions { cursor in
            switch (cursor, reloaded.withLock { $0 }) {
            case (nil, false): return ActionPage(items: Self.titled("b", "a"), nextCursor: "old")
            case (nil, true): return ActionPage(items: Self.titled("c", "b"), nextCursor: "new")
            case ("old", _):
                await olderPage.pass()
                return ActionPage(items: Self.titled("z"))
            default: return ActionPage(items: Self.titled("a"))
            }
        }
        await list.refreshPulled()
        let scrolled = Task { await list.reachedEnd() }
        await olderPage.arrived(1)
        reloaded.withLock { $0 = true }
        await list.refreshPulled()
        #expect(list.rows.map(\.title) == ["c", "b"])
        #expect(list.isBusy)
        await olderPage.open()
        await scrolled.value
        #expect(list.rows.map(\.title) == ["c", "b"])
        #expect(!list.isBusy)
        await list.reachedEnd()
        #expect(list.rows.map(\.title) == ["c", "b", "a"])
    }

    /// New's last row can appear while the tab is still opening (its rows show before the copy is saved): the
    /// next page it asked for then follows, as in All Actions, instead of being dropped.
    @Test func theEndOfNewReachedWhileItOpensLoadsTheNextPageAfterward() async {
        let saving = Gate(isOpen: false)
        var cache = ActionCache.inMemory()
        let save = cache.save
        cache.save = { list, actions in
            await saving.pass()
            await save(list, actions)
        }
        var client = Self.actions()
        client.new = { _, _, cursor in
            cursor == nil ? ActionPage(items: Self.titled("b"), nextCursor: "1") : ActionPage(items: Self.titled("a"))
        }
        let new = NewActionsModel(client: client, cache: cache, format: DateFormat())
        let opening = Task { await new.opened() }
        await saving.arrived(1)
        #expect(new.rows.map(\.title) == ["b"])
        #expect(new.isBusy)
        await new.reachedEnd()
        #expect(new.rows.map(\.title) == ["b"])
        await saving.open()
        await opening.value
        #expect(new.rows.map(\.title) == ["b", "a"])
        #expect(!new.isBusy)
    }

    /// The badge's count at launch is still on its way when the person opens New: the number it brings was counted
    /// before they looked, so it must not come back over the cleared badge, above a list they have just seen.
    @Test func aCountThatAnswersAfterNewWasOpenedIsDropped() async {
        let gate = Gate(isOpen: false)
        var client = Self.actions()
        client.newCount = { _, _ in
            await gate.pass()
            return 2
        }
        client.new = { _, _, _ in ActionPage(items: Self.titled("b", "a"), headCursor: "b") }
        let new = NewActionsModel(client: client, cache: .inMemory(), format: DateFormat())
        let counting = Task { await new.badgeRefreshRequested() }
        await gate.arrived(1)
        await new.opened()
        #expect(new.rows.map(\.title) == ["b", "a"])
        #expect(new.badgeCount == 0)
        await gate.open()
        await counting.value
        #expect(new.badgeCount == 0)
        // A count asked after New was opened is the person's to see.
        client.newCount = { _, since in since == "b" ? 1 : 3 }
        let later = NewActionsModel(client: client, cache: .inMemory(), format: DateFormat())
        await later.opened()
        await later.badgeRefreshRequested()
        #expect(later.badgeCount == 1)
    }

    @Test func aSlowAnswerToAnOldQueryNeverReplacesTheNewOne() async {
        let gate = Gate(isOpen: false)
        let clock = ChangeJarClock(now: { Date(timeIntervalSince1970: 0) }, sleep: { _ in })
        let search = SearchModel(
            client: Self.actions(search: { text, _ in
                if text == "slow" { await gate.pass() }
                var action = Self.sample
                action.title = text
                return ActionPage(items: [action])
            }),
            cache: .inMemory(), clock: clock, format: DateFormat())
        search.queryChanged("slow")
        let stale = search.activeSearch
        await gate.arrived(1)
        search.queryChanged("fast")
        await search.activeSearch?.value
        #expect(search.rows.map(\.title) == ["fast"])
        await gate.open()
        await stale?.value
        #expect(search.rows.map(\.title) == ["fast"])
        #expect(search.isSearching == false)
    }

    @Test(arguments: [
        (ChangeJarError.invalid(field: "content", message: "The content must be 1 to 2,000 characters."), "content"),
        (ChangeJarError.rateLimited, nil),
        (ChangeJarError.forbidden, nil),
    ])
    func serverRefusalsAreShownAndTheTextIsKept(_ error: ChangeJarError, field: String?) async {
        let clock = ChangeJarClock(now: { Date(timeIntervalSince1970: 0) }, sleep: { _ in })
        let app = AppModel(
            dependencies: ChangeJarDependencies(
                signIn: Self.signIn(clock: clock), actions: Self.actions(create: { _, _ in throw error }),
                cache: .inMemory(), clock: clock))
        await app.settings.providerTapped(.google)
        app.submit.title = "Recycle"
        app.submit.content = "Glass."
        await app.submit.submitTapped()
        #expect(app.submit.banner == .failure(error.message))
        #expect(app.submit.invalidField == field.flatMap(SubmitField.init(rawValue:)))
        #expect(app.submit.title == "Recycle" && app.submit.content == "Glass.")
        #expect(app.tab == .all)
        #expect(!app.submit.hasPendingSubmission)
    }
}
