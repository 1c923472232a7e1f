import Database
import Foundation

extension LocalStore {
    /// A device store opened from its file, and what was done to open it.
    public struct Opened: Sendable {
        /// The store.
        public let store: LocalStore
        /// Where the damaged file was moved before a fresh one was made, or `nil` when the file was sound.
        public let setAside: String?

        /// The sentence a screen or the command line shows when the file was set aside, else `nil`.
        public var notice: String? {
            setAside.map { StoreStrings.table.format("store.setAside", $0) }
        }
    }

    /// Opens the device store in the SQLite file at `path`, creating it when it is missing.
    ///
    /// A file that is not a database, or whose pages are damaged, is moved aside to `<path>.damaged` (with its
    /// `-wal` and `-shm` files; `<path>.damaged-2`, `-3`… when an earlier one is still there) and the store starts
    /// empty: everything it holds is a copy of the server's or a
    /// queue the person can make again, and a file no command can read would otherwise stop every screen, sign-in
    /// included. Nothing is deleted: the set-aside file is there to recover from by hand. A file that cannot be
    /// opened for any other reason (a full disk, no permission) throws.
    ///
    /// NB: damage deep in the file surfaces only when its pages are read, so the open runs `PRAGMA quick_check`
    /// (a read of every page without the index cross-checks of `integrity_check`): about 2 ms for a 1.6 MB store.
    /// The file is kept in incremental `auto_vacuum`, so that ``reclaimSpace()`` can give back what was deleted
    /// (a file made before is rewritten once to get there).
    ///
    /// ```swift
    /// let opened = try await LocalStore.open(path: folder.appendingPathComponent("quakes.sqlite").path)
    /// if let notice = opened.notice { show(notice) }
    /// ```
    public static func open(path: String, now: @escaping @Sendable () -> Date = { Date() }) async throws -> Opened {
        do {
            return Opened(store: try await checked(path: path, now: now), setAside: nil)
        } catch let error as DatabaseError where error.kind == .damaged {
            let files = FileManager.default
            let suffixes = ["", "-wal", "-shm"]
            let setAside = (1...).lazy
                .map { path + ".damaged" + ($0 == 1 ? "" : "-\($0)") }
                .first { name in suffixes.allSatisfy { !files.fileExists(atPath: name + $0) } }!
            for suffix in suffixes {
                if files.fileExists(atPath: path + suffix) {
                    try files.moveItem(atPath: path + suffix, toPath: setAside + suffix)
                }
            }
            return Opened(store: try await checked(path: path, now: now), setAside: setAside)
        }
    }

    /// The store at `path`, its pages read once; throws ``DatabaseError/Kind/damaged`` when any is unreadable.
    private static func checked(path: String, now: @escaping @Sendable () -> Date) async throws -> LocalStore {
        let database = try SQLiteDatabase(path: path)
        do {
            let problems = try await database.read { db in
                try db.fetchColumn(String.self, "PRAGMA quick_check")
            }
            guard problems == ["ok"] else {
                throw DatabaseError(.damaged, code: "quick_check", message: problems.prefix(3).joined(separator: "; "))
            }
            let store = try await LocalStore(database: database, now: now)
            await shrinkAsRowsGo(database)
            return store
        } catch {
            await database.close()
            throw error
        }
    }
}
