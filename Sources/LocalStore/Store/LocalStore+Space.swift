import Database
import Foundation

extension LocalStore {
    /// Gives the file back the space of what was deleted (a sent 25 MB upload, a wiped account cache): a store file
    /// on a device should shrink when what it held goes, not stay at its largest.
    ///
    /// On a SQLite file opened by ``open(path:now:)`` (incremental `auto_vacuum`), the free pages are cut off the
    /// end of the file and the write-ahead log is emptied. Elsewhere (in memory, PostgreSQL) it does nothing.
    /// Best effort: a store that cannot shrink now still works, and shrinks the next time.
    public func reclaimSpace() async {
        await Self.reclaimSpace(in: database)
    }

    static func reclaimSpace(in database: any SQLDatabase) async {
        guard let file = database as? SQLiteDatabase, file.path != nil else { return }
        try? await file.executeOutsideTransaction("PRAGMA incremental_vacuum; PRAGMA wal_checkpoint(TRUNCATE);")
    }

    /// Makes the SQLite file give space back as rows are deleted (``reclaimSpace()``): incremental `auto_vacuum`.
    ///
    /// NB: a file made before this keeps `auto_vacuum = NONE` until a `VACUUM` rewrites it, so such a file is
    /// rewritten once (a moment for a few megabytes; it also gives back what it had grown to). A failure (a disk
    /// too full for the copy) leaves the file as it was, to be tried at the next open. A file already there gives
    /// back its free pages (rows a migration deleted).
    static func shrinkAsRowsGo(_ database: SQLiteDatabase) async {
        let pages = try? await database.read { db in
            (try db.fetchValue(Int.self, "PRAGMA auto_vacuum"), try db.fetchValue(Int.self, "PRAGMA freelist_count"))
        }
        guard let (mode, free) = pages else { return }
        if mode != Self.incrementalAutoVacuum {
            try? await database.executeOutsideTransaction("PRAGMA auto_vacuum = INCREMENTAL; VACUUM;")
        } else if (free ?? 0) > 0 {
            await reclaimSpace(in: database)
        }
    }

    /// `PRAGMA auto_vacuum`'s value for INCREMENTAL.
    static let incrementalAutoVacuum = 2
}
