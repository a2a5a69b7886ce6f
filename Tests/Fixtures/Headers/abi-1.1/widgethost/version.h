/*
 * widgethost C ABI — version.
 *
 * A host accepts a bundle when the majors are equal and the bundle's minor is not newer than the
 * host's. A minor release only appends: new fields at the end of a struct (detected through its
 * struct_size), new optional function pointers, new JSON fields. A major release may change
 * anything, except the first two fields of wk_bundle_t, which stay put forever so that any host
 * can read any bundle's version and refuse it with a clear message.
 *
 * History: 1.0 — bundles, widgets, providers, log and reload services.
 *          1.1 — wk_bundle_t.app_groups; shared defaults in wk_host_services_t (defaults.h).
 */
#ifndef WIDGETHOST_VERSION_H
#define WIDGETHOST_VERSION_H

#include <stdbool.h>
#include <stdint.h>

#include "private_macros.h"

WK_EXTERN_C_BEGIN

typedef struct wk_version {
    uint32_t major;
    uint32_t minor;
    uint32_t patch;
} wk_version_t;

#define WK_ABI_VERSION_MAJOR 1
#define WK_ABI_VERSION_MINOR 1
#define WK_ABI_VERSION_PATCH 0

#define WK_ABI_VERSION_INIT \
    ((wk_version_t){WK_ABI_VERSION_MAJOR, WK_ABI_VERSION_MINOR, WK_ABI_VERSION_PATCH})

/* True when a host speaking `host` can load a bundle built against `bundle`. */
static inline bool wk_version_is_compatible(wk_version_t host, wk_version_t bundle) {
    return host.major == bundle.major && bundle.minor <= host.minor;
}

WK_EXTERN_C_END

#endif
