import QuakesCore
import SwiftUI

/// The detail of one quake, and its event page.
struct QuakeDetailView: View {
    let detail: QuakeDetail

    var body: some View {
        NavigationStack {
            List {
                ForEach(Array(detail.lines.enumerated()), id: \.offset) { _, line in
                    LabeledContent(line.label, value: line.value)
                }
                if let page = detail.eventPage {
                    Link("Open the USGS event page", destination: page)
                }
            }
            .navigationTitle(detail.title)
        }
    }
}
