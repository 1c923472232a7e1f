import AttendeeCore
import SwiftUI

/// The agenda: day tabs, the time-zone switch, and each session with its attend mark.
public struct AgendaView: View {
    @State private var model: AgendaModel
    private let eventID: String

    /// Creates the view over its model for the event `eventID`.
    public init(model: AgendaModel, eventID: String) {
        _model = State(initialValue: model)
        self.eventID = eventID
    }

    public var body: some View {
        List {
            Picker(AttendeeScreenText.day, selection: Binding(get: { model.selectedDay }, set: { model.dayTapped($0) }))
            {
                ForEach(Array(model.dayTabs.enumerated()), id: \.offset) { index, label in
                    Text(label).tag(index)
                }
            }
            .pickerStyle(.segmented)
            Button(model.timeZoneLabel) { model.timeZoneToggled() }
                .font(.footnote)
            if let notice = model.offlineNotice {
                Text(notice).font(.footnote).foregroundStyle(.secondary)
            }
            if let banner = model.banner {
                Text(banner).foregroundStyle(.red)
            }
            ForEach(model.rows) { row in
                HStack {
                    NavigationLink(value: AttendeeDestination.session(id: row.id)) { AgendaRowView(row: row) }
                    AgendaMarkButton(row: row) { Task { await model.plusTapped(row.id) } }
                }
                .listRowBackground(row.isHighlighted ? Color.accentColor.opacity(0.12) : nil)
            }
        }
        .overlay { if model.isBusy { ProgressView() } }
        .task { await model.appeared(eventID: eventID) }
    }
}

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

/// The (+), clock or check at the end of a row: attends or leaves.
struct AgendaMarkButton: View {
    let row: AgendaRow
    let tapped: @MainActor () -> Void

    var body: some View {
        Button(action: tapped) {
            Image(systemName: row.mark.symbol)
        }
        .buttonStyle(.borderless)
        .accessibilityLabel(row.mark.actionLabel(row.title))
    }
}

extension AgendaMark {
    var symbol: String {
        switch self {
        case .notAttending: "plus.circle"
        case .attending: "checkmark.circle.fill"
        case .waitlisted: "clock"
        }
    }
}

struct AgendaView_Previews: PreviewProvider {
    static var previews: some View {
        NavigationStack {
            AgendaView(model: AgendaModel(client: PreviewClient.client), eventID: "preview")
        }
    }
}
