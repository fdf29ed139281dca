/*
 * navbench-baseline: the floor navbench measures navd against. A minimal libuv server on a Unix
 * socket that answers every newline-terminated request with one fixed line, doing nothing else:
 * no parsing, no state, no allocation per request beyond the write. Whatever navd costs above
 * this is navd's own (JSON, the engine, fan-out), not the event loop's or the kernel's.
 *
 * Usage: navbench-baseline [--sqlite DIRECTORY] SOCKET_PATH. SIGINT or SIGTERM stops it and
 * removes the socket. Like navd it reads into one shared buffer and answers everything a read
 * completed with one write (uv_try_write first, then uv_write for what the socket did not take),
 * so both sides of the comparison batch and write the same way.
 *
 * With --sqlite, it is the floor of a durable navd instead: every request line is a revision
 * whose row goes into a database in DIRECTORY the way navd's --sync normal does it (its VFS,
 * pragmas, ring table and statement, rows of the sizes a route/close of the sample app writes),
 * and the rows of one loop iteration are committed in one transaction before any of its answers
 * is written. What a durable navd costs above this is navd's own, not SQLite's.
 */
#include <uv.h>
#include <sqlite3.h>
#include <navd_wal_vfs.h>

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char reply[] = "{\"jsonrpc\":\"2.0\",\"id\":0,\"result\":{}}\n";
#define REPLY_LENGTH (sizeof reply - 1)

static char read_buffer[64 * 1024];
static const char *socket_path;
static uv_pipe_t listener;
static uv_signal_t sigint_handle, sigterm_handle;

struct reply_write {
    uv_write_t request;
    char bytes[];
};

static void free_handle(uv_handle_t *handle) { free(handle); }

static void on_alloc(uv_handle_t *handle, size_t suggested, uv_buf_t *buffer) {
    (void)handle;
    (void)suggested;
    *buffer = uv_buf_init(read_buffer, sizeof read_buffer);
}

static void on_written(uv_write_t *request, int status) {
    (void)status;
    free(request);
}

/* Writes `lines` replies to `stream`. */
static void answer(uv_stream_t *stream, size_t lines) {
    struct reply_write *write = malloc(sizeof *write + lines * REPLY_LENGTH);
    if (!write) abort();
    for (size_t i = 0; i < lines; i++) memcpy(write->bytes + i * REPLY_LENGTH, reply, REPLY_LENGTH);
    uv_buf_t out = uv_buf_init(write->bytes, (unsigned)(lines * REPLY_LENGTH));
    /* Written at once when the socket takes it, as navd does: no write request, and no epoll_ctl
     * when it completes. What is left goes out with uv_write. */
    int written = uv_try_write(stream, &out, 1);
    if (written == (int)out.len) {
        free(write);
        return;
    }
    if (written > 0) {
        out.base += written;
        out.len -= (unsigned)written;
    } else if (written != UV_EAGAIN) {
        free(write);
        uv_close((uv_handle_t *)stream, free_handle);
        return;
    }
    if (uv_write(&write->request, stream, &out, 1, on_written) != 0) {
        free(write);
        uv_close((uv_handle_t *)stream, free_handle);
    }
}

/* --sqlite: the database, and the reads of this loop iteration waiting for its commit. */
static sqlite3 *database;
static sqlite3_stmt *begin_statement, *insert_statement, *commit_statement;
static sqlite3_int64 revision;
static struct waiting_read {
    uv_stream_t *stream;
    size_t lines;
} *waiting;
static size_t waiting_count, waiting_capacity;
static uv_check_t commit_handle;

/* navd's schema 4 ring (StoreSchema.swift): revision r in slot r % slots, replacing the row there. */
#define SLOTS 10064
#define KEYFRAME_INTERVAL 64
static const char ring_table[] =
    "CREATE TABLE IF NOT EXISTS revisions (slot INTEGER PRIMARY KEY, revision INTEGER NOT NULL, at INTEGER NOT NULL, "
    "cause TEXT NOT NULL, events TEXT NOT NULL, tree BLOB NOT NULL, prefix INTEGER, suffix INTEGER, nextFlow INTEGER, "
    "nextScreen INTEGER)";
static const char insert_revision[] =
    "INSERT OR REPLACE INTO revisions (slot, revision, at, cause, events, tree, prefix, suffix, nextFlow, nextScreen) "
    "VALUES (?10, ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)";

/* A route's and a close's row as navd writes them for the sample app; every 64th row holds the
   whole tree (766 bytes) instead of a delta. The newest row of a commit holds the id counters
   (the rest of the state, the instance and the session, is in navd's meta table, written by
   the commits that change it: none of route/close's). */
static const char route_cause[] =
    "{\"method\":\"nav.route\",\"params\":{\"to\":\"post\",\"params\":{\"postId\":198}},\"client\":null,\"clientId\":\"c1\"}";
static const char close_cause[] = "{\"method\":\"nav.close\",\"params\":{},\"client\":null,\"clientId\":\"c1\"}";
static const char route_events[] =
    "[{\"type\":\"willHide\",\"screen\":\"s1\",\"name\":\"feedList\",\"params\":{},\"flow\":\"f2\"},"
    "{\"type\":\"enter\",\"screen\":\"s104\",\"name\":\"post\",\"params\":{\"postId\":198},\"flow\":\"f2\","
    "\"via\":{\"kind\":\"push\",\"name\":\"zoom\",\"animator\":\"zoom\",\"direction\":\"push\"}},"
    "{\"type\":\"willShow\",\"screen\":\"s104\",\"name\":\"post\",\"params\":{\"postId\":198},\"flow\":\"f2\"}]";
static const char close_events[] =
    "[{\"type\":\"willHide\",\"screen\":\"s104\",\"name\":\"post\",\"params\":{\"postId\":198},\"flow\":\"f2\"},"
    "{\"type\":\"exit\",\"screen\":\"s104\",\"name\":\"post\",\"params\":{\"postId\":198},\"flow\":\"f2\","
    "\"via\":{\"kind\":\"push\",\"name\":\"zoom\",\"animator\":\"zoom\",\"direction\":\"pop\"}},"
    "{\"type\":\"willShow\",\"screen\":\"s1\",\"name\":\"feedList\",\"params\":{},\"flow\":\"f2\"}]";
static const char route_delta[] =
    ",{\"id\":\"s104\",\"screen\":\"post\",\"params\":{\"postId\":198},\"flow\":\"f2\","
    "\"via\":{\"kind\":\"push\",\"name\":\"zoom\",\"animator\":\"zoom\"}}";
static char keyframe[766];

static void fail(const char *what) {
    fprintf(stderr, "navbench-baseline: %s: %s\n", what, database ? sqlite3_errmsg(database) : "cannot open");
    exit(1);
}

static void step(sqlite3_stmt *statement, const char *what) {
    if (sqlite3_step(statement) != SQLITE_DONE) fail(what);
    sqlite3_reset(statement);
}

static void open_database(const char *directory) {
    char path[4096];
    snprintf(path, sizeof path, "%s/baseline.sqlite", directory);
    sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
    if (navd_wal_vfs_register() != SQLITE_OK) fail("cannot register the VFS");
    if (sqlite3_open_v2(path, &database, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, navd_wal_vfs_name(0)) != SQLITE_OK) fail(path);
    if (sqlite3_exec(database,
            "PRAGMA locking_mode = EXCLUSIVE; PRAGMA page_size = 2048; PRAGMA journal_mode = WAL; "
            "PRAGMA synchronous = FULL; PRAGMA fullfsync = OFF; PRAGMA checkpoint_fullfsync = ON",
            NULL, NULL, NULL) != SQLITE_OK
        || sqlite3_exec(database, ring_table, NULL, NULL, NULL) != SQLITE_OK)
        fail(path);
    /* navd checkpoints at 4,096 pages of log when its clients never pause (and sooner when they do). */
    sqlite3_wal_autocheckpoint(database, 4096);
    if (sqlite3_prepare_v2(database, "BEGIN", -1, &begin_statement, NULL) != SQLITE_OK
        || sqlite3_prepare_v2(database, insert_revision, -1, &insert_statement, NULL) != SQLITE_OK
        || sqlite3_prepare_v2(database, "COMMIT", -1, &commit_statement, NULL) != SQLITE_OK)
        fail("prepare");
    memset(keyframe, 'k', sizeof keyframe);
}

static void insert(int newest) {
    revision++;
    int route = revision % 2 == 0, whole = revision % KEYFRAME_INTERVAL == 1;
    sqlite3_bind_int64(insert_statement, 1, revision);
    sqlite3_bind_int64(insert_statement, 2, (sqlite3_int64)uv_now(uv_default_loop()));
    sqlite3_bind_text(insert_statement, 3, route ? route_cause : close_cause, -1, SQLITE_STATIC);
    sqlite3_bind_text(insert_statement, 4, route ? route_events : close_events, -1, SQLITE_STATIC);
    if (whole) {
        sqlite3_bind_blob(insert_statement, 5, keyframe, sizeof keyframe, SQLITE_STATIC);
        sqlite3_bind_null(insert_statement, 6);
        sqlite3_bind_null(insert_statement, 7);
    } else {
        sqlite3_bind_blob(insert_statement, 5, route_delta, route ? (int)sizeof route_delta - 1 : 0, SQLITE_STATIC);
        sqlite3_bind_int64(insert_statement, 6, 177);
        sqlite3_bind_int64(insert_statement, 7, 589);
    }
    if (newest) {
        sqlite3_bind_int64(insert_statement, 8, 6);
        sqlite3_bind_int64(insert_statement, 9, 105 + revision / 2);
    } else {
        sqlite3_bind_null(insert_statement, 8);
        sqlite3_bind_null(insert_statement, 9);
    }
    sqlite3_bind_int64(insert_statement, 10, revision % SLOTS);
    step(insert_statement, "insert");
    sqlite3_clear_bindings(insert_statement);
}

/* uv_check_cb, after the reads of a loop iteration (before any handle closed in them is freed):
   their rows in one transaction, then their answers. */
static void on_commit(uv_check_t *handle) {
    (void)handle;
    if (waiting_count == 0) return;
    size_t rows = 0;
    for (size_t i = 0; i < waiting_count; i++) rows += waiting[i].lines;
    /* As navd: one row is a transaction by itself, so BEGIN and COMMIT wrap several only. */
    if (rows > 1) step(begin_statement, "begin");
    for (size_t row = 0; row < rows; row++) insert(row == rows - 1);
    if (rows > 1) step(commit_statement, "commit");
    for (size_t i = 0; i < waiting_count; i++) {
        if (!uv_is_closing((uv_handle_t *)waiting[i].stream)) answer(waiting[i].stream, waiting[i].lines);
    }
    waiting_count = 0;
}

static void on_read(uv_stream_t *stream, ssize_t count, const uv_buf_t *buffer) {
    if (count < 0) {
        uv_close((uv_handle_t *)stream, free_handle);
        return;
    }
    size_t lines = 0;
    for (const char *p = buffer->base, *end = buffer->base + count; (p = memchr(p, '\n', (size_t)(end - p))); p++) {
        lines++;
    }
    if (lines == 0) return;
    if (!database) {
        answer(stream, lines);
        return;
    }
    if (waiting_count == waiting_capacity) {
        waiting_capacity = waiting_capacity ? waiting_capacity * 2 : 64;
        waiting = realloc(waiting, waiting_capacity * sizeof *waiting);
        if (!waiting) abort();
    }
    waiting[waiting_count++] = (struct waiting_read){stream, lines};
}

static void on_connection(uv_stream_t *server, int status) {
    if (status != 0) return;
    uv_pipe_t *client = malloc(sizeof *client);
    if (!client) abort();
    uv_pipe_init(server->loop, client, 0);
    if (uv_accept(server, (uv_stream_t *)client) != 0) {
        uv_close((uv_handle_t *)client, free_handle);
        return;
    }
    uv_read_start((uv_stream_t *)client, on_alloc, on_read);
}

static void on_signal(uv_signal_t *handle, int signum) {
    (void)signum;
    unlink(socket_path);
    uv_stop(handle->loop);
}

int main(int argc, char **argv) {
    const char *directory = NULL;
    if (argc == 4 && strcmp(argv[1], "--sqlite") == 0) {
        directory = argv[2];
        socket_path = argv[3];
    } else if (argc == 2) {
        socket_path = argv[1];
    } else {
        fprintf(stderr, "usage: navbench-baseline [--sqlite DIRECTORY] SOCKET_PATH\n");
        return 2;
    }
    signal(SIGPIPE, SIG_IGN);
    uv_loop_t *loop = uv_default_loop();
    if (directory) {
        open_database(directory);
        uv_check_init(loop, &commit_handle);
        uv_check_start(&commit_handle, on_commit);
    }
    uv_pipe_init(loop, &listener, 0);
    unlink(socket_path);
    int status = uv_pipe_bind(&listener, socket_path);
    if (status == 0) status = uv_listen((uv_stream_t *)&listener, 511, on_connection);
    if (status != 0) {
        fprintf(stderr, "navbench-baseline: cannot listen on %s: %s\n", socket_path, uv_strerror(status));
        return 1;
    }
    uv_signal_init(loop, &sigint_handle);
    uv_signal_start(&sigint_handle, on_signal, SIGINT);
    uv_signal_init(loop, &sigterm_handle);
    uv_signal_start(&sigterm_handle, on_signal, SIGTERM);
    uv_run(loop, UV_RUN_DEFAULT);
    if (database) sqlite3_close(database);
    return 0;
}
