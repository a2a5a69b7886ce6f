/*
 * What starting workers from a fork server needs and Swift cannot call directly: clone(2)
 * with flags (syscall(2) is variadic), and descriptors passed over a socket (the CMSG_*
 * macros).
 */
#ifndef WIDGETHOST_WORKER_LAUNCH_SHIM_H
#define WIDGETHOST_WORKER_LAUNCH_SHIM_H

#include <sys/types.h>
#include <stddef.h>

/*
 * Forks the calling process as a sibling: the child's parent is the caller's parent
 * (CLONE_PARENT), which receives its SIGCHLD and reaps it. The fork is made on a new thread
 * that has run nothing but this: in the child that thread, the only one, calls
 * `child(context)`, which must not return (the child then exits with status 127). Returns the
 * child's pid in the caller, -1 with errno on failure.
 *
 * Why a new thread: the Swift runtime, libdispatch and `Synchronization.Mutex` cache each
 * thread's id in a thread-local variable and use it as the owner of priority-inheriting futex
 * locks. A child forked from a thread that had run Swift code would inherit that thread's cache,
 * naming a thread of the parent, and its locks would fail once contended. A thread that ran no
 * Swift code has empty caches, filled in the child with its own id.
 *
 * Thread rules: call it while no other thread of the process holds a lock (the fork server
 * calls it from its one thread). glibc's own cached thread id is not updated in the child;
 * glibc >= 2.34 asks the kernel where it matters (raise, abort).
 */
pid_t wh_fork_as_sibling(void (*child)(void *context), void *context);

/*
 * Sends `count` bytes as one message on the SOCK_SEQPACKET socket `socket`, with
 * `descriptor_count` (at most 4) descriptors attached (SCM_RIGHTS). The caller keeps its own
 * descriptors; the peer gets copies. Returns the bytes sent, or -1 with errno.
 */
ssize_t wh_send_with_descriptors(int socket, const void *bytes, size_t count, const int *descriptors, int descriptor_count);

/*
 * Receives one message of at most `capacity` bytes from the SOCK_SEQPACKET socket `socket`,
 * and up to `descriptor_capacity` (at most 4) descriptors attached to it, which the caller
 * then owns (they are made close-on-exec). `*descriptor_count` is set to how many came.
 * Returns the bytes received (0 when the peer closed), or -1 with errno; a message cut short
 * (longer than `capacity`) is -1 with EMSGSIZE, its descriptors closed.
 */
ssize_t wh_receive_with_descriptors(int socket, void *bytes, size_t capacity, int *descriptors, int descriptor_capacity, int *descriptor_count);

#endif
