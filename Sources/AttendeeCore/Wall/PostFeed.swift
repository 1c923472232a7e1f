import AttendeeModels
import Foundation

/// A page of a feed as the server sends it: its items newest first, who reads them, and the next cursor.
protocol FeedPage {
    associatedtype Item: Identifiable where Item.ID == String
    /// The items of the page, newest first.
    var items: [Item] { get }
    /// Who is reading.
    var viewer: PostViewer { get }
    /// Where the next older page starts; `nil` on the last page.
    var nextCursor: String? { get }
}

/// Something written at a time by an author (a wall post, a reply, a discussion message).
protocol Authored {
    /// Who wrote it.
    var author: PersonReference { get }
    /// When.
    var createdAt: Date { get }
}

extension WallPage: FeedPage {
    var items: [WallPost] { posts }
}

extension DiscussionPage: FeedPage {
    var items: [DiscussionMessage] { messages }
}

extension WallPost: Authored {}
extension WallReply: Authored {}
extension DiscussionMessage: Authored {}

/// What a wall and a discussion share: their items newest first and each once, however pages and live events
/// bring them, who reads them, where the next older page starts, what is loading and the banner.
struct PostFeed<Item: Identifiable & Authored, Change> where Item.ID == String {
    /// Whether the first page is loading (not while it is read again quietly, on a resync): until the newest read
    /// lands, even when an older one lands (and is dropped) first.
    var isLoading: Bool { newestRead.isLoading }
    /// The cursor the newest page was last read after (`nil`: the newest), for reading it again.
    var newestCursor: String?
    /// Which read of the newest page started last: an older one that lands after it is dropped.
    var newestRead = NewestRead()
    /// The live changes heard while the newest page is read.
    var heardWhileReading = HeardWhileReading<Change>()
    /// Whether an older page is loading.
    var isLoadingMore = false
    /// The offline or error banner of the last call.
    var banner: PostBanner?
    /// The items shown, newest first.
    private(set) var items: [Item] = []
    /// Who reads them (what they may delete).
    private(set) var viewer: PostViewer?
    /// Where the next older page starts.
    private(set) var nextCursor: String?

    /// The newest page (or the page after a cursor): it replaces what was shown.
    mutating func show<Page: FeedPage>(_ page: Page) where Page.Item == Item {
        items = page.items
        viewer = page.viewer
        nextCursor = page.nextCursor
    }

    /// An older page: it goes below, without the items already shown.
    mutating func appendOlder<Page: FeedPage>(_ page: Page) where Page.Item == Item {
        let known = Set(items.map(\.id))
        items += page.items.filter { !known.contains($0.id) }
        nextCursor = page.nextCursor
    }

    /// A new item (sent here, or heard live) goes in by its time; one already shown stays as it is.
    mutating func insert(_ item: Item) {
        guard !items.contains(where: { $0.id == item.id }) else { return }
        // NB: times on the wire are whole seconds; a new one written in the same second as the top one is newer.
        let index = items.firstIndex { $0.createdAt <= item.createdAt } ?? items.endIndex
        items.insert(item, at: index)
    }

    /// The item `id` went away.
    mutating func remove(_ id: String) {
        items.removeAll { $0.id == id }
    }

    /// Changes the item `id`, if it is shown.
    mutating func modify(_ id: String, _ change: (inout Item) -> Void) {
        guard let index = items.firstIndex(where: { $0.id == id }) else { return }
        change(&items[index])
    }

    /// Whether the reader may delete what `written` is (its author, or the organizer).
    func mayDelete(_ written: some Authored) -> Bool {
        viewer?.mayDelete(written.author) ?? false
    }
}
