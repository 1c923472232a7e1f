import AttendeeCore
import AttendeeModels
import Foundation

/// `quartet attendee messages …` and `quartet attendee notes EVENT …`: the threads, conversation, notes and note
/// editor screens on the command line. Each command builds the screen's model, sends it the event a tap would, and
/// prints what the screen shows.
extension AttendeeCommand {
    static var messages: CommandSpec {
        let event = OptionSpec("event", value: "EVENT", help: "the event (send: TARGET is then a person)")
        return CommandSpec(
            "messages", summary: "messages between attendees: threads, conversations, send, mark read",
            subcommands: [
                CommandSpec(
                    "list", summary: "your threads, newest activity first, with unread counts", options: [event],
                    body: body { context in
                        let rows = try await threadRows(context, eventID: context.arguments.value("event"))
                        try context.show(rows.rows) {
                            rows.rows.isEmpty
                                ? [rows.empty]
                                : rows.rows.map { row in
                                    ([row.id, row.name, row.preview] + [row.time, row.unreadLabel].compactMap { $0 })
                                        .joined(separator: "  ")
                                }
                        }
                    }),
                CommandSpec(
                    "show",
                    summary:
                        "a conversation's newest messages, oldest first (opening it marks it read); --before pages "
                        + "back, --all loads every older page",
                    arguments: ["THREAD"],
                    options: [
                        OptionSpec("before", value: "CURSOR", help: "the page before CURSOR (printed as older)"),
                        .flag("all", help: "load older messages until the first one"),
                    ],
                    body: body { context in
                        let conversation = try await openConversation(
                            context, context.positional(0), before: context.arguments.value("before"),
                            all: context.arguments.flag("all"))
                        try context.show(conversation.rows) {
                            [conversation.title] + conversation.rows.flatMap(messageLines)
                                + (conversation.olderCursor.map { ["", AttendeeCommandText.olderPage($0)] } ?? [])
                        }
                    }),
                CommandSpec(
                    "send", summary: "send TEXT (and --image PATH) to a thread, or to a person with --event",
                    arguments: ["TARGET", "TEXT"],
                    options: [event, imageOption],
                    body: body { context in
                        let row = try await sendMessage(
                            context, to: context.positional(0), eventID: context.arguments.value("event"),
                            text: context.positional(1))
                        try context.show(row) {
                            ["\(row.id)  \(row.author): " + continuing(row.text, indent: "    ")] + photoLines(row)
                        }
                    }),
                CommandSpec(
                    "read", summary: "mark a thread read up to its newest message", arguments: ["THREAD"],
                    body: body { context in
                        let conversation = try await openConversation(context, context.positional(0))
                        try context.show(conversation.rows) { [conversation.readSummary] }
                    }),
            ])
    }

    static var notes: CommandSpec {
        CommandSpec(
            "notes",
            summary:
                "My Notes at an event: list [--session ID], show ID, new TEXT [--session ID] [--image PATH], "
                + "edit ID TEXT [--image PATH | --remove-image] [--keep-mine], delete ID",
            arguments: ["EVENT", "[ACTION]", "[ARGUMENT]..."],
            options: [
                OptionSpec("session", value: "ID", help: "the session the notes are about"), imageOption,
                OptionSpec.flag("remove-image", help: "edit: take the photo off the note"),
                OptionSpec.flag(
                    "keep-mine",
                    help: "edit: when another device saved the note meanwhile, save this text over it (Keep Mine)"),
            ],
            body: body { context in
                let eventID = context.positional(0)
                let session = context.arguments.value("session")
                let action = context.arguments.positionals.count > 1 ? context.positional(1) : "list"
                func argument(_ index: Int, _ name: String) throws -> String {
                    guard context.arguments.positionals.count > index + 2 else {
                        throw UsageError(AttendeeCommandText.needs("notes EVENT \(action)", name))
                    }
                    return context.positional(index + 2)
                }
                let expected = ["list": 0, "show": 1, "new": 1, "edit": 2, "delete": 1]
                guard let count = expected[action] else {
                    throw UsageError(
                        AttendeeCommandText.unknownAction(
                            "notes", action, actions: ["list", "show", "new", "edit", "delete"]))
                }
                if context.arguments.positionals.count > count + 2 {
                    throw UsageError(AttendeeCommandText.unexpectedArgument(context.positional(count + 2)))
                }
                switch action {
                case "show":
                    let note = try await noteText(context.client, eventID: eventID, id: try argument(0, "ID"))
                    try context.show(note) { [note.text] }
                case "new":
                    let row = try await saveNote(
                        context, eventID: eventID, id: nil, session: session, text: try argument(0, "TEXT"))
                    try context.show(row) { [row.banner, row.id] }
                case "edit":
                    // NB: a note keeps the session it was written about, and a photo is either replaced or taken
                    // off: options that ask otherwise are refused rather than silently dropped.
                    if session != nil { throw UsageError(AttendeeCommandText.noteKeepsItsSession) }
                    if context.arguments.value("image") != nil, context.arguments.flag("remove-image") {
                        throw UsageError(AttendeeCommandText.imageOrRemoveImage)
                    }
                    let row = try await saveNote(
                        context, eventID: eventID, id: try argument(0, "ID"), session: nil,
                        text: try argument(1, "TEXT"))
                    try context.show(row) { [row.banner, row.id] }
                case "delete":
                    let (deleted, banner) = try await deleteNote(
                        context.client, eventID: eventID, id: try argument(0, "ID"))
                    try context.show(deleted) { [banner] }
                default:
                    let list = try await noteRows(context, eventID: eventID, session: session)
                    try context.show(list.rows) {
                        list.rows.isEmpty
                            ? [list.empty]
                            : list.rows.map { row in
                                ([row.id, row.about, row.time, row.preview] + [row.imageLabel].compactMap { $0 })
                                    .joined(separator: "  ")
                            }
                    }
                }
            })
    }

    /// A conversation's message: `[10:02] Bob Tester: At the bar`, then its photo by what a screen reader says
    /// of it (`[Photo from Bob Tester]`), as the wall prints a photo.
    static func messageLines(_ row: MessageRow) -> [String] {
        let time = row.time ?? ""
        return ["[\(time)] \(row.author): " + continuing(row.text, indent: "    ")] + photoLines(row)
    }

    /// A message's photo line, if it has a photo.
    static func photoLines(_ row: MessageRow) -> [String] {
        row.image.map { ["    " + WallText.photoLine($0)] } ?? []
    }

    // MARK: - The screens, driven as a person would

    @MainActor
    static func threadRows(_ context: Context, eventID: String?) async throws -> (
        rows: [ThreadRow], empty: String
    ) {
        let model = ThreadsModel(
            client: context.client, eventID: eventID, timeZone: context.timeZone, locale: context.locale)
        await model.appeared()
        if let failure = model.banner?.failure { throw ScreenFailure(message: failure) }
        return (model.rows, model.emptyMessage ?? "")
    }

    struct OpenedConversation: Sendable {
        var title: String
        var rows: [MessageRow]
        var readSummary: String
        var olderCursor: String?
    }

    /// Opens the conversation (at the page before `before`, when given) and, with `all`, taps "Load older
    /// messages" until the first message shows.
    @MainActor
    static func openConversation(
        _ context: Context, _ threadID: String, before: String? = nil, all: Bool = false
    ) async throws -> OpenedConversation {
        let model = ConversationModel(
            client: context.client, threadID: threadID, timeZone: context.timeZone, locale: context.locale)
        await model.appeared(before: before)
        if let failure = model.banner?.failure { throw ScreenFailure(message: failure) }
        while all, model.older == .available {
            await model.loadOlderTapped()
            if let failure = model.banner?.failure { throw ScreenFailure(message: failure) }
        }
        return OpenedConversation(
            title: model.title, rows: model.rows, readSummary: model.readSummary, olderCursor: model.olderCursor)
    }

    @MainActor
    static func sendMessage(_ context: Context, to target: String, eventID: String?, text: String) async throws
        -> MessageRow
    {
        // NB: to a person, the conversation opens as the Message button opens it, with no thread: the send starts
        // one (or answers the one there is) only once the text is one the box lets go.
        let model =
            if let eventID {
                ThreadsModel(
                    client: context.client, eventID: eventID, timeZone: context.timeZone, locale: context.locale
                )
                .messageTapped(personID: target, eventID: eventID)
            } else {
                ConversationModel(
                    client: context.client, threadID: target, timeZone: context.timeZone, locale: context.locale)
            }
        model.draftChanged(text)
        try await attachImage(context, to: model.attachment)
        await model.sendTapped()
        if let problem = model.draftProblem { throw ScreenFailure(message: problem.messageText) }
        guard let row = model.rows.last, row.delivery == .sent else {
            throw ScreenFailure(message: model.banner?.text ?? "")
        }
        return row
    }

    @MainActor
    static func noteRows(_ context: Context, eventID: String, session: String?) async throws -> (
        rows: [NoteRow], empty: String
    ) {
        let model = NotesModel(
            client: context.client, eventID: eventID, filter: session.map { .session(id: $0) } ?? .all,
            timeZone: context.timeZone, locale: context.locale)
        await model.appeared()
        if let failure = model.banner?.failure { throw ScreenFailure(message: failure) }
        return (model.rows, model.emptyMessage ?? "")
    }

    @MainActor
    static func noteText(_ client: AttendeeClient, eventID: String, id: String) async throws -> Note {
        let list = NotesModel(client: client, eventID: eventID)
        guard let note = try await openNote(list, id: id).note else { throw ScreenFailure(message: "") }
        return note
    }

    /// The event's My Notes, opened, then the row `id` tapped: a note of another event (or none) is not on the
    /// list, and is refused as `delete` refuses it.
    @MainActor
    static func openNote(_ list: NotesModel, id: String) async throws -> NoteEditorModel {
        await list.appeared()
        if let failure = list.banner?.failure { throw ScreenFailure(message: failure) }
        guard list.rows.contains(where: { $0.id == id }) else { throw UsageError(AttendeeCommandText.noNote(id)) }
        guard let editor = await list.noteOpened(id: id) else { throw ScreenFailure(message: list.banner?.text ?? "") }
        return editor
    }

    struct SavedNote: Encodable, Sendable {
        var id: String
        var banner: String
        var note: Note
    }

    @MainActor
    static func saveNote(_ context: Context, eventID: String, id: String?, session: String?, text: String)
        async throws -> SavedNote
    {
        let client = context.client
        let list = NotesModel(client: client, eventID: eventID, filter: session.map { .session(id: $0) } ?? .all)
        let editor: NoteEditorModel
        if let id {
            editor = try await openNote(list, id: id)
        } else {
            editor = list.newNoteEditor()
        }
        editor.textChanged(text)
        if context.arguments.flag("remove-image") { editor.attachment.removeTapped() }
        try await attachImage(context, to: editor.attachment)
        await editor.saveTapped()
        // NB: the note is read just before the save, so a conflict means another device saved in between; as on
        // the edit page, the person chooses: `--keep-mine` taps Keep Mine, and without it the other version is
        // shown beside the conflict line and nothing is overwritten (running the edit again reads that version).
        if editor.saveState == .conflict, context.arguments.flag("keep-mine") { await editor.keepMineTapped() }
        if let problem = editor.problem { throw ScreenFailure(message: problem.noteText) }
        guard editor.saveState == .saved, let note = editor.note else {
            var lines = [editor.banner?.text ?? ""]
            if editor.saveState == .conflict, let theirs = editor.conflict {
                lines.append(editor.otherVersionTitle)
                lines += theirs.text.split(separator: "\n", omittingEmptySubsequences: false).map { "    > \($0)" }
            }
            throw ScreenFailure(message: lines.joined(separator: "\n"))
        }
        return SavedNote(id: note.id, banner: editor.banner?.text ?? "", note: note)
    }

    @MainActor
    static func deleteNote(_ client: AttendeeClient, eventID: String, id: String) async throws -> (
        deleted: Deleted, banner: String
    ) {
        let list = NotesModel(client: client, eventID: eventID)
        await list.appeared()
        if let failure = list.banner?.failure { throw ScreenFailure(message: failure) }
        guard list.rows.contains(where: { $0.id == id }) else { throw UsageError(AttendeeCommandText.noNote(id)) }
        list.deleteTapped(id: id)
        guard let question = list.confirmation, await list.confirmTapped(question.action),
            let deleted = list.deleted
        else {
            throw ScreenFailure(message: list.banner?.text ?? "")
        }
        return (deleted, list.banner?.text ?? "")
    }
}
