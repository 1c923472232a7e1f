import AttendeeServer
import DatabasePostgres
import Foundation

/// Carries live events between Quartet instances that share a PostgreSQL database.
///
/// Each instance publishes its own changes to its own streams; the outbox's `pg_notify` tells every instance
/// the sequences committed, and this relay hands them to the Attendee service, which reads those events and
/// sends them to its streams (an event it sent already is not sent twice). After a dropped listener
/// connection it asks the service to catch up on what was committed meanwhile.
final class LiveRelay: Sendable {
    private let listener: PostgresListener
    private let task: Task<Void, Never>

    /// Starts listening at `url` for `attendee`'s live channel.
    init(url: String, attendee: AttendeeService) {
        let listener = PostgresListener(url: url, channel: AttendeeService.liveChannel)
        self.listener = listener
        task = Task {
            for await heard in listener.notifications {
                // NB: a failed read leaves those events to the streams' own reconnects (Last-Event-ID replays
                // them from the outbox); the relay keeps listening rather than ending cross-instance delivery.
                switch heard {
                case .payloads(let payloads):
                    try? await attendee.liveEventsReceived(sequences: payloads.compactMap { Int64($0) })
                case .reconnected:
                    try? await attendee.liveEventsCatchUp()
                }
            }
        }
    }

    /// Stops listening and waits for the last batch to be handed over.
    func stop() async {
        await listener.stop()
        await task.value
    }
}
