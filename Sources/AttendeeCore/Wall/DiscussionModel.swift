import AttendeeModels
import Foundation
import Observation

/// A discussion message as the screen shows it.
public struct DiscussionRow: Sendable, Hashable, Identifiable, Codable {
    /// The message's id.
    public var id: String
    /// `Ana Ferreira · 10 Mar, 09:00`.
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
public final class DiscussionModel {
    /// The messages as shown, newest first.
    public private(set) var rows: [DiscussionRow] = []
    /// Whether the first page is loading.
    public private(set) var isLoading = false
    /// Whether there are older messages to load.
    public private(set) var canLoadMore = false
    /// What the screen says when nobody wrote yet.
    public private(set) var emptyMessage: String?
    /// The offline or error banner.
    public private(set) var banner: PostBanner?
    /// The composer's text.
    public private(set) var draft = ""
    /// Whether a message is on its way.
    public private(set) var isSending = false

    /// The session discussed.
    public let sessionID: String
    /// The photo the next message carries.
    public let attachment: PhotoAttachment
    private let client: AttendeeClient
    private let times: PostTimeFormatter
    private var feed = PostFeed<DiscussionMessage>()
    /// Where the next older page starts (what `--cursor` takes on the command line).
    public var nextCursor: String? { feed.nextCursor }

    /// Creates the discussion of `sessionID`; times are shown in `timeZone`.
    public init(
        client: AttendeeClient, sessionID: String, timeZone: TimeZone = .current,
        locale: Locale = Locale(identifier: "en_US_POSIX")
    ) {
        self.client = client
        self.sessionID = sessionID
        self.attachment = PhotoAttachment(
            eventID: { try await client.session(sessionID).eventID }, upload: client.uploadAttachment)
        self.times = PostTimeFormatter(timeZone: timeZone, locale: locale)
    }

    /// The composer's counter and whether its text may be sent.
    public var composer: ComposerState { ComposerState(draft: draft, imageID: attachment.imageID) }
    /// Whether the Send button is enabled (not while a photo is on its way).
    public var canSend: Bool { !isSending && !attachment.isUploading && composer.problem == nil }
    /// The banner's sentence.
    public var bannerText: String? { banner?.discussionText }

    /// The discussion appeared, or was pulled down: the newest page (or the page after `cursor`).
    public func appeared(cursor: String? = nil) async {
        isLoading = true
        do {
            feed.show(try await client.discussion(sessionID, cursor, nil))
            banner = nil
        } catch {
            banner = PostBanner(error)
        }
        isLoading = false
        rebuild()
    }

    /// The next older page.
    public func loadMoreTapped() async {
        guard let cursor = nextCursor else { return }
        do {
            feed.appendOlder(try await client.discussion(sessionID, cursor, nil))
            banner = nil
        } catch {
            banner = PostBanner(error)
        }
        rebuild()
    }

    /// The composer's text changed.
    public func draftChanged(_ text: String) { draft = text }

    /// Send was tapped.
    public func sendTapped() async {
        guard canSend else { return }
        let sent = draft
        isSending = true
        defer { isSending = false }
        do {
            let message = try await client.postToDiscussion(
                sessionID, NewPost(text: sent, imageID: attachment.imageID))
            apply(.posted(message))
            if draft == sent { draft = "" }
            attachment.sent()
            banner = nil
        } catch {
            banner = PostBanner(error)
        }
        rebuild()
    }

    /// Delete was tapped on a message.
    public func deleteTapped(messageID: String) async {
        do {
            try await client.deleteMessage(messageID)
            apply(.deleted(DiscussionDeletion(messageID: messageID)))
        } catch {
            banner = PostBanner(error)
            rebuild()
        }
    }

    /// Listens to the discussion's live changes until the screen goes away.
    public func listen() async {
        do {
            for try await update in client.discussionUpdates(sessionID) { apply(update) }
        } catch {
            banner = PostBanner(error)
        }
    }

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

    private func rebuild() {
        rows = feed.items.map { message in
            DiscussionRow(
                id: message.id, byline: times.byline(message), text: message.text, imageID: message.imageID,
                image: RowImage(message.imageID, author: message.author.name), canDelete: feed.mayDelete(message))
        }
        canLoadMore = nextCursor != nil
        emptyMessage = feed.items.isEmpty && banner == nil && !isLoading ? Strings.text("discussion.empty") : nil
    }
}
