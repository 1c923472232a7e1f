import AttendeeCore
import QuartetUI
import SwiftUI

/// The part of a speaker's page the event's organizer sees: which account is the speaker, an e-mail field with
/// Link account, and Unlink.
struct SpeakerAccountSection: View {
    let model: SpeakerAccountModel

    var body: some View {
        Section(AttendeeScreenText.speakerAccount) {
            if let banner = model.banner { BannerLine(banner) }
            if !model.status.isEmpty { Text(model.status) }
            TextField(
                AttendeeScreenText.speakerAccountEmail,
                text: Binding(get: { model.email }, set: { model.emailChanged($0) }))
            Button(AttendeeScreenText.speakerAccountLink) { Task { await model.linkTapped() } }
                .disabled(!model.canLink)
            if model.canUnlink {
                Button(AttendeeScreenText.speakerAccountUnlink) { Task { await model.unlinkTapped() } }
            }
            if model.isBusy { ProgressView() }
        }
        .task { await model.appeared() }
    }
}
