import AttendeeCore
import SwiftUI

/// Time, title, place and seats of one session.
struct AgendaRowView: View {
    let row: AgendaRow

    var body: some View {
        VStack(alignment: .leading, spacing: 4) {
            Text(row.time).font(.caption).foregroundStyle(.secondary)
            Text(row.title).font(.headline)
            Text(row.place).font(.subheadline)
            if let seats = row.seatsMessage {
                Text(seats).font(.caption).foregroundStyle(.orange)
            }
        }
    }
}

/// The (+), hourglass, clock or check at the end of a row: attends, joins the waitlist, or leaves.
struct AgendaMarkButton: View {
    let row: AgendaRow
    let tapped: @MainActor () -> Void

    var body: some View {
        Button(action: tapped) {
            Image(systemName: row.mark.symbol)
        }
        .buttonStyle(.borderless)
        .disabled(row.hasEnded)
        .accessibilityLabel(row.mark.actionLabel(row.title))
    }
}

extension AgendaMark {
    var symbol: String {
        switch self {
        case .notAttending: "plus.circle"
        case .attending: "checkmark.circle.fill"
        case .waitlisted: "clock"
        case .full: "hourglass"
        }
    }
}
