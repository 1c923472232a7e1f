import AttendeeCore
import AttendeeModels
import QuartetUI
import SwiftUI

#if canImport(UIKit)
    import UIKit
#endif

/// Session details: state, attend / leave, share, directions, attendees, feedback.
public struct SessionDetailsView: View {
    @State private var model: SessionDetailsModel
    private let sessionID: String

    /// Creates the view over its model for the session `sessionID`.
    public init(model: SessionDetailsModel, sessionID: String) {
        _model = State(initialValue: model)
        self.sessionID = sessionID
    }

    public var body: some View {
        List {
            Section {
                Text(model.title).font(.title2.bold())
                if model.isLoaded {
                    Text(model.time)
                    Text(model.place).foregroundStyle(.secondary)
                    Text(model.kindAndTrack).font(.caption).foregroundStyle(.secondary)
                    Text(model.stateLabel).font(.caption)
                    if let seats = model.seatsMessage { Text(seats).foregroundStyle(.orange) }
                }
            }
            if let banner = model.banner { BannerLine(banner) }
            if model.isLoaded { actions }
        }
        .overlay { if model.isBusy { ProgressView() } }
        .confirming(model.confirmation, confirmed: model.confirmTapped, dismissed: model.confirmationDismissed)
        .navigationTitle(model.title)
        // NB: the page draws its name whole at its top; a large title would cut a long one off above it.
        #if canImport(UIKit)
            .navigationBarTitleDisplayMode(.inline)
        #endif
        .navigationDestination(
            isPresented: Binding(get: { model.location != nil }, set: { if !$0 { model.backTapped() } })
        ) {
            if let location = model.location {
                LocationView(location: location).navigationTitle(AttendeeDestination.location(location).title ?? "")
            }
        }
        .navigationDestination(
            isPresented: Binding(get: { model.attendees != nil }, set: { if !$0 { model.backTapped() } })
        ) {
            SessionAttendeesView(people: model.attendees ?? [])
        }
        .refreshable { await model.appeared(sessionID: sessionID) }
        // NB: the stream is opened after the first read, and its start reads again: nothing falls between.
        .task {
            await model.appeared(sessionID: sessionID)
            await model.follow()
        }
    }

    /// What can be done with the session, once it has loaded.
    @ViewBuilder private var actions: some View {
        Section {
            Button(model.attendButtonTitle) { Task { await model.attendButtonTapped() } }
                .disabled(!model.isAttendEnabled)
            if let hint = model.attendHint { Text(hint).font(.footnote).foregroundStyle(.secondary) }
            NavigationLink(value: model.feedbackDestination) { Text(model.feedbackButtonTitle) }
                .disabled(model.feedbackDestination == nil)
            // NB: a disabled link says nothing of why; the rule that disables it does.
            if let hint = model.feedbackAccess.hint { Text(hint).font(.footnote).foregroundStyle(.secondary) }
            NavigationLink(value: model.discussionDestination) { Text(model.discussionLinkTitle) }
                .disabled(model.discussionDestination == nil)
            Button(AttendeeScreenText.directions) { model.directionsTapped() }
            Button(AttendeeScreenText.attendees) { Task { await model.attendeesTapped() } }
            NavigationLink(value: model.notesDestination) { Text(model.notesTitle) }
                .disabled(model.notesDestination == nil)
            NavigationLink(value: model.documentsDestination) { Text(model.documentsLinkTitle) }
                .disabled(model.documentsDestination == nil)
            if let url = model.shareURL {
                ShareLink(item: url, subject: Text(model.title), message: Text(model.shareText))
            }
            if let file = model.calendarFile { ShareLink(model.calendarTitle, item: file) }
        }
        Section(AttendeeScreenText.speakers) {
            ForEach(model.speakers, id: \.id) { Text($0.name) }
        }
        if !model.abstract.isEmpty { Section { Text(model.abstract) } }
    }
}

struct SessionDetailsView_Previews: PreviewProvider {
    static var previews: some View {
        NavigationStack {
            SessionDetailsView(
                model: SessionDetailsModel(client: AttendeeClient.preview, shareBaseURL: URL(fileURLWithPath: "/")),
                sessionID: "s2")
        }
    }
}
