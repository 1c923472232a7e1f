import APIClient
import AttendeeModels
import Foundation
import LocalStore
import PublicInit

/// The last agenda seen for each event, kept on the device so the programme reads offline.
///
/// A copy is one person's: it carries their seats and the feedback they gave. So the copies are forgotten when that
/// person signs out, and when someone else signs in on the device (a session that merely expired keeps them for the
/// same person's return).
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
    /// Someone signed in (or a kept session was restored): the copies stay when they are this person's, and are
    /// forgotten otherwise; from now on they are this person's.
    public var signedIn: @Sendable (_ personID: String) async -> Void = { _ in }
    /// The person signed out: every copy is forgotten.
    public var signedOut: @Sendable () async -> Void = {}

    /// Keeps the copies in the device's `LocalStore` cache (key `attendee/agenda/<eventID>`), and whose they are
    /// under `attendee/owner`.
    ///
    /// NB: a failure to save or read the copy is not worth an error on screen: the live agenda is what counts. A
    /// sign-in records its person only once the copies of the last one are gone, so a failure to forget them is
    /// tried again at the next sign-in.
    public static func localStore(_ store: LocalStore) -> AgendaOfflineCopy {
        let owner = "attendee/owner"
        let prefix = "attendee/agenda/"
        @Sendable func forget() async -> Bool {
            do {
                try await store.removeCache(keysStartingWith: owner)
                try await store.removeCache(keysStartingWith: prefix)
                return true
            } catch {
                return false
            }
        }
        return AgendaOfflineCopy(
            save: { event, sessions in
                let saved = Saved(event: event, sessions: sessions, savedAt: store.now())
                guard let body = try? AttendeeCoding.encoder().encode(saved) else { return }
                try? await store.storeCache(body, for: prefix + event.id)
            },
            load: { eventID in
                guard let entry = try? await store.cachedEntry(for: prefix + eventID) else { return nil }
                return try? AttendeeCoding.decoder().decode(Saved.self, from: entry.body)
            },
            signedIn: { personID in
                let current = try? await store.cachedEntry(for: owner).map { String(decoding: $0.body, as: UTF8.self) }
                guard current != personID, await forget() else { return }
                try? await store.storeCache(Data(personID.utf8), for: owner)
            },
            signedOut: { _ = await forget() })
    }

    /// Whether a failure means "no network", when the saved copy should be shown instead.
    public static func isConnectivity(_ error: any Error) -> Bool {
        (error as? APIError)?.isUnreachable ?? false
    }
}
