import AttendeeCore
import QuartetUI
import SwiftUI

/// Attendees with search-as-you-type, and an attendee's card (links shown, inert; Message, but not on one's own).
public struct AttendeesView: View {
    @State private var model: AttendeesModel

    /// Creates the model over a client.
    public init(model: AttendeesModel) {
        _model = State(initialValue: model)
    }

    /// The view.
    public var body: some View {
        List {
            if let banner = model.banner, model.selected == nil { BannerLine(banner) }
            ForEach(model.rows) { row in
                PersonRowButton(row: row) { model.rowTapped(row.id) }
            }
        }
        .overlay { if model.isBusy { ProgressView() } }
        .overlay { if let empty = model.emptyMessage { Text(empty) } }
        .searchable(text: Binding(get: { model.searchText }, set: { model.searchChanged($0) }))
        .presentingSheet(for: model.selected, dismissed: model.backTapped) { person in
            PersonCard(details: person, about: person.aboutMe, done: model.backTapped) {
                if model.canMessage {
                    Button(AttendeeScreenText.messageAction) { model.messageTapped() }
                }
                if let banner = model.banner { BannerLine(banner) }
            }
        }
        .navigationDestination(
            isPresented: Binding(get: { model.conversation != nil }, set: { if !$0 { model.conversationClosed() } })
        ) {
            if let conversation = model.conversation { ConversationView(model: conversation) }
        }
        .refreshableTask { await model.appeared() }
    }
}

struct AttendeesView_Previews: PreviewProvider {
    static var previews: some View {
        NavigationStack { AttendeesView(model: AttendeesModel(client: AttendeeClient.preview, eventID: "preview")) }
    }
}
