import SalesCore
import SwiftUI

/// "Changes Not Sent": each change the server did not take, why, and what the person can do about it.
struct UnsentEditsSection: View {
    let model: AccountScreenModel

    var body: some View {
        if !model.unsentEdits.isEmpty {
            Section {
                ForEach(model.unsentEdits) { row in
                    VStack(alignment: .leading, spacing: 6) {
                        Text(row.title)
                        Text(row.reason).font(.caption).foregroundStyle(.secondary)
                        if let text = row.text { Text(text).font(.callout).lineLimit(UnsentEditRow.textLines) }
                        HStack {
                            if row.canSendOver {
                                Button(SalesText.sendOver) { Task { await model.sendOverTapped(id: row.id) } }
                            }
                            Button(SalesText.discardMine, role: .destructive) { model.discardTapped(id: row.id) }
                            if let text = row.text { ShareLink(SalesText.shareTyped, item: text) }
                        }
                        .buttonStyle(.borderless)
                    }
                }
            } header: {
                Label(SalesText.unsentTitle, systemImage: "exclamationmark.triangle")
            }
        }
    }
}
