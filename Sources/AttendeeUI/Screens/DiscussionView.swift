import AttendeeCore
import AttendeeModels
import QuartetUI
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
                PostComposer(
                    placeholder: WallText.messagePlaceholder,
                    draft: Binding(get: { model.draft }, set: { model.draftChanged($0) }), composer: model.composer,
                    attachment: model.attachment, sendTitle: WallText.send, canSend: model.canSend,
                    send: { await model.sendTapped() })
            }
            if let banner = model.bannerText { BannerLine(.failure(banner)) }
            ForEach(model.rows) { row in
                VStack(alignment: .leading) {
                    PostContent(byline: row.byline, text: row.text, image: row.image)
                    if row.canDelete {
                        Button(WallText.delete, role: .destructive) { model.deleteTapped(messageID: row.id) }
                    }
                }
            }
            if model.canLoadMore {
                Button(WallText.loadMore) { Task { await model.loadMoreTapped() } }
            }
        }
        .overlay { if model.isLoading { ProgressView() } }
        .confirming(model.confirmation, confirmed: model.confirmTapped, dismissed: model.confirmationDismissed)
        .followingLive(
            emptyMessage: model.emptyMessage, load: { await model.appeared() }, listen: { await model.listen() })
    }
}

struct DiscussionView_Previews: PreviewProvider {
    static var previews: some View {
        NavigationStack { DiscussionView(model: DiscussionModel(client: AttendeeClient.preview, sessionID: "s1")) }
    }
}
