import AttendeeCore
import QuartetUI
import SwiftUI

/// An event's polls and quizzes, oldest first, each opening its poll: open ones to answer, closed ones with
/// their results; organizers and speakers create new ones here. While shown it follows the event live.
public struct PollListView: View {
    @State private var model: PollListModel

    /// Creates the view over its model.
    public init(model: PollListModel) {
        _model = State(initialValue: model)
    }

    public var body: some View {
        List {
            if let banner = model.banner { BannerLine(banner) }
            if let notice = model.liveNotice { Text(notice).font(.caption) }
            ForEach(model.rows) { row in
                NavigationLink(value: AttendeeDestination.poll(id: row.id)) {
                    VStack(alignment: .leading) {
                        Text(row.title)
                        Text(row.subtitle).font(.caption).foregroundStyle(.secondary)
                    }
                }
            }
            if let empty = model.emptyMessage { Text(empty).foregroundStyle(.secondary) }
        }
        .overlay { if model.isBusy && model.rows.isEmpty { ProgressView() } }
        .toolbar {
            if model.canCreate {
                Button(model.newPollTitle, systemImage: "plus") { model.newPollTapped() }
            }
        }
        .pollForm(model.composer, create: { await model.createTapped() }, cancel: model.composerCancelled)
        .refreshable { await model.appeared() }
        // NB: one task: it is cancelled when the list goes, which ends the live stream with it.
        .task {
            await model.appeared()
            await model.follow()
        }
    }
}

struct PollListView_Previews: PreviewProvider {
    static var previews: some View {
        NavigationStack { PollListView(model: PollListModel(client: AttendeeClient.preview, eventID: "preview")) }
    }
}
