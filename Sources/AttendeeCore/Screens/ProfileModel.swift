import AttendeeModels
import Foundation
import Observation

/// My profile: view, edit "About me", My Preferences, and the link to My Notes (part 2).
@Observable @MainActor
public final class ProfileModel: BusyScreen {
    /// The name shown.
    public private(set) var name = ""
    /// `Title · Company`.
    public private(set) var subtitle = ""
    /// The e-mail shown.
    public private(set) var email = ""
    /// "About me".
    public private(set) var aboutMe = ""
    /// Whether "About me" is being edited.
    public private(set) var isEditingAbout = false
    /// The "About me" text being edited.
    public private(set) var draftAbout = ""
    /// Tracks and topics of interest.
    public private(set) var preferences = Preferences()
    /// The title of the link to My Notes (part 2).
    public let myNotesTitle = Strings.text("profile.myNotes")
    /// Whether a call is in flight (the screen shows a spinner).
    public internal(set) var isBusy = false
    /// The error or confirmation line the screen shows, if any.
    public internal(set) var banner: String?

    private let client: AttendeeClient

    /// Creates the model over a client.
    public init(client: AttendeeClient) {
        self.client = client
    }

    /// The screen appeared: loads what it shows.
    public func appeared() async {
        await load { try await self.client.me() }
    }

    /// Whether the profile has loaded (the screen shows its details only then).
    public var hasLoaded: Bool { !email.isEmpty }

    /// The lines of My Preferences: the tracks, then the topics, each line only when it has any.
    public var preferenceLines: [String] {
        [preferences.tracks, preferences.topics].filter { !$0.isEmpty }.map { $0.joined(separator: ", ") }
    }

    /// Edit was tapped: starts editing "About me".
    public func editAboutTapped() {
        draftAbout = aboutMe
        isEditingAbout = true
    }

    /// The "About me" draft changed.
    public func aboutChanged(_ text: String) { draftAbout = text }

    /// Cancel was tapped: stops editing.
    public func cancelTapped() { isEditingAbout = false }

    /// Save is enabled when the draft differs and fits the limit.
    public var isSaveEnabled: Bool {
        isEditingAbout && !isBusy && draftAbout != aboutMe && draftAbout.count <= ProfileUpdate.aboutMeLimit
    }

    /// Save was tapped.
    public func saveTapped() async {
        guard isSaveEnabled else { return }
        let text = draftAbout
        await load { try await self.client.updateMe(ProfileUpdate(aboutMe: text)) }
        if banner == nil || banner == Strings.text("profile.saved") { isEditingAbout = false }
    }

    /// My Preferences changed: saves them.
    public func preferencesChanged(tracks: [String], topics: [String]) async {
        let preferences = Preferences(tracks: tracks, topics: topics)
        await load { try await self.client.updateMe(ProfileUpdate(preferences: preferences)) }
    }

    private func load(_ call: @escaping @MainActor () async throws -> MyProfile) async {
        await whileBusy {
            let wasLoaded = !email.isEmpty
            let profile = try await call()
            name = profile.person.name
            subtitle = PersonRow(profile.person).subtitle
            email = profile.email
            aboutMe = profile.person.aboutMe
            preferences = profile.preferences
            if wasLoaded { banner = Strings.text("profile.saved") }
        }
    }
}
