/// What a live event is about; a stream subscribes to one or more topics.
///
/// The topic decides who may listen: an event's topic is for anyone who may read the event, a thread's only
/// for its two participants, a person's only for that person. Controllers check that before they subscribe.
enum LiveTopic: Hashable, Sendable {
    /// An event: its wall, its polls and the dashboard's live-poll card.
    case event(String)
    /// A session: its discussion and the polls of that session.
    case session(String)
    /// A message thread between attendees.
    case thread(String)
    /// One person: their inbox (new messages in any of their threads).
    case person(String)

    /// The stored form, `kind:id`.
    var key: String {
        switch self {
        case .event(let id): "event:\(id)"
        case .session(let id): "session:\(id)"
        case .thread(let id): "thread:\(id)"
        case .person(let id): "person:\(id)"
        }
    }
}
