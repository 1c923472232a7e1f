import AttendeeCore
import AttendeeModels
import Foundation

extension AttendeeCommand {
    static var speakers: CommandSpec {
        CommandSpec(
            "speakers", summary: "the event's speakers", arguments: ["EVENT"],
            body: body(runSpeakers))
    }

    /// The speakers page, opened as the dashboard's link opens it.
    @MainActor
    static func runSpeakers(_ context: Context) async throws {
        let model = SpeakersModel(client: context.client, eventID: context.positional(0), locale: context.locale)
        await model.appeared()
        if let failure = model.banner?.failure { throw ScreenFailure(message: failure) }
        try context.show(model.people) { model.rows.map(personLine) }
    }

    static var speaker: CommandSpec {
        CommandSpec(
            "speaker",
            summary:
                "a speaker's profile and sessions; the organizer's account section: account (who is the speaker, "
                + "or the programme's suggested e-mail), link --email E (links, or confirms a suggestion), unlink",
            arguments: ["EVENT", "ID", "[ACTION]"],
            options: [OptionSpec("email", value: "E", help: "the e-mail the speaker signed up with (for link)")],
            body: body(runSpeaker))
    }

    /// The speakers page with the row ID tapped: the profile it opens, its links and its sessions' ids; `account`
    /// is the organizer's section of that page, `link` and `unlink` its buttons (`runSpeakerAccount`).
    @MainActor
    static func runSpeaker(_ context: Context) async throws {
        let action = context.arguments.positionals.count > 2 ? context.positional(2) : nil
        if let action, !["account", "link", "unlink"].contains(action) {
            throw UsageError(
                AttendeeCommandText.unknownAction("speaker", action, actions: ["account", "link", "unlink"]))
        }
        if action == "link", context.arguments.value("email") == nil {
            throw UsageError(AttendeeCommandText.needs("speaker EVENT ID link", "--email"))
        }
        let model = SpeakersModel(client: context.client, eventID: context.positional(0), locale: context.locale)
        await model.rowTapped(context.positional(1))
        guard let profile = model.profile else { throw ScreenFailure(message: model.banner?.text ?? "") }
        if let action { return try await runSpeakerAccount(context, model.account, action: action) }
        try context.show(profile.source) {
            var lines = detailLines(profile.details)
            lines += ["", AttendeeCommandText.speakerSessions]
            lines += profile.sessions.map { "  \($0.id)  \($0.text)" }
            return lines
        }
    }

    /// The speaker page's account section, as its organizer uses it: read as it appears (`account`: what it says
    /// and what its e-mail field holds, a programme's suggested address included), the e-mail typed and Link
    /// account tapped, or Unlink tapped; prints what the section then says.
    @MainActor
    static func runSpeakerAccount(_ context: Context, _ section: SpeakerAccountModel?, action: String) async throws {
        guard let section else { throw ScreenFailure(message: AttendeeCommandText.onlyOrganizerLinksSpeakers) }
        await section.appeared()
        if let failure = section.banner?.failure { throw ScreenFailure(message: failure) }
        switch action {
        case "account":
            return try context.show(section.account) {
                [section.status]
                    + (section.email.isEmpty ? [] : [AttendeeCommandText.speakerAccountField(section.email)])
            }
        case "link":
            section.emailChanged(context.arguments.value("email") ?? "")
            await section.linkTapped()
        default:
            await section.unlinkTapped()
        }
        if let failure = section.banner?.failure { throw ScreenFailure(message: failure) }
        try context.show(section.account) { [section.banner?.text ?? "", section.status] }
    }

    /// An attendee's or speaker's details: name, `Title · Company`, About me, each link.
    static func detailLines(_ details: PersonDetails) -> [String] {
        var lines = [details.name]
        if !details.subtitle.isEmpty { lines.append(details.subtitle) }
        if !details.aboutMe.isEmpty { lines += ["", details.aboutMe] }
        if !details.socialLinks.isEmpty {
            lines.append("")
            lines += details.socialLinks.map { "\($0.network): \($0.url)" }
        }
        return lines
    }

    static var attendees: CommandSpec {
        CommandSpec(
            "attendees", summary: "the event's attendees (--search on name, company, title)", arguments: ["EVENT"],
            options: [OptionSpec("search", value: "TEXT", help: "filter, ignoring case and accents")],
            body: body(runAttendees))
    }

    /// The attendees page, opened as the dashboard's link opens it, with `--search` typed into its search field.
    @MainActor
    static func runAttendees(_ context: Context) async throws {
        let model = try await openAttendees(context)
        if let search = context.arguments.value("search") { model.searchChanged(search) }
        try context.show(model.shownPeople) { model.emptyMessage.map { [$0] } ?? model.rows.map(personLine) }
    }

    static var attendee: CommandSpec {
        CommandSpec(
            "attendee", summary: "one attendee's details, as the attendee page shows them", arguments: ["EVENT", "ID"],
            body: body(runAttendee))
    }

    /// The attendees page with the row ID tapped: the details it opens.
    @MainActor
    static func runAttendee(_ context: Context) async throws {
        let model = try await openAttendees(context)
        model.rowTapped(context.positional(1))
        guard let details = model.selected, let person = model.selectedPerson else {
            throw ScreenFailure(message: AttendeeCommandText.noAttendee(context.positional(1)))
        }
        try context.show(person) { detailLines(details) }
    }

    /// The attendees page of the event the first argument names, loaded (its banner, when it cannot load, is the
    /// command's failure).
    @MainActor
    static func openAttendees(_ context: Context) async throws -> AttendeesModel {
        let model = AttendeesModel(client: context.client, eventID: context.positional(0))
        await model.appeared()
        if let failure = model.banner?.failure { throw ScreenFailure(message: failure) }
        return model
    }

    /// A person row, with the id the `speaker` and `attendee` commands take.
    static func personLine(_ row: PersonRow) -> String {
        "\(row.id)  \(row.name)" + (row.subtitle.isEmpty ? "" : "  — \(row.subtitle)")
    }
}
