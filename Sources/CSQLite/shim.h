#ifndef QUARTET_CSQLITE_SHIM_H
#define QUARTET_CSQLITE_SHIM_H
#include <sqlite3.h>

/// SQLITE_TRANSIENT is a cast macro Swift cannot import: SQLite copies the bound bytes.
static inline sqlite3_destructor_type csqlite_transient(void) { return SQLITE_TRANSIENT; }
/// SQLITE_STATIC: the bound bytes outlive the statement step (caller guarantees it).
static inline sqlite3_destructor_type csqlite_static(void) { return SQLITE_STATIC; }
#endif
