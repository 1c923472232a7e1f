import AttendeeCore
import SwiftUI

/// The header: name, job title · company and e-mail with Edit, or the name, title and company fields.
struct DetailsSection: View {
    let model: ProfileModel

    var body: some View {
        EditableSection(
            header: nil, editing: AttendeeScreenText.details, isEditing: model.isEditingDetails,
            refusal: model.detailsRefusal, canSave: model.isDetailsSaveEnabled, edit: model.editDetailsTapped,
            save: model.saveDetailsTapped, cancel: model.cancelDetailsTapped
        ) {
            TextField(
                AttendeeScreenText.nameField, text: Binding(get: { model.draftName }, set: { model.nameChanged($0) }))
            TextField(
                AttendeeScreenText.jobTitleField,
                text: Binding(get: { model.draftTitle }, set: { model.titleChanged($0) }))
            TextField(
                AttendeeScreenText.companyField,
                text: Binding(get: { model.draftCompany }, set: { model.companyChanged($0) }))
        } shown: {
            Text(model.name).font(.title2)
            if !model.subtitle.isEmpty { Text(model.subtitle) }
            Text(model.email).foregroundStyle(.secondary)
        }
    }
}

/// About me: the text with Edit, or the editor.
struct AboutMeSection: View {
    let model: ProfileModel

    var body: some View {
        EditableSection(
            header: AttendeeScreenText.aboutMe, editing: AttendeeScreenText.aboutMe, isEditing: model.isEditingAbout,
            refusal: model.aboutRefusal, canSave: model.isSaveEnabled, edit: model.editAboutTapped,
            save: model.saveTapped, cancel: model.cancelTapped
        ) {
            TextEditor(text: Binding(get: { model.draftAbout }, set: { model.aboutChanged($0) }))
                .accessibilityLabel(AttendeeScreenText.aboutMe)
        } shown: {
            if !model.aboutMe.isEmpty { Text(model.aboutMe) }
        }
    }
}

/// My Preferences: the tracks and topics with Edit, or a line for each.
struct PreferencesSection: View {
    let model: ProfileModel

    var body: some View {
        EditableSection(
            header: AttendeeScreenText.preferences, editing: AttendeeScreenText.preferences,
            isEditing: model.isEditingPreferences, refusal: nil, canSave: !model.isBusy,
            edit: model.editPreferencesTapped, save: model.savePreferencesTapped, cancel: model.cancelPreferencesTapped
        ) {
            TextField(
                AttendeeScreenText.tracks, text: Binding(get: { model.draftTracks }, set: { model.tracksChanged($0) }))
            TextField(
                AttendeeScreenText.topics, text: Binding(get: { model.draftTopics }, set: { model.topicsChanged($0) }))
        } shown: {
            ForEach(model.preferenceLines, id: \.self) { Text($0) }
        }
    }
}
