import ChangeJarModels
import Foundation
import Observation

/// Everything the Change Jar core needs from the outside world.
public struct ChangeJarDependencies: Sendable {
    public var signIn: SignInService
    public var actions: ActionsClient
    public var cache: ActionCache
    public var sessionStore: SessionStore
    public var clock: ChangeJarClock
    public var dateFormat: DateFormat

    public init(
        signIn: SignInService, actions: ActionsClient, cache: ActionCache, sessionStore: SessionStore = .memoryOnly,
        clock: ChangeJarClock, dateFormat: DateFormat = DateFormat()
    ) {
        self.signIn = signIn
        self.actions = actions
        self.cache = cache
        self.sessionStore = sessionStore
        self.clock = clock
        self.dateFormat = dateFormat
    }
}

/// The whole app: its tabs and the screen models, wired together.
///
/// Settings is not where the app starts: it opens on All Actions, and Submit sends a signed-out
/// person to Settings, whose sign-in then sends the pending action.
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

    public let session: SessionModel
    public let settings: SettingsModel
    public let submit: SubmitModel
    public let all: ActionListModel
    public let mine: ActionListModel
    public let new: NewActionsModel
    public let search: SearchModel

    public init(dependencies: ChangeJarDependencies) {
        let session = SessionModel(service: dependencies.signIn, store: dependencies.sessionStore)
        self.session = session
        settings = SettingsModel(session: session)
        submit = SubmitModel(session: session, actions: dependencies.actions)
        all = ActionListModel(
            listing: .all, session: session, client: dependencies.actions, cache: dependencies.cache,
            format: dependencies.dateFormat)
        mine = ActionListModel(
            listing: .mine, session: session, client: dependencies.actions, cache: dependencies.cache,
            format: dependencies.dateFormat)
        new = NewActionsModel(client: dependencies.actions, cache: dependencies.cache, format: dependencies.dateFormat)
        search = SearchModel(
            client: dependencies.actions, cache: dependencies.cache, clock: dependencies.clock,
            format: dependencies.dateFormat)

        submit.showSettings = { [weak self] reason in
            self?.settings.banner = reason
            self?.tab = .settings
        }
        submit.onSubmitted = { [weak self] _ in
            await self?.all.refreshPulled()
        }
        all.onFirstPage = { [weak self] head in
            await self?.new.seen(upTo: head)
        }
        session.onSignedIn.append { [weak self] in
            guard let self, submit.hasPendingSubmission else { return }
            tab = .submit
            await submit.signedIn()
        }
    }
}
