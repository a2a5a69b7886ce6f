#define _GNU_SOURCE
#include "landlock_shim.h"

#include <errno.h>
#include <fcntl.h>
#include <stddef.h>
#include <sched.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

/* The syscall numbers are the same on every architecture (the unified table, Linux 5.13). */
#ifndef SYS_landlock_create_ruleset
#define SYS_landlock_create_ruleset 444
#endif
#ifndef SYS_landlock_add_rule
#define SYS_landlock_add_rule 445
#endif
#ifndef SYS_landlock_restrict_self
#define SYS_landlock_restrict_self 446
#endif

#define WH_LANDLOCK_CREATE_RULESET_VERSION (1U << 0)
#define WH_LANDLOCK_RULE_PATH_BENEATH 1

/* struct landlock_ruleset_attr: grows by appending, like our own ABI. */
struct wh_ruleset_attr {
    uint64_t handled_access_fs;
    uint64_t handled_access_net;  /* ABI 4 */
    uint64_t scoped;              /* ABI 6 */
};

struct wh_path_beneath_attr {
    uint64_t allowed_access;
    int32_t parent_fd;
} __attribute__((packed));

int wh_landlock_abi_version(void) {
    return (int)syscall(SYS_landlock_create_ruleset, NULL, 0, WH_LANDLOCK_CREATE_RULESET_VERSION);
}

int wh_landlock_create_ruleset(uint64_t fs, uint64_t net, uint64_t scoped) {
    struct wh_ruleset_attr attr = {fs, net, scoped};
    /* A kernel older than a part of the attribute refuses it (E2BIG) unless it is cut off:
     * pass the attribute up to the last part in use. */
    size_t size = scoped ? sizeof attr
                : net    ? offsetof(struct wh_ruleset_attr, scoped)
                         : offsetof(struct wh_ruleset_attr, handled_access_net);
    return (int)syscall(SYS_landlock_create_ruleset, &attr, size, 0);
}

int wh_open_path(const char *path) {
    return open(path, O_PATH | O_CLOEXEC);
}

int wh_landlock_allow_path(int ruleset_fd, int parent_fd, uint64_t access) {
    struct wh_path_beneath_attr attr = {access, parent_fd};
    return (int)syscall(SYS_landlock_add_rule, ruleset_fd, WH_LANDLOCK_RULE_PATH_BENEATH, &attr, 0);
}

int wh_landlock_restrict_self(int ruleset_fd) {
    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) return -1;
    return (int)syscall(SYS_landlock_restrict_self, ruleset_fd, 0);
}

/* Writes `text` to the file at `path` in one write, as /proc's id maps require. */
static int write_file(const char *path, const char *text) {
    int fd = open(path, O_WRONLY | O_CLOEXEC);
    if (fd < 0) return -1;
    ssize_t length = (ssize_t)strlen(text);
    ssize_t written = write(fd, text, (size_t)length);
    int error = errno;
    close(fd);
    if (written != length) {
        errno = written < 0 ? error : EIO;
        return -1;
    }
    return 0;
}

int wh_enter_empty_network_namespace(void) {
    uid_t uid = geteuid();
    gid_t gid = getegid();
    if (unshare(CLONE_NEWUSER | CLONE_NEWNET) != 0) return -1;
    char map[64];
    snprintf(map, sizeof map, "%u %u 1\n", (unsigned)uid, (unsigned)uid);
    if (write_file("/proc/self/uid_map", map) != 0) return -1;
    /* An unprivileged process may map its group only once setgroups(2) is denied to it. */
    if (write_file("/proc/self/setgroups", "deny") != 0) return -1;
    snprintf(map, sizeof map, "%u %u 1\n", (unsigned)gid, (unsigned)gid);
    return write_file("/proc/self/gid_map", map);
}
