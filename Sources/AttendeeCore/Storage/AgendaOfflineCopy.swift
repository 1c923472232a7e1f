import APIClient
import AttendeeModels
import Foundation
import LocalStore
import PublicInit

/// The last agenda seen for each event, kept on the device so the programme reads offline.
@PublicInit
public struct AgendaOfflineCopy: Sendable {
    /// What was saved and when.
    public struct Saved: Sendable, Hashable, Codable {
        /// The event.
        public var event: Event
        /// Its sessions, as the person last saw them.
        public var sessions: [Session]
        /// When they were saved.
        public var savedAt: Date
    }

    /// Saves an event's agenda.
    public var save: @Sendable (Event, [Session]) async -> Void
    /// The saved agenda of an event, or `nil`.
    public var load: @Sendable (_ eventID: String) async -> Saved?

    /// Keeps the copies in the device's `LocalStore` cache (key `attendee/agenda/<eventID>`).
    ///
    /// NB: a failure to save or read the copy is not worth an error on screen: the live agenda is what counts.
    public static func localStore(_ store: LocalStore) -> AgendaOfflineCopy {
        AgendaOfflineCopy(
            save: { event, sessions in
                let saved = Saved(event: event, sessions: sessions, savedAt: store.now())
                guard let body = try? AttendeeCoding.encoder().encode(saved) else { return }
                try? await store.storeCache(body, for: "attendee/agenda/" + event.id)
            },
            load: { eventID in
                guard let entry = try? await store.cachedEntry(for: "attendee/agenda/" + eventID) else { return nil }
                return try? AttendeeCoding.decoder().decode(Saved.self, from: entry.body)
            })
    }

    /// Whether a failure means "no network", when the saved copy should be shown instead.
    public static func isConnectivity(_ error: any Error) -> Bool {
        (error as? APIError)?.isUnreachable ?? false
    }
}
