import AttendeeCore
import SwiftUI

/// The Attendee app: the account page until someone is signed in, then the events, with every other page
/// pushed on one navigation stack.
public struct AttendeeRootView: View {
    @State private var app: AttendeeAppModel

    /// The app over its live or test dependencies.
    ///
    /// `mediaClient` serves the Documentation page, the gallery and the pictures; it has no default, because the
    /// one that needs no server (``AttendeeMediaClient/unimplemented``) fails every call.
    public init(
        client: AttendeeClient, offlineCopy: AgendaOfflineCopy? = nil, shareBaseURL: URL,
        mediaClient: AttendeeMediaClient
    ) {
        let app = AttendeeAppModel(
            client: client, mediaClient: mediaClient, offlineCopy: offlineCopy, shareBaseURL: shareBaseURL)
        _app = State(initialValue: app)
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
        .environment(app.pictures)
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
        case .messages(let eventID): ThreadsView(model: app.threads(eventID))
        case .conversation(let threadID): ConversationView(model: app.conversation(threadID))
        case .notes(let eventID, let sessionID):
            NotesView(model: app.notes(eventID, sessionID: sessionID), sessionID: sessionID)
        case .noteEditor(let eventID, let sessionID, let note):
            NoteEditorView(model: app.noteEditor(eventID: eventID, sessionID: sessionID, note: note))
        case .wall(let eventID): WallView(model: app.wall(eventID))
        case .discussion(let sessionID): DiscussionView(model: app.discussion(sessionID))
        case .documents(let eventID):
            DocumentsView(model: app.documents(eventID), gallery: app.gallery(eventID))
        case .gallery(let eventID): GalleryView(model: app.gallery(eventID))
        case .polls(let eventID): PollListView(model: app.polls(eventID))
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
        AttendeeRootView(
            client: AttendeeClient.preview, shareBaseURL: URL(fileURLWithPath: "/"), mediaClient: .unimplemented)
    }
}
