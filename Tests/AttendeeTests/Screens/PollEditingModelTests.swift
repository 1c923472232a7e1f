import APIClient
import AttendeeModels
import Foundation
import Localization
import Locking
import TestSupport
import Testing

@testable import AttendeeCore

/// A poll page's Edit and Delete: offered to its managers where the server allows them, the form filled with the
/// draft, the question asked before a deletion, refusals in the core's words without a call, and a deletion
/// heard live.
@MainActor @Suite struct PollEditingModelTests {
    static func poll(
        _ state: PollState, kind: PollKind = .poll, canManage: Bool = true, text: String = "Coffee?"
    ) -> Poll {
        Poll(
            id: "p1", eventID: "e1", sessionID: "s1", kind: kind, choice: .single, state: state,
            questions: [
                PollQuestion(
                    id: "1", text: text,
                    options: [PollOption(id: "1-1", text: "Yes"), PollOption(id: "1-2", text: "Noo")],
                    correctOptionIDs: kind == .quiz ? ["1-2"] : nil)
            ],
            results: PollResults(voters: 0, questions: []), canManage: canManage)
    }

    /// What the stub server was asked: edits and deletions.
    final class Calls: Sendable {
        let edits = Locked<[PollEdit]>([])
        let deletions = Locked<[String]>([])
    }

    static func client(_ poll: Poll, _ calls: Calls) -> AttendeeClient {
        var client = AttendeeClient()
        let current = Locked(poll)
        client.poll = { _ in current.withLock { $0 } }
        client.editPoll = { id, edit in
            calls.edits.withLock { $0.append(edit) }
            return current.withLock { poll in
                poll.kind = edit.kind
                poll.choice = edit.choice
                poll.questions = edit.questions.enumerated().map { index, question in
                    PollQuestion(
                        id: "\(index + 1)", text: question.text,
                        options: question.options.enumerated().map {
                            PollOption(id: "\(index + 1)-\($0 + 1)", text: $1)
                        })
                }
                return poll
            }
        }
        client.deletePoll = { id in calls.deletions.withLock { $0.append(id) } }
        return client
    }

    @Test func aDraftsManagerEditsItInTheFormFilledWithIt() async throws {
        let calls = Calls()
        let page = LivePollModel(client: Self.client(Self.poll(.draft, kind: .quiz), calls), pollID: "p1")
        await page.appeared()
        #expect(page.canEdit && page.canDelete)
        #expect(page.editTitle == "Edit Quiz")
        #expect(page.deleteTitle == "Delete Quiz")

        page.editTapped()
        let form = try #require(page.composer)
        #expect(form.isEditing && !form.showsScope)
        #expect(form.title == "Edit Quiz")
        #expect(form.createTitle == "Save")
        #expect(form.kind == .quiz)
        #expect(form.questions == [PollQuestionDraft(text: "Coffee?", options: ["Yes", "Noo"], correct: [1])])

        // A rule broken: the form stays open with the rule, and nothing is sent.
        form.optionChanged(0, position: 1, "")
        await page.editSaveTapped()
        #expect(page.composer != nil)
        #expect(form.refusal == "Question 1: Write the option.")
        #expect(calls.edits.withLock { $0 }.isEmpty)

        form.optionChanged(0, position: 1, "No")
        await page.editSaveTapped()
        #expect(page.composer == nil)
        #expect(
            calls.edits.withLock { $0 }
                == [PollEdit(kind: .quiz, choice: .single, questions: [form.questions[0]])])
        #expect(page.questions.first?.options.map(\.text) == ["Yes", "No"])
        #expect(page.phase == .draft)
    }

    @Test func cancellingTheFormChangesNothing() async {
        let calls = Calls()
        let page = LivePollModel(client: Self.client(Self.poll(.draft), calls), pollID: "p1")
        await page.appeared()
        page.editTapped()
        page.composer?.questionTextChanged(0, "Tea?")
        page.editCancelled()
        #expect(page.composer == nil)
        #expect(page.questions.first?.text == "Coffee?")
        #expect(calls.edits.withLock { $0 }.isEmpty)
    }

    @Test func deletingAsksFirstThenTheAnswersGoAndThePageSaysSo() async throws {
        let calls = Calls()
        let page = LivePollModel(client: Self.client(Self.poll(.closed), calls), pollID: "p1")
        await page.appeared()
        #expect(!page.canEdit)
        #expect(page.canDelete)

        page.deleteTapped()
        #expect(page.confirmation?.title == "Delete “Coffee?”?")
        #expect(page.confirmation?.confirmTitle == "Delete Poll")
        page.confirmationDismissed()
        #expect(page.confirmation == nil)
        #expect(calls.deletions.withLock { $0 }.isEmpty)

        page.deleteTapped()
        await page.confirmTapped(try #require(page.confirmation?.action))
        #expect(calls.deletions.withLock { $0 } == ["p1"])
        #expect(page.phase == .deleted)
        #expect(page.notice == "Poll deleted.")
        #expect(page.questions.isEmpty)
        #expect(!page.canDelete && !page.canEdit && page.management == nil)
    }

    @Test func whatThePageDoesNotOfferIsRefusedInItsWordsWithoutACall() async {
        let calls = Calls()
        let attendee = LivePollModel(
            client: Self.client(Self.poll(.closed, canManage: false), calls), pollID: "p1")
        await attendee.appeared()
        #expect(!attendee.canEdit && !attendee.canDelete)
        attendee.deleteTapped()
        #expect(attendee.confirmation == nil)
        #expect(
            attendee.banner
                == .failure("Only the event's organizers, and the session's speakers, edit and delete its polls."))
        attendee.editTapped()
        #expect(attendee.composer == nil)

        let open = LivePollModel(client: Self.client(Self.poll(.open), calls), pollID: "p1")
        await open.appeared()
        #expect(!open.canEdit && !open.canDelete)
        open.deleteTapped()
        #expect(open.banner == .failure("Close the poll before deleting it."))
        open.editTapped()
        #expect(open.banner == .failure("Only a draft poll can be edited; this one has opened."))
        #expect(calls.deletions.withLock { $0 }.isEmpty)
        #expect(calls.edits.withLock { $0 }.isEmpty)
    }

    @Test func aDeletionOrAnEditHeardLiveRedrawsThePage() async throws {
        let calls = Calls()
        let page = LivePollModel(client: Self.client(Self.poll(.closed, canManage: false), calls), pollID: "p1")
        await page.appeared()
        let other = PollReference(pollID: "p2", eventID: "e1", sessionID: "s1")
        await page.received(Self.event(.deleted, other))
        #expect(page.phase == .closed)
        await page.received(Self.event(.deleted, PollReference(pollID: "p1", eventID: "e1", sessionID: "s1")))
        #expect(page.phase == .deleted)
        #expect(page.notice == "This poll was deleted.")

        // An edit heard: the draft is read again.
        let current = Locked(Self.poll(.draft))
        var client = AttendeeClient()
        client.poll = { _ in current.withLock { $0 } }
        let reader = LivePollModel(client: client, pollID: "p1")
        await reader.appeared()
        current.withLock { $0 = Self.poll(.draft, text: "Tea?") }
        await reader.received(Self.event(.edited, PollReference(pollID: "p1", eventID: "e1", sessionID: "s1")))
        #expect(reader.questions.first?.text == "Tea?")
    }

    /// A vote on its way when the poll is closed and deleted: the page keeps saying it was deleted when the vote's
    /// refusal lands, rather than showing the poll again.
    @Test func aVoteOnItsWayWhenThePollIsDeletedLeavesThePageDeleted() async throws {
        let gate = Gate(isOpen: false)
        let current = Locked<Poll?>(Self.poll(.open, canManage: false))
        var client = AttendeeClient()
        client.poll = { _ in
            guard let poll = current.withLock({ $0 }) else { throw APIError.http(status: 404, problem: nil) }
            return poll
        }
        client.answerPoll = { _, _ in
            await gate.pass()
            throw APIError.http(status: 409, problem: nil)
        }
        let page = LivePollModel(client: client, pollID: "p1")
        await page.appeared()
        page.optionTapped(questionID: "1", optionID: "1-1")
        #expect(page.canSubmit)
        let voting = Task { await page.submitTapped() }
        await gate.arrived(1)
        current.withLock { $0 = nil }
        await page.received(Self.event(.deleted, PollReference(pollID: "p1", eventID: "e1", sessionID: "s1")))
        await gate.open()
        await voting.value
        #expect(page.phase == .deleted)
        #expect(page.notice == "This poll was deleted.")
        #expect(page.questions.isEmpty)
        #expect(page.showsSubmit == false)
        #expect(page.banner == nil)
    }

    /// A vote that meets a poll already gone (its deletion not heard: the stream paused) says it was deleted, not
    /// that a poll of this id does not exist beside its options.
    @Test func aVoteThatMeetsTheDeletedPollSaysItWasDeleted() async throws {
        var client = AttendeeClient()
        let open = Self.poll(.open, canManage: false)
        client.poll = { _ in open }
        client.answerPoll = { _, _ in throw APIError.http(status: 404, problem: nil) }
        let page = LivePollModel(client: client, pollID: "p1")
        await page.appeared()
        page.optionTapped(questionID: "1", optionID: "1-1")
        await page.submitTapped()
        #expect(page.phase == .deleted)
        #expect(page.notice == "This poll was deleted.")
        #expect(page.showsSubmit == false)
        #expect(page.banner == nil)
    }

    /// Open (or Close) tapped again while the first is on its way sends nothing more: the second would only meet a
    /// 409 and a banner. Meanwhile the button reads as busy and cannot be tapped.
    @Test func openOrCloseTappedTwiceSendsOneCallAndTheButtonReadsBusyMeanwhile() async {
        let gate = Gate(isOpen: false)
        let sent = Locked<[String]>([])
        let current = Locked(Self.poll(.draft))
        var client = AttendeeClient()
        client.poll = { _ in current.withLock { $0 } }
        client.openPoll = { _ in
            sent.withLock { $0.append("open") }
            await gate.pass()
            let changed = current.withLock { poll -> Poll? in
                guard poll.state == .draft else { return nil }
                poll.state = .open
                return poll
            }
            guard let changed else { throw APIError.http(status: 409, problem: nil) }
            return changed
        }
        client.closePoll = { _ in
            sent.withLock { $0.append("close") }
            await gate.pass()
            let changed = current.withLock { poll -> Poll? in
                guard poll.state == .open else { return nil }
                poll.state = .closed
                return poll
            }
            guard let changed else { throw APIError.http(status: 409, problem: nil) }
            return changed
        }
        let page = LivePollModel(client: client, pollID: "p1")
        await page.appeared()
        #expect(page.managementTitle == "Open Poll")
        #expect(page.canTapManagement)

        let first = Task { await page.managementTapped(.open) }
        await gate.arrived(1)
        #expect(page.isChangingState)
        #expect(page.managementTitle == "Opening Poll…")
        #expect(page.canTapManagement == false)
        await page.managementTapped(.open)
        await gate.open()
        await first.value
        #expect(sent.withLock { $0 } == ["open"])
        #expect(page.banner == nil)
        #expect(page.phase == .open)
        #expect(page.isChangingState == false)
        #expect(page.managementTitle == "Close Poll")
        #expect(page.canTapManagement)

        await gate.close()
        let closing = Task { await page.managementTapped(.close) }
        await gate.arrived(2)
        #expect(page.managementTitle == "Closing Poll…")
        await page.managementTapped(.close)
        await gate.open()
        await closing.value
        #expect(sent.withLock { $0 } == ["open", "close"])
        #expect(page.banner == nil)
        #expect(page.phase == .closed)
        #expect(page.managementTitle == nil)
        #expect(page.canTapManagement == false)
    }

    static func event(_ kind: PollReference.Kind, _ reference: PollReference) -> ServerEvent {
        // NB: a reference always encodes.
        let data = String(decoding: (try? AttendeeCoding.encoder().encode(reference)) ?? Data(), as: UTF8.self)
        return ServerEvent(type: kind.rawValue, data: data, lastEventID: "9")
    }

    /// Deleting a poll another of its managers deleted meanwhile meets 404: it is gone, as the person wanted, and
    /// the page says so without a failure.
    @Test func deletingAPollAlreadyGoneSaysItIsDeleted() async throws {
        var client = AttendeeClient()
        let closed = Self.poll(.closed)
        client.poll = { _ in closed }
        client.deletePoll = { _ in throw APIError.http(status: 404, problem: nil) }
        let page = LivePollModel(client: client, pollID: "p1")
        await page.appeared()
        page.deleteTapped()
        await page.confirmTapped(try #require(page.confirmation?.action))
        #expect(page.phase == .deleted)
        #expect(page.notice == "Poll deleted.")
        #expect(page.banner == nil)
    }
}
