import QuakesCore
import SwiftUI

/// One row of the list: title, coordinates and local time, on the row's tint.
struct QuakeRowView: View {
    let row: QuakeRow

    var body: some View {
        VStack(alignment: .leading, spacing: 2) {
            Text(row.title).font(.headline)
            Text(row.coordinateText).font(.subheadline).monospacedDigit()
            Text(row.timeText).font(.caption).foregroundStyle(row.tint.detailColor)
        }
        .accessibilityElement(children: .combine)
    }
}
