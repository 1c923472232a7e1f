import AttendeeModels
import Foundation
import Localization
import Observation

/// A discussion message as the screen shows it.
public struct DiscussionRow: Sendable, Hashable, Identifiable, Codable {
    /// The message's id.
    public var id: String
    /// `Ana Ferreira · 10 Mar at 09:00`.
    public var byline: String
    /// The text, emoji and all.
    public var text: String
    /// The picture's media id, when there is one.
    public var imageID: String?
    /// The picture as the row shows it, when there is one.
    public var image: RowImage?
    /// Whether the reader may delete it (its author, or the organizer).
    public var canDelete: Bool
}

/// A session's discussion, reached from the session's page: messages newest first, paging back, a composer
/// with the core's character rule, deleting, and live messages from everyone.
@Observable @MainActor
public final class DiscussionModel: PostScreen {
    /// The messages as shown, newest first.
    public private(set) var rows: [DiscussionRow] = []
    /// Whether there are older messages to load.
    public private(set) var canLoadMore = false
    /// What the screen says when nobody wrote yet.
    public private(set) var emptyMessage: String?
    /// The composer's text.
    public internal(set) var draft = ""
    /// Whether a message is on its way.
    public internal(set) var isSending = false
    /// The question asked before a message is deleted (its action is the message's id).
    public private(set) var confirmation: Confirmation<String>?
    /// What the last deletion the person confirmed took away, once the server took it.
    public private(set) var deleted: Deleted?
    /// Whether the session is gone (a re-import took it off the programme, and its discussion with it) or was
    /// never there (an id mistyped on the command line): the server answered 404 for its discussion. The messages
    /// are taken off, the banner says so in the app's words, and nothing more is sent.
    public private(set) var isSessionGone = false
    /// Whether the discussion's routes answered on this screen before: only then does a 404 mean the session was
    /// removed. The server keeps no trace of a removed session, so a 404 on the first call may be either.
    private var sessionWasThere = false

    /// The session discussed.
    public let sessionID: String
    /// The photo the next message carries.
    public let attachment: PhotoAttachment
    private let client: AttendeeClient
    private let times: WrittenTimeFormatter
    var feed = PostFeed<DiscussionMessage, DiscussionUpdate>()
    @ObservationIgnored var sendKey = DraftKey<NewPost>()
    /// Messages whose deletion is on its way: confirmed again meanwhile, nothing more is sent.
    private var deleting: Set<String> = []
    /// Where the next older page starts (what `--cursor` takes on the command line).
    public var nextCursor: String? { feed.nextCursor }
    /// Whether the first page is loading.
    public var isLoading: Bool { feed.isLoading }
    /// Whether an older page is loading.
    public var isLoadingMore: Bool { feed.isLoadingMore }
    /// The offline or error banner.
    public var banner: PostBanner? { feed.banner }

    /// Creates the discussion of `sessionID`; times are shown in `timeZone`, as `locale` writes them.
    public init(
        client: AttendeeClient, sessionID: String, timeZone: TimeZone = .current,
        locale: Locale = .current
    ) {
        self.client = client
        self.sessionID = sessionID
        self.attachment = PhotoAttachment(
            eventID: { try await client.session(sessionID).eventID }, upload: client.uploadAttachment)
        self.times = WrittenTimeFormatter(timeZone: timeZone, locale: locale)
    }

    /// The composer's counter and whether its text may be sent.
    public var composer: ComposerState { composerState }
    /// Whether the Send button is enabled (not while a photo is on its way, nor once the session is gone).
    public var canSend: Bool { readyToSend && !isSessionGone }
    /// The banner's sentence.
    public var bannerText: String? { banner?.discussionText }
    /// The banner's sentence as it answers a person who came to make `write` and met it first (see
    /// ``PostBanner/stopping(_:)``).
    public func bannerText(stopping write: PostWrite) -> String? { banner?.stopping(write).discussionText }

    /// The discussion appeared, or was pulled down: the newest page (or the page after `cursor`).
    public func appeared(cursor: String? = nil) async { await loadNewest(after: cursor) }

    /// The next older page.
    public func loadMoreTapped() async { await loadOlder() }

    /// The person scrolled back until `messageID` showed (or the discussion ended); answers whether it is shown.
    public func scrolledTo(messageID: String) async -> Bool { await scroll(to: messageID) }

    /// The composer's text changed.
    public func draftChanged(_ text: String) { draft = text }

    /// Send was tapped.
    public func sendTapped() async {
        guard !isSessionGone else { return }
        await sendDraft()
    }

    /// Delete was tapped on a message: the discussion asks first. On a message it offers no Delete for (another
    /// person's; the command line can send the tap anyway) the banner says why, in the app's words, and nothing is
    /// asked or sent.
    public func deleteTapped(messageID: String) {
        if rows.first(where: { $0.id == messageID })?.canDelete == false {
            confirmation = nil
            feed.banner = .failed(WallText.cannotDeleteMessage)
            return rebuild()
        }
        confirmation = Strings.confirmation(messageID, "message", button: WallText.delete)
    }

    /// The question was dismissed (Cancel): nothing is deleted.
    public func confirmationDismissed() { confirmation = nil }

    /// The question's Delete was tapped: the message leaves the discussion for everyone. Confirmed again while it
    /// is on its way, nothing more is sent; one the server no longer has (404) is gone, as the person wanted.
    public func confirmTapped(_ messageID: String) async {
        confirmation = nil
        guard deleting.insert(messageID).inserted else { return }
        defer { deleting.remove(messageID) }
        deleted = nil
        await attempt(changing: true) {
            try await AttendeeFailure.deleting { try await client.deleteMessage(messageID) }
            applyOwn(.deleted(DiscussionDeletion(messageID: messageID)))
            deleted = Deleted(messageID)
        }
    }

    /// Listens to the discussion's live changes until the screen goes away.
    public func listen() async { await follow() }

    /// A live change arrived; the composer is left as it is.
    public func apply(_ update: DiscussionUpdate) {
        switch update {
        case .posted(let message) where message.sessionID == sessionID:
            feed.insert(message)
        case .posted:
            break
        case .deleted(let deletion):
            feed.remove(deletion.messageID)
        }
        rebuild()
    }

    func page(after cursor: String?) async throws -> DiscussionPage {
        try await goneOn404 { try await client.discussion(sessionID, cursor, nil) }
    }

    func send(_ post: NewPost, key: String) async throws -> DiscussionUpdate {
        .posted(try await goneOn404 { try await client.postToDiscussion(sessionID, post, key) })
    }

    /// Runs a call of the discussion's own route; a 404 there means there is no such session (removed by a
    /// re-import, or never one), and the server's "There is no session with this id." is not what the person reads
    /// (``rebuild()`` says it in the app's words).
    private func goneOn404<T>(_ call: () async throws -> T) async throws -> T {
        do {
            let answer = try await call()
            sessionWasThere = true
            return answer
        } catch  where AttendeeFailure.status(error) == 404 {
            isSessionGone = true
            throw error
        }
    }

    func updates() -> LiveChanges<DiscussionUpdate> {
        client.discussionUpdates(sessionID)
    }

    func rebuild() {
        if isSessionGone {
            // NB: "no longer on the programme" only for a session this screen saw; a first call's 404 is a removed
            // session or an id that never was one, and the sentence says what is true of both.
            feed.banner = .failed(Strings.text(sessionWasThere ? "discussion.sessionGone" : "discussion.noSession"))
            rows = []
            canLoadMore = false
            emptyMessage = nil
            return
        }
        rows = feed.items.map { message in
            DiscussionRow(
                id: message.id, byline: times.byline(message), text: message.text, imageID: message.imageID,
                image: RowImage(message.imageID, author: message.author.name), canDelete: feed.mayDelete(message))
        }
        canLoadMore = nextCursor != nil
        emptyMessage = feed.items.isEmpty && banner == nil && !isLoading ? Strings.text("discussion.empty") : nil
    }
}
