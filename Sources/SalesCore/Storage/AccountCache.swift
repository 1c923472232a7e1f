import Foundation
import LocalStore
import Locking
import PublicInit

/// Account data kept on the device for offline viewing; wiped when the person is signed out.
@PublicInit
public struct AccountCache: Sendable {
    /// The cached details of an account, if any.
    public var load: @Sendable (_ accountID: String) async -> AccountDetails?
    /// Keeps the details of an account (keyed by its id).
    public var save: @Sendable (AccountDetails) async -> Void
    /// Forgets every cached account (on sign-out).
    public var wipe: @Sendable () async -> Void

    /// A cache in memory.
    public static func inMemory() -> AccountCache {
        let box = Locked([String: AccountDetails]())
        return AccountCache(
            load: { id in box.withLock { $0[id] } },
            save: { details in
                guard let id = details.account.id else { return }
                box.withLock { $0[id] = details }
            },
            wipe: { box.withLock { $0 = [:] } })
    }

    /// The Sales app's local store (SQLite): one saved list per account, plus the list of cached ids.
    ///
    /// NB: a cache write that fails only costs the offline copy, so failures are ignored here.
    public static func localStore(_ store: LocalStore) -> AccountCache {
        let index = "sales.accounts"
        @Sendable func name(_ id: String) -> String { "sales.account." + id }
        return AccountCache(
            load: { id in
                (try? await store.savedList(AccountDetails.self, named: name(id)))?.elements.first
            },
            save: { details in
                guard let id = details.account.id else { return }
                try? await store.saveList([details], as: name(id))
                let known = (try? await store.savedList(String.self, named: index))?.elements ?? []
                if !known.contains(id) { try? await store.saveList(known + [id], as: index) }
            },
            wipe: {
                let known = (try? await store.savedList(String.self, named: index))?.elements ?? []
                for id in known { try? await store.removeList(named: name(id)) }
                try? await store.removeList(named: index)
            })
    }
}
