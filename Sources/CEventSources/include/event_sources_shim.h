/*
 * The kernel event sources the host and its workers wait on that Glibc's Swift module leaves
 * out: timerfd(2) (the header, as is), and epoll(7), whose `struct epoll_event` is packed on
 * x86-64 and so cannot be imported; these wrappers take and give its 64-bit token only.
 *
 * Thread rules: any thread may add or remove descriptors while another waits (epoll's own).
 */
#ifndef WIDGETHOST_EVENT_SOURCES_SHIM_H
#define WIDGETHOST_EVENT_SOURCES_SHIM_H

#include <stdint.h>
#include <sys/timerfd.h>

/* A new epoll instance, close-on-exec; -1 with errno on failure. */
int wh_epoll_create(void);

/*
 * Watches `descriptor` for input (level-triggered; hang-ups and errors are always reported),
 * reported with `token`. Returns 0, or -1 with errno.
 */
int wh_epoll_watch(int epoll, int descriptor, uint64_t token);

/* Stops watching `descriptor` (before it is closed). Returns 0, or -1 with errno. */
int wh_epoll_unwatch(int epoll, int descriptor);

/*
 * Waits up to `timeout_ms` (-1: for ever) for watched descriptors to be ready and writes the
 * tokens of up to `capacity` of them to `tokens`. Returns how many, 0 on timeout, or -1 with
 * errno (EINTR included).
 */
int wh_epoll_wait(int epoll, uint64_t *tokens, int capacity, int timeout_ms);

#endif
