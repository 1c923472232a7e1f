import AttendeeModels
import Foundation
import Localization
import Observation

/// Which part of a new poll is wrong, so the form can mark it.
public enum PollComposerField: Sendable, Hashable {
    /// The list of questions (none, or more than a poll takes).
    case questions
    /// A question's text.
    case question(Int)
    /// A question's options.
    case options(Int)
    /// A quiz question's correct options.
    case correct(Int)
    /// The session.
    case session
}

/// One choice of the form's "For" picker: the whole event, or a session.
public struct PollScopeChoice: Sendable, Hashable, Identifiable {
    /// The session's id; `nil` for the whole event.
    public var sessionID: String?
    /// `Whole Event`, or the session's title.
    public var title: String
    public var id: String { sessionID ?? "" }
}

/// Creating a poll or quiz (organizers, and speakers for their sessions): what it is for, the questions with
/// their options (and a quiz's correct ones), then "Create", which saves it as a draft to open later.
///
/// The same form edits a draft (``init(client:editing:)``): filled with the draft, without the "For" picker (a
/// poll stays where it was made), and "Save" instead of "Create".
///
/// ```swift
/// let form = PollComposerModel(client: client, editing: draft)
/// form.questionTextChanged(0, "Tabs or spaces?")
/// await form.saveTapped()                 // form.edited is the draft as saved
/// ```
@Observable @MainActor
public final class PollComposerModel: BusyScreen {
    /// Poll or quiz.
    public private(set) var kind: PollKind = .poll
    /// One option per question, or several.
    public private(set) var choice: PollChoice = .single
    /// The session it is for; `nil` for the whole event.
    public private(set) var sessionID: String?
    /// What the person may ask about, for the "For" picker (loaded when the form appears).
    public private(set) var scopeChoices: [PollScopeChoice] = []
    /// The questions written so far.
    public private(set) var questions: [PollQuestionDraft] = [PollQuestionDraft(text: "", options: ["", ""])]
    /// The part that is wrong, after a refused "Create".
    public private(set) var invalidField: PollComposerField?
    /// The rule that part breaks (`A poll needs 2 to 10 options.`), shown beside it.
    public private(set) var rule: String?
    /// Whether a call is in flight.
    public var isBusy: Bool { busy }
    /// The calls on their way, which ``isBusy`` counts.
    var calls = CallsInFlight()
    /// Why the last call failed, if it did.
    public internal(set) var banner: Banner?
    /// The draft, once created.
    public private(set) var created: Poll?
    /// The draft as saved, once an edit is saved.
    public private(set) var edited: Poll?
    /// Whether the form edits a draft rather than creating a poll.
    public var isEditing: Bool { editingID != nil }
    /// Whether the form offers the "For" picker (a new poll; an edited one stays where it was made).
    public var showsScope: Bool { !isEditing }

    private let client: AttendeeClient
    /// The new poll's `Idempotency-Key`, kept with the draft sent until the server has it.
    @ObservationIgnored private var createKey = DraftKey<PollDraft>()
    private let eventID: String
    private let editingID: String?

    /// Creates the form for an event.
    public init(client: AttendeeClient, eventID: String) {
        self.client = client
        self.eventID = eventID
        editingID = nil
    }

    /// Creates the form filled with a draft to edit: its kind, choice and questions (a quiz's correct options
    /// marked, as its managers are sent them).
    public init(client: AttendeeClient, editing poll: Poll) {
        self.client = client
        eventID = poll.eventID
        editingID = poll.id
        kind = poll.kind
        choice = poll.choice
        sessionID = poll.sessionID
        questions = poll.questions.map(PollQuestionDraft.init)
        if questions.isEmpty { questions = [PollQuestionDraft(text: "", options: ["", ""])] }
    }

    /// The form appeared: loads what the person may create polls for, and picks the first (an edit has nothing
    /// to load: its poll stays where it is).
    public func appeared() async {
        guard !isEditing else { return }
        await whileBusy {
            async let details = client.event(eventID)
            async let agenda = client.agenda(eventID)
            let scopes = try await details.pollScopes ?? PollScopes(wholeEvent: false, sessionIDs: [])
            let titles = Dictionary(try await agenda.map { ($0.id, $0.title) }, uniquingKeysWith: { first, _ in first })
            scopeChoices =
                (scopes.wholeEvent ? [PollScopeChoice(sessionID: nil, title: Strings.text("pollForm.wholeEvent"))] : [])
                + scopes.sessionIDs.map { PollScopeChoice(sessionID: $0, title: titles[$0] ?? $0) }
            if !scopeChoices.contains(where: { $0.sessionID == sessionID }) {
                sessionID = scopeChoices.first?.sessionID
            }
        }
    }

    /// Poll or quiz was chosen; a poll asks one question, and marks no correct options.
    public func kindChosen(_ kind: PollKind) {
        self.kind = kind
        if kind == .poll {
            questions = [questions[0]]
            questions[0].correct = []
        }
    }
    /// Single or multiple choice was chosen.
    public func choiceChosen(_ choice: PollChoice) { self.choice = choice }
    /// The session was chosen (`nil`: the whole event).
    public func sessionChosen(_ sessionID: String?) { self.sessionID = sessionID }

    /// Replaces question `index` (adding it when it is the next one).
    public func questionChanged(_ index: Int, text: String, options: [String], correct: [Int] = []) {
        let question = PollQuestionDraft(text: text, options: options, correct: correct)
        if questions.indices.contains(index) {
            questions[index] = question
        } else if index == questions.count {
            questions.append(question)
        }
    }

    /// Question `index`'s text was edited.
    public func questionTextChanged(_ index: Int, _ text: String) {
        guard questions.indices.contains(index) else { return }
        questions[index].text = text
    }

    /// Option `position` of question `index` was edited.
    public func optionChanged(_ index: Int, position: Int, _ text: String) {
        guard questions.indices.contains(index), questions[index].options.indices.contains(position) else { return }
        questions[index].options[position] = text
    }

    /// Whether question `index` can take another option.
    public func canAddOption(_ index: Int) -> Bool {
        questions.indices.contains(index) && questions[index].options.count < PollDraft.optionCount.upperBound
    }

    /// "Add Option" under question `index`.
    public func optionAdded(_ index: Int) {
        guard canAddOption(index) else { return }
        questions[index].options.append("")
    }

    /// Whether option `position` of question `index` can be removed (a question keeps its fewest options).
    public func canRemoveOption(_ index: Int) -> Bool {
        questions.indices.contains(index) && questions[index].options.count > PollDraft.optionCount.lowerBound
    }

    /// An option's Remove: the option goes, and a correct mark moves with the options after it.
    public func optionRemoved(_ index: Int, position: Int) {
        guard canRemoveOption(index), questions[index].options.indices.contains(position) else { return }
        questions[index].options.remove(at: position)
        questions[index].correct = questions[index].correct.compactMap {
            $0 == position ? nil : $0 > position ? $0 - 1 : $0
        }
    }

    /// Whether option `position` of quiz question `index` is marked correct.
    public func isCorrect(_ index: Int, position: Int) -> Bool {
        questions.indices.contains(index) && questions[index].correct.contains(position)
    }

    /// A quiz option's "Correct" switch; with single choice, marking one unmarks the others.
    public func correctToggled(_ index: Int, position: Int) {
        guard kind == .quiz, questions.indices.contains(index),
            questions[index].options.indices.contains(position)
        else { return }
        if isCorrect(index, position: position) {
            questions[index].correct.removeAll { $0 == position }
        } else {
            questions[index].correct = choice == .single ? [position] : (questions[index].correct + [position]).sorted()
        }
    }

    /// Whether each option has a "correct" switch (a quiz's do).
    public var marksCorrectOptions: Bool { kind == .quiz }

    /// Whether another question can be added (a quiz's, up to its most).
    public var canAddQuestion: Bool { kind == .quiz && questions.count < PollDraft.quizQuestionCount.upperBound }

    /// "Add Question" (quizzes).
    public func questionAdded() {
        guard canAddQuestion else { return }
        questions.append(PollQuestionDraft(text: "", options: ["", ""]))
    }

    /// Whether question `index` can be removed (a quiz keeps one).
    public var canRemoveQuestion: Bool { kind == .quiz && questions.count > PollDraft.quizQuestionCount.lowerBound }

    /// A quiz question's Remove.
    public func questionRemoved(_ index: Int) {
        guard canRemoveQuestion, questions.indices.contains(index) else { return }
        questions.remove(at: index)
    }

    // MARK: Words

    /// The form's title.
    public var title: String {
        isEditing
            ? Strings.text(kind == .quiz ? "pollForm.edit.quiz" : "pollForm.edit.poll") : Strings.text("pollForm.new")
    }
    /// The poll-or-quiz picker's label.
    public var kindLabel: String { Strings.text("pollForm.kind") }
    /// The one-or-several picker's label.
    public var choiceLabel: String { Strings.text("pollForm.choice") }
    /// `One Answer`, `Several Answers`.
    public func choiceTitle(_ choice: PollChoice) -> String { Strings.text("pollForm." + choice.rawValue) }
    /// The "For" picker's label.
    public var scopeLabel: String { Strings.text("pollForm.for") }
    /// `Question 2`, a question's section.
    public func questionTitle(_ index: Int) -> String { Strings.format("pollForm.question", String(index + 1)) }
    /// A question's text field.
    public var questionPlaceholder: String { Strings.text("pollForm.questionText") }
    /// `Option 3`, an option's field.
    public func optionTitle(_ position: Int) -> String { Strings.format("pollForm.option", String(position + 1)) }
    /// The button that adds an option.
    public var addOptionTitle: String { Strings.text("pollForm.addOption") }
    /// What a screen reader says for an option's remove button.
    public func removeOptionLabel(_ index: Int, position: Int) -> String {
        Strings.format("pollForm.removeOption", String(position + 1), String(index + 1))
    }
    /// The button that adds a quiz question.
    public var addQuestionTitle: String { Strings.text("pollForm.addQuestion") }
    /// A quiz question's remove button.
    public func removeQuestionTitle(_ index: Int) -> String {
        Strings.format("pollForm.removeQuestion", String(index + 1))
    }
    /// The switch that marks a quiz option correct, as a screen reader says it.
    public func correctLabel(_ index: Int, position: Int) -> String {
        Strings.format("pollForm.correct", String(position + 1), String(index + 1))
    }
    /// The form's save button: `Create`, or `Save` for an edit.
    public var createTitle: String { Strings.text(isEditing ? "pollForm.save" : "pollForm.create") }
    /// The form's cancel button.
    public var cancelTitle: String { Strings.text("pollForm.cancel") }

    /// Whether `field` is the part a refused "Create" marked.
    public func isInvalid(_ field: PollComposerField) -> Bool { invalidField == field }

    /// The rule question `index` breaks, when a refused "Create" marked its text, options or correct ones.
    public func rule(for index: Int) -> String? {
        switch invalidField {
        case .question(index), .options(index), .correct(index): rule
        default: nil
        }
    }

    /// The rule the form as a whole breaks (the number of questions, the session), after a refused "Create".
    public var formRule: String? {
        switch invalidField {
        case .questions, .session: rule
        default: nil
        }
    }

    /// The rule a refused "Create" found broken, with the part named as the form titles it (`Question 1: Give
    /// from 2 to 10 options.`): what a screen that cannot highlight the part (the command line) shows instead.
    public var refusal: String? {
        guard let rule else { return nil }
        switch invalidField {
        case .question(let index)?, .options(let index)?, .correct(let index)?:
            return Strings.format("pollForm.refusal", questionTitle(index), rule)
        case .questions?, .session?, nil:
            return rule
        }
    }

    /// "Create" (or "Save" for an edit): checks the draft as the server will, then saves it.
    public func createTapped() async { await saveTapped() }

    /// The save button, "Create" or "Save": checks the draft as the server will, then creates it, or saves the
    /// edit (``edited``). A tap while one is on its way does nothing (it would make a second draft).
    public func saveTapped() async {
        guard !isBusy else { return }
        let draft = PollDraft(sessionID: sessionID, kind: kind, choice: choice, questions: questions)
        banner = nil
        if let error = draft.validationError() {
            invalidField = Self.field(error.field)
            rule = error.message
            banner = .failure(Strings.text(kind == .quiz ? "quiz.invalid" : "poll.invalid"))
            return
        }
        invalidField = nil
        rule = nil
        if let editingID {
            let edit = PollEdit(kind: kind, choice: choice, questions: questions)
            await whileBusy { edited = try await client.editPoll(editingID, edit) }
        } else {
            let key = createKey.key(for: draft)
            await whileBusy {
                created = try await client.createPoll(eventID, draft, key)
                createKey.sent(draft)
            }
        }
    }

    private static func field(_ path: String) -> PollComposerField {
        let parts = path.split(separator: ".")
        guard parts.first == "questions", parts.count >= 3, let index = Int(parts[1]) else {
            return path == "sessionID" ? .session : .questions
        }
        switch parts[2] {
        case "text": return .question(index)
        case "correct": return .correct(index)
        default: return .options(index)
        }
    }
}
