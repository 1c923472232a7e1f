#ifndef QUARTET_CSQLITE_SHIM_H
#define QUARTET_CSQLITE_SHIM_H
#include <sqlite3.h>

/// SQLITE_TRANSIENT is a cast macro Swift cannot import: SQLite copies the bound bytes.
static inline sqlite3_destructor_type csqlite_transient(void) { return SQLITE_TRANSIENT; }
/// SQLITE_STATIC: the bound bytes outlive the statement step (caller guarantees it).
static inline sqlite3_destructor_type csqlite_static(void) { return SQLITE_STATIC; }

/// Extended result codes are composed macros (`SQLITE_CONSTRAINT | (8<<8)`) Swift cannot import.
static const int csqlite_constraint_unique = SQLITE_CONSTRAINT_UNIQUE;
static const int csqlite_constraint_primarykey = SQLITE_CONSTRAINT_PRIMARYKEY;
static const int csqlite_constraint_rowid = SQLITE_CONSTRAINT_ROWID;
static const int csqlite_constraint_foreignkey = SQLITE_CONSTRAINT_FOREIGNKEY;
static const int csqlite_constraint_notnull = SQLITE_CONSTRAINT_NOTNULL;
static const int csqlite_constraint_check = SQLITE_CONSTRAINT_CHECK;
#endif
