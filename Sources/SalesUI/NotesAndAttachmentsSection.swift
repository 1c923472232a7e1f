import SalesCore
import SwiftUI

/// The Notes & Attachments accordion: the merged rows, swipe to delete, and the three add buttons.
struct NotesAndAttachmentsSection: View {
    let model: AccountScreenModel

    var body: some View {
        if model.showsItems {
            items
        }
    }

    private var items: some View {
        Section {
            DisclosureGroup(isExpanded: Binding(get: { model.itemsExpanded }, set: { _ in model.itemsToggled() })) {
                ForEach(model.items) { row in
                    Group {
                        if model.rowOpens(id: row.id) {
                            Button {
                                Task { await model.itemTapped(id: row.id) }
                            } label: {
                                ItemRowView(row: row)
                            }
                        } else {
                            ItemRowView(row: row)
                        }
                    }
                    .swipeActions {
                        // NB: not the destructive role, which would take the row away before the question is answered.
                        Button(SalesText.delete) { model.itemDeleteTapped(id: row.id) }.tint(.red)
                        Button(SalesText.edit) { model.itemEditTapped(id: row.id) }
                    }
                }
                if let empty = model.itemsEmptyText {
                    Text(empty).foregroundStyle(.secondary)
                }
                ForEach(model.addableKinds, id: \.self) { kind in
                    Button(kind.addTitle, systemImage: "plus") { model.addTapped(kind) }
                }
            } label: {
                Text(SalesText.itemsTitle).font(.headline)
            }
        }
    }
}

/// One row of the merged list: name, date, and the attachment's kind or the doc's shortened URL.
struct ItemRowView: View {
    let row: ItemRow

    var body: some View {
        HStack {
            Image(systemName: row.kind.symbol).accessibilityHidden(true)
            VStack(alignment: .leading) {
                Text(row.title)
                if let detail = row.detail { Text(detail).font(.caption).foregroundStyle(.secondary) }
                if let waiting = row.waiting { Text(waiting).font(.caption).foregroundStyle(.orange) }
            }
            Spacer()
            Text(row.date).font(.caption).foregroundStyle(.secondary)
        }
        .frame(minHeight: 44)
    }
}

extension ItemRow.Kind {
    /// The row's SF Symbol.
    var symbol: String {
        switch self {
        case .note: "note.text"
        case .doc: "doc.richtext"
        case .attachment: "paperclip"
        }
    }
}
