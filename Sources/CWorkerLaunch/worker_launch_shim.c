#define _GNU_SOURCE
#include "worker_launch_shim.h"

#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <unistd.h>

#define WH_MAX_DESCRIPTORS 4

struct wh_fork_request {
    void (*child)(void *context);
    void *context;
    pid_t pid;
    int error;
};

static void *wh_fork_thread(void *argument) {
    struct wh_fork_request *request = argument;
    /* x86_64 and aarch64 take (flags, stack, parent_tid, child_tid, tls); a null stack makes
       the child continue on a copy of this thread's, as fork(2) does. */
    pid_t pid = (pid_t)syscall(SYS_clone, CLONE_PARENT | SIGCHLD, NULL, NULL, NULL, NULL);
    if (pid == 0) {
        request->child(request->context);
        _exit(127);
    }
    request->pid = pid;
    request->error = pid < 0 ? errno : 0;
    return NULL;
}

pid_t wh_fork_as_sibling(void (*child)(void *context), void *context) {
    struct wh_fork_request request = { .child = child, .context = context, .pid = -1, .error = 0 };
    pthread_t thread;
    int started = pthread_create(&thread, NULL, wh_fork_thread, &request);
    if (started != 0) {
        errno = started;
        return -1;
    }
    pthread_join(thread, NULL);
    if (request.pid < 0) errno = request.error;
    return request.pid;
}

ssize_t wh_send_with_descriptors(int socket, const void *bytes, size_t count, const int *descriptors, int descriptor_count) {
    if (descriptor_count < 0 || descriptor_count > WH_MAX_DESCRIPTORS) {
        errno = EINVAL;
        return -1;
    }
    union {
        char buffer[CMSG_SPACE(sizeof(int) * WH_MAX_DESCRIPTORS)];
        struct cmsghdr align;
    } control;
    memset(&control, 0, sizeof control);
    struct iovec vector = { .iov_base = (void *)bytes, .iov_len = count };
    struct msghdr message = { .msg_iov = &vector, .msg_iovlen = 1 };
    if (descriptor_count > 0) {
        message.msg_control = control.buffer;
        message.msg_controllen = CMSG_SPACE(sizeof(int) * descriptor_count);
        struct cmsghdr *header = CMSG_FIRSTHDR(&message);
        header->cmsg_level = SOL_SOCKET;
        header->cmsg_type = SCM_RIGHTS;
        header->cmsg_len = CMSG_LEN(sizeof(int) * descriptor_count);
        memcpy(CMSG_DATA(header), descriptors, sizeof(int) * descriptor_count);
    }
    ssize_t sent;
    do {
        sent = sendmsg(socket, &message, MSG_NOSIGNAL);
    } while (sent < 0 && errno == EINTR);
    return sent;
}

ssize_t wh_receive_with_descriptors(int socket, void *bytes, size_t capacity, int *descriptors, int descriptor_capacity, int *descriptor_count) {
    *descriptor_count = 0;
    union {
        char buffer[CMSG_SPACE(sizeof(int) * WH_MAX_DESCRIPTORS)];
        struct cmsghdr align;
    } control;
    struct iovec vector = { .iov_base = bytes, .iov_len = capacity };
    struct msghdr message = {
        .msg_iov = &vector, .msg_iovlen = 1, .msg_control = control.buffer, .msg_controllen = sizeof control.buffer,
    };
    ssize_t received;
    do {
        received = recvmsg(socket, &message, MSG_CMSG_CLOEXEC);
    } while (received < 0 && errno == EINTR);
    if (received < 0) return -1;
    int count = 0;
    for (struct cmsghdr *header = CMSG_FIRSTHDR(&message); header; header = CMSG_NXTHDR(&message, header)) {
        if (header->cmsg_level != SOL_SOCKET || header->cmsg_type != SCM_RIGHTS) continue;
        int attached = (int)((header->cmsg_len - CMSG_LEN(0)) / sizeof(int));
        int *data = (int *)CMSG_DATA(header);
        for (int index = 0; index < attached; index++) {
            if (count < descriptor_capacity) descriptors[count++] = data[index];
            else close(data[index]);
        }
    }
    *descriptor_count = count;
    if (message.msg_flags & (MSG_TRUNC | MSG_CTRUNC)) {
        for (int index = 0; index < count; index++) close(descriptors[index]);
        *descriptor_count = 0;
        errno = EMSGSIZE;
        return -1;
    }
    return received;
}
