import AttendeeCore
import SwiftUI

/// One document of a list: its name, type and size, and its Download, Share and Remove buttons.
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
                Button(model.removeTitle) { Task { await model.removeTapped(row.id) } }
            }
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
        NavigationStack {
            List {
                Text(text)
                offer()
            }
            .navigationTitle(title)
            .toolbar { Button(doneTitle, action: done) }
        }
    }
}
