import AttendeeCore
import SwiftUI

/// A section of the profile: what it shows with Edit (labelled `Edit <editing>`), or its fields, the rule they
/// break, Save and Cancel.
struct EditableSection<Fields: View, Shown: View>: View {
    let header: String?
    let editing: String
    let isEditing: Bool
    let refusal: String?
    let canSave: Bool
    let edit: @MainActor () -> Void
    let save: @MainActor () async -> Void
    let cancel: @MainActor () -> Void
    @ViewBuilder let fields: () -> Fields
    @ViewBuilder let shown: () -> Shown

    var body: some View {
        Section {
            if isEditing {
                fields()
                if let refusal { Text(refusal).foregroundStyle(.red) }
                Button(AttendeeScreenText.save) { Task { await save() } }.disabled(!canSave)
                Button(AttendeeScreenText.cancel) { cancel() }
            } else {
                shown()
                Button(AttendeeScreenText.edit) { edit() }.accessibilityLabel(AttendeeScreenText.edit(editing))
            }
        } header: {
            if let header { Text(header) }
        }
    }
}
