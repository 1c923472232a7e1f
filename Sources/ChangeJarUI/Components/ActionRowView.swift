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
/// A row's tap opens the action's page (`open`). `reachedEnd`, when given, runs as the last row appears: the
/// list asks for its next page. `delete`, when given (My Actions), makes a row offer Delete on a swipe. `retry`,
/// when given (the list could not be read and has nothing saved), is a Retry button under the banner.
struct ActionRows: View {
    let banner: Banner?
    let emptyMessage: String?
    let rows: [ActionRow]
    let isBusy: Bool
    var reachedEnd: (@MainActor () async -> Void)?
    let open: @MainActor (String) -> Void
    var delete: (@MainActor (String) -> Void)?
    var retry: (@MainActor () async -> Void)?

    var body: some View {
        if let banner { BannerView(banner: banner) }
        if let emptyMessage { Text(emptyMessage).foregroundStyle(.secondary) }
        if let retry {
            Button(ChangeJarScreenText.retry) { Task { await retry() } }.buttonStyle(.bordered).disabled(isBusy)
        }
        ForEach(rows) { row in
            // NB: plain, as a List would draw the whole row in the link colour; the chevron says it opens.
            Button {
                open(row.id)
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
                if let delete { Button(ChangeJarScreenText.delete) { delete(row.id) }.tint(.red) }
            }
            .task {
                if let reachedEnd, row.id == rows.last?.id { await reachedEnd() }
            }
        }
        if isBusy { ProgressView() }
    }
}

extension ActionRows {
    /// The rows of `listing` (All, New, My Actions, Search), each list's banner, empty line, Retry and next page
    /// read from it alike; `isBusy` is the list's own spinner, `delete` My Actions' swipe.
    init(of listing: some ActionListing, isBusy: Bool, delete: (@MainActor (String) -> Void)? = nil) {
        var retry: (@MainActor () async -> Void)?
        if listing.canRetry { retry = { await listing.retryTapped() } }
        self.init(
            banner: listing.banner, emptyMessage: listing.emptyMessage, rows: listing.rows, isBusy: isBusy,
            reachedEnd: { await listing.reachedEnd() }, open: { listing.rowTapped($0) }, delete: delete, retry: retry)
    }
}

extension View {
    /// Pushes the page of the action whose row was tapped in `listing`; Back closes it.
    func actionPages(of listing: some ActionListing) -> some View {
        navigationDestination(
            isPresented: Binding(get: { listing.detail != nil }, set: { if !$0 { listing.detailClosed() } })
        ) {
            if let detail = listing.detail { ActionDetailScreen(model: detail) }
        }
    }
}
