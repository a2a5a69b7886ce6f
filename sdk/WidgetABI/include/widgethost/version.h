/*
 * widgethost C ABI — version.
 *
 * A host accepts a bundle when the majors are equal and the bundle's minor is not newer than the
 * host's. A minor release only appends: new fields at the end of a struct (detected through its
 * struct_size), new optional function pointers, new JSON fields. A major release may change
 * anything, except the first two fields of wk_bundle_t, which stay put forever so that any host
 * can read any bundle's version and refuse it with a clear message.
 *
 * Growing, the one rule, is sqlite3ext.h's: its routine table only ever grows at the end. (CLAP,
 * whose header style this follows, grows by versioned extension ids instead.) Here the struct's
 * own size, not a library version, tells how far it reaches: a reader of a struct written by the
 * other side reads a field only when that struct's struct_size covers it, WK_HAS_FIELD(ptr, type,
 * field). Never compare struct_size with the whole sizeof(type) you compiled: that refuses every
 * older peer the day the struct grows. The version number says what a peer understands; the size
 * says what this particular struct holds.
 *
 * Across versions: a host loads a bundle of its major and a minor no newer than its own. A
 * bundle is handed the host's version by wk_bundle_entry and may degrade to it: claim the host's
 * minor and a struct_size that ends at that minor's last field (the Swift SDK does). A bundle
 * that cannot serve the host answers with a descriptor of the two permanent fields only (see
 * bundle.h), so that the host names both versions when it refuses it.
 *
 * History: 1.0 — bundles, widgets, providers, log and reload services.
 *          1.1 — wk_bundle_t.app_groups; shared defaults in wk_host_services_t (defaults.h).
 *          1.2 — wk_bundle_t.sdk_version, the SDK that built the bundle, for people
 *                (`widgethost bundles`); WK_HAS_FIELD; wk_bundle_entry's prototype and
 *                WK_EXPORT are public (bundle.h); `log` takes a wk_log_level_t (same
 *                32-bit argument as 1.0's int32_t); host services are documented callable
 *                during provider calls; an entry's view (payload.h).
 *          1.3 — configurable widgets: wk_widget_t.configuration_schema_json and
 *                entity_options; wk_context_t.configuration_json (docs/configuration.md).
 *          1.4 — intents (AppIntent): wk_bundle_t.intents_json and perform, an
 *                asynchronous call completed once through a request token (docs/intents.md).
 *          1.5 — the sandbox: wk_bundle_t.sandbox_flags, the access a bundle gives up
 *                (WK_SANDBOX_NO_NETWORK, docs/sandbox.md).
 *          1.6 — previews: wk_widget_t.previews, a kind's `#Preview` entries for tools
 *                (`widgethost preview`, the gallery); never called by the scheduler.
 *          1.7 — entity queries: wk_widget_t.entity_query, a search (`matching`) or a lookup
 *                (`identifiers`) answered by the parameter's query (docs/configuration.md).
 */
#ifndef WIDGETHOST_VERSION_H
#define WIDGETHOST_VERSION_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "private_macros.h"

WK_EXTERN_C_BEGIN

typedef struct wk_version {
    uint32_t major;
    uint32_t minor;
    uint32_t patch;
} wk_version_t;

#define WK_ABI_VERSION_MAJOR 1
#define WK_ABI_VERSION_MINOR 7
#define WK_ABI_VERSION_PATCH 0

#define WK_ABI_VERSION_INIT \
    ((wk_version_t){WK_ABI_VERSION_MAJOR, WK_ABI_VERSION_MINOR, WK_ABI_VERSION_PATCH})

/* The same version as text, e.g. for wk_bundle_t.sdk_version. */
#define WK_ABI_VERSION_STRING "1.7.0"

/*
 * True when the struct at `ptr`, of type `type` as the other side compiled it, holds `field`:
 * its struct_size reaches the end of the field. Use it before reading any field added after
 * the struct's first version, e.g.
 *
 * ```c body
 * if (WK_HAS_FIELD(services, wk_host_services_t, defaults_get)) {
 *     services->defaults_get("group.com.example.app", "count", NULL);
 * }
 * ```
 *
 * `ptr` is evaluated more than once.
 */
#define WK_HAS_FIELD(ptr, type, field) \
    ((size_t)(ptr)->struct_size >= offsetof(type, field) + sizeof(((type *)0)->field))

/* True when a host speaking `host` can load a bundle built against `bundle`. */
static inline bool wk_version_is_compatible(wk_version_t host, wk_version_t bundle) {
    return host.major == bundle.major && bundle.minor <= host.minor;
}

WK_EXTERN_C_END

#endif
