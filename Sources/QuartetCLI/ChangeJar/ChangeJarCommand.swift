import APIClient
import ChangeJarCore
import ChangeJarModels
import Database
import Foundation
import LocalStore
import Localization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `quartet changejar …`: sign in through Cognito (the stand-in's development sign-in), submit, list, search.
enum ChangeJarCommand {
    /// The provider `signin` signs in with when not given `--provider`.
    static let defaultProvider = AuthSource.google

    static var spec: CommandSpec {
        let json = OptionSpec.flag("json", help: "print JSON instead of text")
        return CommandSpec(
            "changejar",
            summary: "Change Jar: pledge small changes; browse all, new and your own actions; search",
            options: ClientOptions.specs + [
                OptionSpec(
                    "cognito", value: "URL", help: "Cognito Identity endpoint (default: <server>/cognito/)",
                    environment: "QUARTET_COGNITO_ENDPOINT"),
                OptionSpec(
                    "identity-pool", value: "ID", help: "Cognito identity pool id (region:GUID)",
                    environment: "QUARTET_COGNITO_POOL"),
            ],
            subcommands: [
                CommandSpec(
                    "signin", summary: "sign in with a provider's token, or the stand-in's development sign-in",
                    options: [
                        OptionSpec(
                            "provider", value: "NAME", help: "facebook, twitter or google",
                            default: defaultProvider.rawValue),
                        OptionSpec("user", value: "ID", help: "the test user's id at the provider"),
                        OptionSpec("name", value: "NAME", help: "a display name"),
                        OptionSpec(
                            "id-token", value: "FILE",
                            help: "a token the provider gave (Google's ID token, Facebook's access token, Twitter's "
                                + "token;secret) instead of the development sign-in"),
                    ],
                    body: { try await run($0, signIn) }),
                CommandSpec(
                    "whoami", summary: "who is signed in, and until when", options: [json],
                    body: { try await run($0, whoAmI) }),
                CommandSpec("signout", summary: "forget the session", body: { try await run($0, signOut) }),
                CommandSpec(
                    "name",
                    summary: "the name your actions go by, as Settings shows it; with NAME, Settings' Save Name",
                    arguments: ["[NAME]"], options: [json], body: { try await run($0, name) }),
                CommandSpec(
                    "submit", summary: "put an action in the jar",
                    options: [
                        OptionSpec(
                            "title", value: "TEXT", help: "\(ActionRules.phrase(ActionRules.titleLength)) characters"),
                        OptionSpec(
                            "content", value: "TEXT",
                            help: "\(ActionRules.phrase(ActionRules.contentLength)) characters"),
                        OptionSpec(
                            "sign-in-with", value: "NAME",
                            help: "when signed out: sign in with facebook, twitter or google, then send the action"),
                        OptionSpec(
                            "user", value: "ID", help: "with --sign-in-with: the test user's id at the provider"),
                    ],
                    body: { try await run($0, submit) }),
                CommandSpec(
                    "refused",
                    summary: "the action the jar refused after your sign-in, and why; change and send it, or clear it",
                    options: [
                        OptionSpec("title", value: "TEXT", help: "its new title (else the one refused)"),
                        OptionSpec("content", value: "TEXT", help: "its new text (else the one refused)"),
                        .flag("clear", help: "let it go, as the Submit form's Clear does"),
                        json,
                    ],
                    body: { try await run($0, refused) }),
                CommandSpec(
                    "show", summary: "one action, whole, as a tap on its row shows it", arguments: ["ID"],
                    options: [json], body: { try await run($0, showAction) }),
                CommandSpec(
                    "edit", summary: "change one of your actions, as its page's Edit form does", arguments: ["ID"],
                    options: [
                        OptionSpec("title", value: "TEXT", help: "the new title"),
                        OptionSpec("content", value: "TEXT", help: "the new text"),
                    ],
                    body: { try await run($0, edit) }),
                CommandSpec(
                    "delete", summary: "delete one of your actions, as a swipe in My Actions does", arguments: ["ID"],
                    body: { try await run($0, delete) }),
                CommandSpec(
                    "all", summary: "every action, newest first", options: [json], body: { try await run($0, all) }),
                CommandSpec(
                    "new", summary: "actions since your last visit (each command is one), which then count as seen",
                    options: [json, .flag("count", help: "only print how many are not seen yet (the badge)")],
                    body: { try await run($0, new) }),
                CommandSpec("mine", summary: "your actions", options: [json], body: { try await run($0, mine) }),
                CommandSpec(
                    "search", summary: "full-text search over titles and contents", arguments: ["TEXT..."],
                    options: [json], body: { try await run($0, search) }),
            ]
        )
    }

    private static func run(
        _ context: CommandContext, _ body: @Sendable (ChangeJarSession, CommandContext) async throws -> Int32
    ) async throws -> Int32 {
        let session = try await ChangeJarSession(context)
        return try await body(session, context)
    }

    // MARK: - Commands

    static func signIn(_ jar: ChangeJarSession, _ context: CommandContext) async throws -> Int32 {
        let name = context.arguments.value("provider") ?? defaultProvider.rawValue
        guard let source = AuthSource(rawValue: name) else {
            throw UsageError(ChangeJarCommandText.badProvider(name))
        }
        var dependencies = jar.dependencies(user: "")
        if let file = context.arguments.value("id-token") {
            // NB: a file that cannot be read is named as every command names one (exit 1), not a usage error.
            let token = try String(contentsOf: URL(fileURLWithPath: file), encoding: .utf8)
            dependencies.signIn = jar.signInService(try ProviderSignIn.given(token: token, for: source))
        } else {
            guard let user = context.arguments.value("user"), !user.isEmpty else {
                throw UsageError(ChangeJarCommandText.signInNeedsUser)
            }
            dependencies.signIn = jar.signInService(user: user, name: context.arguments.value("name"))
        }
        return await signInThroughScreens(dependencies, with: source, console: context.console)
    }

    /// The Submit screen starts (an action kept from a Submit made while signed out comes back), then Settings'
    /// provider button is tapped: the sign-in, and the waiting action it sends, print as the screens show them.
    /// NB: not the whole launch: the New badge it also counts is a request a sign-in has no use for.
    @MainActor
    private static func signInThroughScreens(
        _ dependencies: ChangeJarDependencies, with source: AuthSource, console: Console
    ) async -> Int32 {
        let app = AppModel(dependencies: dependencies)
        await app.submit.launched()
        let refusedBefore = app.submit.hasRefusedAction
        await app.settings.providerTapped(source)
        if let refused = app.settings.banner?.failure {
            console.failure(refused)
            return 1
        }
        guard let session = app.session.session else { return 1 }
        console.line(ChangeJarCommandText.signedIn(session.displayName, with: source))
        // NB: the provider's name is someone else's in the jar: Settings says so over its name field.
        if app.settings.mustChooseName, let notice = app.settings.banner?.text {
            console.line(notice)
            console.line(ChangeJarCommandText.chooseName)
        }
        if app.submit.submission != nil, let sent = app.submit.banner?.text {
            console.line(sent)
        } else if app.submit.isSomeoneElses, let notSent = app.submit.banner?.text {
            // NB: the command line keeps no form: the words are printed, so nothing typed is lost.
            console.line(notSent)
            console.line("  " + app.submit.title)
            console.line("  " + app.submit.content)
        } else if app.submit.hasRefusedAction, let refused = app.submit.banner?.failure {
            // NB: kept on the device with why; an action refused before this sign-in does not fail it.
            if refusedBefore { console.errorLine(refused) } else { console.failure(refused) }
            console.errorLine(ChangeJarCommandText.refusedActionKept)
            return refusedBefore ? 0 : 1
        } else if let refused = app.submit.banner?.failure {
            console.failure(refused)
            return 1
        }
        return 0
    }

    @MainActor
    static func whoAmI(_ jar: ChangeJarSession, _ context: CommandContext) async throws -> Int32 {
        let current: AuthSession?
        let session = AppModel(dependencies: jar.dependencies(user: "")).session
        let kept = session.session?.authSource
        do {
            current = try await session.currentSession()
        } catch {
            // NB: the token needed renewing and Cognito was out of reach: the session is kept, its time unknown.
            context.console.failure(error.message)
            return 1
        }
        guard let session = current else {
            // NB: a session that could not be renewed has just ended: it expired, which is not "never signed in".
            if let kept { throw NotSignedIn(expired: kept) }
            context.console.line(ChangeJarCommandText.notSignedIn)
            return 1
        }
        if context.arguments.flag("json") {
            try jar.printJSON(session.summary, on: context.console)
            return 0
        }
        context.console.line(ChangeJarCommandText.who(session))
        context.console.line("  " + ChangeJarCommandText.providerUserID(session.providerUserID))
        context.console.line("  " + ChangeJarCommandText.identity(session.identityID))
        context.console.line(
            "  " + ChangeJarCommandText.validity(of: session, until: jar.format.string(session.expiresAt)))
        return 0
    }

    /// Settings appears (the jar's name for the person in its name field); with a name, it is typed over the field
    /// and Save Name tapped. Prints the field, or the screen's line.
    @MainActor
    static func name(_ jar: ChangeJarSession, _ context: CommandContext) async throws -> Int32 {
        let app = AppModel(dependencies: jar.dependencies(user: ""))
        let settings = app.settings
        let kept = app.session.session?.authSource
        await settings.appeared()
        // NB: a session the jar refused for good ends as Settings appears: that it expired is said, as elsewhere.
        guard case .signedIn = settings.content else { throw NotSignedIn(expired: kept) }
        guard let typed = context.arguments.positionals.first else {
            // NB: unread, the field holds the provider's name, not the one the person's actions go by.
            guard settings.hasReadName else {
                context.console.failure(settings.banner?.text ?? "")
                return 1
            }
            if context.arguments.flag("json") {
                // NB: the jar's answer as it gave it: `null` until the person chooses a name.
                try jar.printJSON(AuthorProfile(name: settings.jarName), on: context.console)
            } else {
                context.console.line(settings.nameDraft)
            }
            return 0
        }
        settings.nameDraft = typed
        // NB: the name the person's actions already go by: Save Name does nothing, and the field is the answer.
        let json = context.arguments.flag("json")
        guard settings.canSaveName else {
            let name = settings.jarName ?? typed
            try json ? jar.printJSON(AuthorProfile(name: name), on: context.console) : context.console.line(name)
            return 0
        }
        await settings.saveNameTapped()
        // NB: a name Settings refused by its rules, before asking the jar, is a usage mistake (exit 2), as `edit`'s.
        if settings.nameViolation != nil, let refused = settings.banner?.failure { throw UsageError(refused) }
        if let failure = settings.banner?.failure {
            context.console.failure(failure)
            return 1
        }
        if json {
            try jar.printJSON(AuthorProfile(name: settings.jarName), on: context.console)
        } else if let saved = settings.banner?.text {
            context.console.line(saved)
        }
        return 0
    }

    /// Settings' Sign Out: the session goes, and so does an action kept for the next sign-in.
    @MainActor
    static func signOut(_ jar: ChangeJarSession, _ context: CommandContext) async throws -> Int32 {
        await AppModel(dependencies: jar.dependencies(user: "")).settings.signOutTapped()
        context.console.line(ChangeJarCommandText.signedOut)
        return 0
    }

    static func submit(_ jar: ChangeJarSession, _ context: CommandContext) async throws -> Int32 {
        guard let title = context.arguments.value("title"), let content = context.arguments.value("content") else {
            throw UsageError(ChangeJarCommandText.submitNeedsText)
        }
        let provider = try context.arguments.value("sign-in-with", refusal: ChangeJarCommandText.badSignInWith) {
            AuthSource(rawValue: $0)
        }
        let user = context.arguments.value("user")
        if provider != nil, user?.isEmpty ?? true { throw UsageError(ChangeJarCommandText.signInWithNeedsUser) }
        // NB: the command is one more view of the Submit screen: it types, taps Submit, and, when the screen
        // sends it to Settings, taps the provider's button there; the screens decide and word everything.
        return try await submitThroughScreens(
            jar.dependencies(user: user ?? ""), title: title, content: content, provider: provider,
            console: context.console)
    }

    @MainActor
    private static func submitThroughScreens(
        _ dependencies: ChangeJarDependencies, title: String, content: String, provider: AuthSource?,
        console: Console
    ) async throws -> Int32 {
        let app = AppModel(dependencies: dependencies)
        // NB: as the app starts, an action that waited comes back into the form, and goes out when someone is
        // signed in (or signs in now); typing over one that still waits would lose it, unseen on a command line.
        await app.submit.launched()
        // NB: the form holds the action the jar refused: typing over it would lose it, unseen on a command line.
        if app.submit.hasRefusedAction {
            console.failure(app.submit.banner?.text ?? "")
            console.errorLine(ChangeJarCommandText.refusedActionKept)
            return 1
        }
        if app.submit.hasPendingSubmission {
            guard provider != nil else {
                console.failure(ChangeJarCommandText.earlierActionWaits(app.submit.title))
                return 1
            }
            let code = try await app.submitAndSignIn(provider, console: console, tapSubmit: false)
            if code != 0 { return code }
        } else if let banner = app.submit.banner {
            guard app.submit.submission != nil else {
                console.failure(banner.text)
                return 1
            }
            console.line(banner.text)
        }
        app.submit.title = title
        app.submit.content = content
        return try await app.submitAndSignIn(provider, console: console)
    }

    /// The Submit form as it opens with an action the jar refused: prints why and its words; with `--title` or
    /// `--content`, types them over its fields and taps Submit; with `--clear`, taps Clear and answers its question.
    static func refused(_ jar: ChangeJarSession, _ context: CommandContext) async throws -> Int32 {
        let title = context.arguments.value("title")
        let content = context.arguments.value("content")
        let clear = context.arguments.flag("clear")
        if clear, title != nil || content != nil { throw UsageError(ChangeJarCommandText.refusedClearAlone) }
        return try await refusedThroughScreens(
            jar, title: title, content: content, clear: clear, json: context.arguments.flag("json"),
            console: context.console)
    }

    @MainActor
    private static func refusedThroughScreens(
        _ jar: ChangeJarSession, title: String?, content: String?, clear: Bool, json: Bool, console: Console
    ) async throws -> Int32 {
        let app = AppModel(dependencies: jar.dependencies(user: ""))
        let submit = app.submit
        await submit.launched()
        guard submit.hasRefusedAction else {
            // NB: launching may have sent an action that waited, or said why it could not: that is the screen's line.
            console.failure(submit.banner?.text ?? ChangeJarCommandText.noRefusedAction)
            return 1
        }
        if clear {
            submit.clearTapped()
            await confirm(submit.confirmation, with: submit.confirmTapped)
            console.line(submit.banner?.text ?? "")
            return 0
        }
        guard title != nil || content != nil else {
            if json, let refused = submit.refusedAction {
                // NB: as the device keeps it: the words, and the jar's refusal (its code and message).
                try jar.printJSON(refused, on: console)
                return 0
            }
            console.line(submit.banner?.text ?? "")
            console.line("  " + submit.title)
            console.line("  " + submit.content.replacingOccurrences(of: "\n", with: "\n  "))
            console.line(ChangeJarCommandText.refusedActionKept)
            return 0
        }
        if let title { submit.title = title }
        if let content { submit.content = content }
        await submit.submitTapped()
        if let violation = submit.violation {
            throw UsageError(ChangeJarCommandText.refused(violation, title: submit.title, content: submit.content))
        }
        guard submit.submission != nil, let said = submit.banner?.text else {
            console.failure(submit.banner?.text ?? "")
            if submit.hasRefusedAction { console.errorLine(ChangeJarCommandText.refusedActionKept) }
            return 1
        }
        console.line(said)
        return 0
    }

    static func edit(_ jar: ChangeJarSession, _ context: CommandContext) async throws -> Int32 {
        let title = context.arguments.value("title")
        let content = context.arguments.value("content")
        guard title != nil || content != nil else { throw UsageError(ChangeJarCommandText.editNeedsText) }
        return try await changeMine(
            jar.dependencies(user: ""), id: context.arguments.positionals[0], console: context.console
        ) {
            mine, id in
            mine.rowTapped(id)
            guard let page = mine.detail else { return nil }
            await page.opened()
            page.editTapped()
            guard let editor = page.editor else { return page.banner }
            if let title { editor.title = title }
            if let content { editor.content = content }
            await page.saveTapped()
            // NB: the form refused it before sending, as `submit` does: a usage mistake (exit 2), as there.
            if let violation = editor.violation {
                throw UsageError(
                    ChangeJarCommandText.refused(violation, title: editor.title, content: editor.content))
            }
            // NB: a form still open holds why the save did not go through.
            return page.editor?.banner ?? page.banner
        }
    }

    static func delete(_ jar: ChangeJarSession, _ context: CommandContext) async throws -> Int32 {
        try await changeMine(
            jar.dependencies(user: ""), id: context.arguments.positionals[0], console: context.console
        ) {
            mine, id in
            mine.rowDeleteTapped(id)
            await confirm(mine.confirmation, with: mine.confirmTapped)
            return mine.banner
        }
    }

    /// My Actions, opened as its tab opens (every page), then `change` as a person's taps or swipe on row `id`,
    /// which returns the line the screen then shows. Prints it: the confirmation, or why nothing changed. Signed
    /// out, it says to sign in, as `mine` does: the empty list has no row to name.
    @MainActor
    private static func changeMine(
        _ dependencies: ChangeJarDependencies, id: String, console: Console,
        _ change: @MainActor (ActionListModel, String) async throws -> Banner?
    ) async throws -> Int32 {
        let app = AppModel(dependencies: dependencies)
        try await app.session.requireSession()
        let mine = app.mine
        await mine.refreshPulled()
        while mine.canLoadMore, mine.banner == nil { await mine.reachedEnd() }
        guard mine.canChange, mine.rows.contains(where: { $0.id == id }) else {
            console.failure(
                mine.banner?.text ?? (mine.canChange ? ChangeJarCommandText.notYours(id) : mine.emptyMessage ?? ""))
            return 1
        }
        let said = try await change(mine, id)
        guard case .confirmation(let done)? = said else {
            console.failure(said?.text ?? "")
            return 1
        }
        console.line(done)
        return 0
    }

    /// The action's page, opened as a tap on its row opens it, printed: the title, the whole text, then who, how
    /// and when; under one's own action, the commands that are its Edit and Delete.
    @MainActor
    static func showAction(_ jar: ChangeJarSession, _ context: CommandContext) async throws -> Int32 {
        let id = context.arguments.positionals[0]
        let page = AppModel(dependencies: jar.dependencies(user: "")).actionPage(id: id)
        await page.opened()
        if let failure = page.banner?.failure {
            context.console.failure(failure)
            return 1
        }
        // NB: a notice (the session ended, so Edit and Delete are not offered) goes to standard error.
        if let notice = page.banner?.text { context.console.errorLine(notice) }
        guard let detail = page.detail, let action = page.action else { return 1 }
        if context.arguments.flag("json") {
            try jar.printJSON(action, on: context.console)
            return 0
        }
        let console = context.console
        console.line(detail.title)
        console.line("  " + detail.content.replacingOccurrences(of: "\n", with: "\n  "))
        console.line("  " + ChangeJarCommandText.field(ChangeJarScreenText.author, detail.author))
        console.line("  " + ChangeJarCommandText.field(ChangeJarScreenText.source, detail.source))
        console.line("  " + ChangeJarCommandText.field(ChangeJarScreenText.added, detail.added))
        if let edited = detail.edited {
            console.line("  " + ChangeJarCommandText.field(ChangeJarScreenText.edited, edited))
        }
        if page.canChange { console.line(ChangeJarCommandText.yours(action.id)) }
        return 0
    }

    static func all(_ jar: ChangeJarSession, _ context: CommandContext) async throws -> Int32 {
        try await show(jar, context) { app in
            await app.all.refreshPulled()
            return app.all
        }
    }

    static func new(_ jar: ChangeJarSession, _ context: CommandContext) async throws -> Int32 {
        if context.arguments.flag("count") {
            // NB: the badge's own count, which throws where the badge keeps its last number: the command must say
            // that it failed.
            let count = try await countUnseen(jar)
            if context.arguments.flag("json") {
                try jar.printJSON(NewActionsCount(count: count), on: context.console)
            } else {
                context.console.line(String(count))
            }
            return 0
        }
        return try await show(jar, context) { app in
            await app.new.opened()
            return app.new
        }
    }

    /// The New badge as the app counts it at launch.
    @MainActor
    private static func countUnseen(_ jar: ChangeJarSession) async throws -> Int {
        try await AppModel(dependencies: jar.dependencies(user: "")).new.unseenCount()
    }

    static func mine(_ jar: ChangeJarSession, _ context: CommandContext) async throws -> Int32 {
        try await show(jar, context, needsSession: true) { app in
            await app.mine.refreshPulled()
            return app.mine
        }
    }

    static func search(_ jar: ChangeJarSession, _ context: CommandContext) async throws -> Int32 {
        let text = context.arguments.positionals.joined(separator: " ")
        guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw UsageError(ChangeJarCommandText.searchNeedsText)
        }
        return try await show(jar, context) { app in
            app.search.queryChanged(text)
            await app.search.activeSearch?.value
            return app.search
        }
    }

    /// Opens a list screen as the app does (`open` sends it the event its tab or field would) and prints what it
    /// shows: its rows (or what it says when empty), under its offline banner; a failure is its banner.
    @MainActor
    private static func show(
        _ jar: ChangeJarSession, _ context: CommandContext, needsSession: Bool = false,
        _ open: @MainActor (AppModel) async -> any ActionListing
    ) async throws -> Int32 {
        let app = AppModel(dependencies: jar.dependencies(user: ""))
        if needsSession { try await app.session.requireSession() }
        let screen = await open(app)
        // NB: a listing is every row, as a person scrolling to the end sees it (the screen loads a page at a time).
        while screen.canLoadMore, screen.banner == nil { await screen.reachedEnd() }
        if let failure = screen.banner?.failure {
            context.console.failure(failure)
            return 1
        }
        // NB: a notice (the rows are the saved copy) goes to standard error, above the rows it speaks of.
        if let notice = screen.banner?.text { context.console.errorLine(notice) }
        if context.arguments.flag("json") {
            try jar.printJSON(screen.actions, on: context.console)
            return 0
        }
        if let empty = screen.emptyMessage { context.console.line(empty) }
        for row in screen.rows {
            context.console.line(row.title)
            context.console.line("  " + row.content.replacingOccurrences(of: "\n", with: "\n  "))
            context.console.line("  " + row.bylineAndDate)
        }
        return 0
    }
}

/// A command that needs a session ran without one (or after it expired).
struct NotSignedIn: LocalizedError {
    /// The provider of the session that expired; `nil` when nobody was signed in.
    var expired: AuthSource?

    var errorDescription: String? {
        expired.map(ChangeJarCommandText.sessionExpired) ?? ChangeJarCommandText.signInFirst
    }
}

extension SessionModel {
    /// Throws ``NotSignedIn`` unless someone is signed in, their token good now or renewed (``currentSession()``);
    /// for a session that has ended, it names that session's provider (read before it is forgotten).
    ///
    /// A renewal that could not reach Cognito leaves the session, and the screen, which meets the same failure, says
    /// so (offline, the saved copy).
    @MainActor
    fileprivate func requireSession() async throws(NotSignedIn) {
        let kept = session?.authSource
        do {
            guard try await currentSession() == nil else { return }
        } catch {
            return
        }
        throw NotSignedIn(expired: kept)
    }
}

extension AppModel {
    /// Submit, as a person taps it; when the screen asks for a sign-in and `provider` is given, Settings signs in
    /// with it and the pending action goes out once. Prints what the screens show; `0` once it is in the jar (put
    /// there now, or found there already).
    /// `tapSubmit` false: the form's action already waits for the sign-in (brought back at launch).
    /// Throws a ``UsageError`` when the form refused the words by an action's rules, as `edit` does.
    @MainActor
    fileprivate func submitAndSignIn(
        _ provider: AuthSource?, console: Console, tapSubmit: Bool = true
    ) async throws -> Int32 {
        if tapSubmit { await submit.submitTapped() }
        // NB: the form checks the rules, not the command: what it refused is said in its words, and nothing went out.
        if let violation = submit.violation {
            throw UsageError(ChangeJarCommandText.refused(violation, title: submit.title, content: submit.content))
        }
        if submit.hasPendingSubmission {
            guard let provider else {
                console.failure(submit.banner?.text ?? "")
                return 1
            }
            await settings.providerTapped(provider)
            if let refused = settings.banner?.failure {
                console.failure(refused)
                return 1
            }
        }
        guard submit.submission != nil, let said = submit.banner?.text else {
            console.failure(submit.banner?.text ?? "")
            return 1
        }
        console.line(said)
        return 0
    }
}
