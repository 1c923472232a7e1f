import APIClient
import AttendeeModels
import Foundation
import Localization
import Observation

/// What a live change was, for the watch feed.
public enum LiveWatchKind: String, Sendable, Hashable, Codable {
    /// A poll or quiz opened.
    case pollOpened
    /// Someone answered a poll or quiz.
    case pollResults
    /// A poll or quiz closed.
    case pollClosed
    /// A poll or quiz was deleted with its answers. (A draft's creation or edit is not shown: a draft is its
    /// managers' only.)
    case pollDeleted
    /// Someone posted on the wall.
    case wallPost
    /// Someone replied to a wall post.
    case wallReply
    /// A wall post's likes changed.
    case wallLikes
    /// A wall post or reply was deleted.
    case wallDeleted
}

/// One entry of the live feed: a poll's change and its results after it, or a change on the wall.
public struct LiveWatchEntry: Sendable, Hashable, Codable, Identifiable {
    /// The event's sequence (the SSE id).
    public var id: String
    /// What happened.
    public var kind: LiveWatchKind
    /// The poll, for a poll's change.
    public var pollID: String?
    /// The wall post, for a change on the wall.
    public var postID: String?
    /// `Poll opened: Favourite colour?`, `Favourite colour? — Red 40% · Blue 60% (5 votes)`,
    /// `New post by Ada Lovelace: Lunch?`; a question or a post's line each on a line of its own.
    public var text: String
    /// The results it carried, for a poll's change.
    public var results: PollResults?
}

/// An event's live feed, as it arrives: every poll that opens, each answer's new results, every close and
/// deletion, and the wall's posts, replies, likes and deletions.
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

    /// The feed's entry for a live event; `nil` for kinds it does not show (`ready`) and data that does not decode.
    static func entry(_ event: ServerEvent) -> LiveWatchEntry? {
        if let update = WallUpdate(kind: event.type, data: event.data) { return entry(update, id: event.lastEventID) }
        if PollReference.Kind(rawValue: event.type) == .deleted {
            guard let deleted = try? AttendeeCoding.decoder().decode(PollReference.self, from: Data(event.data.utf8))
            else { return nil }
            return LiveWatchEntry(
                id: event.lastEventID, kind: .pollDeleted, pollID: deleted.pollID,
                text: Strings.format("watch.pollDeleted", deleted.pollID))
        }
        guard let kind = PollUpdate.Kind(rawValue: event.type),
            let update = try? AttendeeCoding.decoder().decode(PollUpdate.self, from: Data(event.data.utf8))
        else { return nil }
        let isQuiz = update.kind == .quiz
        let questions =
            update.questions
            ?? [
                PollQuestion(
                    id: update.results.questions.first?.questionID ?? "1", text: update.question,
                    options: update.options)
            ]
        let voters = PollFormatting.voters(update.results.voters)
        let text: String
        let watchKind: LiveWatchKind
        switch kind {
        case .opened:
            watchKind = .pollOpened
            text = lines(
                Strings.format(isQuiz ? "watch.opened.quiz" : "watch.opened.poll", questions.first?.text ?? ""),
                questions.dropFirst().map(\.text))
        case .closed:
            watchKind = .pollClosed
            text = lines(
                Strings.format(isQuiz ? "watch.closed.quiz" : "watch.closed.poll", questions.first?.text ?? "", voters),
                questions.dropFirst().map(\.text))
        case .results:
            watchKind = .pollResults
            let results = questions.map { question in
                // NB: an open quiz's counts are not sent; say when they will be.
                if update.results.countsHidden == true {
                    return Strings.format("watch.results", question.text, Strings.text("quiz.resultsLater"), voters)
                }
                let shares = PollFormatting.rows(question, results: update.results, selected: [], revealCorrect: false)
                    .map { Strings.format("watch.option", $0.text, $0.shareText) }
                return Strings.format("watch.results", question.text, shares.joined(separator: " · "), voters)
            }
            text = lines(results.first ?? "", Array(results.dropFirst()))
        }
        return LiveWatchEntry(
            id: event.lastEventID, kind: watchKind, pollID: update.pollID, text: text, results: update.results)
    }

    /// A change on the wall, as the feed words it.
    static func entry(_ update: WallUpdate, id: String) -> LiveWatchEntry {
        switch update {
        case .posted(let post):
            let photo = RowImage(post.imageID, author: post.author.name).map { [WallText.photoLine($0)] } ?? []
            let body = post.text.isEmpty ? photo : [post.text] + photo
            return LiveWatchEntry(
                id: id, kind: .wallPost, postID: post.id,
                text: lines(
                    Strings.format("watch.wall.post", post.author.name, body.first ?? ""), Array(body.dropFirst())))
        case .replied(let reply):
            return LiveWatchEntry(
                id: id, kind: .wallReply, postID: reply.postID,
                text: lines(Strings.format("watch.wall.reply", reply.author.name, reply.postID, reply.text), []))
        case .likes(let likes):
            return LiveWatchEntry(
                id: id, kind: .wallLikes, postID: likes.postID,
                text: Strings.format("watch.wall.likes", likes.postID, WallModel.likes(likes.likeCount)))
        case .deleted(let deletion):
            return LiveWatchEntry(
                id: id, kind: .wallDeleted, postID: deletion.postID,
                text: deletion.replyID.map { Strings.format("watch.wall.replyDeleted", $0, deletion.postID) }
                    ?? Strings.format("watch.wall.deleted", deletion.postID))
        }
    }

    /// `head`, then each of `more` on a line of its own; every line after the first indented, so a post or a
    /// question of several lines reads as one entry.
    private static func lines(_ head: String, _ more: [String]) -> String {
        ([head] + more).joined(separator: "\n").split(separator: "\n", omittingEmptySubsequences: false)
            .joined(separator: "\n    ")
    }
}
