/*
 * CLibUV: libuv and the POSIX socket headers navd's transport needs, plus the few
 * helpers Swift cannot express directly. Every helper is a prefixed static inline
 * function with one line saying why it exists; nothing else lives here.
 */
#ifndef NAVD_CLIBUV_SHIM_H
#define NAVD_CLIBUV_SHIM_H

#include <uv.h>

#include <errno.h>
#include <stddef.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/un.h>
#include <unistd.h>

/* glibc declares `struct ucred` only under _GNU_SOURCE, which a module header cannot set: same layout, our name. */
struct navd_ucred {
    pid_t pid;
    uid_t uid;
    gid_t gid;
};

/* SO_PEERCRED: the pid, uid and gid of the process at the other end of a connected Unix socket; 0 or -errno. */
static inline int navd_peer_credentials(int fd, pid_t *pid, uid_t *uid, gid_t *gid) {
    struct navd_ucred credentials;
    socklen_t length = sizeof credentials;
    if (getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &credentials, &length) != 0) return -errno;
    if (length != sizeof credentials) return -EINVAL;
    *pid = credentials.pid;
    *uid = credentials.uid;
    *gid = credentials.gid;
    return 0;
}

/* sun_path is a fixed array Swift sees as a tuple: the longest path it holds, leaving room for the NUL. */
static inline size_t navd_sun_path_max(void) {
    return sizeof(((struct sockaddr_un *)0)->sun_path) - 1;
}

/* Writing sun_path from Swift means poking that tuple: copies the path, returns the address length or -ENAMETOOLONG. */
static inline int navd_fill_sockaddr_un(struct sockaddr_un *address, const char *path) {
    size_t length = strlen(path);
    if (length > navd_sun_path_max()) return -ENAMETOOLONG;
    memset(address, 0, sizeof *address);
    address->sun_family = AF_UNIX;
    memcpy(address->sun_path, path, length + 1);
    return (int)(offsetof(struct sockaddr_un, sun_path) + length + 1);
}

#endif
