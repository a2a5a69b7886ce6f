#include "event_sources_shim.h"

#include <sys/epoll.h>

int wh_epoll_create(void) {
    return epoll_create1(EPOLL_CLOEXEC);
}

int wh_epoll_watch(int epoll, int descriptor, uint64_t token) {
    struct epoll_event event = { .events = EPOLLIN, .data = { .u64 = token } };
    return epoll_ctl(epoll, EPOLL_CTL_ADD, descriptor, &event);
}

int wh_epoll_unwatch(int epoll, int descriptor) {
    /* A non-null event for kernels before 2.6.9, which required one. */
    struct epoll_event unused = { 0 };
    return epoll_ctl(epoll, EPOLL_CTL_DEL, descriptor, &unused);
}

int wh_epoll_wait(int epoll, uint64_t *tokens, int capacity, int timeout_ms) {
    struct epoll_event events[64];
    if (capacity > 64) capacity = 64;
    int count = epoll_wait(epoll, events, capacity, timeout_ms);
    for (int index = 0; index < count; index++) tokens[index] = events[index].data.u64;
    return count;
}
