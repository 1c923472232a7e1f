import AttendeeModels
import Foundation
import Observation

/// One line of the polls list.
public struct PollRow: Sendable, Hashable, Identifiable {
    /// The poll's id.
    public var id: String
    /// Its (first) question.
    public var title: String
    /// `Quiz · Open · 12 votes`.
    public var subtitle: String
    /// Its state, for the row's badge.
    public var state: PollState
    /// Poll or quiz.
    public var kind: PollKind
}

/// The event's polls and quizzes, oldest first; a row opens its poll (``AttendeeDestination/poll(id:)``).
@Observable @MainActor
public final class PollListModel: BusyScreen {
    /// The rows, oldest first.
    public private(set) var rows: [PollRow] = []
    /// The line shown when there are none.
    public private(set) var emptyMessage: String?
    /// Whether a call is in flight.
    public internal(set) var isBusy = false
    /// The error line, if any.
    public internal(set) var banner: String?

    private let client: AttendeeClient
    private let eventID: String
    private let kind: PollKind?

    /// Creates the list for an event; `kind` keeps only polls or only quizzes.
    public init(client: AttendeeClient, eventID: String, kind: PollKind? = nil) {
        self.client = client
        self.eventID = eventID
        self.kind = kind
    }

    /// The screen appeared: loads the polls.
    public func appeared() async {
        await whileBusy {
            let polls = try await client.polls(eventID).filter { kind == nil || $0.kind == kind }
            rows = polls.map { poll in
                PollRow(
                    id: poll.id, title: poll.questions.first?.text ?? "",
                    subtitle: [
                        PollFormatting.kind(poll.kind), PollFormatting.state(poll.state),
                        PollFormatting.voters(poll.results.voters),
                    ].joined(separator: " · "),
                    state: poll.state, kind: poll.kind)
            }
            emptyMessage = rows.isEmpty ? Strings.text(kind == .quiz ? "quiz.none" : "poll.none") : nil
        }
    }
}

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

/// Creating a poll or quiz (organizers, and speakers for their sessions): the questions, then "Create",
/// which saves it as a draft to open later.
@Observable @MainActor
public final class PollComposerModel: BusyScreen {
    /// Poll or quiz.
    public private(set) var kind: PollKind = .poll
    /// One option per question, or several.
    public private(set) var choice: PollChoice = .single
    /// The session it is for; `nil` for the whole event.
    public private(set) var sessionID: String?
    /// The questions written so far.
    public private(set) var questions: [PollQuestionDraft] = [PollQuestionDraft(text: "", options: ["", ""])]
    /// The part that is wrong, after a refused "Create".
    public private(set) var invalidField: PollComposerField?
    /// Whether a call is in flight.
    public internal(set) var isBusy = false
    /// The error line, if any.
    public internal(set) var banner: String?
    /// The draft, once created.
    public private(set) var created: Poll?

    private let client: AttendeeClient
    private let eventID: String

    /// Creates the form for an event.
    public init(client: AttendeeClient, eventID: String) {
        self.client = client
        self.eventID = eventID
    }

    /// Poll or quiz was chosen.
    public func kindChosen(_ kind: PollKind) { self.kind = kind }
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

    /// "Create": checks the draft as the server will, then saves it.
    public func createTapped() async {
        let draft = PollDraft(sessionID: sessionID, kind: kind, choice: choice, questions: questions)
        banner = nil
        if let error = draft.validationError() {
            invalidField = Self.field(error.field)
            banner = Strings.text("poll.invalid")
            return
        }
        invalidField = nil
        await whileBusy { created = try await client.createPoll(eventID, draft) }
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
