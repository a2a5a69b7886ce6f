/*
 * widgethost C ABI — the bundle and its one exported symbol.
 *
 * A bundle is a shared object (.so) that exports exactly one symbol, the function
 * `wk_bundle_entry`. The host opens the file (RTLD_NOW | RTLD_LOCAL, never unloaded), calls
 * the entry, checks the ABI version, calls `init` with this bundle's host services and then
 * reads the widgets.
 */
#ifndef WIDGETHOST_BUNDLE_H
#define WIDGETHOST_BUNDLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "host_services.h"
#include "private_macros.h"
#include "version.h"
#include "widget.h"

WK_EXTERN_C_BEGIN

/*
 * Ownership: bundle. Lifetime: the whole life of the process.
 */
typedef struct wk_bundle {
    /* These two fields stay first in every ABI major, so that any host can read them. */
    uint32_t struct_size;      /* sizeof(wk_bundle_t) as the bundle compiled it */
    wk_version_t abi_version;  /* WK_ABI_VERSION_INIT as the bundle compiled it */

    /* The bundle's name and version, for people. NUL-terminated UTF-8. */
    const char *name;
    const char *version;

    /*
     * Called once, after the version check and before anything else of the bundle's is used.
     * `services` lives as long as the process: keep it. Returns false when the bundle cannot
     * run; the host then reports the bundle as failed and never calls it again.
     * [load-thread] The host serialises loading: no other call into this bundle is in flight.
     */
    bool (*init)(const struct wk_bundle *bundle, const wk_host_services_t *services);

    /* The widgets: `widget_count` pointers. Read by the host after `init` returns true. */
    const wk_widget_t *const *widgets;
    uint32_t widget_count;

    /* ---- Added in 1.1. A host reads these only when struct_size covers them. ---- */

    /*
     * The App Groups this bundle reads and writes (WidgetKit's application-groups entitlement):
     * `app_group_count` NUL-terminated UTF-8 names, each "group." + a reverse-DNS name. The host
     * refuses to load a bundle with a malformed name, and refuses defaults calls for any group
     * not listed here. May be NULL when the count is 0.
     */
    const char *const *app_groups;
    uint32_t app_group_count;

    /* ---- Added in 1.2. A host reads these only when struct_size covers them. ---- */

    /*
     * The SDK that built this bundle and its version, for people: `widgethost bundles` shows it,
     * and it helps tell which rebuild a bug report is about. NUL-terminated UTF-8, e.g.
     * "WidgetSDK 0.1.0 (ABI 1.5.0)" or "widgethost C headers " WK_ABI_VERSION_STRING. May be NULL.
     */
    const char *sdk_version;

    /* ---- Added in 1.4: intents (AppIntent). A host reads these only when struct_size covers
     * them (WK_HAS_FIELD(bundle, wk_bundle_t, field)). docs/intents.md. ---- */

    /*
     * The intents this bundle performs, as a JSON array, NUL-terminated UTF-8, each parameter as
     * in a configuration schema (docs/configuration.md):
     *
     * ```json
     * [{"name": "IncrementCountIntent", "title": "Increment",
     *   "parameters": [{"name": "step", "title": "Step", "type": "int", "default": 1,
     *                   "required": false}]}]
     * ```
     *
     * Names are unique in the bundle. NULL (or the field absent) means the bundle declares no
     * intents. Ownership: bundle; lifetime: the whole life of the process. Read by the host after
     * `init` returns true.
     */
    const char *intents_json;

    /*
     * Performs the intent named `intent` (one of intents_json's names) with `parameters_json`, a
     * JSON object of its parameter values, already checked by the host against the intent's
     * parameters with every default filled in. Both strings are NUL-terminated UTF-8 borrowed for
     * the duration of the call: copy what must outlive it.
     *
     * Asynchronous, as a provider: answer exactly once, now or later and from any thread, through
     * `completion` (completion.h) with the request token:
     *
     * ```c body
     * completion->complete(request_token, payload, length);
     * ```
     *
     * the payload being {"version":1,"performed":true} on success or the error payload of
     * payload.h, {"version":1,"error":{"message":"..."}}, when the intent threw. The host stops
     * waiting after its perform timeout (10 s by default); a second answer, or one after that, is
     * a recorded violation and otherwise ignored. A bundle isolated in a worker whose intent times
     * out has its worker replaced.
     * [thread-safe] Called on a host thread, concurrently with providers and other performs.
     * May be NULL: the bundle performs nothing (every intent fails with a message saying so).
     */
    void (*perform)(const struct wk_bundle *bundle,
                    const char *intent,
                    const char *parameters_json,
                    const wk_completion_t *completion,
                    wk_request_token_t request_token);

    /* ---- Added in 1.5: the sandbox (docs/sandbox.md). A host reads this only when struct_size
     * covers it (WK_HAS_FIELD(bundle, wk_bundle_t, sandbox_flags)). ---- */

    /*
     * Access the bundle gives up because it does not need it: WK_SANDBOX_* bits, OR-ed. A host
     * that sandboxes its workers takes that access away from the bundle's worker; a host that
     * does not, or a bundle loaded in the host's own process, is unaffected. 0 (or the field
     * absent, in bundles older than 1.5) is the default: nothing given up, network allowed.
     * Bits without a WK_SANDBOX_* name are reserved for later minors and must be 0; a host
     * ignores the bits it does not know.
     * Ownership: bundle; a plain value. [load-thread] Read by the host once, after `init`
     * returns true (as intents_json), so `init` may still decide it.
     */
    uint64_t sandbox_flags;
} wk_bundle_t;

/*
 * wk_bundle_t.sandbox_flags (1.5): the bundle needs no network. Its worker may be denied TCP
 * bind and connect (Landlock's network rules); the worker's channel to the host is not network
 * and is unaffected. A bundle that sets it and still connects gets EACCES or similar.
 */
#define WK_SANDBOX_NO_NETWORK ((uint64_t)1 << 0)

/* The name of the exported entry symbol. */
#define WK_BUNDLE_ENTRY_SYMBOL "wk_bundle_entry"

/*
 * Marks the one symbol a bundle exports: default visibility (link with sdk/bundle.exports to
 * hide everything else). Part of the ABI: write the entry as
 *
 * ```c
 * WK_EXPORT const wk_bundle_t *wk_bundle_entry(const wk_version_t *host_abi_version) {
 *     (void)host_abi_version;
 *     static const wk_bundle_t bundle = {
 *         .struct_size = sizeof(wk_bundle_t),
 *         .abi_version = WK_ABI_VERSION_INIT,
 *         .name = "Example",
 *         .version = "1.0.0",
 *         .sdk_version = "widgethost C headers " WK_ABI_VERSION_STRING,
 *         // and .init, .widgets and .widget_count (widget.h)
 *     };
 *     return &bundle;
 * }
 * ```
 */
#define WK_EXPORT __attribute__((visibility("default")))

/*
 * The one exported symbol; its prototype is here so that the compiler checks a bundle's
 * definition against it.
 *
 * `host_abi_version`: the ABI the host speaks; borrowed for the duration of the call. A bundle
 * built against a newer minor of the same major may degrade to it: return a wk_bundle_t whose
 * abi_version is the host's and whose struct_size ends at that minor's last field.
 *
 * Returns the bundle's description (ownership: bundle; lifetime: the whole life of the process).
 * A bundle that cannot run beside this host returns either NULL, or, better, a wk_bundle_t with
 * only the two permanent fields set (struct_size = offsetof(wk_bundle_t, name), abi_version =
 * the version it was built against): any host, of any version, then refuses it with a message
 * that names both versions and says to rebuild the bundle or update the host. The prototype
 * gives the entry C linkage in C++ too.
 * [load-thread] Called once per process, before anything else in the bundle.
 */
WK_EXPORT const wk_bundle_t *wk_bundle_entry(const wk_version_t *host_abi_version);

/* The entry's type, for a host that looks it up with dlsym. */
typedef const wk_bundle_t *(*wk_bundle_entry_fn)(const wk_version_t *host_abi_version);

WK_EXTERN_C_END

#endif
