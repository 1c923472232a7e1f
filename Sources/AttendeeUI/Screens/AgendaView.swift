#if canImport(SwiftUI)
    import AttendeeCore
    import SwiftUI

    /// The event agenda: date tabs, the day's sessions, (+) to attend or leave.
    public struct AgendaView: View {
        @State private var model: AgendaModel
        private let eventID: String

        /// Creates the model over a client.
        public init(model: AgendaModel, eventID: String) {
            _model = State(initialValue: model)
            self.eventID = eventID
        }

        /// The view.
        public var body: some View {
            List {
                Picker("Day", selection: Binding(get: { model.selectedDay }, set: { model.dayTapped($0) })) {
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
                    AgendaRowView(row: row) {
                        Task { await model.plusTapped(row.id) }
                    }
                    .contentShape(Rectangle())
                    .onTapGesture { model.rowTapped(row.id) }
                }
            }
            .overlay { if model.isBusy { ProgressView() } }
            .task { await model.appeared(eventID: eventID) }
            .navigationTitle("Agenda")
        }
    }

    /// One session row: time, title, place, seats message and the (+) button.
    struct AgendaRowView: View {
        let row: AgendaRow
        let plusTapped: () -> Void

        var body: some View {
            HStack(alignment: .top) {
                VStack(alignment: .leading, spacing: 4) {
                    Text(row.time).font(.caption).foregroundStyle(.secondary)
                    Text(row.title).font(.headline)
                    Text(row.place).font(.subheadline)
                    if let seats = row.seatsMessage {
                        Text(seats).font(.caption).foregroundStyle(.orange)
                    }
                }
                Spacer()
                Button(action: plusTapped) {
                    Image(
                        systemName: row.symbol == "plus"
                            ? "plus.circle" : row.symbol == "clock" ? "clock" : "checkmark.circle.fill")
                }
                .buttonStyle(.borderless)
            }
            .listRowBackground(row.isHighlighted ? Color.accentColor.opacity(0.12) : nil)
        }
    }

    #Preview {
        NavigationStack {
            AgendaView(model: AgendaModel(client: PreviewClient.client), eventID: "preview")
        }
    }
#endif
