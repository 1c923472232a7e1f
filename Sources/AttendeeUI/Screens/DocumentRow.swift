import AttendeeCore
import QuartetUI
import SwiftUI

/// One document of a list: its name, type and size, and its Download, Share and (for who may) Remove buttons.
struct DocumentRow: View {
    let model: DocumentsModel
    let row: DocumentsModel.Row

    var body: some View {
        VStack(alignment: .leading) {
            Text(row.title)
            Text(row.detail).font(.caption).foregroundStyle(.secondary)
            HStack {
                Button(model.downloadTitle) { Task { await model.downloadTapped(row.id) } }
                Button(model.shareTitle) { Task { await model.shareTapped(row.id) } }
                if row.canRemove {
                    Button(model.removeTitle, role: .destructive) { model.removeTapped(row.id) }
                }
            }
        }
    }
}

/// A page shown in a sheet: its title, its content, and Done.
struct SheetPage<Content: View>: View {
    let title: String
    let doneTitle: String
    let done: @MainActor () -> Void
    @ViewBuilder let content: () -> Content

    var body: some View {
        NavigationStack {
            content()
                .navigationTitle(title)
                .toolbar { Button(doneTitle, action: done) }
        }
    }
}

/// A sheet that offers one thing to the system's share sheet (a link, a downloaded file): what it is, the offer,
/// and Done.
struct OfferSheet<Offer: View>: View {
    let title: String
    let text: String
    let doneTitle: String
    let done: @MainActor () -> Void
    @ViewBuilder let offer: () -> Offer

    var body: some View {
        SheetPage(title: title, doneTitle: doneTitle, done: done) {
            List {
                Text(text)
                offer()
            }
        }
    }
}

extension View {
    /// Offers a file's share link in a sheet while `share` is set; Done (or swiping it away) calls `dismissed`.
    func shareSheet(
        _ share: MediaShare?, title: String, doneTitle: String, dismissed: @escaping @MainActor () -> Void
    ) -> some View {
        presentingSheet(for: share, dismissed: dismissed) { share in
            OfferSheet(title: title, text: share.text, doneTitle: doneTitle, done: dismissed) {
                if let link = share.link { ShareLink(item: link, message: Text(share.text)) }
                if let validity = share.validity { Text(validity).font(.footnote).foregroundStyle(.secondary) }
            }
        }
    }
}
