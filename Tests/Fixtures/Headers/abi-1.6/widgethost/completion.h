/*
 * widgethost C ABI — completing a provider call.
 *
 * Every provider call carries a request token chosen by the host. The bundle answers by calling
 * `complete` with that token exactly once. The host matches answers to calls by token in a
 * locked table, so an answer that comes twice, or after the host gave up on the call, is
 * recorded as an error against the widget and never touches freed memory.
 */
#ifndef WIDGETHOST_COMPLETION_H
#define WIDGETHOST_COMPLETION_H

#include <stddef.h>
#include <stdint.h>

#include "private_macros.h"
#include "version.h"

WK_EXTERN_C_BEGIN

/* Chosen by the host, unique within the host process, never reused. */
typedef uint64_t wk_request_token_t;

/*
 * Ownership: host. Lifetime: the whole life of the process; a bundle may keep the pointer.
 */
typedef struct wk_completion {
    /* sizeof(wk_completion_t) as the host compiled it; read a field added later only when
     * WK_HAS_FIELD(completion, wk_completion_t, field). */
    uint32_t struct_size;

    /*
     * Answers the call identified by `request_token` with a payload (see payload.h).
     *
     * [thread-safe] Call it exactly once per request, from any thread, before or after the
     * provider function has returned (a synchronous `placeholder` must call it before it
     * returns).
     *
     * `payload_json` is UTF-8 JSON, `payload_length` bytes long, not necessarily NUL-terminated.
     * Ownership: bundle. The host copies it before `complete` returns, so the bundle may free or
     * reuse the buffer as soon as the call returns.
     */
    void (*complete)(wk_request_token_t request_token,
                     const char *payload_json,
                     size_t payload_length);
} wk_completion_t;

WK_EXTERN_C_END

#endif
