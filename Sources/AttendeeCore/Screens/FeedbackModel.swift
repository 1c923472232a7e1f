import AttendeeModels
import Foundation
import Localization
import Observation

/// Feedback on the event, or on a session and each of its speakers: once only.
@Observable @MainActor
public final class FeedbackModel: BusyScreen {
    /// What is being rated.
    public enum Target: Sendable, Hashable {
        case event(id: String)
        case session(id: String, speakers: [PersonReference])
    }

    /// What is rated.
    public let target: Target
    /// The overall rating chosen.
    public private(set) var rating: Int?
    /// Each speaker's rating, by id.
    public private(set) var speakerRatings: [String: Int] = [:]
    /// The comment.
    public private(set) var comment = ""
    /// Whether a call is in flight (the screen shows a spinner).
    public var isBusy: Bool { busy }
    /// The calls on their way, which ``isBusy`` counts.
    var calls = CallsInFlight()
    /// Why the last call failed, or what it did, if anything.
    public internal(set) var banner: Banner?
    /// Once given (or refused as already given) the button stays disabled.
    public private(set) var isAlreadyGiven: Bool
    /// Whether the person may give it: `false` for an event they are not registered for (only its registered
    /// people rate it); the page then says so above a form that takes nothing.
    public private(set) var isRegistered: Bool
    /// How the last submission ended; `nil` before one, and after one that failed (the banner says why).
    public private(set) var outcome: Outcome?
    /// When feedback opens (the event's start, for the event's page); `nil` when the page does not know, and then
    /// the server's refusal says it.
    public let opensAt: Date?

    /// How a submission ended.
    public enum Outcome: Sendable, Hashable {
        /// The server took the feedback (the banner thanks the person).
        case sent
        /// Feedback had already been given, from this device or another (the banner says so).
        case alreadyGiven
    }

    private let client: AttendeeClient
    private let now: @Sendable () -> Date

    /// The speakers' ratings chosen out of range, kept so the refusal names the range rather than a speaker left
    /// unrated.
    private var speakersRatedOutOfRange: Set<String> = []

    /// Creates the model over a client: `alreadyGiven` when the person gave this feedback before, `registered`
    /// `false` for an event they are not registered for, and `opensAt` a moment still ahead on `now` (the event
    /// not started); any of them and the form takes nothing.
    public init(
        client: AttendeeClient, target: Target, alreadyGiven: Bool = false, registered: Bool = true,
        opensAt: Date? = nil, now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.client = client
        self.target = target
        self.isAlreadyGiven = alreadyGiven
        self.isRegistered = registered
        self.opensAt = opensAt
        self.now = now
    }

    /// Whether feedback has opened on the model's clock: what it rates has started (or the page does not know
    /// when it starts, and leaves it to the server).
    public var hasOpened: Bool { opensAt.map { $0 <= now() } ?? true }

    /// Whether the stars and the comment take input: not once feedback is given, nor for a person not
    /// registered, nor before feedback opens (the form shows, disabled, under ``notice``).
    public var isFormEnabled: Bool { isRegistered && !isAlreadyGiven && hasOpened }

    /// What the page says above the form before anything is typed: `Register for this event first.` for a person
    /// not registered, `You already gave feedback.` once given, `Feedback opens when the event starts.` before
    /// it starts; `nil` while the form is open.
    public var notice: String? {
        if !isRegistered { return Strings.text("feedback.registerFirst") }
        // NB: once given on this page, the banner says so (thanks, or already given): no second line.
        if isAlreadyGiven { return outcome == nil ? Strings.text("feedback.already") : nil }
        if !hasOpened { return notStarted }
        return nil
    }

    /// Why feedback is not taken yet, in the words of what is rated.
    private var notStarted: String {
        switch target {
        case .event: Strings.text("feedback.notStarted.event")
        case .session: Strings.text("feedback.notStarted.session")
        }
    }

    /// The speakers to rate (none for the event).
    public var speakers: [PersonReference] {
        if case .session(_, let speakers) = target { return speakers }
        return []
    }

    /// The title of the overall rating's row: what it rates (`This Session`), so it is not taken for one of the
    /// speakers' rows under it.
    public var ratingTitle: String {
        switch target {
        case .event: Strings.text("feedback.ratingTitle.event")
        case .session: Strings.text("feedback.ratingTitle.session")
        }
    }

    /// The header over the speakers' rows, which are titled by name alone.
    public var speakersTitle: String { Strings.text("feedback.speakersTitle") }

    /// The overall rating's five stars, filled up to the rating chosen.
    public var ratingStars: [RatingStar] { RatingStar.row(ratingTitle, rating: rating) }

    /// A speaker's five stars, filled up to the rating chosen for them.
    public func stars(for speaker: PersonReference) -> [RatingStar] {
        RatingStar.row(speaker.name, rating: speakerRatings[speaker.id])
    }

    /// A rating was chosen (out-of-range values clear it).
    public func ratingChosen(_ value: Int) { rating = Rating.range.contains(value) ? value : nil }

    /// A speaker's rating was chosen (out-of-range values clear it, and the refusal then names the range).
    public func speakerRatingChosen(_ speakerID: String, _ value: Int) {
        let inRange = Rating.range.contains(value)
        speakerRatings[speakerID] = inRange ? value : nil
        if inRange || !speakers.contains(where: { $0.id == speakerID }) {
            speakersRatedOutOfRange.remove(speakerID)
        } else {
            speakersRatedOutOfRange.insert(speakerID)
        }
    }

    /// The comment changed.
    public func commentChanged(_ text: String) { comment = text }

    /// Enabled when the session and every speaker are rated, and feedback was not given yet.
    public var isSubmitEnabled: Bool {
        guard isFormEnabled, !isBusy, rating != nil else { return false }
        return speakers.allSatisfy { speakerRatings[$0.id] != nil } && refusal == nil
    }

    /// Why the feedback as chosen so far cannot be sent, in the rule's words (the first rule it breaks: the
    /// rating, a speaker left unrated or rated out of range, the comment's length); `nil` when the rules take it.
    public var refusal: String? {
        switch target {
        case .event:
            return EventFeedback(rating: rating ?? 0, comment: comment).validationError()?.message
        case .session:
            // NB: a rating out of range is kept as 0 here (as the overall one is), so the rule names the range.
            var chosen = speakerRatings
            for id in speakersRatedOutOfRange { chosen[id] = 0 }
            return SessionFeedback(rating: rating ?? 0, speakerRatings: chosen, comment: comment)
                .validationError(speakerIDs: speakers.map(\.id))?.message
        }
    }

    /// "Give Feedback" or "Feedback Given".
    public var submitTitle: String { Strings.text(isAlreadyGiven ? "feedback.given" : "feedback.button") }

    /// Submit was tapped. Before feedback opens a tap that comes anyway (the command line's) sends nothing and
    /// says why.
    public func submitTapped() async {
        if isRegistered, !isAlreadyGiven, !hasOpened {
            banner = .failure(notStarted)
            return
        }
        guard isSubmitEnabled, let rating else { return }
        outcome = nil
        await whileBusy {
            switch target {
            case .event(let id):
                try await client.eventFeedback(id, EventFeedback(rating: rating, comment: comment))
            case .session(let id, _):
                try await client.sessionFeedback(
                    id, SessionFeedback(rating: rating, speakerRatings: speakerRatings, comment: comment))
            }
            isAlreadyGiven = true
            outcome = .sent
            banner = .confirmation(Strings.text("feedback.thanks"))
        } failed: { error in
            if AttendeeFailure.refusal(error) == .notStarted {
                banner = .failure(notStarted)
                return
            }
            // NB: feedback already given (from another device) is not a failure the person can act on.
            if AttendeeFailure.status(error) == 409 {
                isAlreadyGiven = true
                outcome = .alreadyGiven
                banner = .failure(Strings.text("feedback.already"))
            }
        }
    }
}
