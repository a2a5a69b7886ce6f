/*
 * Shared boilerplate for the misbehaving test bundles in this folder.
 *
 * Include this header first (it asks for POSIX declarations before any system header). Every
 * helper is static, so a fixture exports nothing but the wk_bundle_entry that FIXTURE_BUNDLE
 * defines. A typical fixture:
 *
 *     #include "fixture_support.h"
 *
 *     static void my_timeline(FIXTURE_PROVIDER_PARAMETERS) { ... }
 *
 *     FIXTURE_FAMILIES(my_families, "systemSmall");
 *     FIXTURE_WIDGET(my_widget, "MyKind", my_families,
 *                    fixture_placeholder_ok, fixture_snapshot_ok, my_timeline);
 *     FIXTURE_BUNDLE("MyBundle", fixture_init_ok, &my_widget)
 *
 * A bundle that uses App Groups (ABI 1.1) declares them with FIXTURE_GROUPS and
 * FIXTURE_BUNDLE_WITH_GROUPS; one that gives up access (ABI 1.5's sandbox_flags, e.g.
 * WK_SANDBOX_NO_NETWORK) uses FIXTURE_BUNDLE_WITH_SANDBOX or
 * FIXTURE_BUNDLE_WITH_GROUPS_AND_SANDBOX; FIXTURE_BUNDLE_DESCRIPTOR writes every field out, for
 * bundles shaped like an older ABI's. The fixture_json_* helpers build a payload with properly escaped
 * strings, e.g. to report what the host answered.
 */
#ifndef WIDGETHOST_FIXTURE_SUPPORT_H
#define WIDGETHOST_FIXTURE_SUPPORT_H

#ifndef _POSIX_C_SOURCE
#  define _POSIX_C_SOURCE 200809L
#endif

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "widgethost/widgethost.h"

/* 2026-01-01T00:00:00Z and a minute later, in seconds since 1970. */
#define FIXTURE_DATE_1 "1767225600"
#define FIXTURE_DATE_2 "1767225660"

/* A valid placeholder/snapshot payload. */
#define FIXTURE_VALID_ENTRY \
    "{\"version\":1,\"entry\":{\"date\":" FIXTURE_DATE_1 ",\"relevance\":null,\"content\":{\"n\":0}}}"

/* A valid one-entry timeline payload. */
#define FIXTURE_VALID_TIMELINE                                                               \
    "{\"version\":1,\"entries\":[{\"date\":" FIXTURE_DATE_1 ",\"relevance\":null,"             \
    "\"content\":{\"n\":1}}],\"policy\":{\"type\":\"atEnd\"}}"

/* What a fixture names in wk_bundle_t.sdk_version (ABI 1.2). */
#define FIXTURE_SDK_VERSION "widgethost C headers " WK_ABI_VERSION_STRING

/* The parameter list every provider function has (widget.h). */
#define FIXTURE_PROVIDER_PARAMETERS                                                          \
    const wk_widget_t *widget, const wk_context_t *context,                                  \
    const wk_completion_t *completion, wk_request_token_t request_token

/* Marks the provider parameters a function does not use. */
#define FIXTURE_UNUSED_PROVIDER_PARAMETERS \
    do { (void)widget; (void)context; (void)completion; (void)request_token; } while (0)

/* Answers the call `token` with a NUL-terminated JSON string. */
static inline void fixture_complete(const wk_completion_t *completion,
                                    wk_request_token_t token,
                                    const char *json) {
    completion->complete(token, json, strlen(json));
}

/* Well-behaved providers, for the calls a fixture does not misbehave in. */
static inline void fixture_placeholder_ok(FIXTURE_PROVIDER_PARAMETERS) {
    (void)widget;
    (void)context;
    fixture_complete(completion, request_token, FIXTURE_VALID_ENTRY);
}

static inline void fixture_snapshot_ok(FIXTURE_PROVIDER_PARAMETERS) {
    (void)widget;
    (void)context;
    fixture_complete(completion, request_token, FIXTURE_VALID_ENTRY);
}

static inline void fixture_timeline_ok(FIXTURE_PROVIDER_PARAMETERS) {
    (void)widget;
    (void)context;
    fixture_complete(completion, request_token, FIXTURE_VALID_TIMELINE);
}

/* A provider that never answers. */
static inline void fixture_never_complete(FIXTURE_PROVIDER_PARAMETERS) {
    FIXTURE_UNUSED_PROVIDER_PARAMETERS;
}

/* An init that accepts the host. */
static inline bool fixture_init_ok(const wk_bundle_t *bundle, const wk_host_services_t *services) {
    (void)bundle;
    (void)services;
    return true;
}

/* Declares `name`, a static list of family names. */
#define FIXTURE_FAMILIES(name, ...) static const char *const name[] = {__VA_ARGS__}

/* Declares `name`, a static wk_widget_t of `kind` with the given families and providers. */
#define FIXTURE_WIDGET(name, kind_, families, placeholder_, snapshot_, timeline_)             \
    static const wk_widget_t name = {                                                        \
        .struct_size = sizeof(wk_widget_t),                                                  \
        .kind = (kind_),                                                                     \
        .display_name = (kind_),                                                             \
        .description = "widgethost test fixture",                                            \
        .supported_families = (families),                                                    \
        .supported_family_count = (uint32_t)(sizeof(families) / sizeof((families)[0])),      \
        .provider_data = NULL,                                                               \
        .placeholder = (placeholder_),                                                       \
        .snapshot = (snapshot_),                                                             \
        .timeline = (timeline_),                                                             \
    }

/*
 * As FIXTURE_WIDGET, for a configurable kind (ABI 1.3): `schema_json` is its
 * configuration_schema_json (docs/configuration.md), a string literal. No entity options.
 */
#define FIXTURE_CONFIGURABLE_WIDGET(name, kind_, families, schema_json, placeholder_, snapshot_,  \
                                    timeline_)                                               \
    static const wk_widget_t name = {                                                        \
        .struct_size = sizeof(wk_widget_t),                                                  \
        .kind = (kind_),                                                                     \
        .display_name = (kind_),                                                             \
        .description = "widgethost test fixture",                                            \
        .supported_families = (families),                                                    \
        .supported_family_count = (uint32_t)(sizeof(families) / sizeof((families)[0])),      \
        .provider_data = NULL,                                                               \
        .placeholder = (placeholder_),                                                       \
        .snapshot = (snapshot_),                                                             \
        .timeline = (timeline_),                                                             \
        .configuration_schema_json = (schema_json),                                          \
    }

/*
 * Defines the bundle, named `name_`, with ABI version major.minor.patch, the given init and the
 * widgets (pointers to FIXTURE_WIDGET names), and exports wk_bundle_entry returning it. The
 * definition is checked against the prototype in bundle.h.
 */
#define FIXTURE_BUNDLE_WITH_ABI(name_, major, minor, patch, init_, ...)                       \
    static const wk_widget_t *const fixture_widgets[] = {__VA_ARGS__};                       \
    static const wk_bundle_t fixture_bundle = {                                              \
        .struct_size = sizeof(wk_bundle_t),                                                  \
        .abi_version = {(major), (minor), (patch)},                                          \
        .name = (name_),                                                                     \
        .version = "0.0.1",                                                                  \
        .init = (init_),                                                                     \
        .widgets = fixture_widgets,                                                          \
        .widget_count = (uint32_t)(sizeof(fixture_widgets) / sizeof(fixture_widgets[0])),    \
        .sdk_version = FIXTURE_SDK_VERSION,                                                  \
    };                                                                                       \
    WK_EXPORT const wk_bundle_t *wk_bundle_entry(const wk_version_t *host_abi_version) {     \
        (void)host_abi_version;                                                              \
        return &fixture_bundle;                                                              \
    }

/* As FIXTURE_BUNDLE_WITH_ABI, with the ABI version of these headers. */
#define FIXTURE_BUNDLE(name_, init_, ...)                                                     \
    FIXTURE_BUNDLE_WITH_ABI(name_, WK_ABI_VERSION_MAJOR, WK_ABI_VERSION_MINOR,               \
                            WK_ABI_VERSION_PATCH, init_, __VA_ARGS__)

/*
 * Defines the bundle as FIXTURE_BUNDLE_WITH_ABI does, with the `struct_size`, the App Groups
 * (a static array of names, or NULL) and the sandbox flags (ABI 1.5, WK_SANDBOX_* bits) written
 * out. Fields past `struct_size_` are set but, by the has-field rule, never read.
 */
#define FIXTURE_BUNDLE_SANDBOXED_DESCRIPTOR(name_, struct_size_, major, minor, patch, groups_,    \
                                            group_count_, sandbox_flags_, init_, ...)         \
    static const wk_widget_t *const fixture_widgets[] = {__VA_ARGS__};                       \
    static const wk_bundle_t fixture_bundle = {                                              \
        .struct_size = (uint32_t)(struct_size_),                                             \
        .abi_version = {(major), (minor), (patch)},                                          \
        .name = (name_),                                                                     \
        .version = "0.0.1",                                                                  \
        .init = (init_),                                                                     \
        .widgets = fixture_widgets,                                                          \
        .widget_count = (uint32_t)(sizeof(fixture_widgets) / sizeof(fixture_widgets[0])),    \
        .app_groups = (groups_),                                                             \
        .app_group_count = (uint32_t)(group_count_),                                         \
        .sdk_version = FIXTURE_SDK_VERSION,                                                  \
        .sandbox_flags = (uint64_t)(sandbox_flags_),                                         \
    };                                                                                       \
    WK_EXPORT const wk_bundle_t *wk_bundle_entry(const wk_version_t *host_abi_version) {     \
        (void)host_abi_version;                                                              \
        return &fixture_bundle;                                                              \
    }

/*
 * As FIXTURE_BUNDLE_SANDBOXED_DESCRIPTOR, giving up nothing (sandbox_flags 0): for bundles that
 * declare groups (ABI 1.1) and for bundles shaped like an older ABI's.
 */
#define FIXTURE_BUNDLE_DESCRIPTOR(name_, struct_size_, major, minor, patch, groups_, group_count_, \
                                  init_, ...)                                                \
    FIXTURE_BUNDLE_SANDBOXED_DESCRIPTOR(name_, struct_size_, major, minor, patch, groups_,       \
                                        group_count_, 0, init_, __VA_ARGS__)

/* Declares `name`, a static list of App Group names, for FIXTURE_BUNDLE_WITH_GROUPS. */
#define FIXTURE_GROUPS(name, ...) static const char *const name[] = {__VA_ARGS__}

/*
 * As FIXTURE_BUNDLE, declaring the App Groups in `groups` (a FIXTURE_GROUPS name) in
 * wk_bundle_t.app_groups (ABI 1.1).
 */
#define FIXTURE_BUNDLE_WITH_GROUPS(name_, groups, init_, ...)                                 \
    FIXTURE_BUNDLE_DESCRIPTOR(name_, sizeof(wk_bundle_t), WK_ABI_VERSION_MAJOR,              \
                              WK_ABI_VERSION_MINOR, WK_ABI_VERSION_PATCH, (groups),          \
                              sizeof(groups) / sizeof((groups)[0]), init_, __VA_ARGS__)

/*
 * As FIXTURE_BUNDLE, giving up the access in `sandbox_flags_` (WK_SANDBOX_* bits, ABI 1.5), e.g.
 *
 *     FIXTURE_BUNDLE_WITH_SANDBOX("Offline", WK_SANDBOX_NO_NETWORK, fixture_init_ok, &my_widget)
 */
#define FIXTURE_BUNDLE_WITH_SANDBOX(name_, sandbox_flags_, init_, ...)                        \
    FIXTURE_BUNDLE_SANDBOXED_DESCRIPTOR(name_, sizeof(wk_bundle_t), WK_ABI_VERSION_MAJOR,    \
                                        WK_ABI_VERSION_MINOR, WK_ABI_VERSION_PATCH, NULL, 0, \
                                        sandbox_flags_, init_, __VA_ARGS__)

/* As FIXTURE_BUNDLE_WITH_GROUPS, giving up the access in `sandbox_flags_` (ABI 1.5). */
#define FIXTURE_BUNDLE_WITH_GROUPS_AND_SANDBOX(name_, groups, sandbox_flags_, init_, ...)     \
    FIXTURE_BUNDLE_SANDBOXED_DESCRIPTOR(name_, sizeof(wk_bundle_t), WK_ABI_VERSION_MAJOR,    \
                                        WK_ABI_VERSION_MINOR, WK_ABI_VERSION_PATCH, (groups), \
                                        sizeof(groups) / sizeof((groups)[0]), sandbox_flags_, \
                                        init_, __VA_ARGS__)

/*
 * A bounded text buffer for building a JSON payload piece by piece. Once it runs out of room it
 * stays `overflowed`, and the fixture answers with an error payload instead of cut-off JSON.
 */
typedef struct fixture_json {
    char *text;
    size_t capacity;
    size_t length;
    bool overflowed;
} fixture_json_t;

static inline fixture_json_t fixture_json_start(char *buffer, size_t capacity) {
    fixture_json_t json = {.text = buffer, .capacity = capacity, .length = 0, .overflowed = capacity == 0};
    if (capacity > 0) buffer[0] = '\0';
    return json;
}

/* Appends `length` bytes as they are. */
static inline void fixture_json_raw(fixture_json_t *json, const char *bytes, size_t length) {
    if (json->overflowed || json->length + length + 1 > json->capacity) {
        json->overflowed = true;
        return;
    }
    memcpy(json->text + json->length, bytes, length);
    json->length += length;
    json->text[json->length] = '\0';
}

/* Appends a NUL-terminated string as it is. */
static inline void fixture_json_text(fixture_json_t *json, const char *text) {
    fixture_json_raw(json, text, strlen(text));
}

/* Appends an integer. */
static inline void fixture_json_int(fixture_json_t *json, long long value) {
    char digits[32];
    int count = snprintf(digits, sizeof digits, "%lld", value);
    fixture_json_raw(json, digits, count > 0 ? (size_t)count : 0);
}

/* Appends `length` bytes of UTF-8 as a quoted JSON string, escaping quotes, backslashes and
 * control characters. */
static inline void fixture_json_string(fixture_json_t *json, const char *bytes, size_t length) {
    fixture_json_raw(json, "\"", 1);
    for (size_t index = 0; index < length; index++) {
        unsigned char byte = (unsigned char)bytes[index];
        if (byte == '"') {
            fixture_json_raw(json, "\\\"", 2);
        } else if (byte == '\\') {
            fixture_json_raw(json, "\\\\", 2);
        } else if (byte < 0x20) {
            char escaped[8];
            snprintf(escaped, sizeof escaped, "\\u%04x", (unsigned)byte);
            fixture_json_raw(json, escaped, 6);
        } else {
            fixture_json_raw(json, (const char *)&bytes[index], 1);
        }
    }
    fixture_json_raw(json, "\"", 1);
}

/* Appends `"key":` for the next member of an object. */
static inline void fixture_json_key(fixture_json_t *json, const char *key) {
    fixture_json_string(json, key, strlen(key));
    fixture_json_raw(json, ":", 1);
}

#endif
