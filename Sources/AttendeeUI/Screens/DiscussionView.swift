import AttendeeCore
import AttendeeModels
import SwiftUI

/// A session's discussion: messages newest first, the composer with its counter, live messages.
public struct DiscussionView: View {
    @State private var model: DiscussionModel

    /// Creates the view over its model.
    public init(model: DiscussionModel) {
        _model = State(initialValue: model)
    }

    public var body: some View {
        List {
            Section {
                TextField(
                    WallText.messagePlaceholder, text: Binding(get: { model.draft }, set: { model.draftChanged($0) }),
                    axis: .vertical)
                Text(model.composer.counter).font(.caption)
                    .foregroundStyle(model.composer.isOverLimit ? .red : .secondary)
                if let problem = model.composer.message { Text(problem).foregroundStyle(.red) }
                PhotoAttachmentControls(attachment: model.attachment)
                Button(WallText.send) { Task { await model.sendTapped() } }.disabled(!model.canSend)
            }
            if let banner = model.bannerText { Text(banner).foregroundStyle(.red) }
            ForEach(model.rows) { row in
                VStack(alignment: .leading) {
                    Text(row.byline).font(.caption).foregroundStyle(.secondary)
                    if !row.text.isEmpty { Text(row.text) }
                    if let image = row.image { RowImageView(image: image) }
                    if row.canDelete {
                        Button(WallText.delete, role: .destructive) {
                            Task { await model.deleteTapped(messageID: row.id) }
                        }
                    }
                }
            }
            if model.canLoadMore {
                Button(WallText.loadMore) { Task { await model.loadMoreTapped() } }
            }
        }
        .overlay { if let empty = model.emptyMessage { Text(empty) } }
        .refreshable { await model.appeared() }
        .task {
            await model.appeared()
            await model.listen()
        }
    }
}

struct DiscussionView_Previews: PreviewProvider {
    static var previews: some View {
        NavigationStack { DiscussionView(model: DiscussionModel(client: PreviewClient.client, sessionID: "s1")) }
    }
}
