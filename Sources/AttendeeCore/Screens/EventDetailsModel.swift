import AttendeeModels
import Foundation
import Localization
import Observation

/// A link of the dashboard.
public enum DashboardLink: String, Sendable, Hashable, CaseIterable {
    case attendees, agenda, speakers, myAgenda, feedback, location
    case messages, notes, wall, polls, documents, gallery

    /// The link's title.
    public var title: String { Strings.text("dashboard.link.\(rawValue)") }
}

/// A short session line of the dashboard ("On Now" / "Up Next").
public struct DashboardSession: Sendable, Hashable, Identifiable {
    /// The id of the thing shown.
    public var id: String
    /// The title shown.
    public var title: String
    /// The time shown.
    public var time: String
    /// The room.
    public var room: String
}

/// Event details (the dashboard): info, sessions on now and next while the event runs, the live-poll card,
/// registration, and the links to the other screens.
@Observable @MainActor
public final class EventDetailsModel: BusyScreen {
    /// The name shown, and the page's title: the name the events list showed until the event loads, so the page
    /// is named while it loads or when it cannot.
    public private(set) var name: String
    /// `10–11 Mar 2027`.
    public private(set) var dates = ""
    /// The venue.
    public private(set) var venue = ""
    /// The description.
    public private(set) var summary = ""
    /// Whether the event runs now (then "On Now" and "Up Next" show).
    public private(set) var isOngoing = false
    /// Sessions running now.
    public private(set) var onNow: [DashboardSession] = []
    /// The next sessions to start.
    public private(set) var upNext: [DashboardSession] = []
    /// The live-poll card, while a poll is open.
    public private(set) var livePoll: LivePollCard?
    /// The card's options with their live share of the votes.
    public private(set) var livePollOptions: [PollOptionRow] = []
    /// `12 votes`, under the card.
    public private(set) var livePollVoters: String?
    /// `Results when the quiz closes.`, under an open quiz's card, whose counts are kept from attendees.
    public private(set) var livePollNotice: String?
    /// `Live updates paused.`, once the live stream has given up reconnecting.
    public private(set) var liveNotice: String?
    /// Whether the person is registered.
    public var isRegistered: Bool { registration != nil }
    /// Whether the event is over (as last loaded): nobody new registers for it.
    public private(set) var isOver = false
    /// Whether Register works: not once registered, nor for an event that is over.
    public var isRegisterEnabled: Bool { !isRegistered && !isOver }
    /// `This event is over.` under a Register that does not work for that reason; `nil` otherwise.
    public var registerHint: String? { !isRegistered && isOver ? Strings.text("dashboard.eventOver") : nil }
    /// "Register" or "Registered".
    public var registerButtonTitle: String {
        Strings.text(isRegistered ? "dashboard.registered" : "dashboard.register")
    }
    /// The links to the other screens.
    public let links = DashboardLink.allCases
    /// The person's unread messages at the event, the Messages link's badge (0 when none or not counted).
    public private(set) var unreadMessages = 0
    /// Whether a call is in flight (the screen shows a spinner).
    public var isBusy: Bool { busy }
    /// The calls on their way, which ``isBusy`` counts.
    var calls = CallsInFlight()
    /// Why the last call failed, if it did.
    public internal(set) var banner: Banner?
    /// Set after a successful registration: the Additional Info step to show.
    public private(set) var additionalInfo: AdditionalInfoModel?
    /// The person's registration, as last loaded or made (`nil` when not registered or signed out).
    public private(set) var registration: Registration?
    /// Whether the person already gave feedback on the event, as last loaded.
    public private(set) var feedbackGiven = false

    /// The event, once loaded.
    public private(set) var event: Event?

    private let client: AttendeeClient
    private let eventID: String
    private var resultsOrder = PollResultsOrder()
    private let locale: Locale
    private let now: @Sendable () -> Date

    /// Creates the model over a client; `name` is the event's name as the page that opened it knew it (empty when
    /// it did not); dates and times are written as `locale` writes them, and whether the event is under way or over
    /// is read on `now`.
    public init(
        client: AttendeeClient, eventID: String, name: String = "", locale: Locale = .current,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.client = client
        self.eventID = eventID
        self.name = name
        self.locale = locale
        self.now = now
    }

    /// The screen appeared: loads what it shows, on `now` (the model's clock when `nil`).
    public func appeared(now: Date? = nil) async {
        let now = now ?? self.now()
        await whileBusy {
            let details = try await client.event(eventID)
            let event = details.event
            self.event = event
            let formatter = SessionTimeFormatter(event: event, choice: .event, deviceTimeZone: .current, locale: locale)
            name = event.name
            dates = formatter.dateSpan(from: event.startsAt, to: event.endsAt)
            venue = [event.venue.name, event.venue.address].filter { !$0.isEmpty }.joined(separator: ", ")
            summary = event.summary
            showCard(details.livePoll)
            registration = details.registration
            feedbackGiven = details.feedbackGiven
            await countUnreadMessages()
            isOngoing = event.startsAt <= now && now <= event.endsAt
            isOver = event.endsAt <= now
            if isOngoing {
                let sessions = try await client.agenda(eventID)
                func line(_ session: Session) -> DashboardSession {
                    DashboardSession(
                        id: session.id, title: session.title, time: formatter.timeRange(session),
                        room: session.room ?? "")
                }
                onNow = sessions.filter { $0.startsAt <= now && now < $0.endsAt }.map(line)
                let nextStart = sessions.filter { $0.startsAt > now }.map(\.startsAt).min()
                upNext = sessions.filter { $0.startsAt == nextStart }.map(line)
            } else {
                onNow = []
                upNext = []
            }
        }
    }

    /// Whether a registration is on its way.
    private var registering = false

    /// Registers; on success the person lands on Additional Info. A second tap while the first is on its way
    /// sends nothing.
    public func registerTapped() async {
        // NB: the second registration opened Additional Info again, empty, over the form the person had started.
        guard !registering else { return }
        registering = true
        defer { registering = false }
        await whileBusy {
            let registration = try await client.register(eventID)
            self.registration = registration
            if registration.additionalInfoStatus == .pending { openAdditionalInfo() }
        } failed: { error in
            // NB: by the server's clock, which has the last word (this device's may run behind).
            if AttendeeFailure.refusal(error) == .eventEnded {
                isOver = true
                banner = .failure(Strings.format("register.refused.ended", name))
            }
        }
    }

    /// "Complete Registration", offered to a registered person whose Additional Info is still to do (skipped
    /// with "Later, I haven't decided", or left unanswered); `nil` when there is nothing to complete.
    public var completeRegistrationTitle: String? {
        switch registration?.additionalInfoStatus {
        case .pending?, .later?: Strings.text("dashboard.completeRegistration")
        case .completed?, nil: nil
        }
    }

    /// "Complete Registration" was tapped: Additional Info opens again, empty, for the answers put off. Once it
    /// is complete its answers cannot be changed, and the banner says so.
    public func completeRegistrationTapped() {
        banner = nil
        guard registration != nil else { return }
        guard completeRegistrationTitle != nil else {
            banner = .failure(Strings.text("dashboard.additionalInfoComplete"))
            return
        }
        openAdditionalInfo()
    }

    private func openAdditionalInfo() { additionalInfo = additionalInfoForm() }

    /// The Additional Info form that registering opens (the event's questions, nothing answered), not shown: what
    /// the answers given ahead (the command line's `--field` and `--guest`) are checked on before registering.
    public func additionalInfoForm() -> AdditionalInfoModel {
        AdditionalInfoModel(client: client, eventID: eventID, fields: event?.additionalInfoFields ?? [])
    }

    /// The badge a link shows: the unread messages on Messages; 0 (no badge) elsewhere.
    public func badge(_ link: DashboardLink) -> Int { link == .messages ? unreadMessages : 0 }

    /// Counts the registered person's unread messages at the event.
    private func countUnreadMessages() async {
        guard isRegistered else {
            unreadMessages = 0
            return
        }
        // NB: the badge is extra: when the count cannot be had, the dashboard shows everything else, with no badge.
        let threads = (try? await client.threads(eventID)) ?? []
        unreadMessages = threads.filter { $0.eventID == eventID }.unreadCount
    }

    /// Whether the event has loaded (the screen shows its details only then).
    public var hasLoaded: Bool { event != nil }

    /// The location page the dashboard links to: the venue, its address and coordinates.
    public var location: SessionLocation? {
        guard let venue = event?.venue else { return nil }
        return SessionLocation(venue: venue, room: "")
    }

    /// Where a link of the dashboard goes, with what the dashboard knows: the venue for the location page (`nil`
    /// until loaded), and for Feedback whether it was given already, whether the person is registered and when
    /// the event starts.
    public func destination(_ link: DashboardLink) -> AttendeeDestination? {
        link.destination(
            eventID: eventID, location: location, feedbackGiven: feedbackGiven, registered: isRegistered,
            eventStartsAt: event?.startsAt)
    }

    /// Back from Additional Info (submitted, "later", or closed): the registration shows what the step did.
    public func additionalInfoClosed() {
        if let done = additionalInfo?.registration { registration = done }
        additionalInfo = nil
    }

    /// Keeps the live-poll card live while the screen shows, for a registered person: results redraw as
    /// answers arrive, and a poll opening or closing replaces the card. Returns at once for a person not
    /// registered (the event's stream is its members'), and when the stream ends; the view calls it again each
    /// time ``isRegistered`` changes, so registering on the dashboard starts it.
    public func followLive() async {
        guard isRegistered else { return }
        liveNotice = nil
        do {
            for try await event in client.live(.event(eventID)) {
                // NB: a stream that starts afresh (the first connection) may have missed a poll opening since
                // the event was read.
                if event.startsAfresh {
                    showCard(try await client.event(eventID).livePoll)
                    continue
                }
                guard let kind = PollUpdate.Kind(rawValue: event.type),
                    let update = try? AttendeeCoding.decoder().decode(PollUpdate.self, from: Data(event.data.utf8)),
                    update.sessionID == nil
                else { continue }
                switch kind {
                case .results:
                    guard var card = livePoll, card.id == update.pollID,
                        resultsOrder.admit(pollID: update.pollID, lastEventID: event.lastEventID)
                    else { continue }
                    card.results = update.results
                    showCard(card)
                case .opened, .closed:
                    showCard(try await client.event(eventID).livePoll)
                }
            }
        } catch {
            // NB: not the banner: the dashboard still works without live updates, the card only stops moving.
            liveNotice = Strings.text("live.paused")
        }
    }

    /// Where tapping the live-poll card goes.
    public var livePollDestination: AttendeeDestination? {
        livePoll.map { .poll(id: $0.id) }
    }

    private func showCard(_ card: LivePollCard?) {
        livePoll = card
        livePollVoters = card.map { PollFormatting.voters($0.results.voters) }
        livePollNotice = card?.results.countsHidden == true ? Strings.text("quiz.resultsLater") : nil
        livePollOptions =
            card.map { card in
                PollFormatting.rows(
                    PollQuestion(
                        id: card.results.questions.first?.questionID ?? "1", text: card.question, options: card.options),
                    results: card.results, selected: [], revealCorrect: false)
            } ?? []
    }
}
