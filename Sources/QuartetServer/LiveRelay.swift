import AttendeeServer
import DatabasePostgres
import Foundation

/// Carries live events between Quartet instances that share a PostgreSQL database.
///
/// Each instance publishes its own changes to its own streams; the outbox's `pg_notify` tells every instance
/// the sequences committed, and this relay hands them to the Attendee service, which reads those events and
/// sends them to its streams (an event it sent already is not sent twice). After a dropped listener
/// connection it asks the service to catch up on what was committed meanwhile.
///
/// NB: one task only merges what the listener hears into a ``RelayBacklog`` (so the listener's own queue is
/// drained as it fills), another hands the backlog to the service: while the service's reads are slower than other
/// instances' commits, what waits is one sequence and one flag, not every notification.
final class LiveRelay: Sendable {
    private let listener: PostgresListener
    /// What was heard and not yet handed over.
    let backlog = RelayBacklog()
    private let tasks: (listening: Task<Void, Never>, handing: Task<Void, Never>)

    /// Starts listening at `url` for `attendee`'s live channel.
    convenience init(url: String, attendee: AttendeeService) {
        // NB: a failed read leaves those events to the streams' own reconnects (Last-Event-ID replays them from
        // the outbox); the relay keeps listening rather than ending cross-instance delivery.
        self.init(listener: PostgresListener(url: url, channel: AttendeeService.liveChannel)) { work in
            switch work {
            case .readThrough(let highest): try? await attendee.liveEventsReceived(sequences: [highest])
            case .catchUp: try? await attendee.liveEventsCatchUp()
            }
        }
    }

    /// Relays what `listener` hears to `handle`, one merged piece of work at a time.
    init(listener: PostgresListener, handle: @escaping @Sendable (RelayBacklog.Work) async -> Void) {
        self.listener = listener
        let backlog = backlog
        tasks = (
            Task {
                for await heard in listener.notifications { backlog.add(heard) }
                backlog.finish()
            },
            Task {
                while let work = await backlog.next() { await handle(work) }
            }
        )
    }

    /// Stops listening and waits for the last batch to be handed over.
    func stop() async {
        await listener.stop()
        await tasks.listening.value
        await tasks.handing.value
    }
}
