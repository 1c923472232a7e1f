import Foundation

/// Account data kept on the device for offline viewing; wiped when the person is signed out.
public struct AccountCache: Sendable {
    /// The cached details of an account, if any.
    public var load: @Sendable (_ accountID: String) -> AccountDetails?
    /// Keeps the details of an account (keyed by its id).
    public var save: @Sendable (AccountDetails) -> Void
    /// Forgets every cached account (on sign-out).
    public var wipe: @Sendable () -> Void

    /// Creates a cache from its operations.
    public init(
        load: @escaping @Sendable (String) -> AccountDetails?, save: @escaping @Sendable (AccountDetails) -> Void,
        wipe: @escaping @Sendable () -> Void
    ) {
        self.load = load
        self.save = save
        self.wipe = wipe
    }

    /// A cache in memory.
    public static func inMemory() -> AccountCache {
        let box = LockedValue([String: AccountDetails]())
        return AccountCache(
            load: { id in box.value[id] },
            save: { details in
                guard let id = details.account.id else { return }
                box.update { $0[id] = details }
            },
            wipe: { box.value = [:] })
    }

    /// One JSON file per account in `directory` (for the command line).
    public static func directory(_ directory: URL) -> AccountCache {
        @Sendable func file(_ id: String) -> URL {
            let safe = id.filter { $0.isLetter || $0.isNumber }
            return directory.appendingPathComponent("account-\(safe).json")
        }
        return AccountCache(
            load: { id in
                guard let data = try? Data(contentsOf: file(id)) else { return nil }
                return try? JSONDecoder().decode(AccountDetails.self, from: data)
            },
            save: { details in
                guard let id = details.account.id else { return }
                try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
                try? JSONEncoder().encode(details).write(to: file(id), options: .atomic)
            },
            wipe: {
                let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
                for name in names where name.hasPrefix("account-") && name.hasSuffix(".json") {
                    try? FileManager.default.removeItem(at: directory.appendingPathComponent(name))
                }
            })
    }
}
