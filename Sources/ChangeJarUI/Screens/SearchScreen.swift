import ChangeJarCore
import SwiftUI

/// Search over titles and contents; the core debounces and cancels stale queries.
public struct SearchScreen: View {
    let model: SearchModel

    public init(model: SearchModel) {
        self.model = model
    }

    public var body: some View {
        List {
            if let banner = model.banner { BannerView(text: banner) }
            if let empty = model.emptyMessage { Text(empty).foregroundStyle(.secondary) }
            ForEach(model.rows) { ActionRowView(row: $0) }
            if model.isSearching { ProgressView() }
        }
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
