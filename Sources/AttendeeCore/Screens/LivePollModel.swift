import APIClient
import AttendeeModels
import Foundation
import Localization
import Observation

/// Where a poll screen is: what it shows and which buttons it offers.
public enum LivePollPhase: Sendable, Hashable {
    /// Loading the poll.
    case loading
    /// Drafted, not open yet (only its managers see it).
    case draft
    /// Open, and the person has not answered: the options are to pick.
    case open
    /// Open, and the person has answered: their answer is marked, and they may change it.
    case answered
    /// Closed: final results (a quiz: the correct options, the person's score and the leaderboard).
    case closed
    /// The poll could not be loaded; the banner says why.
    case unavailable
    /// The poll was deleted, here or by another of its managers; ``LivePollModel/notice`` says so.
    case deleted
}

/// What the manage button of a poll screen does, for its event's organizers and its session's speakers.
public enum LivePollManagement: Sendable, Hashable {
    /// Opens the draft.
    case open
    /// Closes the open poll.
    case close
}

/// Why a poll screen's send button is disabled.
public enum LivePollSubmitBlock: Sendable, Hashable {
    /// The poll takes no answers: not loaded, a draft, or closed (``LivePollModel/notice`` says which).
    case notOpen
    /// A call is in flight.
    case busy
    /// The answer breaks a rule of the poll (a question unanswered, several options on a single-choice
    /// question); ``LivePollModel/submitHint`` says which.
    case invalid
    /// The answer is the one already sent.
    case unchanged
    /// The person manages the quiz and sees its correct options, so they do not answer it (the server refuses it
    /// too); ``LivePollModel/notice`` says so.
    case managesQuiz
}

/// A poll or quiz screen: the questions with live results, picking and sending an answer (and changing it
/// while the poll is open), the score and leaderboard once a quiz closes, and opening and closing for its
/// managers. ``follow()`` keeps it live: results, opening and closing arrive over the event's (or session's)
/// live stream, which reconnects with `Last-Event-ID` after a drop.
///
/// ```swift
/// let model = LivePollModel(client: client, pollID: id)
/// await model.appeared()
/// Task { await model.follow() }
/// model.optionTapped(questionID: "1", optionID: "1-2")
/// await model.submitTapped()
/// ```
@Observable @MainActor
public final class LivePollModel {
    /// Where the screen is.
    public private(set) var phase: LivePollPhase = .loading
    /// `Poll` or `Quiz`.
    public private(set) var kindTitle = ""
    /// `Open`, `Closed`, `Draft`.
    public private(set) var stateTitle = ""
    /// The questions with their options and results.
    public private(set) var questions: [PollQuestionRow] = []
    /// `12 votes`.
    public private(set) var voters = ""
    /// `Results when the quiz closes.`, while an open quiz keeps its counts from the person (the options then
    /// show no share); `nil` when the results are shown.
    public private(set) var resultsNotice: String?
    /// `Poll · Open · 12 votes`, the head of the page; empty until the poll has loaded.
    public var summary: String {
        poll == nil ? "" : PollFormatting.summary(kind: kindTitle, state: stateTitle, voters: voters)
    }
    /// The page's title, for what it shows: `Live Poll` while it takes answers, `Poll Results` once closed,
    /// `Draft Poll` before it opens (`quiz` for a quiz), `Poll` until it has loaded.
    public var title: String {
        guard let poll else { return PollFormatting.kind(.poll) }
        return Strings.text("poll.title.\(poll.state.rawValue).\(poll.kind.rawValue)")
    }
    /// Whether the options are choices to tap (the poll takes answers), rather than results to read (a draft,
    /// a closed poll).
    public var optionsAreChoices: Bool { (phase == .open || phase == .answered) && !managesQuiz }

    /// Whether the person manages this quiz: its correct options are theirs to see, not to answer.
    private var managesQuiz: Bool { poll.map(Self.managesQuiz) ?? false }

    private static func managesQuiz(_ poll: Poll) -> Bool { poll.kind == .quiz && poll.canManage }
    /// Whether the options can be tapped (open, and nothing in flight).
    public private(set) var canPick = false
    /// Whether the answer being written keeps the poll's rules and differs from the one sent (``submitBlock``
    /// says why not).
    public private(set) var canSubmit = false
    /// Why the send button is disabled, when it is.
    public private(set) var submitBlock: LivePollSubmitBlock? = .notOpen
    /// What the person must change before the answer can go, shown by the disabled send button: the poll's rule
    /// the answer breaks (`Answer every question.`, `Pick one option.`); `nil` when the answer can go, or when
    /// the button is disabled for another reason.
    public private(set) var submitHint: String?
    /// Whether the send button shows: while the poll is open, answered or not (not in a draft, closed or
    /// unavailable poll, nor while loading).
    public private(set) var showsSubmit = false
    /// "Vote", or "Change My Answer" once answered.
    public private(set) var submitTitle = Strings.text("poll.submit")
    /// `Your score: 2 of 3`, once a quiz is closed and the person answered it.
    public private(set) var score: String?
    /// A closed quiz's leaderboard.
    public private(set) var leaderboard: [LeaderboardRow] = []
    /// What the manage button does, when the person manages this poll and it can change.
    public private(set) var management: LivePollManagement?
    /// Whether the person may open and close this poll (an organizer of its event), whatever its state.
    public private(set) var canManage = false
    /// The manage button's title: `Open Poll`, `Close Poll`, or `Opening Poll…`, `Closing Poll…` while that call is
    /// on its way.
    public private(set) var managementTitle: String?
    /// Whether the manage button can be tapped: there is one, and no call is on its way (a second tap on Open
    /// while the first is sent would only meet a 409).
    public private(set) var canTapManagement = false
    /// Whether an open or close is on its way (the manage button reads as busy meanwhile).
    public private(set) var isChangingState = false
    /// Whether the page offers Edit: a draft, to its managers (once it opens, people have seen it).
    public private(set) var canEdit = false
    /// Whether the page offers Delete: a draft or a closed poll, to its managers (an open one is closed first).
    public private(set) var canDelete = false
    /// `Edit Poll`, `Edit Quiz`.
    public private(set) var editTitle = ""
    /// `Delete Poll`, `Delete Quiz`.
    public private(set) var deleteTitle = ""
    /// The form editing the draft, while it is open (``editTapped()``).
    public private(set) var composer: PollComposerModel?
    /// The question asked before the poll is deleted (its id is the action), while it is asked.
    public private(set) var confirmation: Confirmation<String>?
    /// Why answers are not taken, when they are not: `This poll is closed.`, `This quiz is not open yet.`
    public private(set) var notice: String?
    /// `Live updates paused.`, once the live stream has given up reconnecting.
    public private(set) var liveNotice: String?
    /// Whether a call is in flight: until the last of those on their way ends (a reload that ends first leaves
    /// Open/Close, picking, Edit and Delete off while an open is still on its way).
    public var isBusy: Bool { calls.isBusy }
    /// Why the last call failed, if it did.
    public private(set) var banner: Banner?
    /// The poll as last loaded or updated.
    public private(set) var poll: Poll?

    private let client: AttendeeClient
    private let pollID: String
    private let personID: String?
    private var selection: [String: [String]] = [:]
    private var resultsOrder = PollResultsOrder()
    /// The calls on their way, which ``isBusy`` counts.
    private var calls = CallsInFlight()

    /// Creates the model for one poll; `personID` marks the person's own leaderboard line.
    public init(client: AttendeeClient, pollID: String, personID: String? = nil) {
        self.client = client
        self.pollID = pollID
        self.personID = personID
    }

    /// The screen appeared: loads the poll.
    public func appeared() async {
        calls.started()
        banner = nil
        derive()
        do {
            show(try await client.poll(pollID), keepSelection: false)
        } catch {
            banner = Self.line(error)
            if poll == nil { phase = .unavailable }
        }
        calls.ended()
        derive()
    }

    /// Follows the live stream of the poll's event (or session) until the stream ends or the task is
    /// cancelled; each change redraws the results, and opening or closing reloads the poll.
    public func follow() async {
        guard let poll else { return }
        let channel: LiveChannel = poll.sessionID.map { .session($0) } ?? .event(poll.eventID)
        liveNotice = nil
        do {
            for try await event in client.live(channel) {
                await received(event)
            }
        } catch {
            // NB: not the banner: the screen still works without live updates, it only stops redrawing.
            liveNotice = Strings.text("live.paused")
        }
    }

    /// An option was tapped: single choice picks it, multiple choice toggles it.
    public func optionTapped(questionID: String, optionID: String) {
        guard canPick, let poll, let question = poll.questions.first(where: { $0.id == questionID }),
            question.options.contains(where: { $0.id == optionID })
        else { return }
        var picked = selection[questionID] ?? []
        switch poll.choice {
        case .single:
            picked = [optionID]
        case .multiple:
            if let index = picked.firstIndex(of: optionID) { picked.remove(at: index) } else { picked.append(optionID) }
        }
        selection[questionID] = picked.isEmpty ? nil : picked
        derive()
    }

    /// The options of one question were chosen at once, as a command line names them: they replace what the
    /// question had picked. Several on a single-choice question are kept as given, so the answer is refused
    /// (``submitBlock``, ``submitHint``) rather than one of them silently sent.
    public func optionsChosen(questionID: String, optionIDs: [String]) {
        guard canPick, poll?.questions.contains(where: { $0.id == questionID }) == true else { return }
        selection[questionID] = optionIDs.isEmpty ? nil : optionIDs
        derive()
    }

    /// Sends the answer (or the changed answer).
    public func submitTapped() async {
        guard canSubmit else { return }
        await call(answering: true) {
            try await self.client.answerPoll(self.pollID, PollAnswer(choices: self.selection))
        }
    }

    /// The manage button, showing `action` (``management`` as the button was drawn): opens or closes the poll.
    /// A tap while a call is on its way (the first tap's open or close among them) does nothing. Where the page
    /// offers no button that does `action` (a live change turned Open into Close under the finger, or the command
    /// line sent the tap anyway), the banner says why, and nothing is called.
    public func managementTapped(_ action: LivePollManagement) async {
        guard let poll, phase != .deleted else { return }
        guard management == action else {
            banner = .failure(Self.cannot(action, poll))
            return
        }
        guard canTapManagement else { return }
        isChangingState = true
        switch action {
        case .open: await call { try await self.client.openPoll(self.pollID) }
        case .close: await call { try await self.client.closePoll(self.pollID) }
        }
        isChangingState = false
        if phase != .deleted { derive() }
    }

    /// Edit: the form opens, filled with the draft. Where the page offers no Edit (the command line can send
    /// the tap anyway), the banner says why, and nothing is called.
    public func editTapped() {
        guard let poll, phase != .deleted else { return }
        guard canEdit else { return refuse(poll, deleting: false) }
        composer = PollComposerModel(client: client, editing: poll)
    }

    /// The form's Cancel (or the sheet swiped away): the draft stays as it was.
    public func editCancelled() { composer = nil }

    /// The form's Save: once the server has the edit, the form closes and the page shows the draft as saved.
    public func editSaveTapped() async {
        guard let composer else { return }
        await composer.saveTapped()
        guard let edited = composer.edited else { return }
        self.composer = nil
        show(edited, keepSelection: false)
        derive()
    }

    /// Delete: asks first (`Delete “Tabs or spaces?”?`), as the answers go with it.
    public func deleteTapped() {
        guard let poll, phase != .deleted else { return }
        guard canDelete else { return refuse(poll, deleting: true) }
        confirmation = Strings.confirmation(
            poll.id, poll.kind == .quiz ? "quiz.delete" : "poll.delete", button: deleteTitle,
            poll.questions.first?.text ?? "")
    }

    /// The question was dismissed: nothing is deleted.
    public func confirmationDismissed() { confirmation = nil }

    /// The question's Delete: the poll and its answers go, and the page says so.
    public func confirmTapped(_ pollID: String) async {
        confirmation = nil
        guard pollID == self.pollID, canDelete else { return }
        calls.started()
        banner = nil
        derive()
        do {
            // NB: a poll another manager deleted meanwhile is 404: gone, as the person wanted.
            try await AttendeeFailure.deleting { try await client.deletePoll(pollID) }
            markDeleted(Strings.text(poll?.kind == .quiz ? "quiz.deleted" : "poll.deleted"))
        } catch {
            banner = Banner(error)
            if AttendeeFailure.status(error) == 409 { await reload() }
        }
        calls.ended()
        if phase != .deleted { derive() }
    }

    /// A live event arrived. A stream that starts afresh (as it does when first opened) may have missed a
    /// change made since the poll was read: the poll is read again.
    func received(_ event: ServerEvent) async {
        if phase == .deleted { return }
        if event.startsAfresh { return await readAgain() }
        if let kind = PollReference.Kind(rawValue: event.type) {
            guard
                let reference = try? AttendeeCoding.decoder().decode(
                    PollReference.self, from: Data(event.data.utf8)),
                reference.pollID == pollID
            else { return }
            switch kind {
            // NB: a poll is created before any page shows it.
            case .created: return
            case .edited: return await readAgain()
            case .deleted:
                return markDeleted(
                    Strings.text(poll?.kind == .quiz ? "quiz.deletedElsewhere" : "poll.deletedElsewhere"))
            }
        }
        guard let kind = PollUpdate.Kind(rawValue: event.type),
            let update = try? AttendeeCoding.decoder().decode(PollUpdate.self, from: Data(event.data.utf8)),
            update.pollID == pollID, var poll
        else { return }
        switch kind {
        case .results:
            guard resultsOrder.admit(pollID: pollID, lastEventID: event.lastEventID) else { return }
            // NB: the event everyone hears keeps an open quiz's counts out; its managers read them from the poll.
            if update.results.countsHidden == true, poll.canManage { return await readAgain() }
            poll.results = update.results
            self.poll = poll
            derive()
        case .opened, .closed:
            guard poll.state != update.state else { return }
            await readAgain()
        }
    }

    /// Why an Edit or a Delete the page does not offer cannot be done, in the banner.
    private func refuse(_ poll: Poll, deleting: Bool) {
        let quiz = poll.kind == .quiz
        let reason: String =
            if isBusy { Strings.text("poll.busy") } else if !poll.canManage {
                Strings.text("poll.managersOnly")
            } else if deleting { Strings.text(quiz ? "quiz.cannotDelete" : "poll.cannotDelete") } else {
                Strings.text(quiz ? "quiz.cannotEdit" : "poll.cannotEdit")
            }
        banner = .failure(reason)
    }

    /// Why `poll`'s page offers no button that does `action`: `Only a draft can be opened; this one is closed.`
    private static func cannot(_ action: LivePollManagement, _ poll: Poll) -> String {
        guard poll.canManage else { return Strings.text("poll.managersOnly.state") }
        let state = Strings.text("poll.stateInSentence.\(poll.state.rawValue)")
        return switch (action, poll.kind) {
        case (.open, _): Strings.format("poll.cannotOpen", state)
        case (.close, .poll): Strings.format("poll.cannotClose", state)
        case (.close, .quiz): Strings.format("quiz.cannotClose", state)
        }
    }

    /// The poll is gone: nothing left to pick, send, manage or edit; `notice` says so.
    private func markDeleted(_ notice: String) {
        phase = .deleted
        questions = []
        voters = ""
        resultsNotice = nil
        score = nil
        leaderboard = []
        canPick = false
        canSubmit = false
        submitBlock = .notOpen
        submitHint = nil
        showsSubmit = false
        management = nil
        managementTitle = nil
        canTapManagement = false
        canEdit = false
        canDelete = false
        composer = nil
        confirmation = nil
        self.notice = notice
    }

    /// Reads the poll again after a live event said it changed (or may have), keeping what the person picked.
    private func readAgain() async {
        do {
            show(try await client.poll(pollID), keepSelection: true)
        } catch {
            // NB: a poll deleted while the stream was away is a 404 now: the page says it is gone.
            if AttendeeFailure.status(error) == 404, poll != nil {
                return markDeleted(
                    Strings.text(poll?.kind == .quiz ? "quiz.deletedElsewhere" : "poll.deletedElsewhere"))
            }
            banner = Self.line(error)
        }
        derive()
    }

    /// Runs a vote, open or close. NB: a deletion heard while it was on its way is the last word: whatever the call
    /// meets (a refusal, or an answer read before the deletion), the page stays deleted; a call that meets no poll
    /// (404: deleted, its event not heard) says the poll was deleted. An answer refused because the poll closed
    /// meanwhile (409) puts up no banner: the page, read again, shows the poll closed, and its ``notice`` (`This poll
    /// is closed.`) is the one line that says why, where the server's same words above it said it twice.
    private func call(answering: Bool = false, _ work: @escaping @MainActor () async throws -> Poll) async {
        calls.started()
        banner = nil
        derive()
        do {
            let changed = try await work()
            if phase != .deleted { show(changed, keepSelection: false) }
        } catch {
            if phase != .deleted {
                if AttendeeFailure.status(error) == 404 {
                    markDeletedElsewhere()
                } else {
                    banner = Banner(error)
                    if AttendeeFailure.status(error) == 409 {
                        await reload()
                        if answering, phase != .deleted, let poll, poll.state != .open { banner = nil }
                    }
                }
            }
        }
        calls.ended()
        if phase != .deleted { derive() }
    }

    /// After a refusal because the poll changed under the person (closed meanwhile): show it as it is, or say it
    /// was deleted (closed and deleted meanwhile).
    private func reload() async {
        do {
            let fresh = try await client.poll(pollID)
            if phase != .deleted { show(fresh, keepSelection: false) }
        } catch {
            if AttendeeFailure.status(error) == 404, phase != .deleted {
                banner = nil
                markDeletedElsewhere()
            }
        }
    }

    /// The line for a failed read of a poll the page has not shown: one the server does not have (404: a wrong id,
    /// or deleted before the page opened) in the app's words, any other as ``Banner/init(_:)`` says it.
    static func line(_ error: any Error) -> Banner {
        Banner(error, notFound: Strings.text("poll.notOnServer"))
    }

    /// The poll was deleted by someone else (heard live, or met as a 404): the page says so.
    private func markDeletedElsewhere() {
        markDeleted(Strings.text(poll?.kind == .quiz ? "quiz.deletedElsewhere" : "poll.deletedElsewhere"))
    }

    private func show(_ poll: Poll, keepSelection: Bool) {
        self.poll = poll
        if !keepSelection || poll.state != .open { selection = poll.myAnswer ?? [:] }
    }

    /// Recomputes every output from the poll and the selection.
    private func derive() {
        guard let poll else {
            canPick = false
            canSubmit = false
            submitBlock = .notOpen
            submitHint = nil
            showsSubmit = false
            return
        }
        kindTitle = PollFormatting.kind(poll.kind)
        stateTitle = PollFormatting.state(poll.state)
        switch poll.state {
        case .draft: phase = .draft
        case .open: phase = poll.myAnswer == nil ? .open : .answered
        case .closed: phase = .closed
        }
        showsSubmit = poll.state == .open && !Self.managesQuiz(poll)
        notice =
            poll.state == .open
            ? Self.managesQuiz(poll) ? Strings.text("quiz.notice.manager") : nil
            : poll.kind == .quiz
                ? Strings.text("quiz.notice.\(poll.state.rawValue)")
                : Strings.text("poll.notice.\(poll.state.rawValue)")
        // NB: a quiz's managers see its correct options throughout (the server sends them); attendees only once
        // it closes, so that trying answers cannot tell which are right.
        let reveal = poll.state == .closed || poll.canManage
        questions = poll.questions.map { question in
            PollQuestionRow(
                id: question.id, text: question.text,
                options: PollFormatting.rows(
                    question, results: poll.results, selected: Set(selection[question.id] ?? []),
                    revealCorrect: reveal))
        }
        voters = PollFormatting.voters(poll.results.voters)
        resultsNotice = poll.results.countsHidden == true ? Strings.text("quiz.resultsLater") : nil
        canPick = poll.state == .open && !isBusy && !Self.managesQuiz(poll)
        let refusal = poll.state == .open ? PollAnswer(choices: selection).validationError(for: poll) : nil
        submitHint = refusal?.message
        submitBlock = block(poll, refused: refusal != nil)
        canSubmit = submitBlock == nil
        submitTitle = Strings.text(poll.myAnswer == nil ? "poll.submit" : "poll.change")
        score = poll.myScore.map { PollFormatting.score($0, of: poll.questions.count) }
        leaderboard =
            poll.outcome?.leaderboard.map { standing in
                LeaderboardRow(
                    id: standing.personID, rank: Strings.format("quiz.rank", String(standing.rank)),
                    name: standing.name,
                    score: Strings.format("quiz.points", String(standing.score), String(poll.questions.count)),
                    isMe: standing.personID == personID)
            } ?? []
        canManage = poll.canManage
        switch (poll.canManage, poll.state) {
        case (true, .draft): management = .open
        case (true, .open): management = .close
        default: management = nil
        }
        managementTitle = management.map {
            switch ($0, isChangingState) {
            case (.open, false): Strings.text("poll.open")
            case (.open, true): Strings.text("poll.opening")
            case (.close, false): Strings.text("poll.close")
            case (.close, true): Strings.text("poll.closing")
            }
        }
        canTapManagement = management != nil && !isBusy
        canEdit = poll.canManage && poll.state == .draft && !isBusy
        canDelete = poll.canManage && poll.state != .open && !isBusy
        editTitle = Strings.text(poll.kind == .quiz ? "quiz.edit" : "poll.edit")
        deleteTitle = Strings.text(poll.kind == .quiz ? "quiz.delete" : "poll.delete")
    }

    /// Why the answer cannot go now, if it cannot.
    private func block(_ poll: Poll, refused: Bool) -> LivePollSubmitBlock? {
        if poll.state != .open { return .notOpen }
        if Self.managesQuiz(poll) { return .managesQuiz }
        if isBusy { return .busy }
        if refused { return .invalid }
        return normalized(selection) == normalized(poll.myAnswer ?? [:]) ? .unchanged : nil
    }

    private func normalized(_ answer: [String: [String]]) -> [String: Set<String>] {
        answer.mapValues(Set.init)
    }
}
