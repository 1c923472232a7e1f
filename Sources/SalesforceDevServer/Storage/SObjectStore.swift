import Foundation

/// An issued OAuth token: an access token or a refresh token, and whose it is.
public struct IssuedToken: Sendable, Hashable {
    /// Access tokens authorize calls; refresh tokens get new access tokens.
    public enum Kind: String, Sendable { case access, refresh }
    /// The token itself.
    public var value: String
    /// Access or refresh.
    public var kind: Kind
    /// Whose token it is.
    public var username: String
    /// When an access token stops working; refresh tokens live until revoked.
    public var expiresAt: Date?
    /// The refresh token an access token was issued with, so revoking it revokes both.
    public var refreshToken: String?

    /// Creates a token.
    public init(value: String, kind: Kind, username: String, expiresAt: Date?, refreshToken: String?) {
        self.value = value
        self.kind = kind
        self.username = username
        self.expiresAt = expiresAt
        self.refreshToken = refreshToken
    }
}

/// Where the dev server keeps records and tokens: the Quartet database, or memory in tests.
public struct SObjectStore: Sendable {
    /// Inserts a record; with an idempotency key seen before, inserts nothing and returns the first record's id.
    public var insert: @Sendable (_ record: SObjectRecord, _ idempotencyKey: String?) async throws -> String
    /// The record with this id (deleted ones included, flagged); its body only when `withBody`.
    public var fetch: @Sendable (_ id: String, _ withBody: Bool) async throws -> SObjectRecord?
    /// Replaces a record's fields, dates and deletion flag, and its body too when `withBody`.
    ///
    /// NB: renaming a 25 MB attachment must not read and rewrite its 25 MB body.
    public var update: @Sendable (_ record: SObjectRecord, _ withBody: Bool) async throws -> Void
    /// The live records of a type under a parent, without bodies, oldest first.
    public var children: @Sendable (_ type: String, _ parentID: String) async throws -> [SObjectRecord]
    /// Every live record of a type, without bodies, oldest first.
    public var all: @Sendable (_ type: String) async throws -> [SObjectRecord]
    /// How many records exist (0 means the seed has not been loaded).
    public var count: @Sendable () async throws -> Int
    /// Stores an issued token.
    public var saveToken: @Sendable (IssuedToken) async throws -> Void
    /// Looks a token up.
    public var token: @Sendable (_ value: String) async throws -> IssuedToken?
    /// Removes a token and every access token issued with it.
    public var revoke: @Sendable (_ value: String) async throws -> Bool

    /// Creates a store from its operations.
    public init(
        insert: @escaping @Sendable (SObjectRecord, String?) async throws -> String,
        fetch: @escaping @Sendable (String, Bool) async throws -> SObjectRecord?,
        update: @escaping @Sendable (SObjectRecord, Bool) async throws -> Void,
        children: @escaping @Sendable (String, String) async throws -> [SObjectRecord],
        all: @escaping @Sendable (String) async throws -> [SObjectRecord],
        count: @escaping @Sendable () async throws -> Int,
        saveToken: @escaping @Sendable (IssuedToken) async throws -> Void,
        token: @escaping @Sendable (String) async throws -> IssuedToken?,
        revoke: @escaping @Sendable (String) async throws -> Bool
    ) {
        self.insert = insert
        self.fetch = fetch
        self.update = update
        self.children = children
        self.all = all
        self.count = count
        self.saveToken = saveToken
        self.token = token
        self.revoke = revoke
    }

    /// A store in memory: for tests and for `quartet serve` runs that need no persistence.
    public static func inMemory() -> SObjectStore {
        let state = MemoryState()
        return SObjectStore(
            insert: { record, key in state.insert(record.decodingBody(), key: key) },
            fetch: { id, withBody in
                state.locked { memory in
                    guard var record = memory.records[id] else { return nil }
                    if !withBody { record.body = nil }
                    return record
                }
            },
            update: { record, withBody in
                state.locked { memory in
                    var stored = record
                    if !withBody { stored.body = memory.records[record.id]?.body }
                    memory.records[record.id] = stored
                }
            },
            children: { type, parent in
                state.locked { memory in
                    memory.order.compactMap { memory.records[$0] }
                        .filter { $0.type == type && $0.parentID == parent && !$0.isDeleted }
                        .map {
                            var record = $0
                            record.body = nil
                            return record
                        }
                }
            },
            all: { type in
                state.locked { memory in
                    memory.order.compactMap { memory.records[$0] }.filter { $0.type == type && !$0.isDeleted }
                        .map {
                            var record = $0
                            record.body = nil
                            return record
                        }
                }
            },
            count: { state.locked { $0.records.count } },
            saveToken: { token in state.locked { $0.tokens[token.value] = token } },
            token: { value in state.locked { $0.tokens[value] } },
            revoke: { value in
                state.locked { memory in
                    guard memory.tokens.removeValue(forKey: value) != nil else { return false }
                    memory.tokens = memory.tokens.filter { $0.value.refreshToken != value }
                    return true
                }
            })
    }
}

/// The in-memory store's tables behind one lock.
private final class MemoryState: @unchecked Sendable {
    // NB: every access to `memory` goes through `lock`.
    struct Memory {
        var records: [String: SObjectRecord] = [:]
        var order: [String] = []
        var keys: [String: String] = [:]
        var tokens: [String: IssuedToken] = [:]
    }

    private let lock = NSLock()
    private var memory = Memory()

    func locked<T>(_ body: (inout Memory) -> T) -> T {
        lock.withLock { body(&memory) }
    }

    func insert(_ record: SObjectRecord, key: String?) -> String {
        locked { memory in
            if let key, let existing = memory.keys[key] { return existing }
            memory.records[record.id] = record
            memory.order.append(record.id)
            if let key { memory.keys[key] = record.id }
            return record.id
        }
    }
}
