import SalesCore
import SwiftUI

/// Know · Say · Show as three accordion sections; rows at least 44 pt with light-gray separators.
struct KnowSayShowView: View {
    let model: AccountScreenModel

    var body: some View {
        if let unavailable = model.contentUnavailable {
            Section { Text(unavailable) }
        }
        ForEach(model.contentSections) { section in
            Section {
                DisclosureGroup(
                    isExpanded: Binding(
                        get: { section.isExpanded }, set: { _ in model.contentSectionToggled(section.kind) })
                ) {
                    if let empty = section.emptyText {
                        Text(empty).foregroundStyle(.secondary)
                    }
                    ForEach(section.rows) { row in
                        KnowSayShowRow(row: row) { Task { await model.contentRowTapped(id: row.id) } }
                            .frame(minHeight: KnowSayShowSection.minimumRowHeight, alignment: .leading)
                            .listRowSeparatorTint(
                                Color(
                                    red: KnowSayShowSection.separatorColor.red,
                                    green: KnowSayShowSection.separatorColor.green,
                                    blue: KnowSayShowSection.separatorColor.blue))
                    }
                } label: {
                    Text(section.title).font(.headline)
                }
            }
        }
    }
}

/// A row: a button when it opens a document, else its words with the line that says there is none.
struct KnowSayShowRow: View {
    let row: KnowSayShowSection.Row
    let tapped: @MainActor @Sendable () -> Void

    var body: some View {
        if let nothingToOpen = row.nothingToOpen {
            VStack(alignment: .leading) {
                Text(row.text)
                Text(nothingToOpen).font(.caption).foregroundStyle(.secondary)
            }
        } else {
            Button(row.text, action: tapped)
        }
    }
}

struct KnowSayShowView_Previews: PreviewProvider {
    static var previews: some View {
        PreviewHost(accountID: SalesPreview.hospitalID) { model in
            List { KnowSayShowView(model: model) }.task { await model.appeared() }
        }

    }
}
