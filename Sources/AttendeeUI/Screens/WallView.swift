import AttendeeCore
import AttendeeModels
import QuartetUI
import SwiftUI

/// An event's wall: the composer with its counter, posts newest first with likes and replies, live changes.
public struct WallView: View {
    @State private var model: WallModel

    /// Creates the view over its model.
    public init(model: WallModel) {
        _model = State(initialValue: model)
    }

    public var body: some View {
        List {
            Section {
                PostComposer(
                    placeholder: WallText.placeholder,
                    draft: Binding(get: { model.draft }, set: { model.draftChanged($0) }), composer: model.composer,
                    attachment: model.attachment, sendTitle: WallText.post, canSend: model.canPost,
                    send: { await model.postTapped() })
            }
            if let banner = model.bannerText { BannerLine(.failure(banner)) }
            ForEach(model.rows) { row in
                Section {
                    PostContent(byline: row.byline, text: row.text, image: row.image)
                    // NB: the post's actions share one line; borderless, so each button takes its own taps.
                    HStack(spacing: 16) {
                        Button(row.likeButtonTitle) { Task { await model.likeTapped(postID: row.id) } }
                        Button(WallText.reply) { model.replyTapped(postID: row.id) }
                        if row.canDelete {
                            Button(WallText.delete, role: .destructive) { model.deleteTapped(postID: row.id) }
                        }
                        Spacer()
                        Text(row.likes).font(.caption).foregroundStyle(.secondary)
                    }
                    .buttonStyle(.borderless)
                    if let more = row.moreReplies {
                        Button(more) { Task { await model.moreRepliesTapped(postID: row.id) } }
                            .buttonStyle(.borderless)
                    }
                    ForEach(row.replies) { reply in
                        VStack(alignment: .leading) {
                            Text(reply.byline).font(.caption).foregroundStyle(.secondary)
                            Text(reply.text)
                            if reply.canDelete {
                                Button(WallText.deleteReply, role: .destructive) {
                                    model.deleteReplyTapped(postID: row.id, replyID: reply.id)
                                }
                            }
                        }
                    }
                    if model.replyingTo == row.id {
                        TextField(
                            WallText.replyPlaceholder,
                            text: Binding(get: { model.replyDraft }, set: { model.replyDraftChanged($0) }))
                        ComposerCounter(composer: model.replyComposer)
                        HStack {
                            Button(WallText.sendReply) { Task { await model.sendReplyTapped() } }
                                .disabled(!model.canSendReply)
                            Button(WallText.cancelReply) { model.replyCancelled() }
                        }
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

struct WallView_Previews: PreviewProvider {
    static var previews: some View {
        NavigationStack { WallView(model: WallModel(client: AttendeeClient.preview, eventID: "preview")) }
    }
}
