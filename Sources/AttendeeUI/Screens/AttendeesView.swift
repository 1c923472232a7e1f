import AttendeeCore
import QuartetUI
import SwiftUI

/// Attendees with search-as-you-type, and an attendee's details (social icons shown, inert).
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
                VStack(alignment: .leading) {
                    Text(row.name)
                    Text(row.subtitle).font(.caption).foregroundStyle(.secondary)
                }
                .onTapGesture { model.rowTapped(row.id) }
            }
        }
        .overlay { if model.isBusy { ProgressView() } }
        .overlay { if let empty = model.emptyMessage { Text(empty) } }
        .searchable(text: Binding(get: { model.searchText }, set: { model.searchChanged($0) }))
        .sheet(isPresented: Binding(get: { model.selected != nil }, set: { if !$0 { model.backTapped() } })) {
            if let person = model.selected {
                VStack(spacing: 12) {
                    PersonHeader(details: person)
                    Text(person.aboutMe)
                    Button(AttendeeScreenText.messageAction) { Task { await model.messageTapped() } }
                    if let banner = model.banner { BannerLine(banner) }
                }
                .padding()
            }
        }
        .navigationDestination(
            isPresented: Binding(get: { model.openedThreadID != nil }, set: { if !$0 { model.conversationClosed() } })
        ) {
            if let conversation = model.conversation { ConversationView(model: conversation) }
        }
        .task { await model.appeared() }
    }
}

struct AttendeesView_Previews: PreviewProvider {
    static var previews: some View {
        NavigationStack { AttendeesView(model: AttendeesModel(client: AttendeeClient.preview, eventID: "preview")) }
    }
}
