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
            ActionRows(
                banner: model.banner, emptyMessage: model.emptyMessage, rows: model.rows, isBusy: model.isBusy,
                reachedEnd: { await model.reachedEnd() })
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
