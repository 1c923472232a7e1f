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
                    ForEach(section.rows) { row in
                        Button(row.text) { Task { await model.contentRowTapped(id: row.id) } }
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

struct KnowSayShowView_Previews: PreviewProvider {
    static var previews: some View {
        PreviewHost(accountID: SalesPreview.hospitalID) { model in
            List { KnowSayShowView(model: model) }.task { await model.appeared() }
        }

    }
}
