import AttendeeCore
import QuartetUI
import SwiftUI

/// The caller's message threads at an event, newest activity first, with unread badges.
public struct ThreadsView: View {
    @State private var model: ThreadsModel

    /// Creates the view over its model.
    public init(model: ThreadsModel) {
        _model = State(initialValue: model)
    }

    /// The view.
    public var body: some View {
        List {
            if let banner = model.banner { BannerLine(banner) }
            ForEach(model.rows) { row in
                NavigationLink(value: AttendeeDestination.conversation(threadID: row.id, name: row.name)) {
                    HStack {
                        VStack(alignment: .leading) {
                            Text(row.name).bold(row.unreadCount > 0)
                            Text(row.preview).foregroundStyle(.secondary).lineLimit(1)
                        }
                        Spacer()
                        VStack(alignment: .trailing) {
                            if let time = row.time { Text(time).font(.caption) }
                            if let badge = row.unreadBadge, let unread = row.unreadLabel {
                                Text(badge).font(.caption.bold()).foregroundStyle(.white)
                                    .padding(.horizontal, 7).padding(.vertical, 2)
                                    .background(Color.accentColor, in: Capsule())
                                    .accessibilityLabel(unread)
                            }
                        }
                    }
                }
            }
        }
        .overlay { if model.isBusy { ProgressView() } }
        .followingLive(
            emptyMessage: model.emptyMessage, load: { await model.appeared() }, listen: { await model.listen() })
    }
}

struct ThreadsView_Previews: PreviewProvider {
    static var previews: some View {
        NavigationStack { ThreadsView(model: ThreadsModel(client: AttendeeClient.preview, eventID: "preview")) }
    }
}
