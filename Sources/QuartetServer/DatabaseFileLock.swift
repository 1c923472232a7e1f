import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Keeps a second server off the SQLite database one already serves.
///
/// SQLite lets several processes write one file, but only a server's own writes reach its live streams (other
/// instances' are relayed through PostgreSQL's notifications, which SQLite has no counterpart of), and its media
/// cleanup assumes it alone adds files; so a second server on the same file would serve streams that silently
/// miss events. The lock is an exclusive `flock` on `<database>.lock`, taken before the database is opened and
/// held until ``release()`` (or the process ends, whatever way it ends, so a crash leaves nothing to clean up).
final class DatabaseFileLock: Sendable {
    private let descriptor: Int32

    /// Takes the lock of the SQLite file at `databasePath`, creating its lock file (0600) if needed; throws
    /// ``ApplicationError`` when another process holds it or the file cannot be made.
    init(databasePath: String) throws {
        let path = databasePath + ".lock"
        let folder = (path as NSString).deletingLastPathComponent
        descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            let reason = String(cString: strerror(errno))
            throw ApplicationError(description: "cannot open the database's lock file in \(folder): \(reason)")
        }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            close(descriptor)
            throw ApplicationError(
                description:
                    "another Quartet server is using \(databasePath); SQLite serves one server at a time "
                    + "(stop it, or run several servers on PostgreSQL with --database postgres://…)")
        }
    }

    /// Lets another server take the database.
    func release() { close(descriptor) }
}
