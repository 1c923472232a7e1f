import AttendeeCore
import SwiftUI

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
        case .eventFeedback(let eventID, let given, let registered, let opensAt):
            FeedbackView(
                model: app.feedback(.event(id: eventID), alreadyGiven: given, registered: registered, opensAt: opensAt))
        case .sessionFeedback(let id, let speakers):
            FeedbackView(model: app.feedback(.session(id: id, speakers: speakers)))
        case .session(let id, let title): SessionDetailsView(model: app.session(title: title), sessionID: id)
        case .location(let location): LocationView(location: location)
        case .profile: ProfileView(model: app.profile())
        case .messages(let eventID): ThreadsView(model: app.threads(eventID))
        case .conversation(let threadID, let name): ConversationView(model: app.conversation(threadID, name: name))
        case .notes(let eventID, let sessionID):
            NotesView(model: app.notes(eventID, sessionID: sessionID), sessionID: sessionID)
        case .noteEditor(let eventID, let sessionID, let note):
            NoteEditorView(model: app.noteEditor(eventID: eventID, sessionID: sessionID, note: note))
        case .wall(let eventID): WallView(model: app.wall(eventID))
        case .discussion(let sessionID): DiscussionView(model: app.discussion(sessionID))
        case .documents(let eventID, let sessionID):
            DocumentsView(model: app.documents(eventID, sessionID: sessionID), gallery: app.gallery(eventID))
        case .gallery(let eventID): GalleryView(model: app.gallery(eventID))
        case .polls(let eventID): PollListView(model: app.polls(eventID))
        case .poll(let id): LivePollView(model: app.poll(id))
        }
    }
}
