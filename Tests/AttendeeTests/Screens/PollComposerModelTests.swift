import APIClient
import AttendeeCore
import AttendeeModels
import Foundation
import Locking
import TestSupport
import Testing

/// The New Poll form: what a person may ask about, editing questions and options within the rules, the marks a
/// refused Create leaves, and the polls list that opens and closes the form.
@MainActor @Suite struct PollComposerModelTests {
    nonisolated static let sessions = [
        Demo.session("s1", "2027-03-10T10:00", "2027-03-10T10:45"),
        Demo.session("s2", "2027-03-10T11:00", "2027-03-10T11:45"),
    ]

    static func client(_ scopes: PollScopes?, created: Locked<[PollDraft]> = Locked([])) -> AttendeeClient {
        var client = AttendeeClient()
        client.event = { _ in EventDetails(event: Demo.event(), pollScopes: scopes) }
        client.agenda = { _ in sessions }
        client.polls = { eventID in
            created.withLock { $0 }.enumerated().map { index, draft in
                Poll(
                    id: "p\(index + 1)", eventID: eventID, sessionID: draft.sessionID, kind: draft.kind,
                    choice: draft.choice, state: .draft,
                    questions: [PollQuestion(id: "1", text: draft.questions[0].text, options: [])],
                    results: PollResults(voters: 0, questions: []), canManage: true)
            }
        }
        client.createPoll = { eventID, draft, _ in
            created.withLock { $0.append(draft) }
            return Poll(
                id: "new", eventID: eventID, sessionID: draft.sessionID, kind: draft.kind, choice: draft.choice,
                state: .draft, questions: [], results: PollResults(voters: 0, questions: []), canManage: true)
        }
        return client
    }

    @Test func theOrganizerMayAskTheWholeEventOrASessionASpeakerOnlyTheirs() async {
        let organizer = PollComposerModel(
            client: Self.client(PollScopes(wholeEvent: true, sessionIDs: ["s1", "s2"])), eventID: "e1")
        await organizer.appeared()
        #expect(organizer.scopeChoices.map(\.title) == ["Whole Event", "Session s1", "Session s2"])
        #expect(organizer.sessionID == nil)

        let speaker = PollComposerModel(
            client: Self.client(PollScopes(wholeEvent: false, sessionIDs: ["s2"])), eventID: "e1")
        await speaker.appeared()
        #expect(speaker.scopeChoices.map(\.title) == ["Session s2"])
        #expect(speaker.sessionID == "s2")
    }

    @Test func optionsAndQuestionsStayWithinTheRulesAndCorrectMarksFollowTheirOptions() {
        let form = PollComposerModel(client: Self.client(nil), eventID: "e1")
        #expect(!form.canRemoveOption(0))
        while form.canAddOption(0) { form.optionAdded(0) }
        #expect(form.questions[0].options.count == PollDraft.optionCount.upperBound)
        #expect(!form.canAddQuestion)
        form.questionAdded()
        #expect(form.questions.count == 1)

        form.kindChosen(.quiz)
        for position in 0..<4 { form.optionChanged(0, position: position, "Option \(position)") }
        form.correctToggled(0, position: 1)
        form.correctToggled(0, position: 3)
        #expect(form.questions[0].correct == [3])
        form.choiceChosen(.multiple)
        form.correctToggled(0, position: 1)
        #expect(form.questions[0].correct == [1, 3])
        form.optionRemoved(0, position: 1)
        #expect(form.questions[0].correct == [2])
        #expect(form.questions[0].options[2] == "Option 3")
        form.correctToggled(0, position: 2)
        #expect(form.questions[0].correct.isEmpty)

        form.questionAdded()
        form.questionTextChanged(1, "Second?")
        #expect(form.questions.map(\.text) == ["", "Second?"])
        form.questionRemoved(0)
        #expect(form.questions.map(\.text) == ["Second?"])
        #expect(!form.canRemoveQuestion)
        form.questionAdded()
        form.correctToggled(1, position: 0)
        form.kindChosen(.poll)
        #expect(form.questions.count == 1)
        #expect(form.questions[0].correct.isEmpty)
        form.correctToggled(0, position: 0)
        #expect(form.questions[0].correct.isEmpty)
    }

    @Test func aRefusedCreateMarksThePartAndSaysTheRule() async {
        let created = Locked<[PollDraft]>([])
        let form = PollComposerModel(client: Self.client(nil, created: created), eventID: "e1")
        form.kindChosen(.quiz)
        form.questionTextChanged(0, "2 + 2?")
        form.optionChanged(0, position: 0, "3")
        form.optionChanged(0, position: 1, "4")
        await form.createTapped()
        #expect(form.isInvalid(.correct(0)))
        #expect(form.rule(for: 0) == "Mark the correct options.")
        #expect(form.rule(for: 1) == nil)
        #expect(form.formRule == nil)
        // A quiz is called a quiz, and a screen that cannot highlight reads the rule with the part it names.
        #expect(form.banner == .failure("Check the highlighted part of the quiz."))
        #expect(form.refusal == "Question 1: Mark the correct options.")

        form.kindChosen(.poll)
        form.questionChanged(1, text: "A second question", options: ["a", "b"])
        await form.createTapped()
        #expect(form.formRule == "A poll asks exactly one question.")
        #expect(form.refusal == "A poll asks exactly one question.")
        #expect(form.banner == .failure("Check the highlighted part of the poll."))
        #expect(form.rule(for: 0) == nil)
        #expect(created.withLock { $0.isEmpty })

        form.kindChosen(.poll)
        await form.createTapped()
        #expect(form.invalidField == nil && form.rule == nil && form.refusal == nil && form.banner == nil)
        #expect(form.created?.id == "new")
        #expect(created.withLock { $0.map(\.questions.count) } == [1])
    }

    /// The form refuses an option given twice (trimmed, case and accents aside) before anything is sent, on the
    /// options of the question that repeats one.
    @Test func anOptionGivenTwiceIsRefusedOnItsQuestion() async {
        let created = Locked<[PollDraft]>([])
        let form = PollComposerModel(client: Self.client(nil, created: created), eventID: "e1")
        form.questionChanged(0, text: "Coffee?", options: ["Yes", "No", "yes "])
        await form.createTapped()
        #expect(form.isInvalid(.options(0)))
        #expect(form.rule(for: 0) == "Give each option once.")
        #expect(form.refusal == "Question 1: Give each option once.")
        #expect(form.banner == .failure("Check the highlighted part of the poll."))
        #expect(created.withLock { $0.isEmpty })

        form.optionChanged(0, position: 2, "Maybe")
        await form.createTapped()
        #expect(form.invalidField == nil)
        #expect(created.withLock { $0.map { $0.questions[0].options } } == [["Yes", "No", "Maybe"]])
    }

    @Test func theListOffersNewPollOnlyToThoseWhoMayAndShowsTheDraftOnceCreated() async throws {
        let created = Locked<[PollDraft]>([])
        let attendee = PollListModel(client: Self.client(nil, created: created), eventID: "e1")
        await attendee.appeared()
        #expect(!attendee.canCreate)
        attendee.newPollTapped()
        #expect(attendee.composer == nil)

        let organizer = PollListModel(
            client: Self.client(PollScopes(wholeEvent: true, sessionIDs: []), created: created), eventID: "e1")
        await organizer.appeared()
        #expect(organizer.canCreate)
        organizer.newPollTapped()
        let form = try #require(organizer.composer)
        await organizer.createTapped()
        #expect(organizer.composer != nil)
        #expect(form.banner == .failure("Check the highlighted part of the poll."))

        form.typeLunchPoll()
        await organizer.createTapped()
        #expect(organizer.composer == nil)
        #expect(organizer.rows.map(\.title) == ["Lunch at noon?"])
        organizer.newPollTapped()
        organizer.composerCancelled()
        #expect(organizer.composer == nil)
    }

    /// Create tapped twice while the first is on its way makes one draft; a failed Create keeps the questions
    /// written, to tap again.
    @Test func createTappedTwiceMakesOneDraftAndAFailureKeepsTheQuestions() async {
        let gate = Gate(isOpen: false)
        let created = Locked<[PollDraft]>([])
        let calls = Locked(0)
        var client = Self.client(PollScopes(wholeEvent: true, sessionIDs: []), created: created)
        let create = client.createPoll
        client.createPoll = { eventID, draft, key in
            let call = calls.next()
            if call == 1 { throw APIError.connectionLost }
            // NB: only the first Create that goes through waits, so a second one (the defect) cannot hang the test.
            if call == 2 { await gate.pass() }
            return try await create(eventID, draft, key)
        }
        let form = PollComposerModel(client: client, eventID: "e1")
        await form.appeared()
        form.typeLunchPoll()
        await form.createTapped()
        #expect(form.banner == .failure(APIError.connectionLost.message))
        #expect(form.created == nil)
        #expect(form.questions == [PollQuestionDraft(text: "Lunch at noon?", options: ["Yes", "No"])])

        let first = Task { await form.createTapped() }
        await gate.arrived(1)
        await form.createTapped()
        await gate.open()
        await first.value
        #expect(created.withLock { $0.count } == 1)
        #expect(form.created != nil)
    }
}

extension PollComposerModel {
    /// Types the question and the two options the tests' poll asks: "Lunch at noon?", Yes or No.
    func typeLunchPoll() {
        questionTextChanged(0, "Lunch at noon?")
        optionChanged(0, position: 0, "Yes")
        optionChanged(0, position: 1, "No")
    }
}
