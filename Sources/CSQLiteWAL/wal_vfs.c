/*
 * The VFS navd opens its database with: the default VFS, except that the write-ahead log's
 * writes wait in a buffer until SQLite syncs the log, and then go to the file in one write.
 *
 * SQLite writes each WAL frame as two writes (its 24-byte header, then the page): a commit of
 * one row would be four or five system calls, where the buffer makes it one. With the
 * pragmas of navd_wal_vfs.h, SQLite syncs the log at the end of every commit (flags
 * SQLITE_SYNC_NORMAL): the buffer is written then, and the commit returns only once its frames
 * are in the file. Whether that sync goes on to the disk is navd's --sync. A checkpoint syncs
 * with SQLITE_SYNC_FULL and always reaches the disk, as SQLite's synchronous = NORMAL does.
 *
 * Every other use of the log file (a read, its size, a truncation, a file control, closing
 * it) writes the buffer first, so SQLite sees the file as if every write had gone straight
 * to it. A write of the buffer that fails returns the error to the call that made it, and
 * drops the buffer: SQLite then rolls the transaction back and writes those frames again.
 *
 * With --sync normal, the log's pages stay dirty in the kernel until a checkpoint syncs them:
 * megabytes written to the disk while navd waits. Each time the commits have added a megabyte
 * to the log, the VFS asks the kernel to start writing that megabyte out (sync_file_range,
 * which returns at once and promises nothing), so that the checkpoint's sync finds little
 * left to write.
 */
/* sync_file_range is Linux's. */
#define _GNU_SOURCE
#include "navd_wal_vfs.h"

#include <fcntl.h>
#include <string.h>
#include <unistd.h>

/* Enough for a commit of a few dozen rows; a bigger transaction writes the buffer each time
   it fills. */
#define NAVD_WAL_BUFFER_BYTES (64 * 1024)

/* How much of the log the commits add before its writing out starts. */
#define NAVD_WAL_WRITEBACK_BYTES (1024 * 1024)

typedef struct {
    sqlite3_vfs base;
    sqlite3_vfs *real;
    int syncs_commits;
} NavdVFS;

typedef struct {
    sqlite3_file base;
    /* The default VFS's file, in the same allocation, after this struct. */
    sqlite3_file *real;
    int is_wal;
    int syncs_commits;
    unsigned char *buffer;
    sqlite3_int64 buffer_offset;
    int buffer_length;
    /* The log opened again, read-only, to start its writing out (the default VFS's own
       descriptor is private to it); -1 with --sync full, whose commits sync the log, or when
       it cannot be opened. */
    int writeback_fd;
    /* Where the writing out of the log has been started up to. */
    sqlite3_int64 written_back;
    /* navd_wal_vfs_log_counts and navd_wal_vfs_fail_next_write. */
    sqlite3_int64 writes;
    sqlite3_int64 disk_syncs;
    sqlite3_int64 writebacks;
    int fail_next_write;
} NavdFile;

/* Writes the buffer where its bytes belong, and empties it whatever happens. */
static int flush(NavdFile *file) {
    if (file->buffer_length == 0) return SQLITE_OK;
    int length = file->buffer_length;
    file->buffer_length = 0;
    file->writes += 1;
    if (file->fail_next_write) {
        /* As the default VFS answers a write that finds the disk full (ENOSPC). */
        file->fail_next_write = 0;
        return SQLITE_FULL;
    }
    return file->real->pMethods->xWrite(file->real, file->buffer, length, file->buffer_offset);
}

/* After a commit whose frames end at `end`: starts writing out the whole pages of log written
   since the last start, once they are a megabyte. A log that SQLite restarted (after a
   checkpoint it writes from the beginning again) starts over. Failures change nothing. */
static void start_writeback(NavdFile *file, sqlite3_int64 end) {
    if (file->writeback_fd < 0) return;
    if (end < file->written_back) file->written_back = 0;
    sqlite3_int64 pages_end = end & ~(sqlite3_int64)4095;
    if (pages_end - file->written_back < NAVD_WAL_WRITEBACK_BYTES) return;
    if (sync_file_range(file->writeback_fd, file->written_back, pages_end - file->written_back, SYNC_FILE_RANGE_WRITE) == 0) {
        file->writebacks += 1;
    }
    file->written_back = pages_end;
}

static int file_close(sqlite3_file *base) {
    NavdFile *file = (NavdFile *)base;
    int status = flush(file);
    sqlite3_free(file->buffer);
    file->buffer = NULL;
    if (file->writeback_fd >= 0) close(file->writeback_fd);
    file->writeback_fd = -1;
    int closed = file->real->pMethods->xClose(file->real);
    return status != SQLITE_OK ? status : closed;
}

static int file_read(sqlite3_file *base, void *out, int amount, sqlite3_int64 offset) {
    NavdFile *file = (NavdFile *)base;
    int status = flush(file);
    if (status != SQLITE_OK) return status;
    return file->real->pMethods->xRead(file->real, out, amount, offset);
}

static int file_write(sqlite3_file *base, const void *bytes, int amount, sqlite3_int64 offset) {
    NavdFile *file = (NavdFile *)base;
    if (!file->is_wal) return file->real->pMethods->xWrite(file->real, bytes, amount, offset);
    int follows = file->buffer_length > 0 && offset == file->buffer_offset + file->buffer_length;
    if (!follows || file->buffer_length + amount > NAVD_WAL_BUFFER_BYTES) {
        int status = flush(file);
        if (status != SQLITE_OK) return status;
    }
    if (file->buffer == NULL) file->buffer = sqlite3_malloc(NAVD_WAL_BUFFER_BYTES);
    if (amount > NAVD_WAL_BUFFER_BYTES || file->buffer == NULL) {
        file->writes += 1;
        return file->real->pMethods->xWrite(file->real, bytes, amount, offset);
    }
    if (file->buffer_length == 0) file->buffer_offset = offset;
    memcpy(file->buffer + file->buffer_length, bytes, (size_t)amount);
    file->buffer_length += amount;
    return SQLITE_OK;
}

static int file_truncate(sqlite3_file *base, sqlite3_int64 size) {
    NavdFile *file = (NavdFile *)base;
    int status = flush(file);
    if (status != SQLITE_OK) return status;
    return file->real->pMethods->xTruncate(file->real, size);
}

static int file_sync(sqlite3_file *base, int flags) {
    NavdFile *file = (NavdFile *)base;
    sqlite3_int64 end = file->buffer_offset + file->buffer_length;
    int status = flush(file);
    if (status != SQLITE_OK) return status;
    /* A commit's sync of the log, with --sync normal: its frames are in the file. */
    if (file->is_wal && (flags & 0x0f) != SQLITE_SYNC_FULL && !file->syncs_commits) {
        start_writeback(file, end);
        return SQLITE_OK;
    }
    if (file->is_wal) file->disk_syncs += 1;
    return file->real->pMethods->xSync(file->real, flags);
}

static int file_size(sqlite3_file *base, sqlite3_int64 *size) {
    NavdFile *file = (NavdFile *)base;
    int status = flush(file);
    if (status != SQLITE_OK) return status;
    return file->real->pMethods->xFileSize(file->real, size);
}

static int file_lock(sqlite3_file *base, int level) {
    NavdFile *file = (NavdFile *)base;
    return file->real->pMethods->xLock(file->real, level);
}

static int file_unlock(sqlite3_file *base, int level) {
    NavdFile *file = (NavdFile *)base;
    return file->real->pMethods->xUnlock(file->real, level);
}

static int file_check_reserved_lock(sqlite3_file *base, int *reserved) {
    NavdFile *file = (NavdFile *)base;
    return file->real->pMethods->xCheckReservedLock(file->real, reserved);
}

static int file_control(sqlite3_file *base, int op, void *argument) {
    NavdFile *file = (NavdFile *)base;
    int status = flush(file);
    if (status != SQLITE_OK) return status;
    return file->real->pMethods->xFileControl(file->real, op, argument);
}

static int file_sector_size(sqlite3_file *base) {
    NavdFile *file = (NavdFile *)base;
    return file->real->pMethods->xSectorSize(file->real);
}

static int file_device_characteristics(sqlite3_file *base) {
    NavdFile *file = (NavdFile *)base;
    return file->real->pMethods->xDeviceCharacteristics(file->real);
}

static int file_shm_map(sqlite3_file *base, int region, int size, int extend, void volatile **mapped) {
    NavdFile *file = (NavdFile *)base;
    return file->real->pMethods->xShmMap(file->real, region, size, extend, mapped);
}

static int file_shm_lock(sqlite3_file *base, int offset, int count, int flags) {
    NavdFile *file = (NavdFile *)base;
    return file->real->pMethods->xShmLock(file->real, offset, count, flags);
}

static void file_shm_barrier(sqlite3_file *base) {
    NavdFile *file = (NavdFile *)base;
    file->real->pMethods->xShmBarrier(file->real);
}

static int file_shm_unmap(sqlite3_file *base, int delete_flag) {
    NavdFile *file = (NavdFile *)base;
    return file->real->pMethods->xShmUnmap(file->real, delete_flag);
}

static int file_fetch(sqlite3_file *base, sqlite3_int64 offset, int amount, void **pages) {
    NavdFile *file = (NavdFile *)base;
    return file->real->pMethods->xFetch(file->real, offset, amount, pages);
}

static int file_unfetch(sqlite3_file *base, sqlite3_int64 offset, void *pages) {
    NavdFile *file = (NavdFile *)base;
    return file->real->pMethods->xUnfetch(file->real, offset, pages);
}

static const sqlite3_io_methods file_methods = {
    3,
    file_close,
    file_read,
    file_write,
    file_truncate,
    file_sync,
    file_size,
    file_lock,
    file_unlock,
    file_check_reserved_lock,
    file_control,
    file_sector_size,
    file_device_characteristics,
    file_shm_map,
    file_shm_lock,
    file_shm_barrier,
    file_shm_unmap,
    file_fetch,
    file_unfetch,
};

static int vfs_open(sqlite3_vfs *base, sqlite3_filename name, sqlite3_file *opened, int flags, int *out_flags) {
    NavdVFS *vfs = (NavdVFS *)base;
    NavdFile *file = (NavdFile *)opened;
    memset(file, 0, sizeof(NavdFile));
    file->real = (sqlite3_file *)(file + 1);
    int status = vfs->real->xOpen(vfs->real, name, file->real, flags, out_flags);
    /* A file the default VFS did not open has no methods: SQLite calls none of ours either. */
    if (file->real->pMethods == NULL) return status;
    /* The default VFS's files have every method of version 3. */
    if (file->real->pMethods->iVersion < 3) {
        file->real->pMethods->xClose(file->real);
        return SQLITE_CANTOPEN;
    }
    file->is_wal = (flags & SQLITE_OPEN_WAL) != 0;
    file->syncs_commits = vfs->syncs_commits;
    file->writeback_fd = -1;
    if (file->is_wal && !file->syncs_commits && name != NULL) file->writeback_fd = open(name, O_RDONLY | O_CLOEXEC);
    file->base.pMethods = &file_methods;
    return status;
}

static int vfs_delete(sqlite3_vfs *base, const char *name, int sync_directory) {
    sqlite3_vfs *real = ((NavdVFS *)base)->real;
    return real->xDelete(real, name, sync_directory);
}

static int vfs_access(sqlite3_vfs *base, const char *name, int flags, int *result) {
    sqlite3_vfs *real = ((NavdVFS *)base)->real;
    return real->xAccess(real, name, flags, result);
}

static int vfs_full_pathname(sqlite3_vfs *base, const char *name, int size, char *out) {
    sqlite3_vfs *real = ((NavdVFS *)base)->real;
    return real->xFullPathname(real, name, size, out);
}

static void *vfs_dl_open(sqlite3_vfs *base, const char *name) {
    sqlite3_vfs *real = ((NavdVFS *)base)->real;
    return real->xDlOpen(real, name);
}

static void vfs_dl_error(sqlite3_vfs *base, int size, char *out) {
    sqlite3_vfs *real = ((NavdVFS *)base)->real;
    real->xDlError(real, size, out);
}

static void (*vfs_dl_sym(sqlite3_vfs *base, void *library, const char *symbol))(void) {
    sqlite3_vfs *real = ((NavdVFS *)base)->real;
    return real->xDlSym(real, library, symbol);
}

static void vfs_dl_close(sqlite3_vfs *base, void *library) {
    sqlite3_vfs *real = ((NavdVFS *)base)->real;
    real->xDlClose(real, library);
}

static int vfs_randomness(sqlite3_vfs *base, int size, char *out) {
    sqlite3_vfs *real = ((NavdVFS *)base)->real;
    return real->xRandomness(real, size, out);
}

static int vfs_sleep(sqlite3_vfs *base, int microseconds) {
    sqlite3_vfs *real = ((NavdVFS *)base)->real;
    return real->xSleep(real, microseconds);
}

static int vfs_current_time(sqlite3_vfs *base, double *now) {
    sqlite3_vfs *real = ((NavdVFS *)base)->real;
    return real->xCurrentTime(real, now);
}

static int vfs_get_last_error(sqlite3_vfs *base, int size, char *out) {
    sqlite3_vfs *real = ((NavdVFS *)base)->real;
    return real->xGetLastError(real, size, out);
}

static int vfs_current_time_int64(sqlite3_vfs *base, sqlite3_int64 *now) {
    sqlite3_vfs *real = ((NavdVFS *)base)->real;
    return real->xCurrentTimeInt64(real, now);
}

/* One VFS per --sync. */
static NavdVFS vfs_normal;
static NavdVFS vfs_full;

static int vfs_register(NavdVFS *vfs, const char *name, int syncs_commits) {
    sqlite3_vfs *real = sqlite3_vfs_find(NULL);
    if (real == NULL || real->iVersion < 2) return SQLITE_ERROR;
    vfs->real = real;
    vfs->syncs_commits = syncs_commits;
    vfs->base.iVersion = 2;
    vfs->base.szOsFile = (int)sizeof(NavdFile) + real->szOsFile;
    vfs->base.mxPathname = real->mxPathname;
    vfs->base.zName = name;
    vfs->base.xOpen = vfs_open;
    vfs->base.xDelete = vfs_delete;
    vfs->base.xAccess = vfs_access;
    vfs->base.xFullPathname = vfs_full_pathname;
    vfs->base.xDlOpen = vfs_dl_open;
    vfs->base.xDlError = vfs_dl_error;
    vfs->base.xDlSym = vfs_dl_sym;
    vfs->base.xDlClose = vfs_dl_close;
    vfs->base.xRandomness = vfs_randomness;
    vfs->base.xSleep = vfs_sleep;
    vfs->base.xCurrentTime = vfs_current_time;
    vfs->base.xGetLastError = vfs_get_last_error;
    vfs->base.xCurrentTimeInt64 = vfs_current_time_int64;
    return sqlite3_vfs_register(&vfs->base, 0);
}

int navd_wal_vfs_register(void) {
    if (vfs_normal.real != NULL) return SQLITE_OK;
    int status = vfs_register(&vfs_full, navd_wal_vfs_name(1), 1);
    return status != SQLITE_OK ? status : vfs_register(&vfs_normal, navd_wal_vfs_name(0), 0);
}

const char *navd_wal_vfs_name(int syncs_commits) {
    return syncs_commits ? "navd-sync-full" : "navd-sync-normal";
}

/* The log of `db`'s main database, when it is open through this VFS. */
static NavdFile *log_of(sqlite3 *db) {
    sqlite3_file *log = NULL;
    if (sqlite3_file_control(db, "main", SQLITE_FCNTL_JOURNAL_POINTER, &log) != SQLITE_OK) return NULL;
    if (log == NULL || log->pMethods != &file_methods || !((NavdFile *)log)->is_wal) return NULL;
    return (NavdFile *)log;
}

int navd_wal_vfs_log_counts(sqlite3 *db, sqlite3_int64 *writes, sqlite3_int64 *disk_syncs, sqlite3_int64 *writebacks) {
    NavdFile *log = log_of(db);
    if (log == NULL) return SQLITE_NOTFOUND;
    *writes = log->writes;
    *disk_syncs = log->disk_syncs;
    *writebacks = log->writebacks;
    return SQLITE_OK;
}

int navd_wal_vfs_fail_next_write(sqlite3 *db) {
    NavdFile *log = log_of(db);
    if (log == NULL) return SQLITE_NOTFOUND;
    log->fail_next_write = 1;
    return SQLITE_OK;
}
