import AttendeeCore
import AttendeeModels
import Foundation

extension AttendeeCommand {
    static let passwordOption = OptionSpec(
        "password", value: "PASSWORD", help: "the password (prefer the environment variable)",
        environment: "QUARTET_ATTENDEE_PASSWORD")

    static var signUp: CommandSpec {
        CommandSpec(
            "signup", summary: "create an account and sign in",
            options: [
                OptionSpec("email", value: "EMAIL", help: "your e-mail"), passwordOption,
                OptionSpec("name", value: "NAME", help: "your name"),
            ],
            body: body { context in
                try await runAccount(context, signedIn: AttendeeCommandText.signedUp) { model in
                    await model.signUpTapped(
                        name: try required(context, "name"), email: try required(context, "email"),
                        password: try required(context, "password"))
                }
            })
    }

    static var signIn: CommandSpec {
        CommandSpec(
            "signin", summary: "sign in with e-mail and password",
            options: [OptionSpec("email", value: "EMAIL", help: "your e-mail"), passwordOption],
            body: body { context in
                try await runAccount(context, signedIn: { name, _ in AttendeeCommandText.signedIn(name) }) { model in
                    await model.signInTapped(
                        email: try required(context, "email"), password: try required(context, "password"))
                }
            })
    }

    /// The account screen: `tap` fills its fields and taps Sign up or Sign in; prints who is signed in, or
    /// the field a local check refused (a usage error), or the banner.
    @MainActor
    static func runAccount(
        _ context: Context, signedIn: (_ name: String, _ email: String) -> String,
        _ tap: @MainActor (AccountModel) async throws -> Void
    ) async throws {
        let model = AccountModel(client: context.client, offlineCopy: .localStore(try await deviceStore(context)))
        try await tap(model)
        if let error = model.fieldError { throw UsageError(AttendeeCommandText.refused(error.field, error.message)) }
        guard let profile = model.profile else { throw ScreenFailure(message: model.banner?.text ?? "") }
        try context.show(profile) { [signedIn(profile.person.name, profile.email)] }
    }

    static var signOut: CommandSpec {
        CommandSpec(
            "signout", summary: "sign out and forget the session token",
            body: body { context in
                guard context.tokens.load() != nil else {
                    context.console.line(AttendeeCommandText.notSignedIn)
                    return
                }
                try await runSignOut(context)
            })
    }

    /// Sign out on the account screen: the device is signed out whatever the server says, and the screen's
    /// line (the server could not be told) is printed in place of "Signed out.".
    @MainActor
    static func runSignOut(_ context: Context) async throws {
        let model = AccountModel(client: context.client, offlineCopy: .localStore(try await deviceStore(context)))
        await model.signOutTapped()
        if let failure = model.banner?.failure { throw ScreenFailure(message: failure) }
        context.console.line(model.banner?.text ?? AttendeeCommandText.signedOut)
    }

    static var profile: CommandSpec {
        CommandSpec(
            "profile", summary: "show your profile (profile edit changes it)",
            subcommands: [profileEdit],
            body: body(runProfile))
    }

    static var profileEdit: CommandSpec {
        CommandSpec(
            "edit", summary: "edit your name, title, company, About me and preferences",
            options: [
                OptionSpec("name", value: "TEXT", help: "your name"),
                OptionSpec("title", value: "TEXT", help: "job title"),
                OptionSpec("company", value: "TEXT", help: "company"),
                OptionSpec("about", value: "TEXT", help: "About Me"),
                OptionSpec("track", value: "TRACK", help: "a track of interest (repeatable; replaces the list)"),
                OptionSpec("topic", value: "TOPIC", help: "a topic of interest (repeatable; replaces the list)"),
            ],
            body: body(runProfileEdit))
    }

    /// The profile page's Edit buttons: the header's fields (`--name`, `--title`, `--company`), About me
    /// (`--about`), My Preferences (`--track`, `--topic`), each typed and saved as the page saves them; then the
    /// profile as it shows.
    @MainActor
    static func runProfileEdit(_ context: Context) async throws {
        let arguments = context.arguments
        let details = ["name", "title", "company"].map { arguments.value($0) }
        let about = arguments.value("about")
        let tracks = arguments.all("track")
        let topics = arguments.all("topic")
        guard details.contains(where: { $0 != nil }) || about != nil || !tracks.isEmpty || !topics.isEmpty else {
            throw UsageError(AttendeeCommandText.profileEditNeedsField)
        }
        let model = ProfileModel(client: context.client)
        await model.appeared()
        guard model.hasLoaded else { throw ScreenFailure(message: model.banner?.text ?? "") }
        if details.contains(where: { $0 != nil }) {
            model.editDetailsTapped()
            if let name = details[0] { model.nameChanged(name) }
            if let title = details[1] { model.titleChanged(title) }
            if let company = details[2] { model.companyChanged(company) }
            if let refusal = model.detailsRefusal { throw UsageError(refusal) }
            await model.saveDetailsTapped()
            if let failure = model.banner?.failure { throw ScreenFailure(message: failure) }
        }
        if let about {
            model.editAboutTapped()
            model.aboutChanged(about)
            if let refusal = model.aboutRefusal { throw UsageError(refusal) }
            await model.saveTapped()
            if let failure = model.banner?.failure { throw ScreenFailure(message: failure) }
        }
        if !tracks.isEmpty || !topics.isEmpty {
            let saved = await model.preferencesChanged(
                tracks: tracks.isEmpty ? model.preferences.tracks : tracks,
                topics: topics.isEmpty ? model.preferences.topics : topics)
            if !saved { throw ScreenFailure(message: model.banner?.text ?? "") }
        }
        try show(model, context)
    }

    /// My profile, opened from the account screen: name, e-mail, title and company, About me, preferences.
    @MainActor
    static func runProfile(_ context: Context) async throws {
        let model = ProfileModel(client: context.client)
        await model.appeared()
        try show(model, context)
    }

    /// What the profile page shows, as lines (or, with `--json`, the profile).
    @MainActor
    static func show(_ model: ProfileModel, _ context: Context) throws {
        guard let profile = model.profile else { throw ScreenFailure(message: model.banner?.text ?? "") }
        try context.show(profile) {
            var lines = [model.name, model.email]
            if !model.subtitle.isEmpty { lines.append(model.subtitle) }
            if !model.aboutMe.isEmpty { lines += ["", AttendeeCommandText.aboutMe, model.aboutMe] }
            lines += [
                "", AttendeeCommandText.tracks(model.preferences.tracks),
                AttendeeCommandText.topics(model.preferences.topics),
            ]
            return lines
        }
    }

    static func required(_ context: Context, _ name: String) throws -> String {
        guard let value = context.arguments.value(name), !value.isEmpty else {
            throw UsageError(AttendeeCommandText.required(name))
        }
        return value
    }
}
