import CSQLiteFaults
import Database
import Foundation

/// A SQLite database on a disk whose flush fails when told to, in a folder of its own: what a failed commit
/// leaves behind, and what a power cut at that moment would leave (``crashImage()``).
///
/// ```swift
/// let disk = try FailingFlush()
/// disk.failNextCommitFlush()            // the next commit's flush of the write-ahead log fails
/// // … a write throws DatabaseError.mayHaveCommitted …
/// let recovered = try SQLiteDatabase(path: try disk.crashImage())   // and a crash now would have committed it
/// ```
///
/// NB: the database is opened through the `quartet-faults` VFS (CSQLiteFaults), which passes every call to the
/// default VFS but the flush it is told to fail; other databases of the process are untouched.
public struct FailingFlush: Sendable {
    /// The folder that holds the database (removed by ``remove()``).
    public let folder: URL
    /// The database file's path.
    public let path: String
    /// The database, read and written through the failing VFS.
    public let database: SQLiteDatabase

    /// A new empty database in a new temporary folder.
    public init() throws {
        guard quartet_faults_register() == 0 else {
            throw DatabaseError(.other, code: "vfs", message: "the quartet-faults VFS could not be registered")
        }
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("failing-flush-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        path = folder.appendingPathComponent("app.sqlite").path
        database = try SQLiteDatabase(path: "file:\(path)?vfs=quartet-faults")
    }

    /// The next flush of the write-ahead log (the one a commit ends with) fails with `SQLITE_IOERR_FSYNC`, after
    /// the commit's pages were written.
    public func failNextCommitFlush() {
        quartet_faults_fail_next_sync(path + "-wal")
    }

    /// Whether the failure ``failNextCommitFlush()`` set up has not happened yet.
    public var isFailureWaiting: Bool { quartet_faults_is_armed(path + "-wal") != 0 }

    /// The files a power cut now would leave, copied aside (the database and its write-ahead log): opening the
    /// copy runs SQLite's recovery. Returns the copy's path.
    public func crashImage() throws -> String {
        let image = folder.appendingPathComponent("image-\(UUID().uuidString).sqlite").path
        try FileManager.default.copyItem(atPath: path, toPath: image)
        try FileManager.default.copyItem(atPath: path + "-wal", toPath: image + "-wal")
        return image
    }

    /// Closes the database and removes the folder.
    public func remove() async {
        await database.close()
        try? FileManager.default.removeItem(at: folder)
    }
}
