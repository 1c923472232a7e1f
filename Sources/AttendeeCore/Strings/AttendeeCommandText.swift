import AttendeeModels
import Foundation

/// The sentences `quartet attendee` prints around what the screens show, from the same strings table.
///
/// Where a screen shows the same thing (a session's state, the empty agenda, the thanks for feedback), the
/// command line reads the screen's sentence; the rest are the command line's own, kept here so that no word of
/// it is decided in `QuartetCLI`.
public enum AttendeeCommandText {
    // MARK: - Account

    /// `Signed up as Ana Ferreira <ana@example.com>.`
    public static func signedUp(_ name: String, email: String) -> String {
        Strings.format("cli.signedUp", name, email)
    }
    /// `Signed in as Ana Ferreira.`
    public static func signedIn(_ name: String) -> String { Strings.format("cli.signedIn", name) }
    /// `signout` with no session.
    public static var notSignedIn: String { Strings.text("cli.notSignedIn") }
    /// After `signout`.
    public static var signedOut: String { Strings.text("cli.signedOut") }
    /// The profile's About me heading.
    public static var aboutMe: String { Strings.format("cli.heading", AttendeeScreenText.aboutMe) }
    /// `Tracks: Swift, Mobile Ops` (`—` for none).
    public static func tracks(_ tracks: [String]) -> String { Strings.format("cli.tracks", list(tracks)) }
    /// `Topics: Testing` (`—` for none).
    public static func topics(_ topics: [String]) -> String { Strings.format("cli.topics", list(topics)) }

    private static func list(_ items: [String]) -> String {
        items.isEmpty ? "—" : items.joined(separator: ", ")
    }

    // MARK: - People

    /// The speaker page's list of sessions, as a heading.
    public static var speakerSessions: String { Strings.format("cli.heading", AttendeeScreenText.speakerSessions) }

    // MARK: - Events, agenda and sessions

    /// `Registered (additional info: completed).`
    public static func registered(_ status: AdditionalInfoStatus) -> String {
        Strings.format("cli.registered", label(status))
    }
    /// `Registered for Quartet Summit 2027 (additional info: completed).`
    public static func registered(for event: String, _ status: AdditionalInfoStatus) -> String {
        Strings.format("cli.registeredFor", event, label(status))
    }
    /// `Not registered: quartet attendee register EVENT`.
    public static func notRegistered(_ eventID: String) -> String { Strings.format("cli.notRegistered", eventID) }
    /// `Live Poll: Which talk next?`
    public static func livePoll(_ question: String) -> String {
        Strings.format("cli.labelled", AttendeeScreenText.livePoll, question)
    }
    /// `Speakers: Ana (sp1), Bo (sp2)`.
    public static func speakers(_ list: String) -> String {
        Strings.format("cli.labelled", AttendeeScreenText.speakers, list)
    }
    /// The state of an Additional Info step, as the command line names it (`completed`).
    public static func label(_ status: AdditionalInfoStatus) -> String {
        Strings.text("cli.additionalInfo.\(status.rawValue)")
    }
    /// `attend` on a full session without `--waitlist` (the page's button there says "Join Waitlist").
    public static var fullUseWaitlist: String { Strings.text("cli.fullUseWaitlist") }
    /// `attendee EVENT ID` naming nobody on the event's attendee list.
    public static func noAttendee(_ id: String) -> String { Strings.format("cli.noAttendee", id) }
    /// A session id the server does not know.
    public static func noSession(_ id: String) -> String { Strings.format("cli.noSession", id) }
    /// `Wrote 3 sessions to mine.ics.` (`Wrote 1 session to mine.ics.`)
    public static func wroteCalendar(_ count: Int, to path: String) -> String {
        count == 1
            ? Strings.format("cli.wroteCalendar.one", path)
            : Strings.format("cli.wroteCalendar.many", String(count), path)
    }

    // MARK: - Import

    /// `skipped session g2: no readable start time`.
    public static func skipped(_ item: String) -> String { Strings.format("cli.import.skipped", item) }
    /// `warning: The file names no time zone …`.
    public static func warning(_ text: String) -> String { Strings.format("cli.import.warning", text) }
    /// `Read frab: CLI Camp, 3 sessions, 1 speaker, 1 skipped; times in Pacific/Kiritimati.`
    public static func read(_ report: ImportReport) -> String {
        let programme = report.programme
        return Strings.format(
            "cli.import.read", report.format.rawValue, programme.event.name,
            counted(one: "cli.import.sessions.one", many: "cli.import.sessions.many", programme.sessions.count),
            counted(one: "cli.import.speakers.one", many: "cli.import.speakers.many", programme.speakers.count),
            String(report.skipped.count),
            programme.event.timeZone)
    }
    /// What the server did with an import: `Created event E: 1 session created, 0 updated; 2 speakers created, 0
    /// updated.`, then how many sessions the file no longer lists were removed, when any were.
    public static func imported(_ summary: ImportSummary) -> String {
        Strings.format(
            summary.eventCreated ? "cli.import.created" : "cli.import.updated", summary.eventID,
            counted(one: "cli.import.sessions.one", many: "cli.import.sessions.many", summary.sessionsCreated),
            String(summary.sessionsUpdated),
            counted(one: "cli.import.speakers.one", many: "cli.import.speakers.many", summary.speakersCreated),
            String(summary.speakersUpdated))
            + (summary.sessionsRemoved.map {
                $0 > 0 ? " " + counted(one: "cli.import.removed.one", many: "cli.import.removed.many", $0) : ""
            } ?? "")
    }
    /// `1 session`, `0 sessions`, `3 sessions`: the sentence `one` for a count of one, else `many` with the count.
    private static func counted(one: String, many: String, _ count: Int) -> String {
        count == 1 ? Strings.text(one) : Strings.format(many, String(count))
    }
    /// One line for each session whose capacity the file set below the seats already taken: `Capacity of
    /// “Workshop” kept at 12, not 10: the seats already taken stay taken.`
    public static func capacitiesKept(_ summary: ImportSummary) -> [String] {
        (summary.capacitiesKept ?? []).map {
            Strings.format("cli.import.capacityKept", $0.title, String($0.capacity), String($0.requested))
        }
    }
    /// The file's event belongs to another organizer: this one was imported as an event of the caller's own.
    public static func keptApart(_ theirs: String, kept: String) -> String {
        Strings.format("cli.import.keptApart", theirs, kept)
    }

    // MARK: - Pages

    /// `next: --cursor CURSOR`, the wall's or a discussion's next page.
    public static func nextPage(_ cursor: String) -> String { Strings.format("cli.nextPage", cursor) }
    /// `older: --before CURSOR`, a conversation's older page.
    public static func olderPage(_ cursor: String) -> String { Strings.format("cli.olderPage", cursor) }

    // MARK: - Refusals of the command line

    /// `--email is required`.
    public static func required(_ option: String) -> String { Strings.format("cli.required", option) }
    /// A field the rules refuse, led by its option: `--email: …`.
    public static func refused(_ option: String, _ message: String) -> String {
        Strings.format("cli.refusedField", option, message)
    }
    /// `profile edit` with nothing to change.
    public static var profileEditNeedsField: String { Strings.text("cli.profileEditNeedsField") }
    /// A `--server` that is not an http(s) URL.
    public static func badServer(_ url: String) -> String { Strings.format("cli.badServer", url) }
    /// A `--field` that is not `KEY=VALUE`.
    public static func badField(_ pair: String) -> String { Strings.format("cli.badField", pair) }
    /// A `--guest` that is not `Name <mail>`.
    public static func badGuest(_ mailbox: String) -> String { Strings.format("cli.badGuest", mailbox) }
    /// `--later` with answers.
    public static var laterWithAnswers: String { Strings.text("cli.laterWithAnswers") }
    /// Additional Info refused, with the fields there are: `T-shirt size is required. Fields: …; or pass --later`.
    /// At an event that asks no questions, the refusal alone (`This event does not ask for foo.`): there are no
    /// fields to list, nor anything to put off with `--later`.
    public static func additionalInfoRefused(_ message: String, fields: [AdditionalInfoField]) -> String {
        guard !fields.isEmpty else { return message }
        let keys = fields.map { Strings.format("cli.keyAndLabel", $0.key, $0.label) }.joined(separator: ", ")
        return Strings.format("cli.additionalInfoRefused", message, keys)
    }
    /// Registered, but the Additional Info form refused what it was given after all: `Registered; Additional
    /// Info still to do: T-shirt size is required.`
    public static func registeredAdditionalInfoToDo(_ message: String) -> String {
        Strings.format("cli.registeredAdditionalInfoToDo", message)
    }
    /// A `--day` that is not a number.
    public static func badDay(_ text: String) -> String { Strings.format("cli.badDay", text) }
    /// A `--day` past the event's days.
    public static func dayOutOfRange(_ day: Int, days: Int) -> String {
        Strings.format("cli.dayOutOfRange", String(days), String(day))
    }
    /// A `--speaker` that is not `ID=RATING`.
    public static func badSpeakerRating(_ pair: String) -> String { Strings.format("cli.badSpeakerRating", pair) }
    /// Session feedback refused, with the speakers there are.
    public static func sessionFeedbackRefused(_ message: String, speakers: [PersonReference]) -> String {
        let list = speakers.map { Strings.format("cli.keyAndLabel", $0.id, $0.name) }.joined(separator: ", ")
        return Strings.format("cli.sessionFeedbackRefused", message, list)
    }
    /// A `--rating` that is not a number.
    public static func badRating(_ text: String) -> String { Strings.format("cli.badRating", text) }
    /// Feedback without `--rating`.
    public static var ratingRequired: String { Strings.text("cli.ratingRequired") }
    /// A `--format` the importer does not know.
    public static func badFormat(_ text: String) -> String { Strings.format("cli.badFormat", text) }
    /// A `--capacity` that is not a number.
    public static func badCapacity(_ text: String) -> String { Strings.format("cli.badCapacity", text) }
    /// A `watch --count` that is not a number.
    public static func badCount(_ text: String) -> String { Strings.format("cli.badCount", text) }
    /// A `watch --count` under 1.
    public static func countTooSmall(_ count: Int) -> String { Strings.format("cli.countTooSmall", String(count)) }
    /// A poll without `--question`.
    public static var questionRequired: String { Strings.text("cli.questionRequired") }
    /// A quiz without `--question`.
    public static var questionsRequired: String { Strings.text("cli.questionsRequired") }
    /// A quiz `--question` with no `": "` between the question and its options.
    public static func badQuizQuestion(_ line: String) -> String { Strings.format("cli.badQuizQuestion", line) }
    /// An answer without `--option`.
    public static var optionRequired: String { Strings.text("cli.optionRequired") }
    /// An `--option` the poll does not have, with those it has.
    public static func noOption(_ id: String, options: [String]) -> String {
        Strings.format("cli.noOption", id, options.joined(separator: ", "))
    }
    /// An action a page does not have: `unknown wall action 'x' (list, post, …)`.
    public static func unknownAction(_ page: String, _ action: String, actions: [String]) -> String {
        Strings.format("cli.unknownAction", page, action, actions.joined(separator: ", "))
    }
    /// An action without what it acts on: `'wall EVENT post' needs TEXT`.
    public static func needs(_ command: String, _ what: String) -> String {
        Strings.format("cli.needs", command, what)
    }
    /// `docs EVENT download` without its id or `--output`.
    public static var downloadNeedsOutput: String { Strings.text("cli.downloadNeedsOutput") }
    /// `gallery EVENT open` without its id or `--output`.
    public static var openNeedsOutput: String { Strings.text("cli.openNeedsOutput") }
    /// What an action that acts on a post, message or note needs, when it is an id.
    public static var anID: String { Strings.text("cli.anID") }
    /// One argument too many.
    public static func unexpectedArgument(_ argument: String) -> String {
        Strings.format("cli.unexpectedArgument", argument)
    }
    /// A `--kind` of document the page does not have.
    public static var badDocumentKind: String { Strings.text("cli.badDocumentKind") }
    /// A document id that is not on the page.
    public static func noDocument(_ id: String) -> String { Strings.format("cli.noDocument", id) }
    /// `gallery EVENT open|share|remove` with an id the gallery does not show.
    public static func noPhoto(_ id: String) -> String { Strings.format("cli.noPhoto", id) }
    /// `notes EVENT edit --session`: a note's session is where it was written, not changed by an edit.
    public static var noteKeepsItsSession: String { Strings.text("cli.noteKeepsItsSession") }
    /// `notes EVENT edit --image PATH --remove-image`.
    public static var imageOrRemoveImage: String { Strings.text("cli.imageOrRemoveImage") }
    /// `notes EVENT delete` with an id My Notes does not show.
    public static func noNote(_ id: String) -> String { Strings.format("cli.noNote", id) }
    /// A document's or a photo's line: `Slides.pptx  — PowerPoint · 48 KB`, and `· you may remove it` where
    /// the screen offers Remove.
    public static func fileLine(_ name: String, detail: String, canRemove: Bool) -> String {
        Strings.format(canRemove ? "cli.fileLine.removable" : "cli.fileLine", name, detail)
    }
}
