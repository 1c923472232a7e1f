import AttendeeModels
import Foundation

/// What the wall and a discussion do alike: load pages into their feed, send the composer's text with its
/// photo, follow live changes, and leave the banner a call's outcome calls for. Each screen says where its
/// pages, sends and changes go and how it redraws; the rules are here once.
@MainActor
protocol PostScreen: AnyObject {
    /// The page the server sends.
    associatedtype Page: FeedPage where Page.Item: Authored
    /// A change, live or made on this screen.
    associatedtype Update

    /// The items shown, the banner and the loading flags.
    var feed: PostFeed<Page.Item, Update> { get set }
    /// The composer's text.
    var draft: String { get set }
    /// Whether the composer's text is on its way.
    var isSending: Bool { get set }
    /// The photo the next item carries.
    var attachment: PhotoAttachment { get }
    /// The composer's `Idempotency-Key`: the same for every retry of one draft, a new one once it changes.
    var sendKey: DraftKey<NewPost> { get set }

    /// The page after `cursor`; the newest for `nil`.
    func page(after cursor: String?) async throws -> Page
    /// Sends a new item with its `Idempotency-Key` and answers the change it made.
    func send(_ post: NewPost, key: String) async throws -> Update
    /// The live changes, until the task is cancelled.
    func updates() -> LiveChanges<Update>
    /// A change arrived (live, or made here): the feed takes it and the rows are redrawn.
    func apply(_ update: Update)
    /// Recomputes the rows from the feed.
    func rebuild()
}

extension PostScreen {
    /// The composer's counter and whether its text may be sent.
    var composerState: ComposerState { ComposerState(draft: draft, imageID: attachment.imageID) }

    /// Whether the send button is enabled: nothing on its way (text or photo) and the text within the rule.
    var readyToSend: Bool { !isSending && !attachment.isUploading && composerState.problem == nil }

    /// Runs `call`; when it works the banner clears, when it fails the banner says why (for a call `sending` what
    /// a composer holds, that it was not sent; for one `changing` a post, that nothing changed). The rows are
    /// redrawn either way.
    func attempt(sending: PostWrite? = nil, changing: Bool = false, _ call: () async throws -> Void) async {
        do {
            try await call()
            feed.banner = nil
        } catch {
            feed.banner =
                sending.map { PostBanner(sending: $0, error) }
                ?? (changing ? PostBanner(changing: error) : PostBanner(error))
        }
        rebuild()
    }

    /// The newest page (or the page after `cursor`): it replaces what was shown, with the live changes heard
    /// while it was read applied again. Read `quietly` (a resync), it shows no loading state. A read that lands
    /// after a newer one started (two pulls, a resync during a pull) is dropped, its failure too, and the loading
    /// state stays until the newer one lands.
    func loadNewest(after cursor: String?, quietly: Bool = false) async {
        feed.newestCursor = cursor
        let read = feed.newestRead.start(quietly: quietly)
        feed.heardWhileReading.readStarted()
        defer { feed.heardWhileReading.readEnded() }
        let page: Page
        do {
            page = try await self.page(after: cursor)
        } catch {
            guard feed.newestRead.landed(read) else { return }
            feed.banner = PostBanner(error)
            return rebuild()
        }
        guard feed.newestRead.landed(read) else { return }
        feed.show(page)
        for change in feed.heardWhileReading.changes { apply(change) }
        feed.banner = nil
        rebuild()
    }

    /// A change made on this screen (sent or deleted here): applied now, and again after a page read meanwhile
    /// lands, as a change heard live is, so a page read before it does not undo it (with no stream to echo it).
    func applyOwn(_ update: Update) {
        feed.heardWhileReading.heard(update)
        apply(update)
    }

    /// The next older page, unless one is already loading or there is none.
    func loadOlder() async {
        guard let cursor = feed.nextCursor, !feed.isLoadingMore else { return }
        feed.isLoadingMore = true
        await attempt {
            defer { feed.isLoadingMore = false }
            feed.appendOlder(try await page(after: cursor))
        }
    }

    /// Loads older pages until the item `id` is shown, the feed ends or a call fails; answers whether it is shown.
    func scroll(to id: String) async -> Bool {
        while !feed.items.contains(where: { $0.id == id }), feed.nextCursor != nil, feed.banner == nil {
            await loadOlder()
        }
        return feed.items.contains { $0.id == id }
    }

    /// Sends the draft with the photo; the draft is cleared when it went, unless the person typed on meanwhile,
    /// and kept (photo and all) when it did not, with the key it went with for the next try.
    func sendDraft() async {
        guard readyToSend else { return }
        let sent = draft
        isSending = true
        defer { isSending = false }
        await attempt(sending: .post) {
            let post = NewPost(text: sent, imageID: attachment.imageID)
            applyOwn(try await send(post, key: sendKey.key(for: post)))
            sendKey.sent(post)
            if draft == sent { draft = "" }
            attachment.sent()
        }
    }

    /// Applies each live change until the stream ends or the task is cancelled, reading the page again when
    /// the stream says it may have missed some; a refused stream leaves the banner.
    func follow() async {
        do {
            for try await change in updates() {
                switch change {
                case .resync:
                    await loadNewest(after: feed.newestCursor, quietly: true)
                case .change(let update):
                    feed.heardWhileReading.heard(update)
                    apply(update)
                }
            }
        } catch {
            feed.banner = PostBanner(error)
            rebuild()
        }
    }
}
