import ChangeJarCore
import ChangeJarModels
import ChangeJarUI
import Foundation
import Locking
import SwiftUI

/// Change Jar's tabs over a fake `ActionsClient` and a sign-in that always succeeds (as `ChangeJarRootViewTests`
/// builds them).
enum ChangeJarScreens {
    static let app = CatalogApp(slug: "change-jar", name: "Change Jar", device: .iPhone15)

    /// How the fake API behaves.
    struct Options {
        var signedIn = false
        var offline = false
        var loading = false
        /// The jar refuses the saved session for good (it cannot be renewed): it ends as Settings opens.
        var sessionEnds = false
        /// The device keeps an action that waited for a sign-in and that the jar then refused.
        var refusedAction = false
        /// The device saved the lists (all, new, and searches) when it last had a network.
        var savedCopy = false
        /// This provider refuses the sign-in.
        var signInRefusedFor: AuthSource?
        /// The jar refuses every title it is sent (422), as a server of a newer rule would.
        var refusesTitles = false
    }

    static func action(
        _ id: String, _ title: String, _ content: String, by author: String, _ source: AuthSource, hoursAgo: Double
    )
        -> Action
    {
        let date = catalogNow.addingTimeInterval(-hoursAgo * 3_600)
        return Action(
            id: id, title: title, content: content, authSource: source, authorName: author, createdAt: date,
            updatedAt: date)
    }

    static let samples = [
        action("5", "Call my grandmother", "Every Sunday evening, before dinner.", by: "Bob", .facebook, hoursAgo: 1),
        action(
            "4", "Cycle to work", "Twice a week, rain or shine. The bus is for Fridays.", by: "Alice", .google,
            hoursAgo: 5),
        action(
            "3", "Cook at home",
            "Three dinners a week from fresh food, with the leftovers for lunch. On Sundays I plan the week: what is "
                + "in season, what is left in the cupboard, and which evenings are too busy to cook, so those get the "
                + "soup I made at the weekend. Shopping happens once, with a list, on foot, at the market rather than "
                + "the supermarket.\n\nWhen a dinner fails, it still counts: the point is the kitchen, not the "
                + "recipe. If I manage it for three months, my flatmates take turns too.", by: "Chen", .twitter,
            hoursAgo: 26),
        action("2", "Read before bed", "Twenty pages instead of the phone.", by: "Dana", .google, hoursAgo: 50),
        action("1", "Plant a tree", "One for each birthday in the family.", by: "Alice", .google, hoursAgo: 80),
    ]

    /// How each provider's sign-in fails in the catalog: Facebook refuses it in its own words, Twitter's meets
    /// no network, Google's cannot reach the sign-in service.
    static func signInFailure(_ source: AuthSource) -> any Error {
        switch source {
        case .facebook: ChangeJarError.signInFailed("the account is locked")
        case .twitter: URLError(.notConnectedToInternet)
        case .google: URLError(.cannotConnectToHost)
        }
    }

    @MainActor
    static func appModel(_ options: Options = Options()) -> AppModel {
        let now = catalogNow
        let session = AuthSession(
            identityID: "us-east-1:00000000-0000-0000-0000-000000000001", token: "token-alice",
            expiresAt: now.addingTimeInterval(3_600), authSource: .google, providerUserID: "alice",
            displayName: "Alice")
        let providers = ProviderSignIn(availableSources: AuthSource.allCases) { source in
            if source == options.signInRefusedFor { throw signInFailure(source) }
            return ProviderCredential(source: source, token: "provider-token", userID: "alice", displayName: "Alice")
        }
        let identity = CognitoIdentityClient(
            getID: { _, _ in session.identityID }, getOpenIDToken: { id, _ in (id, session.token) })
        let samples = samples
        let actions = ActionsClient(
            all: { _ in
                if options.loading { return try await neverAnswers() }
                if options.offline { throw URLError(.notConnectedToInternet) }
                return ActionPage(items: samples, headCursor: "5")
            },
            new: { _, _, _ in
                if options.loading { return try await neverAnswers() }
                if options.offline { throw URLError(.notConnectedToInternet) }
                return ActionPage(items: Array(samples.prefix(2)))
            },
            newCount: { _, _ in
                if options.offline { throw URLError(.notConnectedToInternet) }
                return 2
            },
            mine: { _, _ in ActionPage(items: samples.filter { $0.authorName == "Alice" }) },
            search: { text, _ in
                if options.loading { return try await neverAnswers() }
                if options.offline { throw URLError(.notConnectedToInternet) }
                return ActionPage(items: samples.filter { $0.title.localizedCaseInsensitiveContains(text) })
            },
            action: { token, id in
                guard var action = samples.first(where: { $0.id == id }) else { throw ChangeJarError.notFound }
                // NB: the catalog's person is Alice; signed in, the server tells her which actions are hers.
                action.isMine = token.map { _ in action.authorName == "Alice" }
                return action
            },
            create: { _, new in
                if options.refusesTitles {
                    throw ChangeJarError.invalid(field: "title", message: "The title is not one the jar takes.")
                }
                let action = Action(
                    id: "6", title: new.title, content: new.content, authSource: new.authSource,
                    authorName: new.authorName, createdAt: now, updatedAt: now, isMine: true)
                // NB: "Cycle to work" is Alice's already: the same words again make nothing new.
                return new.title == "Cycle to work" ? .alreadyInJar(action) : .added(action)
            },
            edit: { _, _, _ in samples[0] }, delete: { _, _ in },
            profile: { _ in
                if options.sessionEnds { throw ChangeJarError.signInRequired }
                return AuthorProfile(name: "Alice")
            },
            // NB: "Alice A" is someone else's in the catalog's jar.
            rename: { _, name in
                if name == "Alice A" { throw ChangeJarError.nameTaken }
                return AuthorProfile(name: name)
            })
        let clock = ChangeJarClock(now: { now }, sleep: { _ in })
        var cache = ActionCache.inMemory()
        if options.savedCopy {
            let saved = Locked<[String: [Action]]>([
                CachedList.all.key: samples, CachedList.new(nil).key: Array(samples.prefix(2)),
                CachedList.search("co").key: samples.filter { $0.title.localizedCaseInsensitiveContains("co") },
            ])
            cache.load = { list in saved.withLock { $0[list.key] } }
            cache.save = { list, actions in saved.withLock { $0[list.key] = actions } }
        }
        if options.refusedAction {
            // NB: kept before the app launches, as a store read from disk at launch would be.
            let kept = Locked<WaitingAction?>(
                WaitingAction(
                    // NB: a tab the app of its day let into the title; the jar refuses it.
                    ActionEdit(title: "Walk\tto work", content: "Three days a week, and I will be glad I did."),
                    refusal: .invalid(
                        field: "title", message: "The title must be one line, without control characters.")))
            cache.waitingAction = { kept.withLock { $0 } }
            cache.setWaitingAction = { action in kept.withLock { $0 = action } }
        }
        return AppModel(
            dependencies: ChangeJarDependencies(
                signIn: SignInService(
                    providers: providers, identity: identity, identityPoolID: ChangeJarSettings.developmentPoolID,
                    clock: clock),
                actions: actions, cache: cache,
                sessionStore: options.signedIn ? SessionStore(load: { session }, save: { _ in }) : .discarding,
                clock: clock, dateFormat: DateFormat(locale: catalogLocale, timeZone: catalogTimeZone)))
    }

    /// The app opened, settled, on `tab`.
    @MainActor
    static func host(_ options: Options = Options(), tab: AppModel.Tab = .all) async throws -> ViewHost<
        ChangeJarRootView
    > {
        let host = ViewHost(ChangeJarRootView(app: appModel(options)))
        await host.settle()
        if tab != .all {
            try host.selectTab(tab.label)
            await host.settle()
        }
        return host
    }

    static var entries: [ScreenEntry] {
        [
            ScreenEntry(app, screen: "all", state: "loading", summary: "All Actions before the first page arrives") {
                let host = ViewHost(ChangeJarRootView(app: appModel(Options(loading: true))))
                return try await host.poll("the spinner") { $0.first { $0.kind == .progress } != nil }
            },
            ScreenEntry(app, screen: "all", state: "loaded", summary: "All Actions, newest first; the app opens here") {
                try await host().settled("rows") { $0.texts.contains("Call my grandmother") }
            },
            ScreenEntry(app, screen: "all", state: "offline", summary: "No network: what this device saved, and why") {
                try await host(Options(offline: true)).settled("the banner")
            },
            ScreenEntry(
                app, screen: "all", state: "offline-cached",
                summary: "No network: the rows this device saved last time, under a notice"
            ) {
                try await host(Options(offline: true, savedCopy: true)).settled("the saved rows") {
                    $0.texts.contains("Call my grandmother")
                }
            },
            ScreenEntry(app, screen: "new", state: "loading", summary: "New Actions before the first page arrives") {
                let host = try await host(Options(loading: true), tab: .new)
                return try await host.poll("the spinner") { $0.first { $0.kind == .progress } != nil }
            },
            ScreenEntry(app, screen: "new", state: "offline", summary: "New Actions with no network and nothing saved")
            {
                try await host(Options(offline: true), tab: .new).settled("the banner")
            },
            ScreenEntry(
                app, screen: "new", state: "offline-cached", summary: "New Actions with no network: the saved copy"
            ) {
                try await host(Options(offline: true, savedCopy: true), tab: .new).settled("the saved rows") {
                    $0.texts.contains("Call my grandmother")
                }
            },
            ScreenEntry(app, screen: "new", state: "loaded", summary: "New Actions since this device last looked") {
                try await host(tab: .new).settled("new actions") { $0.texts.contains("Call my grandmother") }
            },
            ScreenEntry(app, screen: "submit", state: "empty", summary: "Submit an Action, nothing typed yet") {
                try await host(tab: .submit).tree
            },
            ScreenEntry(
                app, screen: "submit", state: "validation-error", summary: "Submit with no title: the field and why"
            ) {
                let host = try await host(tab: .submit)
                try host.type("Three days a week.", into: ChangeJarScreenText.contentField)
                try await host.tapAndSettle(ChangeJarScreenText.submitButton)
                return host.tree
            },
            ScreenEntry(app, screen: "submit", state: "sent", summary: "Signed in, the action went into the jar") {
                let host = try await host(Options(signedIn: true), tab: .submit)
                try host.type("Walk to work", into: ChangeJarScreenText.titleField)
                try host.type("Three days a week.", into: ChangeJarScreenText.contentField)
                try await host.tapAndSettle(ChangeJarScreenText.submitButton)
                return host.tree
            },
            ScreenEntry(
                app, screen: "submit", state: "refused-kept",
                summary: "An action that waited for a sign-in, refused by the jar: kept with why, to change or clear"
            ) {
                try await host(Options(signedIn: true, refusedAction: true)).settled("the kept action") {
                    $0.find(.button, "Clear") != nil
                }
            },
            ScreenEntry(
                app, screen: "submit", state: "title-refused",
                summary: "Signed in, the jar refused the title: the form keeps the words and says why"
            ) {
                let host = try await host(Options(signedIn: true, refusesTitles: true), tab: .submit)
                try host.type("Walk to work", into: ChangeJarScreenText.titleField)
                try host.type("Three days a week.", into: ChangeJarScreenText.contentField)
                try await host.tapAndSettle(ChangeJarScreenText.submitButton)
                return host.tree
            },
            ScreenEntry(
                app, screen: "submit", state: "already-in-jar", summary: "The same action again: nothing new added"
            ) {
                let host = try await host(Options(signedIn: true), tab: .submit)
                try host.type("Cycle to work", into: ChangeJarScreenText.titleField)
                try host.type(
                    "Twice a week, rain or shine. The bus is for Fridays.", into: ChangeJarScreenText.contentField)
                try await host.tapAndSettle(ChangeJarScreenText.submitButton)
                return host.tree
            },
            ScreenEntry(app, screen: "detail", state: "loaded", summary: "A row tapped: the whole action, who and when")
            {
                let host = try await host()
                try host.tap("Cook at home")
                return try await host.settled("the page") {
                    $0.find(.labeledContent, ChangeJarScreenText.author) != nil
                }
            },
            ScreenEntry(app, screen: "detail", state: "own", summary: "One's own action: Edit and Delete") {
                let host = try await host(Options(signedIn: true), tab: .mine)
                _ = try await host.settled("my actions") { $0.texts.contains("Cycle to work") }
                try host.tap("Cycle to work")
                return try await host.settled("the page") { $0.find(.button, ChangeJarScreenText.edit) != nil }
            },
            ScreenEntry(app, screen: "mine", state: "signed-out", summary: "My Actions before signing in") {
                try await host(tab: .mine).settled("my actions")
            },
            ScreenEntry(app, screen: "mine", state: "loaded", summary: "My Actions, signed in as Alice") {
                try await host(Options(signedIn: true), tab: .mine).settled("my actions")
            },
            ScreenEntry(app, screen: "mine", state: "delete-asked", summary: "A swipe to Delete asks before it goes") {
                let host = try await host(Options(signedIn: true), tab: .mine)
                let row = try await host.settled("my actions") { !$0.swipeRows.isEmpty }.swipeRows[0]
                try host.swipe(row, action: ChangeJarScreenText.delete)
                return try await host.settled("the question") { $0.topPresentation != nil }
            },
            ScreenEntry(app, screen: "search", state: "empty", summary: "Search before typing") {
                try await host(tab: .search).tree
            },
            ScreenEntry(app, screen: "search", state: "loaded", summary: "Search results for \"co\"") {
                let host = try await host(tab: .search)
                try host.search("co")
                return try await host.settled("results") { $0.texts.contains("Cook at home") }
            },
            ScreenEntry(app, screen: "search", state: "loading", summary: "A search on its way") {
                let host = try await host(Options(loading: true), tab: .search)
                try host.search("co")
                return try await host.poll("the spinner") { $0.first { $0.kind == .progress } != nil }
            },
            ScreenEntry(app, screen: "search", state: "offline", summary: "A search with no network, nothing saved") {
                let host = try await host(Options(offline: true), tab: .search)
                try host.search("co")
                return try await host.settled("the banner")
            },
            ScreenEntry(
                app, screen: "search", state: "offline-cached",
                summary: "A search with no network: the results this device saved for it"
            ) {
                let host = try await host(Options(offline: true, savedCopy: true), tab: .search)
                try host.search("co")
                return try await host.settled("the saved results") { $0.texts.contains("Cook at home") }
            },
            ScreenEntry(app, screen: "search", state: "no-results", summary: "A search that finds nothing") {
                let host = try await host(tab: .search)
                try host.search("zebra")
                return try await host.settled("no results")
            },
            ScreenEntry(app, screen: "settings", state: "signed-out", summary: "Settings: one button per provider") {
                try await host(tab: .settings).tree
            },
            ScreenEntry(app, screen: "settings", state: "sign-in-needed", summary: "Submit while signed out leads here")
            {
                let host = try await host(tab: .submit)
                try host.type("Walk to work", into: ChangeJarScreenText.titleField)
                try host.type("Three days a week.", into: ChangeJarScreenText.contentField)
                try await host.tapAndSettle(ChangeJarScreenText.submitButton)
                return try await host.settled("Settings") {
                    $0.visibleNavigationTitle == AppModel.Tab.settings.screenTitle
                }
            },
            ScreenEntry(app, screen: "settings", state: "signed-in", summary: "Settings: who is signed in, and how") {
                try await host(Options(signedIn: true), tab: .settings).tree
            },
            ScreenEntry(
                app, screen: "settings", state: "session-ended",
                summary: "The jar refused the session as Settings opened: the buttons, and why"
            ) {
                try await host(Options(signedIn: true, sessionEnds: true), tab: .settings).tree
            },
        ]
            + AuthSource.allCases.map { source in
                ScreenEntry(
                    app, screen: "settings", state: "sign-in-failed-\(source.rawValue)",
                    summary: "The sign-in with \(source.displayName) failed: Settings says why, its buttons still there"
                ) {
                    let options = Options(signInRefusedFor: source)
                    guard case .signedOut(let buttons) = appModel(options).settings.content,
                        let button = buttons.first(where: { $0.source == source })
                    else { throw CatalogError(description: "no \(source.displayName) button") }
                    let host = try await host(options, tab: .settings)
                    try await host.tapAndSettle(button.title)
                    return host.tree
                }
            }
    }
}
