import AttendeeCore
import SwiftUI

/// My profile: About me (editable), preferences, the link to My Notes.
public struct ProfileView: View {
    @State private var model: ProfileModel

    /// Creates the model over a client.
    public init(model: ProfileModel) {
        _model = State(initialValue: model)
    }

    /// The view.
    public var body: some View {
        Form {
            Section {
                Text(model.name).font(.title2)
                Text(model.subtitle)
                Text(model.email).foregroundStyle(.secondary)
            }
            Section(AttendeeScreenText.aboutMe) {
                if model.isEditingAbout {
                    TextEditor(text: Binding(get: { model.draftAbout }, set: { model.aboutChanged($0) }))
                        .accessibilityLabel(AttendeeScreenText.aboutMe)
                    Button(AttendeeScreenText.save) { Task { await model.saveTapped() } }.disabled(
                        !model.isSaveEnabled)
                    Button(AttendeeScreenText.cancel) { model.cancelTapped() }
                } else {
                    Text(model.aboutMe)
                    Button(AttendeeScreenText.edit) { model.editAboutTapped() }
                }
            }
            Section(AttendeeScreenText.preferences) {
                Text(model.preferences.tracks.joined(separator: ", "))
                Text(model.preferences.topics.joined(separator: ", "))
            }
            Section { Text(model.myNotesTitle) }
            if let banner = model.banner { Text(banner) }
        }
        .task { await model.appeared() }
    }
}

struct ProfileView_Previews: PreviewProvider {
    static var previews: some View {
        ProfileView(model: ProfileModel(client: PreviewClient.client))
    }
}
