import AttendeeCore
import AttendeeModels
import Foundation

/// `quartet attendee poll …`, `quiz …` and `watch`: the poll screens on the command line. Each command builds
/// the core's model, sends it the event a tap would, and prints what the screen would show.
extension AttendeeCommand {
    static var poll: CommandSpec { pollGroup(.poll) }
    static var quiz: CommandSpec { pollGroup(.quiz) }

    private static func pollGroup(_ kind: PollKind) -> CommandSpec {
        let noun = kind.rawValue
        return CommandSpec(
            noun,
            summary: kind == .poll
                ? "live polls: list, show, create, edit, delete, open, close, answer" : "quizzes, scored",
            subcommands: [
                CommandSpec(
                    "list", summary: kind == .poll ? "the event's polls" : "the event's quizzes", arguments: ["EVENT"],
                    body: body { context in try await list(context, kind) }),
                CommandSpec(
                    "show", summary: "one \(noun) with its results", arguments: ["ID"],
                    body: body { context in try await show(context) }),
                CommandSpec(
                    "create", summary: "create a \(noun) as a draft (organizers; speakers with --session)",
                    arguments: ["EVENT"],
                    options: createOptions(kind),
                    body: body { context in try await create(context, kind) }),
                CommandSpec(
                    "edit", summary: "rewrite a draft \(noun) (what is not given stays)", arguments: ["ID"],
                    options: editOptions(kind),
                    body: body { context in try await edit(context, kind) }),
                CommandSpec(
                    "delete", summary: "delete a draft or closed \(noun) with its answers", arguments: ["ID"],
                    body: body { context in try await delete(context) }),
                CommandSpec(
                    "open", summary: "open a drafted \(noun)", arguments: ["ID"],
                    body: body { context in try await manage(context, .open) }),
                CommandSpec(
                    "close", summary: "close an open \(noun)", arguments: ["ID"],
                    body: body { context in try await manage(context, .close) }),
                CommandSpec(
                    "answer", summary: "answer (or change your answer) while it is open", arguments: ["ID"],
                    options: [OptionSpec("option", value: "OPTION", help: "an option id to pick (repeatable)")],
                    body: body { context in try await answer(context) }),
            ])
    }

    static var watch: CommandSpec {
        CommandSpec(
            "watch", summary: "print the event's live updates as they arrive", arguments: ["EVENT"],
            options: [OptionSpec("count", value: "N", help: "stop after N updates (default: until interrupted)")],
            body: body { context in
                let limit = try context.arguments.value("count", refusal: AttendeeCommandText.badCount) { Int($0) }
                if let limit, limit < 1 { throw UsageError(AttendeeCommandText.countTooSmall(limit)) }
                try await watch(context, limit: limit)
            })
    }

    private static func createOptions(_ kind: PollKind) -> [OptionSpec] {
        [
            OptionSpec("session", value: "SESSION", help: "the session it belongs to (default: the whole event)"),
            .flag("multiple", help: "let people pick several options"),
        ] + contentOptions(kind, replacing: false)
    }

    private static func editOptions(_ kind: PollKind) -> [OptionSpec] {
        [
            .flag("multiple", help: "let people pick several options"),
            .flag("single", help: "let people pick one option"),
        ] + contentOptions(kind, replacing: true)
    }

    /// A poll's question and options, or a quiz's questions; an edit's replace what the draft has.
    private static func contentOptions(_ kind: PollKind, replacing: Bool) -> [OptionSpec] {
        let replaces = replacing ? "; replaces them all" : ""
        guard kind == .poll else {
            return [
                OptionSpec(
                    "question", value: "\"TEXT: A | *B | C\"",
                    help: "a question and its options, the correct ones marked * (repeatable\(replaces))")
            ]
        }
        return [
            OptionSpec("question", value: "TEXT", help: "the question"),
            OptionSpec(
                "option", value: "TEXT",
                help:
                    "an option (repeatable, \(PollDraft.optionCount.lowerBound) to \(PollDraft.optionCount.upperBound)"
                    + "\(replaces))"),
        ]
    }

    // MARK: - Bodies

    @MainActor
    private static func list(_ context: Context, _ kind: PollKind) async throws {
        let model = PollListModel(client: context.client, eventID: context.positional(0), kind: kind)
        await model.appeared()
        if let failure = model.banner?.failure { throw CommandFailure(failure) }
        try context.show(model.rows.map(PollRowOutput.init)) {
            model.rows.isEmpty
                ? [model.emptyMessage ?? ""] : model.rows.flatMap { ["\($0.title)", "    \($0.id)  \($0.subtitle)"] }
        }
    }

    @MainActor
    private static func show(_ context: Context) async throws {
        let model = LivePollModel(client: context.client, pollID: context.positional(0))
        await model.appeared()
        try print(model, context)
    }

    @MainActor
    private static func create(_ context: Context, _ kind: PollKind) async throws {
        let model = PollComposerModel(client: context.client, eventID: context.positional(0))
        model.kindChosen(kind)
        let arguments = context.arguments
        model.choiceChosen(arguments.flag("multiple") ? .multiple : .single)
        model.sessionChosen(arguments.value("session"))
        if kind == .poll {
            guard let question = arguments.value("question") else {
                throw UsageError(AttendeeCommandText.questionRequired)
            }
            model.questionChanged(0, text: question, options: arguments.all("option"))
        } else {
            let questions = arguments.all("question")
            guard !questions.isEmpty else { throw UsageError(AttendeeCommandText.questionsRequired) }
            for (index, line) in questions.enumerated() {
                let (text, options, correct) = try quizQuestion(line)
                model.questionChanged(index, text: text, options: options, correct: correct)
            }
        }
        await model.createTapped()
        // NB: a terminal highlights nothing, so a refused draft prints the rule with the part it names.
        guard let poll = model.created else { throw CommandFailure(model.refusal ?? model.banner?.text ?? "") }
        let screen = LivePollModel(client: context.client, pollID: poll.id)
        await screen.appeared()
        try print(screen, context)
    }

    /// The poll page's Edit, then the form's fields as the options give them, then Save.
    @MainActor
    private static func edit(_ context: Context, _ kind: PollKind) async throws {
        let model = LivePollModel(client: context.client, pollID: context.positional(0))
        await model.appeared()
        if let failure = model.banner?.failure { throw CommandFailure(failure) }
        model.editTapped()
        guard let form = model.composer else { throw CommandFailure(model.banner?.text ?? "") }
        let arguments = context.arguments
        if arguments.flag("multiple") { form.choiceChosen(.multiple) }
        if arguments.flag("single") { form.choiceChosen(.single) }
        if form.kind == .poll {
            let options = arguments.all("option")
            let current = form.questions[0]
            form.questionChanged(
                0, text: arguments.value("question") ?? current.text,
                options: options.isEmpty ? current.options : options)
        } else {
            let lines = arguments.all("question")
            if !lines.isEmpty {
                for (index, line) in lines.enumerated() {
                    let (text, options, correct) = try quizQuestion(line)
                    form.questionChanged(index, text: text, options: options, correct: correct)
                }
                while form.questions.count > lines.count, form.canRemoveQuestion {
                    form.questionRemoved(form.questions.count - 1)
                }
            }
        }
        await model.editSaveTapped()
        // NB: a terminal highlights nothing, so a refused edit prints the rule with the part it names.
        if model.composer != nil { throw CommandFailure(form.refusal ?? form.banner?.text ?? "") }
        try print(model, context)
    }

    /// The poll page's Delete, then the question's Delete: typing the command is the deliberate act.
    @MainActor
    private static func delete(_ context: Context) async throws {
        let model = LivePollModel(client: context.client, pollID: context.positional(0))
        await model.appeared()
        if let failure = model.banner?.failure { throw CommandFailure(failure) }
        model.deleteTapped()
        guard let question = model.confirmation else { throw CommandFailure(model.banner?.text ?? "") }
        await model.confirmTapped(question.action)
        if let failure = model.banner?.failure { throw CommandFailure(failure) }
        try context.show(PollDeletedOutput(id: question.action, deleted: model.phase == .deleted)) {
            [model.notice ?? ""]
        }
    }

    @MainActor
    private static func manage(_ context: Context, _ action: LivePollManagement) async throws {
        let model = LivePollModel(client: context.client, pollID: context.positional(0))
        await model.appeared()
        if let failure = model.banner?.failure { throw CommandFailure(failure) }
        await model.managementTapped(action)
        if let failure = model.banner?.failure { throw CommandFailure(failure) }
        try print(model, context)
    }

    @MainActor
    private static func answer(_ context: Context) async throws {
        let model = LivePollModel(client: context.client, pollID: context.positional(0))
        await model.appeared()
        if let failure = model.banner?.failure { throw CommandFailure(failure) }
        let picked = context.arguments.all("option")
        guard !picked.isEmpty else { throw UsageError(AttendeeCommandText.optionRequired) }
        if let notice = model.notice { throw CommandFailure(notice) }
        var chosen: [(questionID: String, optionIDs: [String])] = []
        for optionID in picked {
            guard let question = model.questions.first(where: { $0.options.contains { $0.id == optionID } }) else {
                throw UsageError(
                    AttendeeCommandText.noOption(optionID, options: model.questions.flatMap(\.options).map(\.id)))
            }
            if let index = chosen.firstIndex(where: { $0.questionID == question.id }) {
                chosen[index].optionIDs.append(optionID)
            } else {
                chosen.append((question.id, [optionID]))
            }
        }
        // NB: each question named is answered afresh with its options; the others keep the answer already sent.
        for (questionID, optionIDs) in chosen { model.optionsChosen(questionID: questionID, optionIDs: optionIDs) }
        if let hint = model.submitHint { throw UsageError(hint) }
        await model.submitTapped()
        // NB: an answer refused because the poll closed meanwhile leaves no banner; the page's notice says why.
        if let failure = model.banner?.failure ?? model.notice { throw CommandFailure(failure) }
        try print(model, context)
    }

    @MainActor
    private static func watch(_ context: Context, limit: Int?) async throws {
        let model = LiveWatchModel(client: context.client, eventID: context.positional(0))
        await model.follow(limit: limit) { entry in
            if context.json {
                try? context.console.json(entry, encoder: AttendeeCoding.encoder(), compact: true)
            } else {
                context.console.line(entry.text)
            }
        }
        if let failure = model.banner?.failure { throw CommandFailure(failure) }
    }

    // MARK: - Output

    @MainActor
    private static func print(_ model: LivePollModel, _ context: Context) throws {
        if let failure = model.banner?.failure, model.poll == nil { throw CommandFailure(failure) }
        guard let poll = model.poll else { return }
        try context.show(poll) {
            var lines = [model.summary, "    \(poll.id)"]
            for question in model.questions {
                lines.append("")
                lines.append(question.text)
                for option in question.options {
                    let mark = option.isSelected ? "●" : "○"
                    let correct = option.isCorrect == true ? "  ✓ \(AttendeeScreenText.correctAnswer)" : ""
                    let share = option.sharesHidden ? "" : "  \(option.shareText) (\(option.votes))"
                    lines.append("  \(mark) \(option.text)\(share)\(correct)    \(option.id)")
                }
            }
            if let notice = model.resultsNotice { lines += ["", notice] }
            if let score = model.score { lines += ["", score] }
            if !model.leaderboard.isEmpty {
                lines += ["", AttendeeScreenText.leaderboard]
                lines += model.leaderboard.map { "  \($0.rank) \($0.name)  \($0.score)" }
            }
            return lines
        }
    }

    /// `"2 + 2?: 3 | *4"` → the text, the options, and the positions of those marked `*`. The question ends at
    /// the first `": "`, so options may hold colons of their own (`"Meet at?: 10:30 | *11:00"`).
    static func quizQuestion(_ line: String) throws -> (String, [String], [Int]) {
        guard let separator = line.range(of: ": ") else {
            throw UsageError(AttendeeCommandText.badQuizQuestion(line))
        }
        let text = line[..<separator.lowerBound].trimmingCharacters(in: .whitespaces)
        var options: [String] = []
        var correct: [Int] = []
        for (index, part) in line[separator.upperBound...].split(separator: "|").enumerated() {
            var option = part.trimmingCharacters(in: .whitespaces)
            if option.hasPrefix("*") {
                correct.append(index)
                option = String(option.dropFirst()).trimmingCharacters(in: .whitespaces)
            }
            options.append(option)
        }
        return (text, options, correct)
    }

    /// What `poll delete --json` prints.
    struct PollDeletedOutput: Encodable, Sendable {
        var id: String
        var deleted: Bool
    }

    /// A row of `poll list --json`.
    struct PollRowOutput: Encodable, Sendable {
        var id: String
        var title: String
        var kind: PollKind
        var state: PollState
        var subtitle: String

        init(_ row: PollRow) {
            id = row.id
            title = row.title
            kind = row.kind
            state = row.state
            subtitle = row.subtitle
        }
    }

    /// A failure the screen showed as its banner: printed as is, exit code 1.
    struct CommandFailure: Error, LocalizedError {
        var message: String
        init(_ message: String) { self.message = message }
        var errorDescription: String? { message }
    }
}
