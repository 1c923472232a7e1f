import ChangeJarCore
import SwiftUI

/// All Actions or My Actions: rows, more on scrolling, pull to refresh.
public struct ActionListScreen: View {
    let model: ActionListModel

    public init(model: ActionListModel) {
        self.model = model
    }

    public var body: some View {
        List {
            if let banner = model.banner { BannerView(text: banner) }
            if let empty = model.emptyMessage {
                Text(empty).foregroundStyle(.secondary)
            }
            ForEach(model.rows) { row in
                ActionRowView(row: row)
                    .task {
                        if row.id == model.rows.last?.id { await model.reachedEnd() }
                    }
            }
            if model.isBusy { ProgressView() }
        }
        .refreshable { await model.refreshPulled() }
        .task { await model.refreshPulled() }
    }
}

struct ActionListScreen_Previews: PreviewProvider {
    static var previews: some View {
        Group {
            ActionListScreen(model: AppModel(dependencies: .preview()).all)

        }
        .previewDisplayName("All Actions")
    }
}
