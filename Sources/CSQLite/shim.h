/*
 * CSQLite: Debian's SQLite (libsqlite3-dev), where navd keeps its state, plus the helpers
 * Swift cannot express directly. Nothing else lives here.
 */
#ifndef NAVD_CSQLITE_SHIM_H
#define NAVD_CSQLITE_SHIM_H

#include <sqlite3.h>

/* SQLITE_TRANSIENT is a macro casting -1 to a function pointer, which Swift cannot import: binds text SQLite copies. */
static inline int navd_sqlite3_bind_text_copy(sqlite3_stmt *statement, int index, const char *text, int length) {
    return sqlite3_bind_text(statement, index, text, length, SQLITE_TRANSIENT);
}

/* Text SQLite reads in place (SQLITE_STATIC): the caller keeps the bytes valid until the statement has run and its bindings are cleared. */
static inline int navd_sqlite3_bind_text_borrowed(sqlite3_stmt *statement, int index, const char *text, int length) {
    return sqlite3_bind_text(statement, index, text, length, SQLITE_STATIC);
}

/* The same for a blob. */
static inline int navd_sqlite3_bind_blob_borrowed(sqlite3_stmt *statement, int index, const void *bytes, int length) {
    return sqlite3_bind_blob(statement, index, bytes, length, SQLITE_STATIC);
}

/* sqlite3_config is variadic, which Swift cannot call. Without memory statistics, SQLite's
   allocations take no global mutex; navd never reads the statistics. Before any other call
   into SQLite (after, it returns SQLITE_MISUSE and changes nothing). */
static inline int navd_sqlite3_disable_memory_statistics(void) {
    return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}

#endif
