import Foundation
import QuakesCore
import Testing

/// The feed client's ready-made values: the previews' feed, and one that fails every call a test did not expect.
@Suite struct ClientValuesTests {
    let url = URL(string: "https://earthquake.usgs.gov/earthquakes/feed/v1.0/summary/all_month.geojson")!

    @Test @MainActor func thePreviewFeedShowsItsTwoQuakesNewestFirst() async throws {
        let service = QuakeFeedService(
            feedURL: url, client: .preview, cache: .inMemory(), formatter: QuakeRowFormatter())
        let model = QuakeListModel(service: service)
        await model.refreshPulled()
        #expect(model.rows.map(\.id) == ["us1", "nc2"])
    }

    @Test func theUnimplementedClientFailsNamingTheCall() async {
        await #expect(throws: QuakeFeedError.other("QuakeFeedClient.fetch(\(url)) is not part of the test.")) {
            _ = try await QuakeFeedClient.unimplemented.fetch(url, nil)
        }
    }
}
