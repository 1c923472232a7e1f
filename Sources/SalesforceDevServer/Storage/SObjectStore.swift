import Database
import Foundation
import Locking
import PublicInit
import SalesforceUpload

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
    /// The connected app (`client_id`) the token was issued to; `nil` for tokens stored before it was kept.
    public var clientID: String? = nil
}

extension IssuedToken {
    /// How many refresh tokens a user keeps for one connected app: as on Salesforce, which allows five approvals per
    /// user and app, the sixth revokes the oldest (with the access tokens issued from it).
    public static let refreshTokensPerApp = 5
    /// How many refresh tokens a user keeps over every connected app together.
    ///
    /// NB: Salesforce takes only the `client_id`s of the org's connected apps; the stand-in takes any, so without
    /// this a client naming a new app at each sign-in would still add rows without end.
    public static let refreshTokensPerUser = 20

    /// The refresh tokens, among one user's `newestFirst`, that the limits revoke: past the newest
    /// ``refreshTokensPerApp`` of an app, or past the newest ``refreshTokensPerUser`` in all.
    static func outdatedRefreshTokens(newestFirst tokens: [(value: String, clientID: String?)]) -> [String] {
        var kept: [String?: Int] = [:]
        var keptInAll = 0
        var outdated: [String] = []
        for token in tokens {
            let ofApp = kept[token.clientID, default: 0]
            if ofApp >= refreshTokensPerApp || keptInAll >= refreshTokensPerUser {
                outdated.append(token.value)
            } else {
                kept[token.clientID] = ofApp + 1
                keptInAll += 1
            }
        }
        return outdated
    }
}

/// Where the dev server keeps records, their binary fields and tokens: the Quartet database and a
/// ``BodyFolder`` beside it, or memory in tests.
@PublicInit
public struct SObjectStore: Sendable {
    /// The folder that holds the binary fields, one file each.
    public var bodies: BodyFolder
    /// Inserts a record, with its binary field when `body` is given (committed into ``bodies`` first); with
    /// an idempotency key seen before, inserts nothing and returns the first record's id.
    public var insert:
        @Sendable (_ record: SObjectRecord, _ body: StagedBody?, _ idempotencyKey: String?) async throws
            -> String
    /// The record with this id (deleted ones included, flagged).
    public var fetch: @Sendable (_ id: String) async throws -> SObjectRecord?
    /// Replaces a record's fields, dates and deletion flag, and its binary field when `body` is given (the
    /// file it replaces is removed once the change is committed).
    ///
    /// NB: renaming a 25 MB attachment must not read and rewrite its 25 MB body.
    public var update: @Sendable (_ record: SObjectRecord, _ body: StagedBody?) async throws -> Void
    /// The live records of a type under a parent, oldest first.
    public var children: @Sendable (_ type: String, _ parentID: String) async throws -> [SObjectRecord]
    /// Every live record of a type, oldest first.
    public var all: @Sendable (_ type: String) async throws -> [SObjectRecord]
    /// How many records exist (0 means the seed has not been loaded).
    public var count: @Sendable () async throws -> Int
    /// The names of the files in ``bodies`` that records name (deleted records' included): what a sweep keeps.
    public var namedBodies: @Sendable () async throws -> Set<String>
    /// Stores an issued token.
    public var saveToken: @Sendable (IssuedToken) async throws -> Void
    /// Looks a token up.
    public var token: @Sendable (_ value: String) async throws -> IssuedToken?
    /// Removes a token and every access token issued with it.
    public var revoke: @Sendable (_ value: String) async throws -> Bool
    /// Removes the access tokens expired at `now` (they answer INVALID_SESSION_ID already) and any left without
    /// the refresh token they were issued with; answers how many went. Refresh tokens stay: the limits at issue
    /// (``IssuedToken/refreshTokensPerApp``, ``IssuedToken/refreshTokensPerUser``) bound them.
    public var pruneTokens: @Sendable (_ now: Date) async throws -> Int
    /// Readies the store when the service starts: moves bodies that older versions kept in the database into
    /// ``bodies``, and removes files no record names.
    public var prepare: @Sendable () async throws -> Void = {}

    /// A store in memory, with its bodies in `bodies` (by default a temporary folder removed with the store):
    /// for tests and for runs that need no persistence.
    public static func inMemory(bodies: BodyFolder? = nil) throws -> SObjectStore {
        let state = MemoryState()
        let bodies = try bodies ?? BodyFolder.temporary()
        return SObjectStore(
            bodies: bodies,
            insert: { record, body, key in
                try await bodies.storing(
                    body, for: record, { record in state.insert(record, key: key) }, keptIf: { $0 == record.id })
            },
            fetch: { id in state.locked { $0.records[id] } },
            update: { record, body in
                let replaced = try await bodies.storing(body, for: record) { record in
                    state.locked { memory in
                        let previous = memory.records[record.id]?.bodyFile
                        memory.records[record.id] = record
                        return previous
                    }
                }
                if body != nil, let replaced { bodies.remove(replaced) }
            },
            children: { type, parent in
                state.locked { memory in
                    memory.order.compactMap { memory.records[$0] }
                        .filter { $0.type == type && $0.parentID == parent && !$0.isDeleted }
                }
            },
            all: { type in
                state.locked { memory in
                    memory.order.compactMap { memory.records[$0] }.filter { $0.type == type && !$0.isDeleted }
                }
            },
            count: { state.locked { $0.records.count } },
            namedBodies: { state.locked { Set($0.records.values.compactMap(\.bodyFile)) } },
            saveToken: { token in state.save(token) },
            token: { value in state.locked { $0.tokens[value] } },
            revoke: { value in
                state.locked { memory in
                    guard memory.tokens.removeValue(forKey: value) != nil else { return false }
                    memory.tokens = memory.tokens.filter { $0.value.refreshToken != value }
                    return true
                }
            },
            pruneTokens: { now in state.prune(now: now) })
    }
}

extension BodyFolder {
    /// Commits `body` (when given) into the folder for `record`, then runs `save` with the record naming it;
    /// removes the file again when `save` fails, or when `isKept` says the result does not use it (an
    /// idempotent replay that returned an earlier record).
    ///
    /// A save whose commit may have happened all the same (PostgreSQL's connection dropped after `COMMIT` was
    /// sent, SQLite's commit met an I/O error: ``DatabaseError/mayHaveCommitted``) keeps the file: the record may
    /// name it, and the sweep (``SalesforceDevService/sweepBodies(olderThan:)``, at start and hourly) removes it an
    /// hour on if none does.
    func storing<T>(
        _ body: StagedBody?, for record: SObjectRecord, _ save: (SObjectRecord) async throws -> T,
        keptIf isKept: (T) -> Bool = { _ in true }
    ) async throws -> T {
        guard let body else { return try await save(record) }
        var record = record
        let name = try commit(body, for: record.id)
        record.bodyFile = name
        do {
            let result = try await save(record)
            if !isKept(result) { remove(name) }
            return result
        } catch let error as DatabaseError where error.mayHaveCommitted {
            throw error
        } catch {
            remove(name)
            throw error
        }
    }
}

/// The in-memory store's tables behind one lock.
private final class MemoryState: Sendable {
    struct Memory {
        var records: [String: SObjectRecord] = [:]
        var order: [String] = []
        var keys: [String: String] = [:]
        var tokens: [String: IssuedToken] = [:]
        /// The order tokens were issued in, as the database's `issued` column keeps it.
        var issued: [String: Int] = [:]
        var issueCount = 0
    }

    private let memory = Locked(Memory())

    func locked<T>(_ body: (inout Memory) -> T) -> T {
        memory.withLock(body)
    }

    /// Stores a token; a refresh token revokes its user's refresh tokens past the limits, as the database does.
    func save(_ token: IssuedToken) {
        locked { memory in
            memory.issueCount += 1
            memory.tokens[token.value] = token
            memory.issued[token.value] = memory.issueCount
            guard token.kind == .refresh else { return }
            let refreshes = memory.tokens.values.filter { $0.kind == .refresh && $0.username == token.username }
                .sorted { memory.issued[$0.value, default: 0] > memory.issued[$1.value, default: 0] }
            let outdated = Set(
                IssuedToken.outdatedRefreshTokens(newestFirst: refreshes.map { ($0.value, $0.clientID) }))
            memory.tokens = memory.tokens.filter {
                !outdated.contains($0.key) && !outdated.contains($0.value.refreshToken ?? "")
            }
            memory.issued = memory.issued.filter { memory.tokens[$0.key] != nil }
        }
    }

    /// Removes the access tokens expired at `now` and those whose refresh token is gone, as the database's prune
    /// does; answers how many went.
    func prune(now: Date) -> Int {
        locked { memory in
            let gone = memory.tokens.values.filter { token in
                guard token.kind == .access else { return false }
                if let expiry = token.expiresAt, expiry <= now { return true }
                return token.refreshToken.map { memory.tokens[$0] == nil } ?? false
            }
            for token in gone {
                memory.tokens[token.value] = nil
                memory.issued[token.value] = nil
            }
            return gone.count
        }
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
