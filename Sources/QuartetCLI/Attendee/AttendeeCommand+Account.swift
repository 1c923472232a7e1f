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
                let request = SignUpRequest(
                    email: try required(context, "email"), password: try required(context, "password"),
                    name: try required(context, "name"))
                if let error = request.validationError() {
                    throw UsageError(AttendeeCommandText.refused(error.field, error.message))
                }
                let session = try await context.client.signUp(request)
                try context.show(session.profile) {
                    [AttendeeCommandText.signedUp(session.profile.person.name, email: session.profile.email)]
                }
            })
    }

    static var signIn: CommandSpec {
        CommandSpec(
            "signin", summary: "sign in with e-mail and password",
            options: [OptionSpec("email", value: "EMAIL", help: "your e-mail"), passwordOption],
            body: body { context in
                let session = try await context.client.signIn(
                    SignInRequest(email: try required(context, "email"), password: try required(context, "password")))
                try context.show(session.profile) { [AttendeeCommandText.signedIn(session.profile.person.name)] }
            })
    }

    static var signOut: CommandSpec {
        CommandSpec(
            "signout", summary: "sign out and forget the session token",
            body: body { context in
                guard context.tokens.load() != nil else {
                    context.console.line(AttendeeCommandText.notSignedIn)
                    return
                }
                try await context.client.signOut()
                context.console.line(AttendeeCommandText.signedOut)
            })
    }

    static var profile: CommandSpec {
        CommandSpec(
            "profile", summary: "show your profile (profile edit changes it)",
            subcommands: [profileEdit],
            body: body { context in
                let profile = try await context.client.me()
                try context.show(profile) { profileLines(profile) }
            })
    }

    static var profileEdit: CommandSpec {
        CommandSpec(
            "edit", summary: "edit About me, title, company and preferences",
            options: [
                OptionSpec("about", value: "TEXT", help: "About me"),
                OptionSpec("title", value: "TEXT", help: "job title"),
                OptionSpec("company", value: "TEXT", help: "company"),
                OptionSpec("track", value: "TRACK", help: "a track of interest (repeatable; replaces the list)"),
                OptionSpec("topic", value: "TOPIC", help: "a topic of interest (repeatable; replaces the list)"),
            ],
            body: body { context in
                let arguments = context.arguments
                var update = ProfileUpdate(
                    title: arguments.value("title"), company: arguments.value("company"),
                    aboutMe: arguments.value("about"))
                if !arguments.all("track").isEmpty || !arguments.all("topic").isEmpty {
                    let current = try await context.client.me().preferences
                    update.preferences = Preferences(
                        tracks: arguments.all("track").isEmpty ? current.tracks : arguments.all("track"),
                        topics: arguments.all("topic").isEmpty ? current.topics : arguments.all("topic"))
                }
                guard update != ProfileUpdate() else {
                    throw UsageError(AttendeeCommandText.profileEditNeedsField)
                }
                if let error = update.validationError() {
                    throw UsageError(AttendeeCommandText.refused(error.field, error.message))
                }
                let profile = try await context.client.updateMe(update)
                try context.show(profile) { profileLines(profile) }
            })
    }

    static func profileLines(_ profile: MyProfile) -> [String] {
        var lines = [profile.person.name, profile.email]
        let subtitle = [profile.person.title, profile.person.company].filter { !$0.isEmpty }.joined(separator: " · ")
        if !subtitle.isEmpty { lines.append(subtitle) }
        if !profile.person.aboutMe.isEmpty { lines += ["", AttendeeCommandText.aboutMe, profile.person.aboutMe] }
        lines.append("")
        lines.append(AttendeeCommandText.tracks(profile.preferences.tracks))
        lines.append(AttendeeCommandText.topics(profile.preferences.topics))
        return lines
    }

    static func required(_ context: Context, _ name: String) throws -> String {
        guard let value = context.arguments.value(name), !value.isEmpty else {
            throw UsageError(AttendeeCommandText.required(name))
        }
        return value
    }
}
