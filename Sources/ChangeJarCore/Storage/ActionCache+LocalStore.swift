import ChangeJarModels
import Foundation
import LocalStore

extension ActionCache {
    /// Keeps the lists in the device's SQLite ``LocalStore``, so they survive a restart and work offline.
    ///
    /// A failing store never fails a screen: a list that cannot be read is treated as never saved.
    public static func local(_ store: LocalStore) -> ActionCache {
        let lastSeenKey = "changejar.lastSeen"
        let waitingName = "changejar.waitingAction"
        return ActionCache(
            load: { list in
                (try? await store.savedList(Action.self, named: "changejar." + list.key))?.elements
            },
            save: { list, actions in
                try? await store.saveList(actions, as: "changejar." + list.key)
            },
            lastSeen: {
                guard let entry = try? await store.cachedEntry(for: lastSeenKey) else { return nil }
                return String(data: entry.body, encoding: .utf8)
            },
            setLastSeen: { cursor in
                try? await store.storeCache(Data(cursor.utf8), for: lastSeenKey)
            },
            waitingAction: {
                (try? await store.savedList(WaitingAction.self, named: waitingName))?.elements.first
            },
            setWaitingAction: { action in
                if let action {
                    try? await store.saveList([action], as: waitingName)
                } else {
                    try? await store.removeList(named: waitingName)
                }
            },
            forgetOwnLists: {
                for prefix in CachedList.personalPrefixes {
                    _ = try? await store.removeLists(namesStartingWith: "changejar." + prefix)
                }
            }
        )
    }
}
