import AttendeeCore
import QuartetUI
import SwiftUI

/// The speakers, and a speaker's profile.
public struct SpeakersView: View {
    @State private var model: SpeakersModel

    /// Creates the model over a client.
    public init(model: SpeakersModel) {
        _model = State(initialValue: model)
    }

    /// The view.
    public var body: some View {
        List {
            if let banner = model.banner, model.profile == nil { BannerLine(banner) }
            ForEach(model.rows) { row in
                PersonRowButton(row: row) { Task { await model.rowTapped(row.id) } }
            }
        }
        .overlay { if model.isBusy { ProgressView() } }
        .presentingSheet(for: model.profile, dismissed: model.backTapped) { profile in
            PersonCard(details: profile.details, about: profile.bio, done: model.backTapped) {
                Section(AttendeeScreenText.speakerSessions) {
                    ForEach(profile.sessions) { Text($0.text) }
                }
                if let account = model.account { SpeakerAccountSection(model: account) }
            }
        }
        .refreshableTask { await model.appeared() }
    }
}

struct SpeakersView_Previews: PreviewProvider {
    static var previews: some View {
        NavigationStack { SpeakersView(model: SpeakersModel(client: AttendeeClient.preview, eventID: "preview")) }
    }
}
