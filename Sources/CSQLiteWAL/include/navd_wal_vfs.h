/*
 * CSQLiteWAL: the SQLite VFS navd opens its database with. It is the system's default VFS
 * (unix) with two changes: the write-ahead log's writes are gathered in memory and reach the
 * file in one write when SQLite syncs the log at the end of a commit; and with --sync normal,
 * the log is written out to the disk in the background a megabyte at a time, ahead of the
 * checkpoint that must sync it.
 */
#ifndef NAVD_WAL_VFS_H
#define NAVD_WAL_VFS_H

#include <sqlite3.h>

/* Registers the VFS, twice: one for each of navd's --sync modes, named by navd_wal_vfs_name.
   Once, before the first database opens, and not at the same time as another call into SQLite
   (registering is not synchronized). The database must run with PRAGMA synchronous = FULL,
   fullfsync = OFF and checkpoint_fullfsync = ON: SQLite then syncs the log at every commit with
   SQLITE_SYNC_NORMAL, and for a checkpoint with SQLITE_SYNC_FULL, which is how the VFS tells
   them apart. */
int navd_wal_vfs_register(void);

/* The VFS for sqlite3_open_v2. `syncs_commits`: whether a commit's sync reaches the disk (navd
   --sync full), or only the file in the kernel (--sync normal: the commit survives navd dying,
   not a power loss). Either way, a checkpoint's syncs reach the disk. */
const char *navd_wal_vfs_name(int syncs_commits);

/* For tests. What the VFS did to the log of `db`'s main database since the log was opened:
   its writes to the file, its syncs that went on to the disk, and the writings out it started
   in the background. SQLITE_NOTFOUND when that log is not open through this VFS. */
int navd_wal_vfs_log_counts(sqlite3 *db, sqlite3_int64 *writes, sqlite3_int64 *disk_syncs, sqlite3_int64 *writebacks);

/* For tests. Makes the next write of that log fail with SQLITE_FULL, as a full disk does.
   SQLITE_NOTFOUND as above. */
int navd_wal_vfs_fail_next_write(sqlite3 *db);

#endif
