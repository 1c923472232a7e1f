import QuakesCore
import SwiftUI

/// The list's toolbar: the refresh spinner or the last update, the map, the filter.
struct QuakeListToolbar: ToolbarContent {
    let model: QuakeListModel
    @Binding var showsMap: Bool

    var body: some ToolbarContent {
        ToolbarItem(placement: .status) {
            if model.busyIndicator == .inToolbar {
                ProgressView().accessibilityLabel(QuakeScreenText.loading)
            } else if let lastUpdated = model.lastUpdated {
                VStack {
                    Text(lastUpdated).font(.caption)
                    if let skipped = model.skippedNote { Text(skipped).font(.caption2) }
                }
            }
        }
        ToolbarItem {
            Button(QuakeScreenText.map, systemImage: "map") { showsMap = true }
        }
        ToolbarItem {
            QuakeFilterMenu(filter: model.filter, magnitudeChoices: model.magnitudeChoices) { model.filterChanged($0) }
        }
    }
}
