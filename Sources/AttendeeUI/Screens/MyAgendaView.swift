import AttendeeCore
import QuartetUI
import SwiftUI

/// My agenda, in order, with the `.ics` export.
public struct MyAgendaView: View {
    @State private var model: MyAgendaModel

    /// Creates the model over a client.
    public init(model: MyAgendaModel) {
        _model = State(initialValue: model)
    }

    /// The view.
    public var body: some View {
        List {
            if let banner = model.banner { BannerLine(banner) }
            ForEach(model.rows) { row in
                NavigationLink(value: AttendeeDestination.session(id: row.id, title: row.title)) {
                    VStack(alignment: .leading) {
                        Text(row.when).font(.caption)
                        Text(row.title)
                        Text(row.room).foregroundStyle(.secondary)
                    }
                }
            }
        }
        .overlay { if model.isBusy { ProgressView() } }
        .overlay { if let empty = model.emptyMessage { Text(empty) } }
        .toolbar {
            if let file = model.exportFile {
                ShareLink(item: file, preview: SharePreview(model.exportFileName))
            }
        }
        .refreshableTask { await model.appeared() }
    }
}

struct MyAgendaView_Previews: PreviewProvider {
    static var previews: some View {
        NavigationStack {
            MyAgendaView(
                model: MyAgendaModel(
                    client: AttendeeClient.preview, eventID: "preview",
                    shareBaseURL: URL(string: "https://quartet.dev")!))
        }
    }
}
