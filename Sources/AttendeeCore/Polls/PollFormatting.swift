import AttendeeModels
import Foundation

/// One option as a poll screen (or the dashboard's card) draws it.
public struct PollOptionRow: Sendable, Hashable, Identifiable {
    /// The option's id.
    public var id: String
    /// What it says.
    public var text: String
    /// Whether the person has picked it (in the answer they are writing, or the one they sent).
    public var isSelected: Bool
    /// Votes so far.
    public var votes: Int
    /// Its share of the voters, `0…1` (the bar's length).
    public var share: Double
    /// `40%`; empty while an open quiz keeps its counts from the person.
    public var shareText: String
    /// Whether an open quiz keeps its counts from the person: the row shows neither a share nor a bar (an empty
    /// bar would read as nobody having picked it).
    public var sharesHidden: Bool
    /// For a quiz: whether it is a correct option, shown to its managers throughout and to everyone once it
    /// closes; `nil` while that is secret, and for polls.
    public var isCorrect: Bool?

    /// The SF Symbol beside it: a filled check when picked, an empty circle otherwise.
    public var symbol: String { isSelected ? "checkmark.circle.fill" : "circle" }

    /// What VoiceOver reads for it: the option, its share, and whether it is the person's answer and (a closed
    /// quiz) a correct one (`Spaces, 40%, your answer`).
    public var accessibilityLabel: String {
        var parts = [text, shareText].filter { !$0.isEmpty }
        if isSelected { parts.append(Strings.text("poll.option.mine")) }
        if isCorrect == true { parts.append(Strings.text("poll.correct")) }
        return parts.joined(separator: ", ")
    }
}

/// One question as a poll screen draws it.
public struct PollQuestionRow: Sendable, Hashable, Identifiable {
    /// The question's id.
    public var id: String
    /// The question.
    public var text: String
    /// Its options.
    public var options: [PollOptionRow]
}

/// One line of a closed quiz's leaderboard.
public struct LeaderboardRow: Sendable, Hashable, Identifiable {
    /// The person's id.
    public var id: String
    /// `1.`
    public var rank: String
    /// Their name.
    public var name: String
    /// `2 of 3`.
    public var score: String
    /// Whether it is the person looking.
    public var isMe: Bool
}

/// Turns results into the lines a screen shows; shared by the poll screen, the dashboard's card and the CLI.
public enum PollFormatting {
    /// The rows of `question`, with `selected` options marked.
    public static func rows(
        _ question: PollQuestion, results: PollResults, selected: Set<String>, revealCorrect: Bool
    ) -> [PollOptionRow] {
        let counts = results.questions.first { $0.questionID == question.id }?.counts ?? [:]
        let correct = Set(question.correctOptionIDs ?? [])
        return question.options.map { option in
            let votes = counts[option.id] ?? 0
            let share = results.voters > 0 ? Double(votes) / Double(results.voters) : 0
            return PollOptionRow(
                id: option.id, text: option.text, isSelected: selected.contains(option.id), votes: votes,
                share: share,
                shareText: results.countsHidden == true
                    ? "" : Strings.format("poll.share", String(Int((share * 100).rounded()))),
                sharesHidden: results.countsHidden == true,
                isCorrect: revealCorrect && question.correctOptionIDs != nil ? correct.contains(option.id) : nil)
        }
    }

    /// `1 vote`, `12 votes`.
    public static func voters(_ count: Int) -> String {
        count == 1 ? Strings.text("poll.voters.one") : Strings.format("poll.voters.other", String(count))
    }

    /// `Your score: 2 of 3`.
    public static func score(_ score: Int, of questions: Int) -> String {
        Strings.format("quiz.score", String(score), String(questions))
    }

    /// The state's name: `Draft`, `Open`, `Closed`.
    public static func state(_ state: PollState) -> String { Strings.text("poll.state.\(state.rawValue)") }

    /// `Poll` or `Quiz`.
    public static func kind(_ kind: PollKind) -> String { Strings.text("poll.kind.\(kind.rawValue)") }

    /// `Poll · Open · 12 votes`: what a poll is, where it stands and how many answered, on one line (a row of the
    /// polls list, the head of the poll's page).
    public static func summary(kind: String, state: String, voters: String) -> String {
        Strings.format("poll.summary", kind, state, voters)
    }
}

extension AttendeeScreenText {
    /// The `quiz.leaderboard` string.
    public static var leaderboard: String { Strings.text("quiz.leaderboard") }
    /// The `poll.correct` string.
    public static var correctAnswer: String { Strings.text("poll.correct") }
}

/// The newest results heard for each poll, by the live events' ids: each results event carries the whole count,
/// so one older than the newest applied (answers committed one after another can be published the other way
/// round, and a relay from another instance arrives when it arrives) would show stale counts.
struct PollResultsOrder {
    private var newest: [String: Int64] = [:]

    /// Whether results for `pollID` in an event with `lastEventID` are newer than those applied (always, when the
    /// id is not a number); marks them applied.
    mutating func admit(pollID: String, lastEventID: String) -> Bool {
        guard let sequence = Int64(lastEventID) else { return true }
        if let seen = newest[pollID], seen >= sequence { return false }
        newest[pollID] = sequence
        return true
    }
}
