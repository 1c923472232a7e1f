import AttendeeModels
import Foundation
import Observation

/// My profile: view, edit "About me", My Preferences, and the link to My Notes (part 2).
@Observable @MainActor
public final class ProfileModel {
    public private(set) var name = ""
    public private(set) var subtitle = ""
    public private(set) var email = ""
    public private(set) var aboutMe = ""
    public private(set) var isEditingAbout = false
    public private(set) var draftAbout = ""
    public private(set) var preferences = Preferences()
    public let myNotesTitle = Strings.text("profile.myNotes")
    public private(set) var isBusy = false
    public private(set) var banner: String?

    private let client: AttendeeClient

    public init(client: AttendeeClient) {
        self.client = client
    }

    public func appeared() async {
        await load { try await self.client.me() }
    }

    public func editAboutTapped() {
        draftAbout = aboutMe
        isEditingAbout = true
    }

    public func aboutChanged(_ text: String) { draftAbout = text }

    public func cancelTapped() { isEditingAbout = false }

    /// Save is enabled when the draft differs and fits the limit.
    public var isSaveEnabled: Bool {
        isEditingAbout && !isBusy && draftAbout != aboutMe && draftAbout.count <= ProfileUpdate.aboutMeLimit
    }

    public func saveTapped() async {
        guard isSaveEnabled else { return }
        let text = draftAbout
        await load { try await self.client.updateMe(ProfileUpdate(aboutMe: text)) }
        if banner == nil || banner == Strings.text("profile.saved") { isEditingAbout = false }
    }

    public func preferencesChanged(tracks: [String], topics: [String]) async {
        let preferences = Preferences(tracks: tracks, topics: topics)
        await load { try await self.client.updateMe(ProfileUpdate(preferences: preferences)) }
    }

    private func load(_ call: @escaping @MainActor () async throws -> MyProfile) async {
        isBusy = true
        banner = nil
        defer { isBusy = false }
        do {
            let wasLoaded = !email.isEmpty
            let profile = try await call()
            name = profile.person.name
            subtitle = PersonRow(profile.person).subtitle
            email = profile.email
            aboutMe = profile.person.aboutMe
            preferences = profile.preferences
            if wasLoaded { banner = Strings.text("profile.saved") }
        } catch {
            banner = AttendeeFailure.message(error)
        }
    }
}
