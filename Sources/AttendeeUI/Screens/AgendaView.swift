import AttendeeCore
import QuartetUI
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
            // NB: no days while loading, or offline with no saved copy: an empty segmented control says nothing.
            if !model.dayTabs.isEmpty {
                Picker(
                    AttendeeScreenText.day, selection: Binding(get: { model.selectedDay }, set: { model.dayTapped($0) })
                ) {
                    ForEach(Array(model.dayTabs.enumerated()), id: \.offset) { index, label in
                        Text(label).tag(index)
                    }
                }
                .pickerStyle(.segmented)
                Button(model.timeZoneLabel) { model.timeZoneToggled() }
                    .font(.footnote)
            }
            if let notice = model.offlineNotice {
                Text(notice).font(.footnote).foregroundStyle(.secondary)
            }
            if let banner = model.banner {
                BannerLine(banner)
            }
            if let empty = model.emptyMessage {
                Text(empty).foregroundStyle(.secondary)
            }
            ForEach(model.rows) { row in
                HStack {
                    NavigationLink(value: AttendeeDestination.session(id: row.id, title: row.title)) {
                        AgendaRowView(row: row)
                    }
                    Spacer()
                    AgendaMarkButton(row: row) { Task { await model.plusTapped(row.id) } }
                }
                .listRowBackground(row.isHighlighted ? Color.accentColor.opacity(0.12) : nil)
            }
        }
        .overlay { if model.isBusy { ProgressView() } }
        .confirming(model.confirmation, confirmed: model.confirmTapped, dismissed: model.confirmationDismissed)
        .refreshable { await model.appeared(eventID: eventID) }
        // NB: the stream is opened after the first read, and its start reads again: nothing falls between.
        .task {
            await model.appeared(eventID: eventID)
            await model.follow()
        }
    }
}

struct AgendaView_Previews: PreviewProvider {
    static var previews: some View {
        NavigationStack {
            AgendaView(model: AgendaModel(client: AttendeeClient.preview), eventID: "preview")
        }
    }
}
