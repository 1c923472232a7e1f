#ifndef QUARTET_CSQLITEFAULTS_H
#define QUARTET_CSQLITEFAULTS_H

/// A SQLite VFS for tests that fails chosen calls the way a failing disk would.
///
/// `quartet-faults` wraps the default VFS and passes every call through, except that the next `xSync` of a file
/// armed with `quartet_faults_fail_next_sync` returns `SQLITE_IOERR_FSYNC` (after the data was written, as a disk
/// that loses its flush does). A test opens its database as `file:PATH?vfs=quartet-faults`; other databases in the
/// process are not touched.

/// Registers the `quartet-faults` VFS (once; later calls do nothing). Returns an SQLite result code.
int quartet_faults_register(void);

/// The next `xSync` of the file at `path` (as SQLite names it: a database's WAL is `PATH-wal`) fails.
void quartet_faults_fail_next_sync(const char *path);

/// Whether a failure armed for `path` is still waiting for its `xSync`.
int quartet_faults_is_armed(const char *path);

#endif
