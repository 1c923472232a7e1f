import APIClient
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
///
/// ``follow()`` keeps it live while it is shown: a poll that opens or closes changes its row, a deleted one
/// goes, and a poll newly visible to the person (created, for those who see drafts; opened, for everyone) or an
/// edited draft has the list read again, once for a burst of such events. What it shows is always what the REST
/// list would show the person: rows are only ever added by reading that list, never from an event.
///
/// ```swift
/// let list = PollListModel(client: client, eventID: id)
/// await list.appeared()
/// await list.follow()  // until the task is cancelled (the screen went)
/// ```
@Observable @MainActor
public final class PollListModel: BusyScreen {
    /// The rows, oldest first.
    public private(set) var rows: [PollRow] = []
    /// The line shown when there are none.
    public private(set) var emptyMessage: String?
    /// Whether a call is in flight.
    public var isBusy: Bool { busy }
    /// The calls on their way, which ``isBusy`` counts.
    var calls = CallsInFlight()
    /// Why the last call failed, if it did.
    public internal(set) var banner: Banner?
    /// `Live updates paused.`, once the live stream has given up reconnecting (the list still works).
    public private(set) var liveNotice: String?
    /// Whether the person may create polls here (the organizer, a speaker), so the list offers "New Poll".
    public private(set) var canCreate = false
    /// The New poll form, while it is open.
    public private(set) var composer: PollComposerModel?
    /// The New poll button's title.
    public var newPollTitle: String { Strings.text("pollForm.new") }

    private let client: AttendeeClient
    private let eventID: String
    private let kind: PollKind?
    /// The polls shown, as last read and changed live since.
    private var polls: [Poll] = []
    /// Whether the person may see drafts (manages polls here); `true` until the event says otherwise, so a
    /// draft's creation is read rather than missed.
    private var seesDrafts = true
    /// The live changes heard while a read is on its way, applied again once it lands.
    private var heard = HeardWhileReading<PollListChange>()
    /// Which read started last: an older one that lands after it is dropped.
    private var newestRead = NewestRead()
    /// Whether a live event asked for the list to be read again and that read has not started.
    private var readWanted = false
    /// Whether a live re-read is on its way (the events heard meanwhile make one more read after it, not more).
    private var isRereading = false

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
            try await read()
            // NB: "New Poll" is extra: when the event cannot be read, the list shows without it.
            if let details = try? await details {
                canCreate = details.pollScopes != nil
                seesDrafts = canCreate
            } else {
                canCreate = false
            }
        }
    }

    /// Follows the event's live stream until it ends or the task is cancelled (the screen went). A stream
    /// that starts afresh (its first connection, or a reconnect too far behind to replay) has the list read
    /// again; a stream that cannot connect leaves the list as it is, with ``liveNotice`` saying so.
    public func follow() async {
        liveNotice = nil
        await withTaskGroup(of: Void.self) { group in
            do {
                for try await event in client.live(.event(eventID)) {
                    guard received(event) else { continue }
                    readWanted = true
                    guard !isRereading else { continue }
                    isRereading = true
                    group.addTask { await self.rereadWhileWanted() }
                }
            } catch {
                // NB: not the banner: the list still works without live updates, it only stops changing.
                liveNotice = Strings.text("live.paused")
            }
        }
    }

    /// "New Poll": the form opens.
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

    /// A live event arrived: a change the event carries is applied to the row it names; answers whether the
    /// list must be read again (the event says too little: a poll it does not show, an edit, a fresh stream).
    func received(_ event: ServerEvent) -> Bool {
        if event.startsAfresh { return true }
        if let kind = PollReference.Kind(rawValue: event.type) {
            guard
                let reference = try? AttendeeCoding.decoder().decode(
                    PollReference.self, from: Data(event.data.utf8)),
                reference.eventID == eventID
            else { return false }
            let shown = polls.contains { $0.id == reference.pollID }
            switch kind {
            // NB: a draft is its managers' only: for anyone else a new or edited draft reads nothing.
            case .created: return seesDrafts
            case .edited: return shown
            case .deleted:
                apply(.deleted(pollID: reference.pollID))
                return false
            }
        }
        guard let kind = PollUpdate.Kind(rawValue: event.type),
            let update = try? AttendeeCoding.decoder().decode(PollUpdate.self, from: Data(event.data.utf8)),
            update.eventID == eventID, self.kind == nil || self.kind == (update.kind ?? .poll)
        else { return false }
        guard polls.contains(where: { $0.id == update.pollID }) else {
            // NB: a poll the list does not show that opens (or closes) is new to the person; where it goes in
            // the order, and whether they may see it, the list says. An answer to it reads nothing.
            return kind != .results
        }
        apply(.changed(pollID: update.pollID, state: update.state, voters: update.results.voters))
        return false
    }

    /// Reads the list again, quietly, until no live event has asked for it since the last read started.
    private func rereadWhileWanted() async {
        while readWanted {
            readWanted = false
            // NB: a failed re-read keeps what is shown, and says nothing: the list still works, and the next
            // fresh stream (or a pull) reads again.
            try? await read(quietly: true)
        }
        isRereading = false
    }

    /// Reads the polls and shows them, with the live changes heard meanwhile applied again; a read that lands
    /// after a newer one started is dropped (its failure too), and the spinner a dropped one started stays on
    /// until the newest lands, even when that one is a quiet re-read.
    private func read(quietly: Bool = false) async throws {
        let read = newestRead.start(quietly: quietly)
        heard.readStarted()
        defer { heard.readEnded() }
        let polls: [Poll]
        do {
            polls = try await client.polls(eventID).filter { kind == nil || $0.kind == kind }
        } catch {
            guard newestRead.landed(read) else { return }
            throw error
        }
        guard newestRead.landed(read) else { return }
        self.polls = polls
        for change in heard.changes { change.apply(to: &self.polls) }
        derive()
    }

    var isReadingNewest: Bool { newestRead.isLoading }

    /// A live change: applied now, and again after a read on its way lands.
    private func apply(_ change: PollListChange) {
        heard.heard(change)
        change.apply(to: &polls)
        derive()
    }

    private func derive() {
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

/// A change a live event carries whole, for the polls list.
private enum PollListChange {
    /// A poll opened, closed or was answered.
    case changed(pollID: String, state: PollState, voters: Int)
    /// A poll was deleted.
    case deleted(pollID: String)

    /// Leaves the poll it names as the event says (nothing, for a poll not shown).
    func apply(to polls: inout [Poll]) {
        switch self {
        case .changed(let id, let state, let voters):
            guard let index = polls.firstIndex(where: { $0.id == id }) else { return }
            polls[index].state = state
            polls[index].results.voters = voters
        case .deleted(let id):
            polls.removeAll { $0.id == id }
        }
    }
}
