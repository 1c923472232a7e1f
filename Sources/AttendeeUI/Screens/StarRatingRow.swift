import AttendeeCore
import SwiftUI

/// A rating row: its title and five stars, each of which rates that many when tapped.
struct StarRatingRow: View {
    let title: String
    let stars: [RatingStar]
    let chosen: (Int) -> Void

    var body: some View {
        HStack {
            Text(title)
            Spacer()
            ForEach(stars) { star in
                Button {
                    chosen(star.value)
                } label: {
                    Image(systemName: star.symbol).foregroundStyle(.orange)
                }
                .buttonStyle(.borderless)
                .accessibilityLabel(star.label)
            }
        }
    }
}
