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
} wk_bundle_t;

/* The name of the exported entry symbol. */
#define WK_BUNDLE_ENTRY_SYMBOL "wk_bundle_entry"

/*
 * The one exported symbol. Returns the bundle's description, or NULL when the bundle cannot run
 * beside this host (it may inspect `host_abi_version` to decide).
 * [load-thread] Called once per process, before anything else in the bundle.
 */
typedef const wk_bundle_t *(*wk_bundle_entry_fn)(const wk_version_t *host_abi_version);

WK_EXTERN_C_END

#endif
