import ChangeJarModels
import Foundation
import PublicInit

/// Which saved list a cache entry is.
public enum CachedList: Sendable, Hashable {
    case all
    /// New Actions as `reader` read it (`nil`: anyone, signed out). The server leaves a signed-in reader's own actions
    /// out, so one person's reading is not another's.
    case new(AuthSession.Person?)
    /// One person's actions: keyed by identity so lists of different people never mix.
    case mine(AuthSource, providerUserID: String)
    case search(String)

    /// The key under which the list is stored.
    public var key: String {
        switch self {
        case .all: "all"
        case .new(nil): "new"
        case .new(let reader?): "\(Self.ownNewPrefix)\(reader.authSource.rawValue):\(reader.providerUserID)"
        case .mine(let source, let userID): "\(Self.ownListPrefix)\(source.rawValue):\(userID)"
        case .search(let text): "search:\(text)"
        }
    }

    /// How every person's own list's ``key`` starts.
    static let ownListPrefix = "mine:"
    /// How the ``key`` of New as one person read it starts.
    static let ownNewPrefix = "new:"
    /// Every key prefix of a list read as one person, which a signed-out device keeps none of.
    static let personalPrefixes = [ownListPrefix, ownNewPrefix]
}

/// The device's copy of the last lists it showed, for offline reading, its "last seen" position, and an action
/// that waits for a sign-in.
@PublicInit
public struct ActionCache: Sendable {
    /// The saved list, or `nil` when this device never saved it.
    public var load: @Sendable (CachedList) async -> [Action]?
    /// Replaces a saved list.
    public var save: @Sendable (CachedList, [Action]) async -> Void
    /// The newest position this device has shown (a page's `headCursor`).
    public var lastSeen: @Sendable () async -> String?
    /// Records the newest position shown.
    public var setLastSeen: @Sendable (String) async -> Void
    /// The action Submit keeps until a sign-in sends it, and whose it is; `nil` when none waits. It outlives the app,
    /// which the system may end while the person signs in with their provider's app or page.
    public var waitingAction: @Sendable () async -> WaitingAction? = { nil }
    /// Keeps (or, with `nil`, forgets) the action that waits for a sign-in.
    public var setWaitingAction: @Sendable (WaitingAction?) async -> Void = { _ in }
    /// Forgets every list read as one person: their My Actions (each ``CachedList/mine(_:providerUserID:)``) and
    /// New as they read it (``CachedList/new(_:)`` with a reader). Nobody is signed in now, and a signed-out device
    /// keeps nothing of anyone's own.
    public var forgetOwnLists: @Sendable () async -> Void

    /// A cache that lives as long as the value (previews, and tests of behaviour around the cache).
    public static func inMemory() -> ActionCache {
        let storage = CacheStorage()
        return ActionCache(
            load: { list in await storage.lists[list.key] },
            save: { list, actions in await storage.save(list.key, actions) },
            lastSeen: { await storage.lastSeen },
            setLastSeen: { cursor in await storage.setLastSeen(cursor) },
            waitingAction: { await storage.waiting },
            setWaitingAction: { action in await storage.setWaiting(action) },
            forgetOwnLists: { await storage.forgetOwnLists() }
        )
    }
}

private actor CacheStorage {
    var lists: [String: [Action]] = [:]
    var lastSeen: String?
    var waiting: WaitingAction?

    func save(_ key: String, _ actions: [Action]) { lists[key] = actions }
    func setLastSeen(_ cursor: String) { lastSeen = cursor }
    func setWaiting(_ action: WaitingAction?) { waiting = action }
    func forgetOwnLists() {
        lists = lists.filter { list in !CachedList.personalPrefixes.contains { list.key.hasPrefix($0) } }
    }
}
