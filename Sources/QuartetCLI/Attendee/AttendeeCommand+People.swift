import AttendeeCore
import AttendeeModels
import Foundation

extension AttendeeCommand {
    static var speakers: CommandSpec {
        CommandSpec(
            "speakers", summary: "the event's speakers", arguments: ["EVENT"],
            body: body { context in
                let people = try await context.client.speakers(context.positional(0))
                try context.show(people) { people.map(personLine) }
            })
    }

    static var speaker: CommandSpec {
        CommandSpec(
            "speaker", summary: "a speaker's profile and sessions", arguments: ["ID"],
            body: body { context in
                let profile = try await context.client.speaker(context.positional(0))
                try context.show(profile) {
                    var lines = [profile.speaker.name]
                    let subtitle = [profile.speaker.title, profile.speaker.company].filter { !$0.isEmpty }
                    if !subtitle.isEmpty { lines.append(subtitle.joined(separator: " · ")) }
                    if !profile.speaker.aboutMe.isEmpty { lines += ["", profile.speaker.aboutMe] }
                    if !profile.speaker.socialLinks.isEmpty {
                        lines.append("")
                        lines += profile.speaker.socialLinks.map { "\($0.network): \($0.url)" }
                    }
                    lines += ["", AttendeeCommandText.speakerSessions]
                    lines += profile.sessions.map { "  \($0.id)  \($0.title)" }
                    return lines
                }
            })
    }

    static var attendees: CommandSpec {
        CommandSpec(
            "attendees", summary: "the event's attendees (--search on name, company, title)", arguments: ["EVENT"],
            options: [OptionSpec("search", value: "TEXT", help: "filter, ignoring case and accents")],
            body: body { context in
                let people = try await context.client.attendees(
                    context.positional(0), context.arguments.value("search"))
                try context.show(people) { people.isEmpty ? [AttendeeCommandText.noAttendees] : people.map(personLine) }
            })
    }

    static var attendee: CommandSpec {
        CommandSpec(
            "attendee", summary: "one attendee's details, as the attendee page shows them", arguments: ["ID"],
            body: body { context in
                let person = try await context.client.person(context.positional(0))
                let details = PersonDetails(person)
                try context.show(person) {
                    [details.name, details.subtitle, details.aboutMe].filter { !$0.isEmpty }
                        + person.socialLinks.map(\.url)
                }
            })
    }

    static func personLine(_ person: Person) -> String {
        let subtitle = [person.title, person.company].filter { !$0.isEmpty }.joined(separator: " · ")
        return "\(person.id)  \(person.name)" + (subtitle.isEmpty ? "" : "  — \(subtitle)")
    }
}
