import APIClient
import AttendeeModels
import Foundation

/// What a screen hears from a live stream: a change to apply, or word that it may have missed some.
///
/// A screen reads its page, then opens its stream. A change made between the two is in neither, unless the
/// stream says where it starts: it does, in its `ready` (``LiveReady``). A stream that does not resume exactly
/// where the last one left off — the first connection of every screen, or a reconnect too far behind for a
/// replay — arrives as ``resync``, and the screen reads what it shows again. A reconnect that resumes is
/// replayed what it missed and says nothing.
public enum LiveChange<Update: Sendable>: Sendable {
    /// The stream started afresh: what the screen shows may have missed changes; it reads it again.
    case resync
    /// A change, in the order the server made it.
    case change(Update)
}

/// A screen's live stream: its changes, and a resync whenever it starts afresh.
public typealias LiveChanges<Update: Sendable> = AsyncThrowingStream<LiveChange<Update>, any Error>

extension LiveChange: Equatable where Update: Equatable {}
extension LiveChange: Hashable where Update: Hashable {}

extension ServerEvent {
    /// Whether this is a stream's `ready` for a stream that does not resume where the client left off (a
    /// `ready` that does not say counts as afresh: reading again is always safe).
    public var startsAfresh: Bool {
        guard type == LiveReady.eventType else { return false }
        let ready = try? AttendeeCoding.decoder().decode(LiveReady.self, from: Data(data.utf8))
        return ready?.resumed != true
    }
}

extension AttendeeClient {
    /// The changes of a stream that `read` understands, with each afresh `ready` as ``LiveChange/resync``;
    /// other events (a resumed `ready`, kinds for other screens) are skipped.
    static func updates<Update: Sendable>(
        _ events: AsyncThrowingStream<ServerEvent, any Error>, _ read: @escaping @Sendable (ServerEvent) -> Update?
    ) -> LiveChanges<Update> {
        let (stream, continuation) = AsyncThrowingStream<LiveChange<Update>, any Error>.makeStream()
        let task = Task {
            do {
                for try await event in events {
                    if event.startsAfresh {
                        continuation.yield(.resync)
                    } else if let update = read(event) {
                        continuation.yield(.change(update))
                    }
                }
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }
}

/// The live changes a screen hears while it reads what it shows. What it read may be older than they are, so
/// once it is shown they are applied again: in order, each leaves what it touches as the server has it, so
/// applying one twice changes nothing.
struct HeardWhileReading<Change> {
    private var reads = 0
    /// The changes heard since the first read still on its way started.
    private(set) var changes: [Change] = []

    /// A read starts.
    mutating func readStarted() { reads += 1 }

    /// A read ended; after the last, the changes heard meanwhile are forgotten.
    mutating func readEnded() {
        reads -= 1
        if reads == 0 { changes = [] }
    }

    /// A live change was heard: kept while a read is on its way.
    mutating func heard(_ change: Change) {
        if reads > 0 { changes.append(change) }
    }
}

/// Which of a list's reads started last: a read that lands after a newer one started is older than what that one
/// shows (two pulls, a filter changed, a live re-read during a pull), so it is dropped, not shown; and the list
/// shows it is loading until the newest lands, not when a dropped one does.
struct NewestRead {
    private var started = 0
    /// Whether a read that shows the spinner (not a quiet one) started and the newest read has not landed since.
    private(set) var isLoading = false

    /// A read starts; `quietly` (a live re-read) it does not turn the spinner on. Tell ``landed(_:)`` the number it
    /// returns when the read lands.
    mutating func start(quietly: Bool = false) -> Int {
        started += 1
        if !quietly { isLoading = true }
        return started
    }

    /// The read numbered `read` landed, with what it read or failing: answers whether it is the newest started,
    /// whose outcome the list shows; once it is, the list is no longer loading. An older one (its failure too)
    /// is dropped: the newer one on its way will say.
    mutating func landed(_ read: Int) -> Bool {
        guard read == started else { return false }
        isLoading = false
        return true
    }
}
