/*
 * One C bundle for the compatibility matrix (docs/abi.md), compiled against each ABI's headers:
 * the frozen copies in Tests/Fixtures/Headers/abi-1.0 … abi-1.4, and today's in
 * sdk/WidgetABI/include. It uses only what the headers it is compiled against offer, as a bundle
 * written at that time would, and answers its timeline with what it saw:
 *
 *   {"headers": "1.x", "claimed": "1.y", "hostABI": "a.b", "hostHasDefaults": bool}
 *
 * Built against 1.2 or later it degrades as bundle.h describes: for a host of an older minor it
 * claims the host's minor and a struct_size that ends at that minor's last field. Built against
 * 1.5 or later it declares WK_SANDBOX_NO_NETWORK: it never needs the network. Define
 * COMPAT_NO_DEGRADE to build it the careless way (always claims its own headers' version).
 */
#define _POSIX_C_SOURCE 200809L

#include <stdatomic.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "widgethost/widgethost.h"

#define STRINGIFY_(x) #x
#define STRINGIFY(x) STRINGIFY_(x)
#define HEADERS_VERSION STRINGIFY(WK_ABI_VERSION_MAJOR) "." STRINGIFY(WK_ABI_VERSION_MINOR)

/* Set in init, before any provider call; read from provider threads. */
static _Atomic(const wk_host_services_t *) compat_services;
/* The minor this bundle claimed, set by the entry. */
static _Atomic(unsigned) compat_claimed_minor = WK_ABI_VERSION_MINOR;

static bool compat_init(const wk_bundle_t *bundle, const wk_host_services_t *services) {
    (void)bundle;
    atomic_store(&compat_services, services);
    return true;
}

/* Whether the host's table holds the 1.1 defaults functions: WK_HAS_FIELD from 1.2 on; by hand
 * in 1.1 (the same rule); never in 1.0, whose headers do not know them. */
static bool compat_host_has_defaults(const wk_host_services_t *services) {
#if defined(WK_HAS_FIELD)
    return WK_HAS_FIELD(services, wk_host_services_t, defaults_get);
#elif WK_ABI_VERSION_MINOR >= 1
    return services->struct_size >= offsetof(wk_host_services_t, defaults_get) + sizeof(services->defaults_get);
#else
    (void)services;
    return false;
#endif
}

static void compat_answer(const wk_completion_t *completion, wk_request_token_t token, bool timeline) {
    const wk_host_services_t *services = atomic_load(&compat_services);
    char content[256];
    snprintf(content, sizeof content,
             "{\"headers\":\"%s\",\"claimed\":\"%d.%u\",\"hostABI\":\"%u.%u\",\"hostHasDefaults\":%s}",
             HEADERS_VERSION, WK_ABI_VERSION_MAJOR, atomic_load(&compat_claimed_minor),
             services ? services->abi_version.major : 0, services ? services->abi_version.minor : 0,
             services && compat_host_has_defaults(services) ? "true" : "false");
    char payload[512];
    if (timeline) {
        snprintf(payload, sizeof payload,
                 "{\"version\":1,\"entries\":[{\"date\":1767225600,\"relevance\":null,\"content\":%s}],"
                 "\"policy\":{\"type\":\"atEnd\"}}", content);
    } else {
        snprintf(payload, sizeof payload,
                 "{\"version\":1,\"entry\":{\"date\":1767225600,\"relevance\":null,\"content\":%s}}", content);
    }
    completion->complete(token, payload, strlen(payload));
}

static void compat_placeholder(const wk_widget_t *widget, const wk_context_t *context,
                               const wk_completion_t *completion, wk_request_token_t token) {
    (void)widget;
    (void)context;
    compat_answer(completion, token, false);
}

static void compat_timeline(const wk_widget_t *widget, const wk_context_t *context,
                            const wk_completion_t *completion, wk_request_token_t token) {
    (void)widget;
    (void)context;
    compat_answer(completion, token, true);
}

#if WK_ABI_VERSION_MINOR >= 6
/* 1.6's previews: one, named after the headers, with one entry. */
static void compat_previews(const wk_widget_t *widget, const wk_context_t *context,
                            const wk_completion_t *completion, wk_request_token_t token) {
    (void)widget;
    (void)context;
    static const char previews[] =
        "{\"version\":1,\"previews\":[{\"name\":\"Compat " HEADERS_VERSION "\",\"source\":\"compat_bundle.c:1\","
        "\"entries\":[{\"date\":1767225600,\"relevance\":null,\"content\":{\"preview\":true}}]}]}";
    completion->complete(token, previews, strlen(previews));
}
#endif

static const char *const compat_families[] = {"systemSmall"};

/* Not const: a bundle degrading to a host older than 1.6 shrinks its struct_size. */
static wk_widget_t compat_widget = {
    .struct_size = sizeof(wk_widget_t),
    .kind = "Compat",
    .display_name = "Compat",
    .description = "built against ABI " HEADERS_VERSION,
    .supported_families = compat_families,
    .supported_family_count = 1,
    .provider_data = NULL,
    .placeholder = compat_placeholder,
    .snapshot = compat_placeholder,
    .timeline = compat_timeline,
#if WK_ABI_VERSION_MINOR >= 6
    .previews = compat_previews,
#endif
};

static const wk_widget_t *const compat_widgets[] = {&compat_widget};

#if WK_ABI_VERSION_MINOR >= 4
/* 1.4's intents: one, "Nudge", that always succeeds. */
static void compat_perform(const wk_bundle_t *bundle, const char *intent, const char *parameters_json,
                           const wk_completion_t *completion, wk_request_token_t token) {
    (void)bundle;
    (void)intent;
    (void)parameters_json;
    static const char performed[] = "{\"version\":1,\"performed\":true}";
    completion->complete(token, performed, strlen(performed));
}
#endif

#if WK_ABI_VERSION_MINOR >= 1
static const char *const compat_groups[] = {"group.example.compat"};
#endif

static wk_bundle_t compat_bundle = {
    .struct_size = sizeof(wk_bundle_t),
    .abi_version = {WK_ABI_VERSION_MAJOR, WK_ABI_VERSION_MINOR, WK_ABI_VERSION_PATCH},
    .name = "Compat",
    .version = HEADERS_VERSION,
    .init = compat_init,
    .widgets = compat_widgets,
    .widget_count = 1,
#if WK_ABI_VERSION_MINOR >= 1
    .app_groups = compat_groups,
    .app_group_count = 1,
#endif
#if WK_ABI_VERSION_MINOR >= 2
    .sdk_version = "widgethost C headers " WK_ABI_VERSION_STRING,
#endif
#if WK_ABI_VERSION_MINOR >= 4
    .intents_json = "[{\"name\":\"Nudge\",\"title\":\"Nudge\",\"parameters\":[]}]",
    .perform = compat_perform,
#endif
#if WK_ABI_VERSION_MINOR >= 5
    /* 1.5's sandbox: it reads and writes nothing over the network. */
    .sandbox_flags = WK_SANDBOX_NO_NETWORK,
#endif
};

#if WK_ABI_VERSION_MINOR >= 2 && !defined(COMPAT_NO_DEGRADE)
/* The struct_size of this bundle shaped as `minor` (1 or later, older than these headers): it
 * ends at that minor's last field of wk_bundle_t. */
static uint32_t compat_size_for(unsigned minor) {
#if WK_ABI_VERSION_MINOR >= 6
    /* 1.6 and 1.7 grew the widget, not the bundle. */
    if (minor >= 5) return offsetof(wk_bundle_t, sandbox_flags) + sizeof compat_bundle.sandbox_flags;
#endif
#if WK_ABI_VERSION_MINOR >= 5
    if (minor == 4) return offsetof(wk_bundle_t, perform) + sizeof compat_bundle.perform;
#endif
    /* 1.3 grew the widget, not the bundle. */
    if (minor >= 2) return offsetof(wk_bundle_t, sdk_version) + sizeof compat_bundle.sdk_version;
    return offsetof(wk_bundle_t, app_group_count) + sizeof compat_bundle.app_group_count;
}
#endif

#if !defined(WK_HAS_FIELD)
/* Headers before 1.2 have no prototype for the entry. */
WK_EXPORT const wk_bundle_t *wk_bundle_entry(const wk_version_t *host_abi_version);
#endif

WK_EXPORT const wk_bundle_t *wk_bundle_entry(const wk_version_t *host_abi_version) {
#if WK_ABI_VERSION_MINOR >= 2 && !defined(COMPAT_NO_DEGRADE)
    if (host_abi_version != NULL && host_abi_version->major == WK_ABI_VERSION_MAJOR &&
        host_abi_version->minor < WK_ABI_VERSION_MINOR) {
        /* App Groups need 1.1: a 1.0 host cannot serve this bundle. Answer with the two
         * permanent fields only, so that the host names both versions. */
        if (host_abi_version->minor < 1) {
            compat_bundle.struct_size = offsetof(wk_bundle_t, name);
            return &compat_bundle;
        }
        compat_bundle.abi_version.minor = host_abi_version->minor;
        compat_bundle.abi_version.patch = 0;
        compat_bundle.struct_size = compat_size_for(host_abi_version->minor);
#if WK_ABI_VERSION_MINOR >= 6
        /* Shaped as the host's minor too: a widget ends at previews before 1.7, at
         * entity_options before 1.6, at timeline before 1.3. */
        compat_widget.struct_size = host_abi_version->minor >= 6
            ? offsetof(wk_widget_t, previews) + sizeof compat_widget.previews
            : host_abi_version->minor >= 3
            ? offsetof(wk_widget_t, entity_options) + sizeof compat_widget.entity_options
            : offsetof(wk_widget_t, timeline) + sizeof compat_widget.timeline;
#endif
        atomic_store(&compat_claimed_minor, host_abi_version->minor);
    }
#else
    (void)host_abi_version;
#endif
    return &compat_bundle;
}
