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
    /// Forgets one account and its content (deleted in Salesforce).
    public var remove: @Sendable (_ accountID: String) async -> Void = { _ in }
    /// The ids of the accounts kept, in the order they were first kept.
    public var accountIDs: @Sendable () async -> [String]
    /// The Know · Say · Show content last loaded for an account, if any.
    public var loadContent: @Sendable (_ accountID: String) async -> WebContent?
    /// Keeps an account's Know · Say · Show content, so the screen shows it offline too.
    public var saveContent: @Sendable (_ accountID: String, WebContent) async -> Void

    /// The kept account whose notes, attachments or docs include the item `id`.
    public func account(holding id: String) async -> AccountDetails? {
        for accountID in await accountIDs() {
            if let details = await load(accountID), details.items.contains(where: { $0.id == id }) { return details }
        }
        return nil
    }

    /// The id of the kept account whose Know · Say · Show content lists the document `contentDocumentID`.
    public func account(holdingContent contentDocumentID: String) async -> String? {
        for accountID in await accountIDs() {
            guard let content = await loadContent(accountID) else { continue }
            let versions = content.contentsforKnow + content.contentsforSay + content.contentsforShow
            if versions.contains(where: { $0.contentDocumentID == contentDocumentID }) { return accountID }
        }
        return nil
    }

    /// A cache in memory.
    public static func inMemory() -> AccountCache {
        let box = Locked(
            (accounts: [String: AccountDetails](), order: [String](), content: [String: WebContent]()))
        return AccountCache(
            load: { id in box.withLock { $0.accounts[id] } },
            save: { details in
                guard let id = details.account.id else { return }
                box.withLock { kept in
                    if kept.accounts.updateValue(details, forKey: id) == nil { kept.order.append(id) }
                }
            },
            wipe: { box.withLock { $0 = ([:], [], [:]) } },
            remove: { id in
                box.withLock { kept in
                    kept.accounts[id] = nil
                    kept.content[id] = nil
                    kept.order.removeAll { $0 == id }
                }
            },
            accountIDs: { box.withLock { $0.order } },
            loadContent: { id in box.withLock { $0.content[id] } },
            saveContent: { id, content in box.withLock { $0.content[id] = content } })
    }

    /// The Sales app's local store (SQLite): one saved list per account and one for its content, plus the list of
    /// cached ids.
    ///
    /// NB: a cache write that fails only costs the offline copy, so failures are ignored here.
    public static func localStore(_ store: LocalStore) -> AccountCache {
        let index = "sales.accounts"
        @Sendable func name(_ id: String) -> String { "sales.account." + id }
        @Sendable func contentName(_ id: String) -> String { "sales.content." + id }
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
            // NB: by prefix, so that a copy the index lost track of (a write that failed half way) goes too.
            wipe: {
                _ = try? await store.removeLists(namesStartingWith: name(""))
                _ = try? await store.removeLists(namesStartingWith: contentName(""))
                try? await store.removeList(named: index)
            },
            remove: { id in
                try? await store.removeList(named: name(id))
                try? await store.removeList(named: contentName(id))
                let known = (try? await store.savedList(String.self, named: index))?.elements ?? []
                if known.contains(id) { try? await store.saveList(known.filter { $0 != id }, as: index) }
            },
            accountIDs: { (try? await store.savedList(String.self, named: index))?.elements ?? [] },
            loadContent: { id in
                (try? await store.savedList(WebContent.self, named: contentName(id)))?.elements.first
            },
            // NB: kept only beside its account (saved first, so the index lists it), so that wipe finds it.
            saveContent: { id, content in try? await store.saveList([content], as: contentName(id)) })
    }
}
