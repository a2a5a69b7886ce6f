/*
 * widgethost C ABI — shared defaults, the App Group store (added in 1.1).
 *
 * An app and its widgets share small values through an App Group, as WidgetKit's
 * UserDefaults(suiteName: "group.…"). A bundle lists the groups it uses in
 * wk_bundle_t.app_groups and reaches them through the defaults functions of
 * wk_host_services_t; it never opens the store itself.
 *
 * VALUE, the JSON a value travels as (UTF-8), one of:
 *
 * ```text
 * {"type":"bool","value":true}      {"type":"int","value":42}      {"type":"double","value":0.5}
 * {"type":"string","value":"0.2,0.4,0.6"}   {"type":"data","value":"<base64>"}
 * {"type":"date","value":<seconds since 1970>}   {"type":"json","value":<any JSON document>}
 * ```
 *
 * FAILURE, the JSON a reply carries with any status other than OK and NOT_FOUND, e.g.:
 *
 * ```json
 * {"code":"undeclaredGroup","message":"what went wrong and how to fix it"}
 * ```
 */
#ifndef WIDGETHOST_DEFAULTS_H
#define WIDGETHOST_DEFAULTS_H

#include <stddef.h>
#include <stdint.h>

#include "private_macros.h"
#include "version.h"

WK_EXTERN_C_BEGIN

/*
 * Where the host delivers the JSON answer of a defaults call.
 * Ownership: caller (the bundle); it only has to live for the duration of the call.
 */
typedef struct wk_reply {
    /* sizeof(wk_reply_t) as the bundle compiled it; the host reads a field only when
     * WK_HAS_FIELD(reply, wk_reply_t, field). */
    uint32_t struct_size;

    /* Handed back to `receive` untouched. */
    void *context;

    /*
     * Called at most once, before the defaults function returns, on the calling thread.
     * `json`: UTF-8, `length` bytes, not NUL-terminated; owned by the host and valid only during
     * this call: copy what you keep.
     */
    void (*receive)(void *context, const char *json, size_t length);
} wk_reply_t;

WK_EXTERN_C_END

#endif
