import Foundation
import QuakesCore
import QuakesModels
import SwiftUI

/// The detail of one quake, and its event page.
struct QuakeDetailView: View {
    let detail: QuakeDetail
    @Environment(\.dismiss) private var dismiss

    var body: some View {
        NavigationStack {
            List {
                ForEach(Array(detail.lines.enumerated()), id: \.offset) { _, line in
                    LabeledContent(line.label, value: line.value)
                }
                if let page = detail.eventPage {
                    Link(QuakeScreenText.openEventPage, destination: page)
                }
            }
            .navigationTitle(detail.title)
            .navigationBarTitleDisplayMode(.inline)
            .toolbar { ToolbarItem(placement: .confirmationAction) { Button(QuakeScreenText.done) { dismiss() } } }
        }
    }
}

struct QuakeDetailView_Previews: PreviewProvider {
    static var previews: some View {
        QuakeDetailView(
            detail: QuakeDetail(
                Quake(
                    id: "us1", magnitude: 7.1, place: "120 km SSW of Sinabang, Indonesia",
                    title: "M 7.1 - 120 km SSW of Sinabang, Indonesia",
                    time: Date(timeIntervalSince1970: 1_764_460_000),
                    eventPage: "https://earthquake.usgs.gov/earthquakes/eventpage/us1", felt: 30, alert: "yellow",
                    tsunami: true, status: "reviewed", magType: "mww",
                    coordinate: QuakeCoordinate(longitude: 95.9, latitude: 1.4, depth: 25)),
                formatter: QuakeRowFormatter()))
    }
}
