import AttendeeCore
import SwiftUI

/// The header: name, job title · company and e-mail with Edit, or the name, title and company fields with Save
/// and Cancel.
struct DetailsSection: View {
    let model: ProfileModel

    var body: some View {
        Section {
            if model.isEditingDetails {
                TextField(
                    AttendeeScreenText.nameField,
                    text: Binding(get: { model.draftName }, set: { model.nameChanged($0) }))
                TextField(
                    AttendeeScreenText.jobTitleField,
                    text: Binding(get: { model.draftTitle }, set: { model.titleChanged($0) }))
                TextField(
                    AttendeeScreenText.companyField,
                    text: Binding(get: { model.draftCompany }, set: { model.companyChanged($0) }))
                if let refusal = model.detailsRefusal { Text(refusal).foregroundStyle(.red) }
                Button(AttendeeScreenText.save) { Task { await model.saveDetailsTapped() } }
                    .disabled(!model.isDetailsSaveEnabled)
                Button(AttendeeScreenText.cancel) { model.cancelDetailsTapped() }
            } else {
                Text(model.name).font(.title2)
                if !model.subtitle.isEmpty { Text(model.subtitle) }
                Text(model.email).foregroundStyle(.secondary)
                Button(AttendeeScreenText.edit) { model.editDetailsTapped() }
                    .accessibilityLabel(AttendeeScreenText.edit(AttendeeScreenText.details))
            }
        }
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
                if let refusal = model.aboutRefusal { Text(refusal).foregroundStyle(.red) }
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
