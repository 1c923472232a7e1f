import AttendeeModels
import Foundation
import Localization
import Observation

/// A reply as the wall shows it.
public struct WallReplyRow: Sendable, Hashable, Identifiable, Codable {
    /// The reply's id.
    public var id: String
    /// `Ana Ferreira · 10 Mar at 09:00`.
    public var byline: String
    /// The text.
    public var text: String
    /// Whether the reader may delete it (its author, or the organizer).
    public var canDelete: Bool
}

/// A post as the wall shows it.
public struct WallPostRow: Sendable, Hashable, Identifiable, Codable {
    /// The post's id.
    public var id: String
    /// `Ana Ferreira · 10 Mar at 09:00`.
    public var byline: String
    /// The text.
    public var text: String
    /// The picture's media id, when there is one.
    public var imageID: String?
    /// The picture as the row shows it, when there is one.
    public var image: RowImage?
    /// How many like it, optimistic while a like is on its way.
    public var likeCount: Int
    /// `3 likes`.
    public var likes: String
    /// Whether the reader likes it (the button shows "Unlike").
    public var isLiked: Bool
    /// `Like` or `Unlike`.
    public var likeButtonTitle: String
    /// Whether the reader may delete it.
    public var canDelete: Bool
    /// Its replies, oldest first: the latest few, and those loaded with ``WallModel/moreRepliesTapped(postID:)``.
    public var replies: [WallReplyRow]
    /// `2 more replies`, above the replies, while earlier ones are not loaded; `nil` when all are shown.
    public var moreReplies: String?
}

/// An event's wall: posts newest first, paging back by cursor, a composer with the core's character rule,
/// optimistic likes that roll back when refused, deleting, replies, and live changes from everyone.
///
/// ```swift
/// let wall = WallModel(client: client, eventID: "e1")
/// await wall.appeared()
/// Task { await wall.listen() }
/// wall.draftChanged("Hello 👋")
/// await wall.postTapped()
/// ```
@Observable @MainActor
public final class WallModel: PostScreen {
    /// The posts as shown, newest first.
    public private(set) var rows: [WallPostRow] = []
    /// Whether there are older posts to load.
    public private(set) var canLoadMore = false
    /// What the wall says when there is nothing on it.
    public private(set) var emptyMessage: String?
    /// The composer's text.
    public internal(set) var draft = ""
    /// Whether a post is on its way.
    public internal(set) var isSending = false
    /// The post being replied to, if the reply composer is open.
    public private(set) var replyingTo: String?
    /// The reply composer's text.
    public private(set) var replyDraft = ""
    /// Whether a reply is on its way (its Send is off meanwhile, so a second tap sends nothing more).
    public private(set) var isSendingReply = false
    /// The question asked before a post or reply is deleted, while it waits for an answer.
    public private(set) var confirmation: Confirmation<Removal>?
    /// What the last deletion the person confirmed took away, once the server took it.
    public private(set) var deleted: Deleted?

    /// What the wall deletes once the person confirms.
    public enum Removal: Hashable, Sendable {
        /// A post, with its replies.
        case post(String)
        /// One reply under a post.
        case reply(postID: String, replyID: String)
    }

    /// The event whose wall this is.
    public let eventID: String
    /// The photo the next post carries.
    public let attachment: PhotoAttachment
    private let client: AttendeeClient
    private let times: WrittenTimeFormatter
    var feed = PostFeed<WallPost, WallUpdate>()
    @ObservationIgnored var sendKey = DraftKey<NewPost>()
    /// The reply's `Idempotency-Key`: the same for every retry of one reply to one post.
    @ObservationIgnored private var replyKey = DraftKey<ReplyDraft>()

    /// A reply as its key knows it: the same words to another post are another reply.
    private struct ReplyDraft: Equatable {
        var postID: String
        var reply: NewWallReply
    }
    /// Where the next older page starts (what `--cursor` takes on the command line).
    public var nextCursor: String? { feed.nextCursor }
    /// Whether the first page is loading.
    public var isLoading: Bool { feed.isLoading }
    /// Whether an older page is loading.
    public var isLoadingMore: Bool { feed.isLoadingMore }
    /// The offline or error banner.
    public var banner: PostBanner? { feed.banner }
    /// Likes on their way: the state the reader asked for, by post id.
    private var pendingLikes: [String: Bool] = [:]
    /// Posts with a like on its way whose count a live event has since told.
    private var countsHeardWhilePending: Set<String> = []
    /// Posts whose earlier replies are loading.
    private var loadingReplies: Set<String> = []
    /// Replies counted out of their post's count already (a deletion is heard from its own answer and live).
    private var deletedReplies: Set<String> = []
    /// Replies this person's own deletion (a 404: another came first) took off their post's count without a
    /// version, by the post's ``WallPost/replyVersion`` then: the other deletion's event, heard against the same
    /// count, moves the version on and takes nothing more off.
    private var countedOutUnversioned: [String: Int] = [:]
    /// Deletions on their way: the same one confirmed again meanwhile sends nothing more.
    private var deleting: Set<Removal> = []

    /// Creates the wall of `eventID`; times are shown in `timeZone`, as `locale` writes them.
    public init(
        client: AttendeeClient, eventID: String, timeZone: TimeZone = .current,
        locale: Locale = .current
    ) {
        self.client = client
        self.eventID = eventID
        self.attachment = PhotoAttachment(eventID: eventID, upload: client.uploadAttachment)
        self.times = WrittenTimeFormatter(timeZone: timeZone, locale: locale)
    }

    /// The composer's counter and whether its text may be sent.
    public var composer: ComposerState { composerState }
    /// Whether the Post button is enabled (not while a photo is on its way).
    public var canPost: Bool { readyToSend }
    /// The reply composer's state.
    public var replyComposer: ComposerState { ComposerState(draft: replyDraft) }
    /// Why the reply cannot be sent, as a sentence (what the command line prints when it refuses one): a reply
    /// carries no picture, so an empty one is told to write something, not to add a picture; `nil` when it can go.
    public var replyRefusal: String? {
        replyComposer.problem.map {
            $0 == .empty ? Strings.text("wall.problem.reply.empty") : ComposerState.sentence($0)
        }
    }
    /// Whether the Send reply button is enabled.
    public var canSendReply: Bool { replyingTo != nil && !isSendingReply && replyComposer.problem == nil }
    /// The banner's sentence.
    public var bannerText: String? { banner?.wallText }
    /// The banner's sentence as it answers a person who came to make `write` and met it first (see
    /// ``PostBanner/stopping(_:)``).
    public func bannerText(stopping write: PostWrite) -> String? { banner?.stopping(write).wallText }

    // MARK: - Events

    /// The wall appeared, or was pulled down: the newest page (or the page after `cursor`).
    public func appeared(cursor: String? = nil) async { await loadNewest(after: cursor) }

    /// The person scrolled to the end: the next older page.
    public func loadMoreTapped() async { await loadOlder() }

    /// The person scrolled back until `postID` showed (or the wall ended); answers whether it is shown.
    public func scrolledTo(postID: String) async -> Bool { await scroll(to: postID) }

    /// The composer's text changed.
    public func draftChanged(_ text: String) { draft = text }

    /// Post was tapped: the draft goes out; it is cleared when it went, unless the person typed on meanwhile.
    public func postTapped() async { await sendDraft() }

    /// Like (or Unlike) was tapped: shown at once, rolled back if the server refuses.
    public func likeTapped(postID: String) async {
        guard pendingLikes[postID] == nil, let post = feed.items.first(where: { $0.id == postID }) else { return }
        let wanted = !post.likedByMe
        pendingLikes[postID] = wanted
        rebuild()
        do {
            let likes = wanted ? try await client.like(postID) : try await client.unlike(postID)
            let heardLive = countsHeardWhilePending.contains(postID)
            feed.modify(postID) {
                // NB: a live count heard meanwhile is at least as new as the answer's, which was read before
                // its own event was committed.
                if !heardLive { $0.likeCount = likes.likeCount }
                $0.likedByMe = likes.likedByMe ?? wanted
            }
        } catch  where AttendeeFailure.status(error) == 404 {
            postGone(postID)
        } catch {
            feed.banner = PostBanner(changing: error)
        }
        pendingLikes[postID] = nil
        countsHeardWhilePending.remove(postID)
        rebuild()
    }

    /// A like, reply or page of replies met a post the server no longer has (404: deleted since the wall showed it,
    /// its deletion not heard, as when the stream was away): it leaves the wall, with its reply field, and the
    /// banner says so in the app's words, where it said the server's "There is no post with this id." under a
    /// post that stayed, and whose every tap met the same refusal again.
    private func postGone(_ postID: String) {
        if replyingTo == postID {
            replyingTo = nil
            replyDraft = ""
        }
        applyOwn(.deleted(WallDeletion(postID: postID)))
        feed.banner = .failed(WallText.postDeletedElsewhere)
        rebuild()
    }

    /// Delete was tapped on one of the reader's posts (or any, for the organizer): the wall asks first. On a post
    /// the wall offers no Delete for (another person's; the command line can send the tap anyway) the banner says
    /// why, in the app's words, and nothing is asked or sent.
    public func deleteTapped(postID: String) {
        if rows.first(where: { $0.id == postID })?.canDelete == false {
            return refuseDeletion(WallText.cannotDeletePost)
        }
        confirmation = Strings.confirmation(.post(postID), "post", button: WallText.delete)
    }

    /// Delete was tapped on a reply: the wall asks first (on another person's reply, the banner says why not).
    public func deleteReplyTapped(postID: String, replyID: String) {
        let reply = rows.first(where: { $0.id == postID })?.replies.first(where: { $0.id == replyID })
        if reply?.canDelete == false { return refuseDeletion(WallText.cannotDeleteReply) }
        confirmation = Strings.confirmation(
            .reply(postID: postID, replyID: replyID), "reply", button: WallText.delete)
    }

    /// A deletion the wall does not offer: the banner says why.
    private func refuseDeletion(_ sentence: String) {
        confirmation = nil
        feed.banner = .failed(sentence)
        rebuild()
    }

    /// The question's Delete was tapped: the post (or reply) is deleted for everyone. Confirmed again while it is
    /// on its way, nothing more is sent; one the server no longer has (404) is gone, as the person wanted.
    public func confirmTapped(_ removal: Removal) async {
        confirmation = nil
        guard deleting.insert(removal).inserted else { return }
        deleted = nil
        defer { deleting.remove(removal) }
        await attempt(changing: true) {
            switch removal {
            case .post(let postID):
                try await AttendeeFailure.deleting { try await client.deletePost(postID) }
                applyOwn(.deleted(WallDeletion(postID: postID)))
                deleted = Deleted(postID)
            case .reply(let postID, let replyID):
                var deletion = WallDeletion(postID: postID, replyID: replyID)
                try await AttendeeFailure.deleting {
                    deletion.replyVersion = try await client.deleteReply(replyID)?.replyVersion
                }
                applyOwn(.deleted(deletion))
                deleted = Deleted(replyID)
            }
        }
    }

    /// The question was dismissed (Cancel): nothing is deleted.
    public func confirmationDismissed() { confirmation = nil }

    /// "N more replies" was tapped on a post: the page of replies before those shown goes above them.
    public func moreRepliesTapped(postID: String) async {
        guard !loadingReplies.contains(postID),
            let cursor = feed.items.first(where: { $0.id == postID })?.earlierRepliesCursor
        else { return }
        loadingReplies.insert(postID)
        defer { loadingReplies.remove(postID) }
        var gone = false
        await attempt {
            let page: WallReplyPage
            do {
                page = try await client.wallReplies(postID, cursor, nil)
            } catch  where AttendeeFailure.status(error) == 404 {
                gone = true
                return
            }
            feed.modify(postID) { post in
                // NB: a reply deleted while the page was read is on it, and stays gone: ids are never reused.
                let shown = Set(post.replies.map(\.id)).union(deletedReplies)
                post.replies.insert(contentsOf: page.replies.filter { !shown.contains($0.id) }, at: 0)
                post.earlierRepliesCursor = page.nextCursor
            }
        }
        if gone { postGone(postID) }
    }

    /// Reply was tapped on a post: the reply composer opens for it.
    public func replyTapped(postID: String) {
        replyingTo = postID
        replyDraft = ""
    }

    /// The reply composer's text changed.
    public func replyDraftChanged(_ text: String) { replyDraft = text }

    /// The reply composer was closed without sending.
    public func replyCancelled() {
        replyingTo = nil
        replyDraft = ""
    }

    /// Send reply was tapped: the composer closes once the reply went, unless the person wrote on in it, or
    /// opened another, meanwhile; it keeps the text when the reply did not go.
    public func sendReplyTapped() async {
        guard canSendReply, let postID = replyingTo else { return }
        let sent = replyDraft
        isSendingReply = true
        defer { isSendingReply = false }
        var gone = false
        await attempt(sending: .reply) {
            let reply = ReplyDraft(postID: postID, reply: NewWallReply(text: sent))
            let made: WallReply
            do {
                made = try await client.reply(postID, reply.reply, replyKey.key(for: reply))
            } catch  where AttendeeFailure.status(error) == 404 {
                gone = true
                return
            }
            applyOwn(.replied(made))
            replyKey.sent(reply)
            if replyingTo == postID, replyDraft == sent {
                replyingTo = nil
                replyDraft = ""
            }
        }
        if gone { postGone(postID) }
    }

    /// Listens to the wall's live changes until the screen goes away (the task is cancelled).
    public func listen() async { await follow() }

    /// A live change arrived (from anyone, the reader included): the composer is left as it is.
    public func apply(_ update: WallUpdate) {
        switch update {
        case .posted(let post) where post.eventID == eventID:
            feed.insert(post)
        case .posted:
            break
        case .replied(let reply):
            feed.modify(reply.postID) { post in
                // NB: a page read after the reply counts it, and lists it only while it is among the latest few:
                // heard again once such a page landed, it changes nothing. The versions say which page that is.
                if let read = post.replyVersion, let version = reply.replyVersion {
                    guard version > read else { return }
                    post.replyVersion = version
                }
                guard !post.replies.contains(where: { $0.id == reply.id }) else { return }
                post.replies.append(reply)
                post.replyCount = post.replyCount.map { $0 + 1 }
            }
        case .likes(let likes):
            let mine = likes.changedBy != nil && likes.changedBy == feed.viewer?.personID
            if pendingLikes[likes.postID] != nil { countsHeardWhilePending.insert(likes.postID) }
            feed.modify(likes.postID) { post in
                post.likeCount = likes.likeCount
                // NB: the echo of the reader's own like often arrives before the answer; it already counts the
                // like, so the post takes the reader's new state and a pending like adds nothing on top.
                if mine, let liked = likes.changerLikes { post.likedByMe = liked }
            }
        case .deleted(let deletion):
            if let replyID = deletion.replyID {
                let firstHeard = deletedReplies.insert(replyID).inserted
                feed.modify(deletion.postID) { post in
                    if let read = post.replyVersion {
                        // NB: a deletion is heard twice (its answer and live), and again after a page read while
                        // it was heard; a reply not loaded counts all the same. It comes off the count only when
                        // it is newer than the count: a page read before it lands still counting it, one read
                        // after does not.
                        let listed = post.replies.contains { $0.id == replyID }
                        post.replies.removeAll { $0.id == replyID }
                        guard let version = deletion.replyVersion else {
                            // NB: without a version: this person's own deletion, answered 404 because someone
                            // else's came first, at a version not told here. A page that lists the reply was read
                            // before that deletion and counts it, so it comes off now (no stream may ever bring
                            // that deletion's event); its event then only moves the version on.
                            countedOutUnversioned[replyID] = listed ? read : nil
                            if listed { post.replyCount = post.replyCount.map { max($0 - 1, post.replies.count) } }
                            return
                        }
                        guard version > read else { return }
                        post.replyVersion = version
                        if countedOutUnversioned.removeValue(forKey: replyID) == read { return }
                        post.replyCount = post.replyCount.map { max($0 - 1, post.replies.count) }
                        return
                    }
                    // NB: from a server without versions: a deletion heard twice comes off the count once; heard
                    // again after a page read before it landed, the reply is back in that page, and in its count:
                    // both drop again (a reply not loaded cannot be told apart, and stays counted).
                    guard firstHeard || post.replies.contains(where: { $0.id == replyID }) else { return }
                    post.replies.removeAll { $0.id == replyID }
                    post.replyCount = post.replyCount.map { max($0 - 1, post.replies.count) }
                }
            } else {
                feed.remove(deletion.postID)
                pendingLikes[deletion.postID] = nil
            }
        }
        rebuild()
    }

    // MARK: - State

    func page(after cursor: String?) async throws -> WallPage { try await client.wall(eventID, cursor, nil) }

    func send(_ post: NewPost, key: String) async throws -> WallUpdate {
        .posted(try await client.postToWall(eventID, post, key))
    }

    func updates() -> LiveChanges<WallUpdate> { client.wallUpdates(eventID) }

    func rebuild() {
        rows = feed.items.map { post in
            var liked = post.likedByMe
            var count = post.likeCount
            if let wanted = pendingLikes[post.id], wanted != post.likedByMe {
                liked = wanted
                count = max(0, count + (wanted ? 1 : -1))
            }
            return WallPostRow(
                id: post.id,
                byline: times.byline(post),
                text: post.text, imageID: post.imageID, image: RowImage(post.imageID, author: post.author.name),
                likeCount: count, likes: Self.likes(count), isLiked: liked,
                likeButtonTitle: Strings.text(liked ? "wall.unlike" : "wall.like"),
                canDelete: feed.mayDelete(post),
                replies: post.replies.map { reply in
                    WallReplyRow(
                        id: reply.id, byline: times.byline(reply), text: reply.text,
                        canDelete: feed.mayDelete(reply))
                },
                moreReplies: Self.moreReplies(post))
        }
        canLoadMore = nextCursor != nil
        emptyMessage = feed.items.isEmpty && banner == nil && !isLoading ? Strings.text("wall.empty") : nil
    }

    /// `2 more replies` while earlier replies are not loaded and the count says some are left; `nil` otherwise.
    ///
    /// NB: a page of earlier replies read before one further back was deleted lands with a cursor to it; the
    /// deletion heard meanwhile took it off the count, so the count, not the cursor, says whether any is left
    /// (the row said "1 more reply" with none left). Without a count (an older server), the cursor decides.
    static func moreReplies(_ post: WallPost) -> String? {
        guard post.earlierRepliesCursor != nil else { return nil }
        guard let count = post.replyCount else { return moreReplies(1) }
        let earlier = count - post.replies.count
        return earlier > 0 ? moreReplies(earlier) : nil
    }

    static func moreReplies(_ count: Int) -> String {
        count == 1 ? Strings.text("wall.moreReplies.one") : Strings.format("wall.moreReplies.many", String(count))
    }

    static func likes(_ count: Int) -> String {
        switch count {
        case 0: Strings.text("wall.likes.none")
        case 1: Strings.text("wall.likes.one")
        default: Strings.format("wall.likes.many", String(count))
        }
    }
}
