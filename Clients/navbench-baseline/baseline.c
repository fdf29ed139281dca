/*
 * navbench-baseline: the floor navbench measures navd against. A minimal libuv server on a Unix
 * socket that answers every newline-terminated request with one fixed line, doing nothing else:
 * no parsing, no state, no allocation per request beyond the write. Whatever navd costs above
 * this is navd's own (JSON, the engine, fan-out), not the event loop's or the kernel's.
 *
 * Usage: navbench-baseline SOCKET_PATH. SIGINT or SIGTERM stops it and removes the socket.
 * Like navd it reads into one shared buffer and answers everything a read completed with one
 * write (uv_try_write first, then uv_write for what the socket did not take), so both sides of
 * the comparison batch and write the same way.
 */
#include <uv.h>

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
    if (argc != 2) {
        fprintf(stderr, "usage: navbench-baseline SOCKET_PATH\n");
        return 2;
    }
    socket_path = argv[1];
    signal(SIGPIPE, SIG_IGN);
    uv_loop_t *loop = uv_default_loop();
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
    return 0;
}
