import AttendeeModels
import Foundation
import Localization
import Observation

/// The event's speakers, and a speaker's profile (bio, sessions, social links shown inert).
@Observable @MainActor
public final class SpeakersModel: BusyScreen {
    /// A speaker's profile page.
    public struct Profile: Sendable, Hashable {
        /// The profile header.
        public var details: PersonDetails
        /// The biography.
        public var bio: String
        /// The sessions they speak at, in the programme's order.
        public var sessions: [SessionLine]
        /// The server's profile behind the page.
        public var source: SpeakerProfile
    }

    /// One of a speaker's sessions.
    public struct SessionLine: Sendable, Hashable, Identifiable {
        /// The session's id.
        public var id: String
        /// `Wed 10 Mar, 10:30 – 11:15 · Title`.
        public var text: String
    }

    /// The rows shown, in order.
    public private(set) var rows: [PersonRow] = []
    /// The speakers behind the rows, in their order.
    public private(set) var people: [Person] = []
    /// The profile shown, when one is open.
    public private(set) var profile: Profile?
    /// The open profile's account section, for the event's organizer alone (`nil` for everyone else).
    public private(set) var account: SpeakerAccountModel?
    /// Whether a call is in flight (the screen shows a spinner).
    public var isBusy: Bool { busy }
    /// The calls on their way, which ``isBusy`` counts.
    var calls = CallsInFlight()
    /// Why the last call failed, if it did.
    public internal(set) var banner: Banner?

    private let client: AttendeeClient
    private let eventID: String
    private let locale: Locale
    /// The speaker tapped last, whose page is on its way; `nil` after Back.
    private var tapped = LastTapped()

    /// Creates the model over a client; a speaker's session times are written as `locale` writes them.
    public init(client: AttendeeClient, eventID: String, locale: Locale = .current) {
        self.client = client
        self.eventID = eventID
        self.locale = locale
    }

    /// The screen appeared: loads what it shows.
    public func appeared() async {
        await whileBusy {
            people = try await client.speakers(eventID)
            rows = people.map(PersonRow.init)
        }
    }

    /// A row was tapped: opens its details.
    public func rowTapped(_ id: String) async {
        let tap = tapped.tapped()
        await whileBusy {
            async let fetched = client.speaker(eventID, id)
            async let details = client.event(eventID)
            let speaker = try await fetched
            let event = try await details
            // NB: a row tapped since (or Back) wins: an earlier tap's late answer showed the wrong speaker.
            guard tapped.landed(tap) else { return }
            let formatter = SessionTimeFormatter(
                event: event.event, choice: .event, deviceTimeZone: .current, locale: locale)
            account =
                event.callerOrganizes
                ? SpeakerAccountModel(client: client, eventID: eventID, speakerID: speaker.speaker.id) : nil
            profile = Profile(
                details: PersonDetails(speaker.speaker), bio: speaker.speaker.aboutMe,
                sessions: speaker.sessions.map {
                    SessionLine(id: $0.id, text: "\(formatter.dayAndTime($0)) · \($0.title)")
                }, source: speaker)
        }
    }

    /// Back from the page shown above this screen.
    public func backTapped() {
        tapped.forget()
        profile = nil
        account = nil
    }
}
