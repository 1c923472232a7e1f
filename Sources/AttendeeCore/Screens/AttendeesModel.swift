import AttendeeModels
import Foundation
import Localization
import Observation

/// A person's row in a list.
public struct PersonRow: Sendable, Hashable, Identifiable {
    /// The id of the thing shown.
    public var id: String
    /// The name shown.
    public var name: String
    /// `iOS Engineer · Tejo Cloud`.
    public var subtitle: String

    /// The row of `person`: its id, its name, and its title and company joined by a middle dot (either left out
    /// when empty).
    public init(_ person: Person) {
        id = person.id
        name = person.name
        subtitle = [person.title, person.company].filter { !$0.isEmpty }.joined(separator: " · ")
    }
}

/// Attendee details: the profile with its social icons (shown, inert).
public struct PersonDetails: Sendable, Hashable {
    /// The name shown.
    public var name: String
    /// `Title · Company`.
    public var subtitle: String
    /// "About Me".
    public var aboutMe: String
    /// The person's links, in their order (the command line prints them).
    public var socialLinks: [SocialLink]
    /// The links as the card shows them, each named (`GitHub`, `Website`) beside its symbol; tapping does
    /// nothing.
    public var socialItems: [SocialItem] { socialLinks.map(SocialItem.init) }

    /// The details of `person`, as the screen shows them.
    public init(_ person: Person) {
        name = person.name
        subtitle = PersonRow(person).subtitle
        aboutMe = person.aboutMe
        socialLinks = person.socialLinks
    }
}

/// One of a person's links on their card: the network's name and a symbol, shown, inert.
public struct SocialItem: Sendable, Hashable {
    /// `GitHub`, `LinkedIn`, `Website`; a network the app does not know is named as the person wrote it.
    public var name: String
    /// The SF Symbol beside it: a profile for a social network, a link for anything else.
    public var symbol: String

    /// The networks the app names, and whether each is a profile on a social network.
    static let known = [
        "twitter": true, "x": true, "linkedin": true, "github": true, "mastodon": true, "bluesky": true,
        "website": false,
    ]

    /// How the card shows `link`.
    public init(_ link: SocialLink) {
        let network = link.network.lowercased()
        if let isProfile = Self.known[network] {
            name = Strings.text("social." + network)
            symbol = isProfile ? "person.crop.circle" : "link"
        } else {
            name = link.network
            symbol = "link"
        }
    }
}

/// Attendees, with a search that filters as you type on name, company and title, ignoring case and accents.
@Observable @MainActor
public final class AttendeesModel: BusyScreen {
    /// The rows shown, in order.
    public private(set) var rows: [PersonRow] = []
    /// The search as typed.
    public private(set) var searchText = ""
    /// What an empty list says, if anything.
    public private(set) var emptyMessage: String?
    /// Whether a call is in flight (the screen shows a spinner).
    public var isBusy: Bool { busy }
    /// The calls on their way, which ``isBusy`` counts.
    var calls = CallsInFlight()
    /// Why the last call failed, if it did.
    public internal(set) var banner: Banner?
    /// The attendee whose details are open.
    public var selected: PersonDetails? { selectedPerson.map(PersonDetails.init) }

    private let client: AttendeeClient
    private let eventID: String
    private let personID: String?
    private var people: [Person] = []
    /// The people behind the rows, in their order.
    public private(set) var shownPeople: [Person] = []

    // MARK: Messages (issue 13)
    /// The conversation the details' Message button opened, while it is shown.
    public private(set) var conversation: ConversationModel?
    private var selectedID: String?

    /// Whether the open details offer "Message": not on the person's own card (nobody messages themselves, and
    /// the server refuses it).
    public var canMessage: Bool { selectedID != nil && selectedID != personID }

    /// "Message" was tapped on the open details: opens the conversation with them, asking nothing of the server
    /// (nothing on the person's own card, which does not offer it). The conversation shows the thread the caller
    /// already has with them; otherwise its first message starts one, so opening it and going back leaves no
    /// empty thread in either inbox.
    public func messageTapped() {
        guard canMessage, let person = selectedPerson else { return }
        banner = nil
        selectedID = nil
        conversation = ConversationModel(
            client: client, eventID: eventID, person: PersonReference(id: person.id, name: person.name),
            locale: locale)
    }

    /// Back from the conversation the Message button opened.
    public func conversationClosed() { conversation = nil }

    private let locale: Locale

    /// Creates the model over a client; `personID` is the person looking, whose own card offers no "Message"; the
    /// conversation it opens writes times as `locale` writes them.
    public init(client: AttendeeClient, eventID: String, personID: String? = nil, locale: Locale = .current) {
        self.client = client
        self.eventID = eventID
        self.personID = personID
        self.locale = locale
    }

    /// The screen appeared: loads what it shows.
    public func appeared() async {
        await whileBusy {
            people = try await client.attendees(eventID, nil)
            filter()
        }
    }

    /// The search text changed: filters at once.
    public func searchChanged(_ text: String) {
        searchText = text
        filter()
    }

    /// A row was tapped: opens its details.
    public func rowTapped(_ id: String) {
        selectedID = people.contains { $0.id == id } ? id : nil
    }

    /// The person whose details are open.
    public var selectedPerson: Person? { selectedID.flatMap { id in people.first { $0.id == id } } }

    /// Back from the page shown above this screen.
    public func backTapped() {
        selectedID = nil
    }

    private func filter() {
        let query = SearchFolding.fold(searchText.trimmingCharacters(in: .whitespaces))
        let matching =
            query.isEmpty
            ? people
            : people.filter { person in
                [person.name, person.company, person.title].contains { SearchFolding.fold($0).contains(query) }
            }
        shownPeople = matching
        rows = matching.map(PersonRow.init)
        emptyMessage = rows.isEmpty && !query.isEmpty ? Strings.format("attendees.empty", searchText) : nil
    }
}
