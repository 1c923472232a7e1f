import ChangeJarCore
import SwiftUI

/// Search over titles and contents; the core debounces and cancels stale queries. A row opens the action's page.
public struct SearchScreen: View {
    let model: SearchModel

    /// The search drawn from `model`, which it sends the query and taps.
    public init(model: SearchModel) {
        self.model = model
    }

    public var body: some View {
        List {
            ActionRows(of: model, isBusy: model.isSearching)
        }
        .actionPages(of: model)
        .searchable(
            text: Binding(get: { model.query }, set: { model.queryChanged($0) }),
            prompt: ChangeJarScreenText.searchPrompt)
    }
}

struct SearchScreen_Previews: PreviewProvider {
    static var previews: some View {
        Group {
            SearchScreen(model: AppModel(dependencies: .preview()).search)
        }
        .previewDisplayName("Search")
    }
}
