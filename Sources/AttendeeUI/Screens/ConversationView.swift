import AttendeeCore
import QuartetUI
import SwiftUI

/// One conversation: the messages oldest first under a row that loads older ones, the message box, retry on a
/// message that did not go.
public struct ConversationView: View {
    @State private var model: ConversationModel

    /// Creates the view over its model.
    public init(model: ConversationModel) {
        _model = State(initialValue: model)
    }

    /// The view.
    public var body: some View {
        List {
            if let banner = model.banner { BannerLine(banner) }
            if let older = model.olderTitle {
                Button(older) { Task { await model.loadOlderTapped() } }.disabled(model.older == .loading)
            }
            ForEach(model.rows) { row in
                MessageBubble(row: row, retryTitle: model.retryTitle) { Task { await model.retryTapped(id: row.id) } }
                    .frame(maxWidth: .infinity, alignment: row.isMine ? .trailing : .leading)
            }
            Section {
                TextField(
                    model.placeholder, text: Binding(get: { model.draft }, set: { model.draftChanged($0) }),
                    axis: .vertical)
                if let problem = model.draftProblem { Text(problem.messageText).foregroundStyle(.red) }
                PhotoAttachmentControls(attachment: model.attachment)
                Button(model.sendTitle) { Task { await model.sendTapped() } }.disabled(!model.isSendEnabled)
            }
        }
        .overlay { if model.isBusy { ProgressView() } }
        .navigationTitle(model.title)
        .task(id: model.threadID) { await model.opened() }
    }
}

/// One message: the caller's tinted, the other person's plain, read by VoiceOver as one element that says who
/// wrote what; Retry under a message that did not go.
struct MessageBubble: View {
    let row: MessageRow
    let retryTitle: String
    let retry: @MainActor () -> Void

    var body: some View {
        VStack(alignment: row.isMine ? .trailing : .leading, spacing: 4) {
            VStack(alignment: row.isMine ? .trailing : .leading, spacing: 4) {
                if !row.text.isEmpty { Text(row.text) }
                if let image = row.image { RowImageView(image: image) }
                if let time = row.time { Text(time).font(.caption).foregroundStyle(.secondary) }
                if let delivery = row.deliveryLabel { Text(delivery).font(.caption) }
            }
            .padding(8)
            .background(
                row.isMine ? Color.accentColor.opacity(0.18) : Color.gray.opacity(0.12),
                in: RoundedRectangle(cornerRadius: 12)
            )
            .accessibilityElement(children: .combine)
            .accessibilityLabel(row.accessibilityLabel)
            if row.delivery == .failed { Button(retryTitle, action: retry) }
        }
    }
}

struct ConversationView_Previews: PreviewProvider {
    static var previews: some View {
        NavigationStack { ConversationView(model: ConversationModel(client: AttendeeClient.preview, threadID: "t1")) }
    }
}
