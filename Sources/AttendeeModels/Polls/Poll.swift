import Foundation
import Localization
import PublicInit

/// Whether a poll asks for an opinion or a quiz tests knowledge.
public enum PollKind: String, Codable, Sendable, Hashable, CaseIterable {
    /// One question, no right answer; results are counts per option.
    case poll
    /// Questions with correct answers; each person gets a score, and a leaderboard once it closes.
    case quiz
}

/// How many options a person picks per question.
public enum PollChoice: String, Codable, Sendable, Hashable, CaseIterable {
    /// Exactly one option.
    case single
    /// One or more options.
    case multiple
}

/// Where a poll is in its life: drafted, taking answers, or over.
public enum PollState: String, Codable, Sendable, Hashable, CaseIterable {
    /// Created, not yet shown to attendees.
    case draft
    /// Taking answers; a person may change theirs.
    case open
    /// Over: answers are final, a quiz's correct answers and leaderboard are shown.
    case closed
}

/// One option of a question.
@PublicInit
public struct PollOption: Codable, Sendable, Hashable, Identifiable {
    /// The option's id, unique within its poll (`1-2` is question 1's second option).
    public var id: String
    /// What the option says.
    public var text: String
}

/// One question of a poll or quiz.
@PublicInit
public struct PollQuestion: Codable, Sendable, Hashable, Identifiable {
    /// The question's id, unique within its poll (`1`, `2`, …).
    public var id: String
    /// The question.
    public var text: String
    /// The options, in the order they show.
    public var options: [PollOption]
    /// A quiz's correct options: sent to its managers always, to attendees only once it is closed.
    public var correctOptionIDs: [String]?
}

/// How one question was answered: votes per option.
@PublicInit
public struct PollQuestionResults: Codable, Sendable, Hashable {
    /// The question's id.
    public var questionID: String
    /// Votes per option id; every option is present, unpicked ones with 0.
    public var counts: [String: Int]
}

/// The live results of a poll or quiz.
@PublicInit
public struct PollResults: Codable, Sendable, Hashable {
    /// How many people have answered.
    public var voters: Int
    /// Per question, in question order; empty while ``countsHidden``.
    public var questions: [PollQuestionResults]
    /// `true` while an open quiz keeps its counts from the reader (everyone but its managers), who would
    /// otherwise copy the majority and change their answer until it closes; `nil` when the counts are given.
    public var countsHidden: Bool?
}

/// One line of a closed quiz's leaderboard.
@PublicInit
public struct QuizStanding: Codable, Sendable, Hashable {
    /// The place (1 is first; people with the same score and time share it).
    public var rank: Int
    /// The person's id.
    public var personID: String
    /// Their name.
    public var name: String
    /// Questions they answered correctly.
    public var score: Int
}

/// How many people reached one score in a closed quiz.
@PublicInit
public struct QuizScoreBucket: Codable, Sendable, Hashable {
    /// The score.
    public var score: Int
    /// How many people have it.
    public var people: Int
}

/// A closed quiz's outcome: the leaderboard and the distribution of scores.
@PublicInit
public struct QuizOutcome: Codable, Sendable, Hashable {
    /// The best ``QuizOutcome/leaderboardSize`` people, best first (then fastest first).
    public var leaderboard: [QuizStanding]
    /// Every score from 0 to the number of questions, with how many reached it.
    public var distribution: [QuizScoreBucket]

    /// How many people the leaderboard names.
    public static let leaderboardSize = 10
}

/// `GET /polls/:pollID`: a poll or quiz as the caller may see it.
@PublicInit
public struct Poll: Codable, Sendable, Hashable, Identifiable {
    /// The poll's id.
    public var id: String
    /// Its event.
    public var eventID: String
    /// Its session, for a session's poll; `nil` for the whole event.
    public var sessionID: String?
    /// Poll or quiz.
    public var kind: PollKind
    /// One option per question, or several.
    public var choice: PollChoice
    /// Draft, open or closed.
    public var state: PollState
    /// The questions (a poll has one).
    public var questions: [PollQuestion]
    /// The results so far.
    public var results: PollResults
    /// The caller's answer: option ids per question id; `nil` when they have not answered.
    public var myAnswer: [String: [String]]?
    /// The caller's quiz score, once the quiz is closed (sooner it would tell which answers are right).
    public var myScore: Int?
    /// A closed quiz's leaderboard and distribution.
    public var outcome: QuizOutcome?
    /// Whether the caller may open and close it (its event's organizer, or its session's speaker).
    public var canManage: Bool = false
}

/// One question of a ``PollDraft``: its text, option texts and (for a quiz) which options are right.
@PublicInit
public struct PollQuestionDraft: Codable, Sendable, Hashable {
    /// The question.
    public var text: String
    /// The options' texts, in order.
    public var options: [String]
    /// A quiz's correct options, as positions in ``options`` (from 0); empty for a poll.
    public var correct: [Int] = []

    enum CodingKeys: String, CodingKey { case text, options, correct }

    /// Decodes a draft; `correct` may be left out.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        text = try container.decode(String.self, forKey: .text)
        options = try container.decode([String].self, forKey: .options)
        correct = try container.decodeIfPresent([Int].self, forKey: .correct) ?? []
    }
}

/// `POST /events/:eventID/polls`: a new poll or quiz, created as a draft.
@PublicInit
public struct PollDraft: Codable, Sendable, Hashable {
    /// The session it belongs to (its speakers may create it); `nil` for the whole event (organizers only).
    public var sessionID: String?
    /// Poll or quiz.
    public var kind: PollKind = .poll
    /// One option per question, or several.
    public var choice: PollChoice = .single
    /// The questions: exactly one for a poll.
    public var questions: [PollQuestionDraft]

    /// The longest question.
    public static let questionLimit = 280
    /// The longest option.
    public static let optionLimit = 120
    /// Options per question.
    public static let optionCount = 2...10
    /// Questions per quiz.
    public static let quizQuestionCount = 1...30

    /// What two options of a question must not share: their trimmed text, folded as people's names are for
    /// search (case, accents and width ignored), so "Yes" and "yes " or "Cafe" and "Café" are one option twice.
    static func optionKey(_ trimmed: String) -> String { SearchFolding.fold(trimmed) }

    /// The first rule it breaks, or `nil`.
    public func validationError() -> FieldError? {
        if kind == .poll, questions.count != 1 {
            return FieldError(field: "questions", message: RuleText.text("rule.poll.oneQuestion"))
        }
        if kind == .quiz, !Self.quizQuestionCount.contains(questions.count) {
            return FieldError(
                field: "questions",
                message: RuleText.format(
                    "rule.quiz.questionCount", NumberText.count(Self.quizQuestionCount.lowerBound),
                    NumberText.count(Self.quizQuestionCount.upperBound)))
        }
        for (index, question) in questions.enumerated() {
            let field = "questions.\(index)"
            let text = question.text.trimmingCharacters(in: .whitespacesAndNewlines)
            if text.isEmpty {
                return FieldError(field: "\(field).text", message: RuleText.text("rule.poll.questionEmpty"))
            }
            if text.count > Self.questionLimit {
                return FieldError(
                    field: "\(field).text",
                    message: RuleText.format("rule.poll.questionTooLong", NumberText.count(Self.questionLimit)))
            }
            // NB: in code points too, as everything people write to each other (``TextLength``): one letter with
            // 100,000 marks was one character of a question that every attendee's list and live stream carried.
            // Checked once the characters fit, so a question that is simply long is told so.
            if question.text.unicodeScalars.count > TextLength.scalarLimit(Self.questionLimit) {
                return TextLength.fieldError(.scalars, field: "\(field).text", limit: Self.questionLimit)
            }
            if !Self.optionCount.contains(question.options.count) {
                return FieldError(
                    field: "\(field).options",
                    message: RuleText.format(
                        "rule.poll.optionCount", NumberText.count(Self.optionCount.lowerBound),
                        NumberText.count(Self.optionCount.upperBound)))
            }
            var seen: Set<String> = []
            for (position, option) in question.options.enumerated() {
                let trimmed = option.trimmingCharacters(in: .whitespacesAndNewlines)
                if trimmed.isEmpty {
                    return FieldError(
                        field: "\(field).options.\(position)", message: RuleText.text("rule.poll.optionEmpty"))
                }
                if trimmed.count > Self.optionLimit {
                    return FieldError(
                        field: "\(field).options.\(position)",
                        message: RuleText.format("rule.poll.optionTooLong", NumberText.count(Self.optionLimit)))
                }
                if option.unicodeScalars.count > TextLength.scalarLimit(Self.optionLimit) {
                    return TextLength.fieldError(
                        .scalars, field: "\(field).options.\(position)", limit: Self.optionLimit)
                }
                if !seen.insert(Self.optionKey(trimmed)).inserted {
                    return FieldError(
                        field: "\(field).options.\(position)", message: RuleText.text("rule.poll.optionTwice"))
                }
            }
            switch kind {
            case .poll where !question.correct.isEmpty:
                return FieldError(field: "\(field).correct", message: RuleText.text("rule.poll.noCorrectAnswer"))
            case .quiz:
                if question.correct.isEmpty || Set(question.correct).count != question.correct.count
                    || question.correct.contains(where: { !question.options.indices.contains($0) })
                {
                    return FieldError(field: "\(field).correct", message: RuleText.text("rule.quiz.markCorrect"))
                }
                if choice == .single, question.correct.count != 1 {
                    return FieldError(
                        field: "\(field).correct", message: RuleText.text("rule.quiz.singleCorrect"))
                }
            default:
                break
            }
        }
        return nil
    }
}

/// `PUT /polls/:pollID`: a draft rewritten (only a draft: once a poll opens, people have seen and answered
/// it). The poll stays where it is (its event, its session); everything else is replaced, under the rules of
/// ``PollDraft``.
@PublicInit
public struct PollEdit: Codable, Sendable, Hashable {
    /// Poll or quiz.
    public var kind: PollKind
    /// One option per question, or several.
    public var choice: PollChoice
    /// The questions: exactly one for a poll.
    public var questions: [PollQuestionDraft]

    /// The draft this edit makes of a poll at `sessionID`, whose rules it keeps.
    public func draft(sessionID: String?) -> PollDraft {
        PollDraft(sessionID: sessionID, kind: kind, choice: choice, questions: questions)
    }

    /// The first rule it breaks, or `nil`: the rules of a new draft.
    public func validationError() -> FieldError? { draft(sessionID: nil).validationError() }
}

extension PollQuestionDraft {
    /// A stored question written again as a draft: its text, its options' texts, and (when the reader was sent
    /// them) the positions of the correct ones.
    public init(_ question: PollQuestion) {
        let correct = Set(question.correctOptionIDs ?? [])
        self.init(
            text: question.text, options: question.options.map(\.text),
            correct: question.options.indices.filter { correct.contains(question.options[$0].id) })
    }
}

/// `PUT /polls/:pollID/answer`: the caller's options per question (changeable while the poll is open).
@PublicInit
public struct PollAnswer: Codable, Sendable, Hashable {
    /// Option ids per question id; every question must be answered.
    public var choices: [String: [String]]

    /// The first rule it breaks for `poll`, or `nil`: every question answered with its own options, one
    /// option each for single choice, none twice, no question the poll does not ask.
    public func validationError(for poll: Poll) -> FieldError? {
        let asked = Set(poll.questions.map(\.id))
        if let stranger = choices.keys.sorted().first(where: { !asked.contains($0) }) {
            return FieldError(field: "choices.\(stranger)", message: RuleText.text("rule.answer.unknownQuestion"))
        }
        for question in poll.questions {
            let field = "choices.\(question.id)"
            guard let picked = choices[question.id], !picked.isEmpty else {
                return FieldError(field: field, message: RuleText.text("rule.answer.everyQuestion"))
            }
            if poll.choice == .single, picked.count != 1 {
                return FieldError(field: field, message: RuleText.text("rule.answer.pickOne"))
            }
            if Set(picked).count != picked.count {
                return FieldError(field: field, message: RuleText.text("rule.answer.eachOnce"))
            }
            let valid = Set(question.options.map(\.id))
            if picked.contains(where: { !valid.contains($0) }) {
                return FieldError(field: field, message: RuleText.text("rule.answer.unknownOption"))
            }
        }
        return nil
    }
}

/// The live event a poll's change sends on its event's stream (and its session's): `poll.opened`,
/// `poll.results` or `poll.closed`, with what the dashboard's card and the poll screen need to redraw.
@PublicInit
public struct PollUpdate: Codable, Sendable, Hashable {
    /// The poll's id.
    public var pollID: String
    /// Its event.
    public var eventID: String
    /// Its session, if any.
    public var sessionID: String?
    /// Its state after the change.
    public var state: PollState
    /// The first question's text (the card's line).
    public var question: String
    /// The first question's options.
    public var options: [PollOption]
    /// The results after the change.
    public var results: PollResults
    /// Poll or quiz (`nil` from a server that did not say: a poll).
    public var kind: PollKind?
    /// Every question with its options, never a quiz's correct ones (everyone at the event hears this); `nil`
    /// from a server that did not send them: then ``question`` and ``options`` are all there is.
    public var questions: [PollQuestion]?

    /// The SSE event types a poll sends.
    public enum Kind: String, Sendable, CaseIterable {
        /// The poll opened.
        case opened = "poll.opened"
        /// Someone answered or changed their answer.
        case results = "poll.results"
        /// The poll closed.
        case closed = "poll.closed"
    }
}

/// The live event a draft's creation or edit, or a poll's deletion, sends on its event's stream (and its
/// session's): `poll.created`, `poll.edited` or `poll.deleted`. It names the poll and nothing of it: a screen
/// showing the poll (or the polls list) reads it again, or lets it go.
///
/// A draft is its managers' alone (the event's organizer; a session's speakers for that session's polls), so a
/// draft's events — its creation, its edits, its deletion — reach only their streams: anyone else never learns
/// from a stream, nor from its replay after a reconnect, that a draft exists. A closed poll's deletion reaches
/// everyone the stream's topic does.
@PublicInit
public struct PollReference: Codable, Sendable, Hashable {
    /// The poll's id.
    public var pollID: String
    /// Its event.
    public var eventID: String
    /// Its session, if any.
    public var sessionID: String?

    /// The SSE event types that carry it.
    public enum Kind: String, Sendable, CaseIterable {
        /// A draft was created: a list that shows drafts reads it (only its managers hear it).
        case created = "poll.created"
        /// A draft was edited: read it again (only its managers hear it).
        case edited = "poll.edited"
        /// The poll was deleted with its answers (a draft's: only its managers hear it).
        case deleted = "poll.deleted"
    }
}

/// Why the server refused a poll request: the problem `type` of the 409 answer.
public enum PollRefusal: String, Sendable, Hashable, CaseIterable {
    /// The poll is not open (closed, or a draft, which only its managers are told of): answers are not taken.
    case notOpen = "https://quartet.dev/problems/attendee/poll-not-open"
    /// The poll cannot go to that state from the one it is in (a closed poll cannot reopen).
    case wrongState = "https://quartet.dev/problems/attendee/poll-state"
    /// The person manages the quiz (its event's organizer, its session's speaker) and so sees its correct options
    /// throughout: they do not answer it, and so never land on its leaderboard (403).
    case managesQuiz = "https://quartet.dev/problems/attendee/quiz-manager"
}
