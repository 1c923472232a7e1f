import AttendeeModels
import Foundation

/// Who among a topic's listeners may hear one live event, when not all of them may.
///
/// Most events go to everyone the topic lets listen (their ``LiveEvent/audience`` is `nil`). A few are about
/// something only some of them may see — a draft poll is its managers' alone — and carry an audience. It is
/// stored with the event in the outbox, so a replay and another instance's relay keep it, and each stream asks it
/// for its own person just before it sends the event (``LiveHub/Access/isInAudience``): whoever manages the poll
/// then hears it, as the REST reads answer at that moment.
enum LiveAudience: Codable, Hashable, Sendable {
    /// Whoever manages the polls of `eventID` (or of its session `sessionID`): the event's organizer, and for a
    /// session's poll that session's speakers (``AttendeeStore/managesPolls(eventID:sessionID:userID:_:)``).
    case pollManagers(eventID: String, sessionID: String?)
    /// The event's registered attendees and its organizer (``AttendeeStore/isMember(eventID:userID:_:)``): who
    /// reads its wall and its sessions' discussions. A session's stream also admits the session's speakers, for its
    /// polls; its discussion's events are the members' only, as its page is.
    case eventMembers(eventID: String)
    /// An audience this build cannot read (written by a newer one): the event goes to no one.
    case nobody

    /// The stored form: JSON, e.g. `{"pollManagers":{"eventID":"e1","sessionID":"s1"}}`.
    var stored: String {
        String(decoding: (try? AttendeeCoding.encoder().encode(self)) ?? Data(), as: UTF8.self)
    }

    /// The audience stored as `text`; one it cannot read is ``nobody`` (an event fails closed).
    init(stored text: String) {
        self = (try? AttendeeCoding.decoder().decode(Self.self, from: Data(text.utf8))) ?? .nobody
    }
}
