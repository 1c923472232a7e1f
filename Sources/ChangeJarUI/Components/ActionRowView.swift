import ChangeJarCore
import Localization
import QuartetUI
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

/// The line over a screen on a strip tinted by its kind (a notice, such as the saved copy shown, on yellow).
struct BannerView: View {
    let banner: Banner

    var body: some View {
        BannerLine(banner)
            .font(.footnote)
            .frame(maxWidth: .infinity, alignment: .leading)
            .padding(10)
            .background(banner.tint.opacity(0.15), in: RoundedRectangle(cornerRadius: 8))
    }
}

/// The body of a list of actions: its banner, what it says when empty, the rows, and the spinner while it loads.
///
/// `reachedEnd`, when given, runs as the last row appears: the list asks for its next page. `change`, when
/// given (My Actions), makes a row open its edit form on a tap and offer Delete on a swipe.
struct ActionRows: View {
    /// What a tap and a swipe do to one's own action.
    struct Change {
        let edit: @MainActor (String) -> Void
        let delete: @MainActor (String) -> Void
    }

    let banner: Banner?
    let emptyMessage: String?
    let rows: [ActionRow]
    let isBusy: Bool
    var reachedEnd: (@MainActor () async -> Void)?
    var change: Change?

    var body: some View {
        if let banner { BannerView(banner: banner) }
        if let emptyMessage { Text(emptyMessage).foregroundStyle(.secondary) }
        ForEach(rows) { row in
            Group {
                if let change {
                    // NB: plain, as a List would draw the whole row in the link colour; the chevron says it opens.
                    Button {
                        change.edit(row.id)
                    } label: {
                        HStack {
                            ActionRowView(row: row)
                            Spacer()
                            Image(systemName: "chevron.right").foregroundStyle(.secondary).accessibilityHidden(true)
                        }
                    }
                    .buttonStyle(.plain)
                    .swipeActions {
                        // NB: not the destructive role, which would take the row away before the question is answered.
                        Button(ChangeJarScreenText.delete) { change.delete(row.id) }.tint(.red)
                    }
                } else {
                    ActionRowView(row: row)
                }
            }
            .task {
                if let reachedEnd, row.id == rows.last?.id { await reachedEnd() }
            }
        }
        if isBusy { ProgressView() }
    }
}
