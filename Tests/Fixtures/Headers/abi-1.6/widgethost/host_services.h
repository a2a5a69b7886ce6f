/*
 * widgethost C ABI — what the host offers a bundle.
 *
 * Each bundle gets its own table, bound to that bundle: the functions take no handle, so a
 * bundle cannot speak for another one (the host builds these function pointers at run time).
 * The table grows by appending; read a field added after 1.0 only when
 * WK_HAS_FIELD(services, wk_host_services_t, field) (version.h).
 *
 * Every function here is [thread-safe, callable during a provider call]: from any thread,
 * concurrently, at any time after `init` — including inside a synchronous `placeholder`, inside
 * `snapshot` and `timeline` before they call `complete`, and from threads of the bundle's own
 * while a call is under way. The host never holds a lock of its own across a call into a
 * provider that these functions need, so none of them waits for a provider call to end.
 */
#ifndef WIDGETHOST_HOST_SERVICES_H
#define WIDGETHOST_HOST_SERVICES_H

#include <stdint.h>

#include "defaults.h"
#include "private_macros.h"
#include "status.h"
#include "version.h"

WK_EXTERN_C_BEGIN

typedef enum wk_log_level {
    WK_LOG_DEBUG = 0,
    WK_LOG_INFO = 1,
    WK_LOG_WARNING = 2,
    WK_LOG_ERROR = 3,
} wk_log_level_t;

/* A log level travels as a 32-bit integer, as 1.0's `int32_t level` did. */
#if defined(__cplusplus)
static_assert(sizeof(wk_log_level_t) == sizeof(int32_t), "wk_log_level_t is 32 bits");
#elif defined(__STDC_VERSION__) && __STDC_VERSION__ >= 201112L
_Static_assert(sizeof(wk_log_level_t) == sizeof(int32_t), "wk_log_level_t is 32 bits");
#endif

/*
 * Ownership: host. Lifetime: the whole life of the process; keep the pointer.
 */
typedef struct wk_host_services {
    /* sizeof(wk_host_services_t) as the host compiled it: the fields it holds. */
    uint32_t struct_size;

    /* The ABI version the host speaks (what wk_bundle_entry was given). */
    wk_version_t abi_version;

    /* The host's name and version, for logs. NUL-terminated UTF-8, owned by the host. */
    const char *host_name;
    const char *host_version;

    /*
     * Writes one line to the host's log, tagged with this bundle's name.
     * [thread-safe, callable during a provider call] `message`: NUL-terminated UTF-8, borrowed
     * for the duration of the call. Unknown levels are logged as WK_LOG_ERROR. May block briefly
     * while an isolated bundle's channel to the host is full.
     */
    void (*log)(wk_log_level_t level, const char *message);

    /*
     * Asks the host to fetch a fresh timeline for one of this bundle's kinds
     * (WidgetCenter.reloadTimelines(ofKind:)). The host decides when; budgets apply.
     * `kind`: NUL-terminated UTF-8, borrowed for the duration of the call.
     * Returns WK_STATUS_UNKNOWN_KIND when `kind` is not one of this bundle's kinds.
     * [thread-safe, callable during a provider call] A reload asked for during that kind's own
     * timeline call is kept and served after the call.
     */
    wk_status_t (*reload_timelines)(const char *kind);

    /*
     * Asks the host to fetch fresh timelines for all of this bundle's kinds
     * (WidgetCenter.reloadAllTimelines()).
     * [thread-safe, callable during a provider call]
     */
    wk_status_t (*reload_all_timelines)(void);

    /* ---- Added in 1.1: shared defaults (defaults.h). Present when struct_size covers them. ----
     *
     * `group` and `key`: NUL-terminated UTF-8, borrowed for the duration of the call. `group` must
     * be one of this bundle's wk_bundle_t.app_groups (else WK_STATUS_UNDECLARED_GROUP). `reply`
     * may be NULL when the caller wants no details; otherwise it receives a VALUE (on OK, for
     * defaults_get) or a FAILURE (on an error status). All of them may block on the store's disk
     * I/O for a few milliseconds, longer while another process writes.
     */

    /*
     * Reads one value. Returns WK_STATUS_OK (reply gets the VALUE) or WK_STATUS_NOT_FOUND.
     * [thread-safe, callable during a provider call]
     */
    wk_status_t (*defaults_get)(const char *group, const char *key, const wk_reply_t *reply);

    /*
     * Writes one value, given as a VALUE of `length` bytes (borrowed for the duration of the
     * call). Once it returns WK_STATUS_OK, the value is on disk.
     * [thread-safe, callable during a provider call]
     */
    wk_status_t (*defaults_set)(const char *group, const char *key, const char *value_json, size_t length,
                                const wk_reply_t *reply);

    /*
     * Removes one value. Removing a missing key returns WK_STATUS_OK.
     * [thread-safe, callable during a provider call]
     */
    wk_status_t (*defaults_remove)(const char *group, const char *key, const wk_reply_t *reply);

    /*
     * The group's container folder, for files (rendered images, say); created when missing.
     * On WK_STATUS_OK the reply gets {"path":"<absolute path>"}.
     * [thread-safe, callable during a provider call]
     */
    wk_status_t (*group_container_path)(const char *group, const wk_reply_t *reply);
} wk_host_services_t;

WK_EXTERN_C_END

#endif
