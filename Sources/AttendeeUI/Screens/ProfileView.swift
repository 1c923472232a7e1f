import AttendeeCore
import SwiftUI

/// My profile: About me and My Preferences, each with Edit.
public struct ProfileView: View {
    @State private var model: ProfileModel

    /// Creates the model over a client.
    public init(model: ProfileModel) {
        _model = State(initialValue: model)
    }

    /// The view.
    public var body: some View {
        Form {
            if model.hasLoaded {
                Section {
                    Text(model.name).font(.title2)
                    Text(model.subtitle)
                    Text(model.email).foregroundStyle(.secondary)
                }
                AboutMeSection(model: model)
                PreferencesSection(model: model)
            }
            if let banner = model.banner { Text(banner) }
        }
        .task { await model.appeared() }
    }
}

/// About me: the text and Edit, or the editor with Save and Cancel.
struct AboutMeSection: View {
    let model: ProfileModel

    var body: some View {
        Section(AttendeeScreenText.aboutMe) {
            if model.isEditingAbout {
                TextEditor(text: Binding(get: { model.draftAbout }, set: { model.aboutChanged($0) }))
                    .accessibilityLabel(AttendeeScreenText.aboutMe)
                Button(AttendeeScreenText.save) { Task { await model.saveTapped() } }.disabled(!model.isSaveEnabled)
                Button(AttendeeScreenText.cancel) { model.cancelTapped() }
            } else {
                if !model.aboutMe.isEmpty { Text(model.aboutMe) }
                Button(AttendeeScreenText.edit) { model.editAboutTapped() }
                    .accessibilityLabel(AttendeeScreenText.edit(AttendeeScreenText.aboutMe))
            }
        }
    }
}

/// My Preferences: the tracks and topics and Edit, or a line for each with Save and Cancel.
struct PreferencesSection: View {
    let model: ProfileModel

    var body: some View {
        Section(AttendeeScreenText.preferences) {
            if model.isEditingPreferences {
                TextField(
                    AttendeeScreenText.tracks,
                    text: Binding(get: { model.draftTracks }, set: { model.tracksChanged($0) }))
                TextField(
                    AttendeeScreenText.topics,
                    text: Binding(get: { model.draftTopics }, set: { model.topicsChanged($0) }))
                Button(AttendeeScreenText.save) { Task { await model.savePreferencesTapped() } }.disabled(model.isBusy)
                Button(AttendeeScreenText.cancel) { model.cancelPreferencesTapped() }
            } else {
                ForEach(model.preferenceLines, id: \.self) { Text($0) }
                Button(AttendeeScreenText.edit) { model.editPreferencesTapped() }
                    .accessibilityLabel(AttendeeScreenText.edit(AttendeeScreenText.preferences))
            }
        }
    }
}

struct ProfileView_Previews: PreviewProvider {
    static var previews: some View {
        ProfileView(model: ProfileModel(client: AttendeeClient.preview))
    }
}
