/*
 * The three Landlock system calls (Linux ≥ 5.13), for Swift, which cannot call the variadic
 * syscall(2). Constants are spelled out here, not taken from <linux/landlock.h>, so that a
 * build machine's older kernel headers do not decide which rules the worker can ask for: the
 * running kernel's ABI version does (wh_landlock_abi_version).
 */
#ifndef WIDGETHOST_LANDLOCK_SHIM_H
#define WIDGETHOST_LANDLOCK_SHIM_H

#include <stdint.h>

/* Filesystem rights (handled_access_fs / allowed_access), by the ABI that introduced them. */
#define WH_LANDLOCK_FS_EXECUTE      (1ULL << 0)   /* ABI 1 */
#define WH_LANDLOCK_FS_WRITE_FILE   (1ULL << 1)
#define WH_LANDLOCK_FS_READ_FILE    (1ULL << 2)
#define WH_LANDLOCK_FS_READ_DIR     (1ULL << 3)
#define WH_LANDLOCK_FS_REMOVE_DIR   (1ULL << 4)
#define WH_LANDLOCK_FS_REMOVE_FILE  (1ULL << 5)
#define WH_LANDLOCK_FS_MAKE_CHAR    (1ULL << 6)
#define WH_LANDLOCK_FS_MAKE_DIR     (1ULL << 7)
#define WH_LANDLOCK_FS_MAKE_REG     (1ULL << 8)
#define WH_LANDLOCK_FS_MAKE_SOCK    (1ULL << 9)
#define WH_LANDLOCK_FS_MAKE_FIFO    (1ULL << 10)
#define WH_LANDLOCK_FS_MAKE_BLOCK   (1ULL << 11)
#define WH_LANDLOCK_FS_MAKE_SYM     (1ULL << 12)
#define WH_LANDLOCK_FS_REFER        (1ULL << 13)  /* ABI 2 */
#define WH_LANDLOCK_FS_TRUNCATE     (1ULL << 14)  /* ABI 3 */
#define WH_LANDLOCK_FS_IOCTL_DEV    (1ULL << 15)  /* ABI 5 */

/* Network rights (handled_access_net), ABI 4: handled and allowed on no port, they deny all TCP. */
#define WH_LANDLOCK_NET_BIND_TCP    (1ULL << 0)
#define WH_LANDLOCK_NET_CONNECT_TCP (1ULL << 1)

/* Scopes (scoped), ABI 6: IPC with processes outside the sandbox. */
#define WH_LANDLOCK_SCOPE_ABSTRACT_UNIX_SOCKET (1ULL << 0)
#define WH_LANDLOCK_SCOPE_SIGNAL               (1ULL << 1)

/*
 * The Landlock ABI version the running kernel speaks: ≥ 1, or -1 with errno set when it has
 * none (ENOSYS: built without it; EOPNOTSUPP: disabled at boot).
 */
int wh_landlock_abi_version(void);

/*
 * A new ruleset handling `fs`, `net` and `scoped` (pass 0 for what the kernel's ABI lacks: the
 * attribute's size is cut to the last non-zero part). Returns its descriptor (close-on-exec),
 * or -1 with errno set.
 */
int wh_landlock_create_ruleset(uint64_t fs, uint64_t net, uint64_t scoped);

/* Opens `path` for naming it in a rule only (O_PATH, close-on-exec): -1 with errno set. */
int wh_open_path(const char *path);

/* Allows `access` beneath the file or folder open at `parent_fd` (O_PATH is enough). 0 or -1. */
int wh_landlock_allow_path(int ruleset_fd, int parent_fd, uint64_t access);

/*
 * Sets no_new_privs (required by the kernel for an unprivileged process), then enforces the
 * ruleset on the calling thread and the threads it creates from now on. Call it while the
 * process has one thread. 0 or -1 with errno set.
 */
int wh_landlock_restrict_self(int ruleset_fd);

/*
 * Moves the calling process into a new user namespace (mapping its own uid and gid to
 * themselves, so it keeps its ids and file access) and a new, empty network namespace, where
 * its only interface is a loopback that is down: every connection and DNS query then fails at
 * once (ENETUNREACH) instead of being attempted. Call it while the process has one thread (the
 * kernel refuses a new user namespace to a threaded process). 0, or -1 with errno set (EPERM
 * where the system does not let unprivileged processes make user namespaces).
 */
int wh_enter_empty_network_namespace(void);

#endif
