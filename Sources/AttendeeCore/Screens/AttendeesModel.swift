import AttendeeModels
import Foundation
import Observation

/// A person's row in a list.
public struct PersonRow: Sendable, Hashable, Identifiable {
    public var id: String
    public var name: String
    /// `iOS Engineer · Tejo Cloud`.
    public var subtitle: String

    init(_ person: Person) {
        id = person.id
        name = person.name
        subtitle = [person.title, person.company].filter { !$0.isEmpty }.joined(separator: " · ")
    }
}

/// Attendee details: the profile with its social icons (shown, inert).
public struct PersonDetails: Sendable, Hashable {
    public var name: String
    public var subtitle: String
    public var aboutMe: String
    /// Icon names by network (`github`, `linkedin`, `link` for anything else); tapping does nothing.
    public var socialIcons: [String]

    init(_ person: Person) {
        name = person.name
        subtitle = PersonRow(person).subtitle
        aboutMe = person.aboutMe
        socialIcons = person.socialLinks.map { link in
            ["twitter", "x", "linkedin", "github", "mastodon", "bluesky"].contains(link.network.lowercased())
                ? link.network.lowercased() : "link"
        }
    }
}

/// Attendees, with a search that filters as you type on name, company and title, ignoring case and accents.
@Observable @MainActor
public final class AttendeesModel {
    public private(set) var rows: [PersonRow] = []
    public private(set) var searchText = ""
    public private(set) var emptyMessage: String?
    public private(set) var isBusy = false
    public private(set) var banner: String?
    public private(set) var selected: PersonDetails?

    private let client: AttendeeClient
    private let eventID: String
    private var people: [Person] = []

    public init(client: AttendeeClient, eventID: String) {
        self.client = client
        self.eventID = eventID
    }

    public func appeared() async {
        isBusy = true
        defer { isBusy = false }
        do {
            people = try await client.attendees(eventID, nil)
            filter()
        } catch {
            banner = AttendeeFailure.message(error)
        }
    }

    public func searchChanged(_ text: String) {
        searchText = text
        filter()
    }

    public func rowTapped(_ id: String) {
        selected = people.first { $0.id == id }.map(PersonDetails.init)
    }

    public func backTapped() { selected = nil }

    /// Folds text the way the server does, so the list and `?search=` agree.
    public static func fold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil).lowercased()
    }

    private func filter() {
        let query = Self.fold(searchText.trimmingCharacters(in: .whitespaces))
        let matching =
            query.isEmpty
            ? people
            : people.filter { person in
                [person.name, person.company, person.title].contains { Self.fold($0).contains(query) }
            }
        rows = matching.map(PersonRow.init)
        emptyMessage = rows.isEmpty && !query.isEmpty ? Strings.format("attendees.empty", searchText) : nil
    }
}
