import AttendeeModels
import Foundation
import Localization
import Observation

/// My profile: view, edit "About Me" and My Preferences (the tracks and topics that interest the person).
@Observable @MainActor
public final class ProfileModel: BusyScreen {
    /// The profile as last loaded or saved.
    public private(set) var profile: MyProfile?
    /// The name shown.
    public var name: String { profile?.person.name ?? "" }
    /// `Title · Company`.
    public var subtitle: String { profile.map { PersonRow($0.person).subtitle } ?? "" }
    /// The e-mail shown.
    public var email: String { profile?.email ?? "" }
    /// "About Me".
    public var aboutMe: String { profile?.person.aboutMe ?? "" }
    /// Whether the name, job title and company are being edited.
    public private(set) var isEditingDetails = false
    /// The name being edited.
    public private(set) var draftName = ""
    /// The job title being edited.
    public private(set) var draftTitle = ""
    /// The company being edited.
    public private(set) var draftCompany = ""
    /// Whether "About Me" is being edited.
    public private(set) var isEditingAbout = false
    /// The "About Me" text being edited.
    public private(set) var draftAbout = ""
    /// Tracks and topics of interest.
    public var preferences: Preferences { profile?.preferences ?? Preferences() }
    /// Whether My Preferences is being edited.
    public private(set) var isEditingPreferences = false
    /// The tracks being edited, as typed: `Swift, Server`.
    public private(set) var draftTracks = ""
    /// The topics being edited, as typed.
    public private(set) var draftTopics = ""
    /// Whether a call is in flight (the screen shows a spinner).
    public var isBusy: Bool { busy }
    /// The calls on their way, which ``isBusy`` counts.
    var calls = CallsInFlight()
    /// Why the last call failed, or what it did, if anything.
    public internal(set) var banner: Banner?

    private let client: AttendeeClient

    /// Creates the model over a client.
    public init(client: AttendeeClient) {
        self.client = client
    }

    /// The screen appeared: loads what it shows.
    public func appeared() async {
        // NB: not `load`: reading the profile again (pulled, or the page shown again) saved nothing, and said
        // "Saved".
        await whileBusy { profile = try await client.me() }
    }

    /// Whether the profile has loaded (the screen shows its details only then).
    public var hasLoaded: Bool { profile != nil }

    /// The lines of My Preferences: the tracks, then the topics, each line only when it has any.
    public var preferenceLines: [String] {
        [preferences.tracks, preferences.topics].filter { !$0.isEmpty }.map { $0.joined(separator: ", ") }
    }

    /// Edit on the header: the name, job title and company, each in its field.
    public func editDetailsTapped() {
        draftName = name
        draftTitle = profile?.person.title ?? ""
        draftCompany = profile?.person.company ?? ""
        isEditingDetails = true
    }

    /// The name field changed.
    public func nameChanged(_ text: String) { draftName = text }

    /// The job title field changed.
    public func titleChanged(_ text: String) { draftTitle = text }

    /// The company field changed.
    public func companyChanged(_ text: String) { draftCompany = text }

    /// Cancel on the header's fields: nothing is saved.
    public func cancelDetailsTapped() { isEditingDetails = false }

    /// Save on the header's fields: enabled when a field changed and the rules take the fields.
    public var isDetailsSaveEnabled: Bool {
        guard isEditingDetails, !isBusy, detailsUpdate != ProfileUpdate() else { return false }
        return detailsUpdate.validationError() == nil
    }

    /// Save on the header's fields: the fields that changed are sent.
    public func saveDetailsTapped() async {
        guard isDetailsSaveEnabled else { return }
        let update = detailsUpdate
        if await load({ try await self.client.updateMe(update) }) { isEditingDetails = false }
    }

    /// The rule the header's fields break (a name left empty), in the rule's words; `nil` when none.
    public var detailsRefusal: String? {
        isEditingDetails ? detailsUpdate.validationError()?.message : nil
    }

    /// The rule the "About Me" draft breaks (its length), in the rule's words; `nil` when none.
    public var aboutRefusal: String? {
        isEditingAbout ? ProfileUpdate(aboutMe: draftAbout).validationError()?.message : nil
    }

    /// The header's fields that differ from the profile.
    private var detailsUpdate: ProfileUpdate {
        let person = profile?.person
        return ProfileUpdate(
            name: draftName == person?.name ? nil : draftName,
            title: draftTitle == person?.title ? nil : draftTitle,
            company: draftCompany == person?.company ? nil : draftCompany)
    }

    /// Edit was tapped: starts editing "About Me".
    public func editAboutTapped() {
        draftAbout = aboutMe
        isEditingAbout = true
    }

    /// The "About Me" draft changed.
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
        if await load({ try await self.client.updateMe(ProfileUpdate(aboutMe: text)) }) { isEditingAbout = false }
    }

    /// My Preferences changed: saves them.
    @discardableResult
    public func preferencesChanged(tracks: [String], topics: [String]) async -> Bool {
        let preferences = Preferences(tracks: tracks, topics: topics)
        return await load { try await self.client.updateMe(ProfileUpdate(preferences: preferences)) }
    }

    /// Edit on My Preferences: the tracks and topics, each list as one comma-separated line.
    public func editPreferencesTapped() {
        draftTracks = preferences.tracks.joined(separator: ", ")
        draftTopics = preferences.topics.joined(separator: ", ")
        isEditingPreferences = true
    }

    /// The tracks line changed.
    public func tracksChanged(_ text: String) { draftTracks = text }

    /// The topics line changed.
    public func topicsChanged(_ text: String) { draftTopics = text }

    /// Cancel on My Preferences: nothing is saved.
    public func cancelPreferencesTapped() { isEditingPreferences = false }

    /// Save on My Preferences: each line is split at its commas, trimmed, and kept once, in the order typed.
    public func savePreferencesTapped() async {
        guard isEditingPreferences, !isBusy else { return }
        if await preferencesChanged(tracks: Self.items(draftTracks), topics: Self.items(draftTopics)) {
            isEditingPreferences = false
        }
    }

    /// `" Swift, server,,swift "` → `["Swift", "server"]`: the entries of a comma-separated line, blanks dropped
    /// and a repeat (ignoring case) kept once.
    static func items(_ line: String) -> [String] {
        var seen = Set<String>()
        return line.split(separator: ",").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
            .filter { !$0.isEmpty && seen.insert($0.lowercased()).inserted }
    }

    /// Runs `call` and shows the profile it answers; whether it succeeded (else the banner says why).
    @discardableResult
    private func load(_ call: @escaping @MainActor () async throws -> MyProfile) async -> Bool {
        await whileBusy {
            let wasLoaded = hasLoaded
            profile = try await call()
            if wasLoaded { banner = .confirmation(Strings.text("profile.saved")) }
        }
    }
}
