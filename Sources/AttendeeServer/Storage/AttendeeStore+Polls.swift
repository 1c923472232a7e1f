import AttendeeModels
import Database
import Foundation
import HTTPServer

/// A poll as stored: every field, the correct answers included.
struct StoredPoll: Sendable {
    var id: String
    var eventID: String
    var sessionID: String?
    var kind: PollKind
    var choice: PollChoice
    var state: PollState
    var questions: [PollQuestion]

    /// The topics its live events go to: its event's, and its session's when it has one.
    var topics: [LiveTopic] { [.event(eventID)] + (sessionID.map { [.session($0)] } ?? []) }
}

/// A poll change and the live events it committed, for the controller to publish after the commit.
struct PollChange: Sendable {
    var poll: Poll
    var events: [LiveEvent]
}

extension AttendeeStore {
    // MARK: - Reading

    /// The event's polls the caller may see, oldest first: drafts only for those who may manage them.
    func polls(eventID: String, userID: String) async throws -> [Poll] {
        try await database.read { db in
            _ = try Self.event(id: eventID, db)
            let isMember = try Self.isMember(eventID: eventID, userID: userID, db)
            guard try isMember || Self.speaksAt(eventID: eventID, userID: userID, db) else {
                throw HTTPError(.forbidden, detail: "Register for this event first.")
            }
            let rows = try db.query(
                """
                SELECT \(Self.pollColumns) FROM attendee_poll WHERE event_id = \(eventID)
                ORDER BY created_at, \(Self.creationOrder(db))
                """)
            var polls: [Poll] = []
            for row in rows {
                let stored = try Self.storedPoll(row)
                let canManage = try Self.canManage(stored, userID: userID, db)
                guard canManage || (isMember && stored.state != .draft) else { continue }
                polls.append(try Self.view(stored, userID: userID, canManage: canManage, db))
            }
            return polls
        }
    }

    /// One poll as the caller may see it: 404 for a draft they may not manage, 403 outside the event.
    func poll(id: String, userID: String) async throws -> Poll {
        try await database.read { db in
            let stored = try Self.requirePoll(id: id, db)
            let canManage = try Self.canManage(stored, userID: userID, db)
            if !canManage {
                if stored.state == .draft { throw Self.noSuchPoll }
                try Self.requireMembership(eventID: stored.eventID, userID: userID, db)
            }
            return try Self.view(stored, userID: userID, canManage: canManage, db)
        }
    }

    /// The dashboard's card: the event-wide poll opened last that is still open.
    static func livePollCard(eventID: String, _ db: any DatabaseConnection) throws -> LivePollCard? {
        guard
            let row = try db.queryOne(
                """
                SELECT \(pollColumns) FROM attendee_poll
                WHERE event_id = \(eventID) AND session_id IS NULL AND state = 'open'
                ORDER BY opened_at DESC, \(Self.creationOrder(db)) DESC LIMIT 1
                """)
        else { return nil }
        let stored = try storedPoll(row)
        guard let first = stored.questions.first else { return nil }
        return LivePollCard(
            id: stored.id, question: first.text, kind: stored.kind, options: first.options,
            results: try results(of: stored, canManage: false, db))
    }

    // MARK: - Writing

    /// Creates a draft: organizers for the event or any of its sessions, speakers for their own sessions. Its
    /// `poll.created` names it only, and reaches only the streams of its managers (drafts are theirs alone), so a
    /// polls list that shows drafts reads it.
    func createPoll(eventID: String, userID: String, _ draft: PollDraft, key: IdempotencyKey?) async throws
        -> CreatedAnswer
    {
        let moment = now()
        return try await createOnce(key, userID: userID) { db in
            _ = try Self.event(id: eventID, db)
            let organizer = try Self.isOrganizer(eventID: eventID, userID: userID, db)
            if let sessionID = draft.sessionID {
                let session = try db.queryOne(
                    "SELECT 1 FROM attendee_session WHERE id = \(sessionID) AND event_id = \(eventID)")
                guard session != nil else {
                    throw HTTPError(
                        .unprocessableContent, detail: "This event has no such session.", field: "sessionID")
                }
                guard try organizer || Self.speaks(sessionID: sessionID, userID: userID, db) else {
                    throw Self.notManager
                }
            } else if !organizer {
                throw Self.notManager
            }
            if let error = draft.validationError() {
                throw HTTPError(.unprocessableContent, detail: error.message, field: error.field)
            }
            let questions = Self.questions(of: draft)
            let id = UUID().uuidString.lowercased()
            try db.execute(
                """
                INSERT INTO attendee_poll
                    (id, event_id, session_id, kind, choice, state, questions, created_by, created_at)
                VALUES (\(id), \(eventID), \(draft.sessionID), \(draft.kind.rawValue), \(draft.choice.rawValue),
                        'draft', \(json: questions), \(userID), \(Self.milliseconds(moment)))
                """)
            let stored = StoredPoll(
                id: id, eventID: eventID, sessionID: draft.sessionID, kind: draft.kind, choice: draft.choice,
                state: .draft, questions: questions)
            let events = try Self.mention(stored, kind: .created, at: moment, db)
            return (try Self.view(stored, userID: userID, canManage: true, db), events)
        }
    }

    /// Rewrites a draft (its managers only): kind, choice and questions, under the rules of a new draft. A poll
    /// that has opened keeps what people saw and answered: 409.
    func editPoll(id: String, userID: String, _ edit: PollEdit) async throws -> PollChange {
        let moment = now()
        return try await database.write { db in
            var stored = try Self.lockPoll(id: id, db)
            try Self.requireManager(stored, userID: userID, db)
            guard stored.state == .draft else {
                throw HTTPError(
                    .conflict,
                    detail: stored.kind == .quiz
                        ? "Only a draft quiz can be edited; this one has opened."
                        : "Only a draft poll can be edited; this one has opened.",
                    type: PollRefusal.wrongState.rawValue)
            }
            let draft = edit.draft(sessionID: stored.sessionID)
            if let error = draft.validationError() {
                throw HTTPError(.unprocessableContent, detail: error.message, field: error.field)
            }
            // NB: a draft has no answers, so its option ids may be given afresh.
            stored.kind = edit.kind
            stored.choice = edit.choice
            stored.questions = Self.questions(of: draft)
            try db.execute(
                """
                UPDATE attendee_poll SET kind = \(stored.kind.rawValue), choice = \(stored.choice.rawValue),
                    questions = \(json: stored.questions)
                WHERE id = \(id)
                """)
            let events = try Self.mention(stored, kind: .edited, at: moment, db)
            return PollChange(poll: try Self.view(stored, userID: userID, canManage: true, db), events: events)
        }
    }

    /// Deletes a draft or a closed poll with its answers (its managers only). An open poll is refused (409):
    /// people are answering it, and closing it first ends it for everyone with its results shown.
    func deletePoll(id: String, userID: String) async throws -> [LiveEvent] {
        let moment = now()
        return try await database.write { db in
            let stored = try Self.lockPoll(id: id, db)
            try Self.requireManager(stored, userID: userID, db)
            guard stored.state != .open else {
                throw HTTPError(
                    .conflict,
                    detail: stored.kind == .quiz
                        ? "Close the quiz before deleting it." : "Close the poll before deleting it.",
                    type: PollRefusal.wrongState.rawValue)
            }
            // NB: the foreign keys cascade on both engines; the answers go first all the same, so the delete does
            // not lean on SQLite's `foreign_keys` pragma being on for this connection.
            try db.execute("DELETE FROM attendee_poll_choice WHERE poll_id = \(id)")
            try db.execute("DELETE FROM attendee_poll_answer WHERE poll_id = \(id)")
            try db.execute("DELETE FROM attendee_poll WHERE id = \(id)")
            return try Self.mention(stored, kind: .deleted, at: moment, db)
        }
    }

    /// Opens a draft (opening an open poll changes nothing); a closed poll cannot reopen.
    func openPoll(id: String, userID: String) async throws -> PollChange {
        try await transition(id: id, userID: userID, to: .open)
    }

    /// Closes an open poll (closing a closed one changes nothing); a draft cannot close.
    func closePoll(id: String, userID: String) async throws -> PollChange {
        try await transition(id: id, userID: userID, to: .closed)
    }

    private func transition(id: String, userID: String, to target: PollState) async throws -> PollChange {
        let moment = now()
        return try await database.write { db in
            var stored = try Self.lockPoll(id: id, db)
            try Self.requireManager(stored, userID: userID, db)
            if stored.state == target {
                return PollChange(poll: try Self.view(stored, userID: userID, canManage: true, db), events: [])
            }
            let from: PollState = target == .open ? .draft : .open
            guard stored.state == from else {
                throw HTTPError(
                    .conflict,
                    detail: target == .open ? "A closed poll cannot open again." : "Open the poll before closing it.",
                    type: PollRefusal.wrongState.rawValue)
            }
            let stamp = Self.milliseconds(moment)
            if target == .open {
                try db.execute("UPDATE attendee_poll SET state = 'open', opened_at = \(stamp) WHERE id = \(id)")
            } else {
                try db.execute("UPDATE attendee_poll SET state = 'closed', closed_at = \(stamp) WHERE id = \(id)")
            }
            stored.state = target
            let kind: PollUpdate.Kind = target == .open ? .opened : .closed
            let events = try Self.announce(stored, kind: kind, at: moment, db)
            return PollChange(poll: try Self.view(stored, userID: userID, canManage: true, db), events: events)
        }
    }

    /// Records (or replaces) the caller's answer while the poll is open, scoring a quiz on the server. A draft is
    /// 404 to all but its managers, as when it is read; a closed poll (or a draft, to its managers) is 409.
    ///
    /// NB: the poll's row is locked first (PostgreSQL; SQLite has one writer), so answers and closing are
    /// serialized per poll: the counts each live event carries include every answer committed before it, and no
    /// answer lands after the close.
    func answerPoll(id: String, userID: String, _ answer: PollAnswer) async throws -> PollChange {
        let moment = now()
        return try await database.write { db in
            let stored = try Self.lockPoll(id: id, db)
            let canManage = try Self.canManage(stored, userID: userID, db)
            // NB: a draft is its managers' alone (not listed, 404 to read): to anyone else an answer to it meets
            // no poll either, rather than a 409 that says a draft of this id exists.
            if stored.state == .draft, !canManage { throw Self.noSuchPoll }
            try Self.requireMembership(eventID: stored.eventID, userID: userID, db)
            // NB: a quiz's managers read its correct options from the moment it is drafted; an answer of theirs
            // would top its leaderboard. Checked before its state, as it holds whatever the state.
            if stored.kind == .quiz, canManage {
                throw HTTPError(
                    .forbidden, detail: "You manage this quiz and see its answers, so you cannot answer it.",
                    type: PollRefusal.managesQuiz.rawValue)
            }
            guard stored.state == .open else {
                throw HTTPError(
                    .conflict,
                    detail: Self.notOpen(stored),
                    type: PollRefusal.notOpen.rawValue)
            }
            let shape = Poll(
                id: stored.id, eventID: stored.eventID, kind: stored.kind, choice: stored.choice, state: stored.state,
                questions: stored.questions, results: PollResults(voters: 0, questions: []))
            if let error = answer.validationError(for: shape) {
                throw HTTPError(.unprocessableContent, detail: error.message, field: error.field)
            }
            let score = Self.score(answer, stored)
            try db.execute(
                """
                INSERT INTO attendee_poll_answer (poll_id, user_id, score, answered_at)
                VALUES (\(id), \(userID), \(score), \(Self.milliseconds(moment)))
                ON CONFLICT (poll_id, user_id) DO UPDATE SET score = excluded.score, answered_at = excluded.answered_at
                """)
            try db.execute("DELETE FROM attendee_poll_choice WHERE poll_id = \(id) AND user_id = \(userID)")
            for question in stored.questions {
                for optionID in answer.choices[question.id] ?? [] {
                    try db.execute(
                        """
                        INSERT INTO attendee_poll_choice (poll_id, user_id, question_id, option_id)
                        VALUES (\(id), \(userID), \(question.id), \(optionID))
                        """)
                }
            }
            let events = try Self.announce(stored, kind: .results, at: moment, db)
            return PollChange(poll: try Self.view(stored, userID: userID, canManage: canManage, db), events: events)
        }
    }

    // MARK: - Rules

    /// Why `poll` takes no answers, a quiz called a quiz.
    static func notOpen(_ poll: StoredPoll) -> String {
        switch (poll.kind, poll.state) {
        case (.quiz, .closed): "This quiz is closed."
        case (.quiz, _): "This quiz is not open yet."
        case (.poll, .closed): "This poll is closed."
        case (.poll, _): "This poll is not open yet."
        }
    }

    /// The column that orders polls created in the same millisecond as they were created: SQLite's `rowid`, which
    /// an insert takes past every row there is, and PostgreSQL's identity column `sequence`
    /// (`attendee.v16-poll-sequence`). NB: ids are random UUIDs, which put such polls in no meaningful order.
    static func creationOrder(_ db: any DatabaseConnection) -> SQL {
        db.dialect == .sqlite ? "rowid" : "sequence"
    }

    static let noSuchPoll = HTTPError(.notFound, detail: "There is no poll with this id.")
    static let notManager = HTTPError(
        .forbidden, detail: "Only the event's organizers, and a session's speakers, manage its polls.")

    /// Registered for the event or organizing it.
    static func isMember(eventID: String, userID: String, _ db: any DatabaseConnection) throws -> Bool {
        try isOrganizer(eventID: eventID, userID: userID, db) || isRegistered(eventID: eventID, userID: userID, db)
    }

    /// The event's organizer, or (for a session's poll) one of the session's speakers.
    static func canManage(_ poll: StoredPoll, userID: String, _ db: any DatabaseConnection) throws -> Bool {
        try managesPolls(eventID: poll.eventID, sessionID: poll.sessionID, userID: userID, db)
    }

    /// Whether `userID` manages the polls of `eventID` (`sessionID`'s, for a session's): its organizer, or one of
    /// the session's speakers. The one rule for who manages a poll; `false` for an event there is not (any more).
    static func managesPolls(eventID: String, sessionID: String?, userID: String, _ db: any DatabaseConnection)
        throws -> Bool
    {
        let event = try db.queryOne("SELECT organizer_id FROM attendee_event WHERE id = \(eventID)")
        if let event, try event.decode(String?.self, "organizer_id") == userID { return true }
        guard let sessionID else { return false }
        return try speaks(sessionID: sessionID, userID: userID, db)
    }

    /// Whether `userID` is in a live event's `audience`: for a draft poll's events, whether they manage it now; for a
    /// discussion's, whether they attend or organize its event now.
    static func hears(_ audience: LiveAudience, userID: String, _ db: any DatabaseConnection) throws -> Bool {
        switch audience {
        case .pollManagers(let eventID, let sessionID):
            try managesPolls(eventID: eventID, sessionID: sessionID, userID: userID, db)
        case .eventMembers(let eventID):
            try isMember(eventID: eventID, userID: userID, db)
        case .nobody: false
        }
    }

    /// Refuses whoever may not manage `poll`: 404 for a draft outside its event (as if there were none, since
    /// drafts are not shown there), 403 otherwise.
    static func requireManager(_ poll: StoredPoll, userID: String, _ db: any DatabaseConnection) throws {
        guard try canManage(poll, userID: userID, db) else {
            if poll.state == .draft, try !isMember(eventID: poll.eventID, userID: userID, db) {
                throw noSuchPoll
            }
            throw notManager
        }
    }

    /// A valid draft's questions as stored: trimmed, with ids (`1`, `1-2`), and a quiz's correct option ids.
    static func questions(of draft: PollDraft) -> [PollQuestion] {
        draft.questions.enumerated().map { index, question in
            let questionID = String(index + 1)
            let options = question.options.enumerated().map { position, text in
                PollOption(
                    id: "\(questionID)-\(position + 1)", text: text.trimmingCharacters(in: .whitespacesAndNewlines))
            }
            return PollQuestion(
                id: questionID, text: question.text.trimmingCharacters(in: .whitespacesAndNewlines),
                options: options,
                correctOptionIDs: draft.kind == .quiz ? question.correct.sorted().map { options[$0].id } : nil)
        }
    }

    /// Questions whose picked options are exactly the correct ones.
    static func score(_ answer: PollAnswer, _ poll: StoredPoll) -> Int {
        guard poll.kind == .quiz else { return 0 }
        return poll.questions.filter { question in
            Set(answer.choices[question.id] ?? []) == Set(question.correctOptionIDs ?? [])
        }.count
    }

    // MARK: - Rows

    private static let pollColumns: SQL = "id, event_id, session_id, kind, choice, state, questions"

    private static func storedPoll(_ row: Row) throws -> StoredPoll {
        StoredPoll(
            id: try row.decode(String.self, "id"), eventID: try row.decode(String.self, "event_id"),
            sessionID: try row.decode(String?.self, "session_id"),
            kind: PollKind(rawValue: try row.decode(String.self, "kind")) ?? .poll,
            choice: PollChoice(rawValue: try row.decode(String.self, "choice")) ?? .single,
            state: PollState(rawValue: try row.decode(String.self, "state")) ?? .draft,
            questions: try row.decodeJSON([PollQuestion].self, "questions"))
    }

    private static func requirePoll(id: String, _ db: any DatabaseConnection) throws -> StoredPoll {
        guard let row = try db.queryOne("SELECT \(pollColumns) FROM attendee_poll WHERE id = \(id)") else {
            throw noSuchPoll
        }
        return try storedPoll(row)
    }

    private static func lockPoll(id: String, _ db: any DatabaseConnection) throws -> StoredPoll {
        if db.dialect == .postgres {
            try db.execute("SELECT id FROM attendee_poll WHERE id = \(id) FOR UPDATE")
        }
        return try requirePoll(id: id, db)
    }

    /// The results a reader sees: for an open quiz, only how many answered, unless they manage it.
    ///
    /// NB: counts during a quiz tell which option most people picked, and answers may change until it closes;
    /// so, like its correct options and scores, they wait for the close (managers see them throughout).
    static func results(of poll: StoredPoll, canManage: Bool, _ db: any DatabaseConnection) throws -> PollResults {
        let voters = try db.fetchValue(Int.self, "SELECT COUNT(*) FROM attendee_poll_answer WHERE poll_id = \(poll.id)")
        if poll.kind == .quiz, poll.state == .open, !canManage {
            return PollResults(voters: voters ?? 0, questions: [], countsHidden: true)
        }
        var counts: [String: Int] = [:]
        for row in try db.query(
            "SELECT option_id, COUNT(*) AS votes FROM attendee_poll_choice WHERE poll_id = \(poll.id) GROUP BY option_id"
        ) {
            counts[try row.decode(String.self, "option_id")] = try row.decode(Int.self, "votes")
        }
        return PollResults(
            voters: voters ?? 0,
            questions: poll.questions.map { question in
                PollQuestionResults(
                    questionID: question.id,
                    counts: Dictionary(uniqueKeysWithValues: question.options.map { ($0.id, counts[$0.id] ?? 0) }))
            })
    }

    /// The poll as `userID` sees it: correct answers only for managers or once closed, and a quiz's scores
    /// only once closed.
    private static func view(_ poll: StoredPoll, userID: String, canManage: Bool, _ db: any DatabaseConnection)
        throws -> Poll
    {
        let reveal = canManage || poll.state == .closed
        var questions = poll.questions
        if !reveal { for index in questions.indices { questions[index].correctOptionIDs = nil } }
        let answered = try db.queryOne(
            "SELECT score FROM attendee_poll_answer WHERE poll_id = \(poll.id) AND user_id = \(userID)")
        var myAnswer: [String: [String]]?
        if answered != nil {
            var choices: [String: [String]] = [:]
            for row in try db.query(
                """
                SELECT question_id, option_id FROM attendee_poll_choice
                WHERE poll_id = \(poll.id) AND user_id = \(userID) ORDER BY question_id, option_id
                """)
            {
                choices[try row.decode(String.self, "question_id"), default: []].append(
                    try row.decode(String.self, "option_id"))
            }
            myAnswer = choices
        }
        let closedQuiz = poll.kind == .quiz && poll.state == .closed
        return Poll(
            id: poll.id, eventID: poll.eventID, sessionID: poll.sessionID, kind: poll.kind, choice: poll.choice,
            state: poll.state, questions: questions, results: try results(of: poll, canManage: canManage, db),
            myAnswer: myAnswer,
            myScore: closedQuiz ? try answered?.decode(Int.self, "score") : nil,
            outcome: closedQuiz ? try outcome(of: poll, db) : nil,
            canManage: canManage)
    }

    private static func outcome(of poll: StoredPoll, _ db: any DatabaseConnection) throws -> QuizOutcome {
        let rows = try db.query(
            """
            SELECT a.user_id, a.score, u.name FROM attendee_poll_answer a JOIN attendee_user u ON u.id = a.user_id
            WHERE a.poll_id = \(poll.id) ORDER BY a.score DESC, a.answered_at, u.name, a.user_id
            """)
        var scores: [Int] = []
        var leaderboard: [QuizStanding] = []
        for row in rows {
            let score = try row.decode(Int.self, "score")
            if leaderboard.count < QuizOutcome.leaderboardSize {
                let rank = 1 + scores.filter { $0 > score }.count
                leaderboard.append(
                    QuizStanding(
                        rank: rank, personID: try row.decode(String.self, "user_id"),
                        name: try row.decode(String.self, "name"), score: score))
            }
            scores.append(score)
        }
        let distribution = (0...poll.questions.count).map { value in
            QuizScoreBucket(score: value, people: scores.filter { $0 == value }.count)
        }
        return QuizOutcome(leaderboard: leaderboard, distribution: distribution)
    }

    /// Appends the poll's live event to each of its topics, inside the caller's transaction.
    private static func announce(
        _ poll: StoredPoll, kind: PollUpdate.Kind, at moment: Date, _ db: any DatabaseConnection
    ) throws -> [LiveEvent] {
        let update = PollUpdate(
            pollID: poll.id, eventID: poll.eventID, sessionID: poll.sessionID, state: poll.state,
            question: poll.questions.first?.text ?? "", options: poll.questions.first?.options ?? [],
            // NB: everyone at the event hears this, so a quiz's correct options, and its counts while it is open,
            // stay out; its managers read them from the poll.
            results: try results(of: poll, canManage: false, db), kind: poll.kind,
            questions: poll.questions.map { PollQuestion(id: $0.id, text: $0.text, options: $0.options) })
        return try poll.topics.map { topic in
            try LiveOutbox.append(topic, kind: kind.rawValue, payload: update, now: moment, db)
        }
    }

    /// Appends an event naming the poll (and nothing of it) to each of its topics, inside the caller's
    /// transaction: a draft's creation or edit, a deletion. A draft's go to its managers only (``audience(of:)``).
    private static func mention(
        _ poll: StoredPoll, kind: PollReference.Kind, at moment: Date, _ db: any DatabaseConnection
    ) throws -> [LiveEvent] {
        let reference = PollReference(pollID: poll.id, eventID: poll.eventID, sessionID: poll.sessionID)
        return try poll.topics.map { topic in
            try LiveOutbox.append(
                topic, kind: kind.rawValue, payload: reference, audience: audience(of: poll), now: moment, db)
        }
    }

    /// Who hears `poll`'s events: a draft is its managers' alone (even that it exists, when, and its id), so its
    /// events reach their streams only; an open or closed poll's reach everyone its topics let listen (`nil`).
    static func audience(of poll: StoredPoll) -> LiveAudience? {
        poll.state == .draft ? .pollManagers(eventID: poll.eventID, sessionID: poll.sessionID) : nil
    }

    static func milliseconds(_ date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1000).rounded())
    }
}
