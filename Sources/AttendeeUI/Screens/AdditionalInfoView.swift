import AttendeeCore
import QuartetUI
import SwiftUI

/// Registration → Additional Info: every field, "+ Add More" guests, Later or Submit.
public struct AdditionalInfoView: View {
    @State private var model: AdditionalInfoModel
    @Environment(\.dismiss) private var dismiss

    /// Creates the model over a client.
    public init(model: AdditionalInfoModel) {
        _model = State(initialValue: model)
    }

    /// The view.
    public var body: some View {
        Form {
            ForEach(model.fields, id: \.key) { field in
                Section(field.label) {
                    TextField(
                        field.label,
                        text: Binding(
                            get: { model.answers[field.key] ?? "" }, set: { model.answerChanged(field.key, $0) }))
                    if let error = model.fieldErrors["answers.\(field.key)"] { Text(error).foregroundStyle(.red) }
                }
            }
            Section(AttendeeScreenText.guests) {
                ForEach(Array(model.guests.enumerated()), id: \.offset) { index, guest in
                    TextField(
                        AttendeeScreenText.guestName,
                        text: Binding(
                            get: { guest.name }, set: { model.guestChanged(index, name: $0, email: guest.email) }))
                    TextField(
                        AttendeeScreenText.guestEmail,
                        text: Binding(
                            get: { guest.email }, set: { model.guestChanged(index, name: guest.name, email: $0) }))
                    ForEach(["name", "email"], id: \.self) { part in
                        if let error = model.fieldErrors["guests.\(index).\(part)"] {
                            Text(error).foregroundStyle(.red)
                        }
                    }
                    Button(AttendeeScreenText.removeGuest, role: .destructive) { model.removeGuestTapped(index) }
                }
                Button(model.addGuestTitle) { model.addGuestTapped() }
            }
            if let banner = model.banner { BannerLine(banner) }
            Button(AttendeeScreenText.submit) { Task { await model.submitTapped() } }
                .disabled(!model.isSubmitEnabled)
            if let hint = model.submitHint { Text(hint).font(.footnote).foregroundStyle(.secondary) }
            Button(model.laterTitle) { Task { await model.laterTapped() } }
        }
        .overlay { if model.isBusy { ProgressView() } }
        .onChange(of: model.isFinished) { _, finished in if finished { dismiss() } }
        .navigationTitle(AttendeeScreenText.additionalInfo)
    }
}

struct AdditionalInfoView_Previews: PreviewProvider {
    static var previews: some View {
        NavigationStack {
            AdditionalInfoView(
                model: AdditionalInfoModel(
                    client: AttendeeClient.preview, eventID: "preview",
                    fields: AttendeePreview.event.additionalInfoFields))
        }

    }
}
