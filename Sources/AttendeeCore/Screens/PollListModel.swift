import AttendeeModels
import Foundation
import Localization
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
    /// Why the last call failed, if it did.
    public internal(set) var banner: Banner?
    /// Whether the person may create polls here (the organizer, a speaker), so the list offers "New poll".
    public private(set) var canCreate = false
    /// The New poll form, while it is open.
    public private(set) var composer: PollComposerModel?
    /// The New poll button's title.
    public var newPollTitle: String { Strings.text("pollForm.new") }

    private let client: AttendeeClient
    private let eventID: String
    private let kind: PollKind?

    /// Creates the list for an event; `kind` keeps only polls or only quizzes.
    public init(client: AttendeeClient, eventID: String, kind: PollKind? = nil) {
        self.client = client
        self.eventID = eventID
        self.kind = kind
    }

    /// The screen appeared: loads the polls, and whether the person may create one.
    public func appeared() async {
        await whileBusy {
            async let details = client.event(eventID)
            let polls = try await client.polls(eventID).filter { kind == nil || $0.kind == kind }
            // NB: "New poll" is extra: when the event cannot be read, the list shows without it.
            canCreate = (try? await details)?.pollScopes != nil
            rows = polls.map { poll in
                PollRow(
                    id: poll.id, title: poll.questions.first?.text ?? "",
                    subtitle: PollFormatting.summary(
                        kind: PollFormatting.kind(poll.kind), state: PollFormatting.state(poll.state),
                        voters: PollFormatting.voters(poll.results.voters)),
                    state: poll.state, kind: poll.kind)
            }
            emptyMessage = rows.isEmpty ? Strings.text(kind == .quiz ? "quiz.none" : "poll.none") : nil
        }
    }

    /// "New poll": the form opens.
    public func newPollTapped() {
        guard canCreate else { return }
        composer = PollComposerModel(client: client, eventID: eventID)
    }

    /// The form's Cancel (or the sheet swiped away).
    public func composerCancelled() { composer = nil }

    /// The form's Create: once the draft is saved the form closes and the list shows it, to open from there.
    public func createTapped() async {
        guard let composer else { return }
        await composer.createTapped()
        guard composer.created != nil else { return }
        self.composer = nil
        await appeared()
    }
}
