import AttendeeCore
import QuartetUI
import SwiftUI

#if canImport(UIKit)
    import UIKit
#endif

/// The event dashboard: what and where, registration, the live poll, now and next, and the links.
public struct EventDetailsView: View {
    @State private var model: EventDetailsModel
    private let eventID: String

    /// Creates the view over its model for the event `eventID`.
    public init(model: EventDetailsModel, eventID: String) {
        _model = State(initialValue: model)
        self.eventID = eventID
    }

    public var body: some View {
        List {
            // NB: first, where an offline page says so before its links; the list pulls down to try again.
            if let banner = model.banner { BannerLine(banner) }
            if model.hasLoaded {
                Section {
                    Text(model.name).font(.title.bold())
                    Text(model.dates)
                    Text(model.venue).foregroundStyle(.secondary)
                    Text(model.summary)
                    Button(model.registerButtonTitle) { Task { await model.registerTapped() } }
                        .disabled(!model.isRegisterEnabled)
                    if let hint = model.registerHint { Text(hint).font(.footnote).foregroundStyle(.secondary) }
                    if let title = model.completeRegistrationTitle {
                        Button(title) { model.completeRegistrationTapped() }
                    }
                }
            }
            if let poll = model.livePoll, let destination = model.livePollDestination {
                Section(AttendeeScreenText.livePoll) {
                    NavigationLink(value: destination) {
                        VStack(alignment: .leading) {
                            Text(poll.question).font(.headline)
                            ForEach(model.livePollOptions) { PollResultLine(option: $0) }
                            if let voters = model.livePollVoters { Text(voters).font(.caption) }
                            if let notice = model.livePollNotice { Text(notice).font(.caption) }
                            if let notice = model.liveNotice { Text(notice).font(.caption) }
                        }
                    }
                }
            }
            if model.isOngoing {
                Section(AttendeeScreenText.onNow) { ForEach(model.onNow) { DashboardSessionRow(session: $0) } }
                Section(AttendeeScreenText.upNext) { ForEach(model.upNext) { DashboardSessionRow(session: $0) } }
            }
            Section {
                ForEach(model.links, id: \.self) { link in
                    NavigationLink(value: model.destination(link)) {
                        Text(link.title)
                    }
                    .badge(model.badge(link))
                }
            }
        }
        .navigationTitle(model.name)
        // NB: the page draws its name whole at its top; a large title would cut a long one off above it.
        #if canImport(UIKit)
            .navigationBarTitleDisplayMode(.inline)
        #endif
        .overlay { if model.isBusy && !model.hasLoaded { ProgressView() } }
        .presentingSheet(for: model.additionalInfo, dismissed: model.additionalInfoClosed) { step in
            NavigationStack { AdditionalInfoView(model: step) }
        }
        .refreshableTask { await model.appeared() }
        .task(id: model.isRegistered) { await model.followLive() }
    }
}

struct EventDetailsView_Previews: PreviewProvider {
    static var previews: some View {
        NavigationStack {
            EventDetailsView(
                model: EventDetailsModel(client: AttendeeClient.preview, eventID: "preview"), eventID: "preview")
        }
    }
}
