import AttendeeCore
import QuartetUI
import SwiftUI

/// My Notes at an event: all or one session's, last edited first; a new note, edit by tapping, delete by swiping.
public struct NotesView: View {
    @State private var model: NotesModel
    private let sessionID: String?

    /// Creates the view over its model; `sessionID` offers the "This Session" filter.
    public init(model: NotesModel, sessionID: String? = nil) {
        _model = State(initialValue: model)
        self.sessionID = sessionID
    }

    /// The view.
    public var body: some View {
        List {
            if let banner = model.banner { BannerLine(banner) }
            if let sessionID {
                Picker(
                    model.filterTitle(model.filter),
                    selection: Binding(
                        get: { model.filter }, set: { filter in Task { await model.filterChosen(filter) } })
                ) {
                    Text(model.filterTitle(.all)).tag(NotesFilter.all)
                    Text(model.filterTitle(.session(id: sessionID))).tag(NotesFilter.session(id: sessionID))
                }
            }
            ForEach(model.rows) { row in
                NavigationLink(value: model.destination(id: row.id)) {
                    VStack(alignment: .leading) {
                        Text(row.preview)
                        Text(row.about).font(.caption)
                        Text(row.time).font(.caption).foregroundStyle(.secondary)
                        if let image = row.imageLabel { Text(image).font(.caption) }
                    }
                }
                .swipeActions {
                    // NB: not the destructive role, which would take the row away before the question is answered.
                    Button(model.deleteTitle) { model.deleteTapped(id: row.id) }.tint(.red)
                }
            }
        }
        .overlay { if model.isBusy { ProgressView() } }
        .overlay { if let empty = model.emptyMessage { Text(empty) } }
        .confirming(
            model.confirmation, confirmed: { await model.confirmTapped($0) }, dismissed: model.confirmationDismissed
        )
        .toolbar {
            NavigationLink(value: model.newNoteDestination) { Text(model.newTitle) }
        }
        .refreshableTask { await model.appeared() }
    }
}

struct NotesView_Previews: PreviewProvider {
    static var previews: some View {
        NavigationStack { NotesView(model: NotesModel(client: AttendeeClient.preview, eventID: "preview")) }
    }
}
