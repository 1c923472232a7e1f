import ChangeJarCore
import SwiftUI

/// One action in a list: title, text, who and when, all formatted by the core.
struct ActionRowView: View {
    let row: ActionRow

    var body: some View {
        VStack(alignment: .leading, spacing: 4) {
            Text(row.title).font(.headline)
            Text(row.content).font(.body).lineLimit(3)
            Text(row.bylineAndDate).font(.caption).foregroundStyle(.secondary)
        }
        .padding(.vertical, 4)
    }
}

/// A message over a screen (offline, failure, confirmation).
struct BannerView: View {
    let text: String

    var body: some View {
        Text(text)
            .font(.footnote)
            .frame(maxWidth: .infinity, alignment: .leading)
            .padding(10)
            .background(.yellow.opacity(0.25), in: RoundedRectangle(cornerRadius: 8))
    }
}

/// The body of a list of actions: its banner, what it says when empty, the rows, and the spinner while it loads.
///
/// `reachedEnd`, when given, runs as the last row appears: the list asks for its next page.
struct ActionRows: View {
    let banner: String?
    let emptyMessage: String?
    let rows: [ActionRow]
    let isBusy: Bool
    var reachedEnd: (@MainActor () async -> Void)?

    var body: some View {
        if let banner { BannerView(text: banner) }
        if let emptyMessage { Text(emptyMessage).foregroundStyle(.secondary) }
        ForEach(rows) { row in
            ActionRowView(row: row)
                .task {
                    if let reachedEnd, row.id == rows.last?.id { await reachedEnd() }
                }
        }
        if isBusy { ProgressView() }
    }
}
