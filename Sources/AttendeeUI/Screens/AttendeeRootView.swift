import AttendeeCore
import SwiftUI

/// The Attendee app: the account page until someone is signed in, then the events, with every other page
/// pushed on one navigation stack.
public struct AttendeeRootView: View {
    @State private var app: AttendeeAppModel

    /// The app over its live or test dependencies.
    public init(client: AttendeeClient, offlineCopy: AgendaOfflineCopy? = nil, shareBaseURL: URL) {
        _app = State(
            initialValue: AttendeeAppModel(client: client, offlineCopy: offlineCopy, shareBaseURL: shareBaseURL))
    }

    public var body: some View {
        NavigationStack(path: $app.path) {
            Group {
                if app.isSignedIn {
                    EventsView(model: app.events) { Task { await app.signOutTapped() } }
                } else {
                    AccountView(model: app.account)
                }
            }
            .navigationDestination(for: AttendeeDestination.self) { AttendeePage(destination: $0, app: app) }
        }
        .task { await app.launched() }
    }
}

/// The page for one destination, over a model the app makes for it.
struct AttendeePage: View {
    let destination: AttendeeDestination
    let app: AttendeeAppModel

    var body: some View {
        if let title = destination.title { page.navigationTitle(title) } else { page }
    }

    @ViewBuilder private var page: some View {
        switch destination {
        case .dashboard(let eventID): EventDetailsView(model: app.dashboard(eventID), eventID: eventID)
        case .agenda(let eventID): AgendaView(model: app.agenda(), eventID: eventID)
        case .myAgenda(let eventID): MyAgendaView(model: app.myAgenda(eventID))
        case .attendees(let eventID): AttendeesView(model: app.attendees(eventID))
        case .speakers(let eventID): SpeakersView(model: app.speakers(eventID))
        case .eventFeedback(let eventID): FeedbackView(model: app.feedback(.event(id: eventID)))
        case .sessionFeedback(let id, let speakers):
            FeedbackView(model: app.feedback(.session(id: id, speakers: speakers)))
        case .session(let id): SessionDetailsView(model: app.session(), sessionID: id)
        case .location(let location): LocationView(location: location)
        case .profile: ProfileView(model: app.profile())
        case .poll(let id): LivePollView(model: app.poll(id))
        }
    }
}

/// Where a session (or the event) takes place.
struct LocationView: View {
    let location: SessionLocation

    var body: some View {
        List {
            if !location.room.isEmpty { Text(location.room).font(.headline) }
            Text(location.venue)
            Text(location.address)
            if let coordinates = location.coordinates { Text(coordinates).foregroundStyle(.secondary) }
        }
    }
}

struct AttendeeRootView_Previews: PreviewProvider {
    static var previews: some View {
        AttendeeRootView(client: PreviewClient.client, shareBaseURL: URL(fileURLWithPath: "/"))
    }
}
