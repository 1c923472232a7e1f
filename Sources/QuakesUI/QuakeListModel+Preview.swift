import Foundation
import QuakesCore

extension QuakeListModel {
    /// A model over the preview client's small feed, for previews.
    @MainActor static var preview: QuakeListModel {
        let service = QuakeFeedService(
            feedURL: URL(fileURLWithPath: "/preview/all_month.geojson"), client: .preview, cache: .inMemory(),
            formatter: QuakeRowFormatter())
        return QuakeListModel(service: service)
    }
}
