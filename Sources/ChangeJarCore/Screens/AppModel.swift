import APIClient
import ChangeJarModels
import Foundation
import Observation
import PublicInit

/// Everything the Change Jar core needs from the outside world.
@PublicInit
public struct ChangeJarDependencies: Sendable {
    /// Social sign-in through Cognito.
    public var signIn: SignInService
    /// The Change Jar API.
    public var actions: ActionsClient
    /// The device's saved lists.
    public var cache: ActionCache
    /// Where the session is kept between launches.
    public var sessionStore: SessionStore = .discarding
    /// The time source (session expiry, debounce).
    public var clock: ChangeJarClock
    /// How rows show dates.
    public var dateFormat: DateFormat = DateFormat()
}

/// The whole app: its tabs and the screen models, wired together.
///
/// Settings is not where the app starts: it opens on All Actions, and Submit sends a signed-out
/// person to Settings, whose sign-in then sends the pending action. A row of any list opens the action's page;
/// what the person changes there (or deletes by a swipe in My Actions) every list shows.
@Observable @MainActor
public final class AppModel {
    /// The app's tabs.
    public enum Tab: Sendable, Hashable, CaseIterable {
        case all
        case new
        case submit
        case mine
        case search
        case settings
    }

    /// The tab on screen.
    public var tab: Tab = .all

    /// The signed-in person, shared by every screen.
    public let session: SessionModel
    /// The Settings screen.
    public let settings: SettingsModel
    /// The Submit screen.
    public let submit: SubmitModel
    /// The All Actions screen.
    public let all: ActionListModel
    /// The My Actions screen.
    public let mine: ActionListModel
    /// The New Actions screen and its badge.
    public let new: NewActionsModel
    /// The Search screen.
    public let search: SearchModel

    @ObservationIgnored private let dependencies: ChangeJarDependencies
    /// Whether the app went to the background since it was last active: coming back starts a new visit.
    @ObservationIgnored private var isInBackground = false

    /// Builds every screen model over one set of dependencies and wires them together.
    public init(dependencies: ChangeJarDependencies) {
        self.dependencies = dependencies
        let session = SessionModel(service: dependencies.signIn, store: dependencies.sessionStore)
        self.session = session
        settings = SettingsModel(session: session, actions: dependencies.actions)
        submit = SubmitModel(session: session, actions: dependencies.actions, cache: dependencies.cache)
        all = ActionListModel(
            listing: .all, session: session, client: dependencies.actions, cache: dependencies.cache,
            format: dependencies.dateFormat)
        mine = ActionListModel(
            listing: .mine, session: session, client: dependencies.actions, cache: dependencies.cache,
            format: dependencies.dateFormat)
        new = NewActionsModel(client: dependencies.actions, cache: dependencies.cache, format: dependencies.dateFormat)
        new.session = session
        search = SearchModel(
            client: dependencies.actions, cache: dependencies.cache, clock: dependencies.clock,
            format: dependencies.dateFormat)

        submit.showSettings = { [weak self] reason in
            self?.settings.banner = .notice(reason)
            self?.tab = .settings
        }
        mine.showSettings = { [weak self] in self?.tab = .settings }
        submit.onSubmitted = { [weak self] _ in
            await self?.all.refreshPulled()
            await self?.mine.refreshPulled()
        }
        mine.onChange = { [weak self] change in
            await self?.actionChanged(change)
        }
        // NB: only My Actions' rows are the person's own; the page of another list's row learns it from the server.
        mine.openedPage.make = { [weak self] action in self?.page(id: action.id, copy: action) }
        all.openedPage.make = { [weak self] action in self?.page(id: action.id, copy: action.anyonesCopy) }
        new.openedPage.make = { [weak self] action in self?.page(id: action.id, copy: action.anyonesCopy) }
        search.openedPage.make = { [weak self] action in self?.page(id: action.id, copy: action.anyonesCopy) }
        // NB: first, so a name someone else goes by is said before anything goes out under it: an action that waited
        // for the sign-in then waits for a name of the person's own, and goes out once it is saved.
        session.onSignedIn.append { [weak self] in
            await self?.settings.signedIn()
        }
        session.onSignedIn.append { [weak self] in
            guard let self else { return }
            // NB: nothing waits to go out; a refused action in the form stays only for its writer.
            guard submit.hasPendingSubmission else { return await submit.signedIn() }
            if settings.mustChooseName {
                tab = .settings
                return
            }
            tab = .submit
            await submit.signedIn()
        }
        session.onSignedOut.append { [weak self] expired in self?.settings.signedOut(expired: expired) }
        // NB: what waited for the person's sign-in is not sent at the next one, which may be someone else's.
        settings.onSignedOut = { [weak self] in await self?.submit.signedOut() }
        settings.onNameSaved = { [weak self] in
            guard let self, submit.hasPendingSubmission else { return }
            tab = .submit
            await submit.signedIn()
        }
        // NB: My Actions follows the sign-in (and the pending action, sent just above): it said "sign in" a moment
        // ago, and now has actions to show.
        session.onSignedIn.append { [weak self] in
            await self?.mine.refreshPulled()
        }
        // NB: the rows of My Actions are the person's who signed out: nobody else is shown them, not even until the
        // tab is opened again or the next person's list has loaded.
        session.onSignedOut.append { [weak self] expired in await self?.mine.signedOut(expired: expired) }
        // NB: New was read as the last reader, who is not among the actions left out for the next one.
        session.onSignedIn.append { [weak self] in
            guard let self else { return }
            await new.readerChanged(isOnScreen: tab == .new)
        }
        session.onSignedOut.append { [weak self] _ in
            guard let self else { return }
            await new.readerChanged(isOnScreen: tab == .new)
        }
    }

    /// The app started: an action that waited for a sign-in when it last ran waits again (or goes out, when
    /// someone signed in since), one the jar refused opens Submit with why, and the New badge is counted (the first
    /// visit starts).
    public func launched() async {
        await submit.launched()
        // NB: an action the jar refused is kept for the person to change or clear: the form says why.
        if submit.hasRefusedAction { tab = .submit }
        await new.badgeRefreshRequested()
    }

    /// The app went to the background: the visit ends.
    public func wentToBackground() {
        isInBackground = true
    }

    /// The app is active again (back from the background, or from a system screen over it): the New badge is counted
    /// again. Back from the background, a new visit starts: New lists what came since the mark the last one left,
    /// at once when it is on screen.
    public func becameActive() async {
        if isInBackground {
            isInBackground = false
            new.visitStarted()
            if tab == .new { await new.opened() }
        }
        await new.badgeRefreshRequested()
    }

    /// The page of action `id`, as a link to it opens it (the command line's `show`).
    public func actionPage(id: String) -> ActionDetailModel {
        page(id: id, copy: nil)
    }

    private func page(id: String, copy: Action?) -> ActionDetailModel {
        let page = ActionDetailModel(
            id: id, copy: copy, session: session, client: dependencies.actions, format: dependencies.dateFormat)
        page.onChange = { [weak self] change in await self?.actionChanged(change) }
        return page
    }

    /// One of the person's actions was saved or deleted: every list shows it.
    private func actionChanged(_ change: ActionChange) async {
        await all.apply(change)
        await mine.apply(change)
        await new.apply(change)
        await search.apply(change)
    }
}

extension Action {
    /// The action without a word of whose it is: how a list anyone reads may hand it on.
    fileprivate var anyonesCopy: Action {
        var copy = self
        copy.isMine = nil
        return copy
    }
}
