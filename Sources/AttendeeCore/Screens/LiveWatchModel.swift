import APIClient
import AttendeeModels
import Foundation
import Localization
import Observation

/// What a live change was, for the watch feed.
public enum LiveWatchKind: String, Sendable, Hashable, Codable {
    /// A poll opened.
    case pollOpened
    /// Someone answered a poll.
    case pollResults
    /// A poll closed.
    case pollClosed
}

/// One line of the live feed: a poll's change and its results after it.
public struct LiveWatchEntry: Sendable, Hashable, Codable, Identifiable {
    /// The event's sequence (the SSE id).
    public var id: String
    /// What happened.
    public var kind: LiveWatchKind
    /// The poll.
    public var pollID: String
    /// `Poll opened: Favourite colour?`, `Favourite colour? Red 40% · Blue 60% (5 votes)`.
    public var text: String
    /// The results it carried.
    public var results: PollResults
}

/// An event's live feed, as it arrives: every poll that opens, each answer's new results, every close.
///
/// ```swift
/// let watch = LiveWatchModel(client: client, eventID: id)
/// await watch.follow(limit: 3) { entry in print(entry.text) }
/// ```
@Observable @MainActor
public final class LiveWatchModel {
    /// The lines so far, oldest first.
    public private(set) var entries: [LiveWatchEntry] = []
    /// Whether the stream is connected and has said `ready`.
    public private(set) var isConnected = false
    /// The error line, when the stream ended with one.
    public private(set) var banner: Banner?

    private let client: AttendeeClient
    private let eventID: String

    /// Creates the feed of one event.
    public init(client: AttendeeClient, eventID: String) {
        self.client = client
        self.eventID = eventID
    }

    /// Follows the stream until it ends, the task is cancelled, or `limit` entries have arrived;
    /// `onEntry` sees each entry as it is added.
    public func follow(limit: Int? = nil, onEntry: (LiveWatchEntry) -> Void = { _ in }) async {
        if let limit, entries.count >= limit { return }
        do {
            for try await event in client.live(.event(eventID)) {
                if event.type == LiveReady.eventType {
                    isConnected = true
                    continue
                }
                guard let entry = Self.entry(event) else { continue }
                entries.append(entry)
                onEntry(entry)
                if let limit, entries.count >= limit { break }
            }
        } catch {
            banner = Banner(error)
        }
        isConnected = false
    }

    static func entry(_ event: ServerEvent) -> LiveWatchEntry? {
        guard let kind = PollUpdate.Kind(rawValue: event.type),
            let update = try? AttendeeCoding.decoder().decode(PollUpdate.self, from: Data(event.data.utf8))
        else { return nil }
        let text: String
        let watchKind: LiveWatchKind
        switch kind {
        case .opened:
            watchKind = .pollOpened
            text = Strings.format("watch.opened", update.question)
        case .closed:
            watchKind = .pollClosed
            text = Strings.format("watch.closed", update.question, PollFormatting.voters(update.results.voters))
        case .results:
            watchKind = .pollResults
            let question = PollQuestion(
                id: update.results.questions.first?.questionID ?? "1", text: update.question, options: update.options)
            let shares = PollFormatting.rows(question, results: update.results, selected: [], revealCorrect: false)
                .map { Strings.format("watch.option", $0.text, $0.shareText) }
            text = Strings.format(
                "watch.results", update.question, shares.joined(separator: " · "),
                PollFormatting.voters(update.results.voters))
        }
        return LiveWatchEntry(
            id: event.lastEventID, kind: watchKind, pollID: update.pollID, text: text, results: update.results)
    }
}
