/*
 * A configurable kind for the instance tests ("InstanceProbe", ABI 1.3): a `label` (string,
 * default "none") and a `gate` (string, default ""). The timeline answers
 *
 *   content {"label": <label>, "n": <calls made so far>}, policy never
 *
 * When `gate` names a file path, the call first creates <gate>.started, then waits (60 s at
 * most) until <gate> exists: a test holds the call under way for exactly as long as it needs.
 * Values are read from the configuration JSON with a plain search: the host sends what it
 * validated, compact, and the tests use no quotes or backslashes in them.
 */
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "widgethost/widgethost.h"

#define SCHEMA                                                                                 \
    "{\"title\":\"Probe\",\"description\":\"Echoes its label\",\"parameters\":["              \
    "{\"name\":\"label\",\"title\":\"Label\",\"type\":\"string\",\"default\":\"none\",\"required\":false}," \
    "{\"name\":\"gate\",\"title\":\"Gate\",\"type\":\"string\",\"default\":\"\",\"required\":false}"        \
    "],\"recommendations\":[]}"

static atomic_uint probe_calls;

/* Copies the string value of "name" in `json` into `out` (empty when absent). */
static void probe_string(const char *json, const char *name, char *out, size_t capacity) {
    out[0] = '\0';
    if (json == NULL) return;
    char pattern[64];
    snprintf(pattern, sizeof pattern, "\"%s\":\"", name);
    const char *start = strstr(json, pattern);
    if (start == NULL) return;
    start += strlen(pattern);
    const char *end = strchr(start, '"');
    if (end == NULL) return;
    size_t length = (size_t)(end - start) < capacity - 1 ? (size_t)(end - start) : capacity - 1;
    memcpy(out, start, length);
    out[length] = '\0';
}

static void probe_wait_for_gate(const char *gate) {
    char started[1100];
    snprintf(started, sizeof started, "%s.started", gate);
    FILE *marker = fopen(started, "w");
    if (marker != NULL) fclose(marker);
    struct timespec step = {.tv_sec = 0, .tv_nsec = 5 * 1000 * 1000};
    for (int waited = 0; waited < 12000 && access(gate, F_OK) != 0; waited++) nanosleep(&step, NULL);
}

static void probe_entry(const wk_widget_t *widget, const wk_context_t *context,
                        const wk_completion_t *completion, wk_request_token_t token) {
    (void)widget;
    char payload[256];
    int length = snprintf(payload, sizeof payload,
                          "{\"version\":1,\"entry\":{\"date\":%.17g,\"relevance\":null,\"content\":{}}}", context->now);
    completion->complete(token, payload, (size_t)length);
}

static void probe_timeline(const wk_widget_t *widget, const wk_context_t *context,
                           const wk_completion_t *completion, wk_request_token_t token) {
    (void)widget;
    const char *configuration = NULL;
    if (WK_HAS_FIELD(context, wk_context_t, configuration_json)) configuration = context->configuration_json;
    char label[256];
    char gate[1024];
    probe_string(configuration, "label", label, sizeof label);
    probe_string(configuration, "gate", gate, sizeof gate);
    unsigned count = atomic_fetch_add(&probe_calls, 1) + 1;
    if (gate[0] != '\0') probe_wait_for_gate(gate);
    char payload[640];
    int length = snprintf(payload, sizeof payload,
                          "{\"version\":1,\"entries\":[{\"date\":%.17g,\"relevance\":null,"
                          "\"content\":{\"label\":\"%s\",\"n\":%u}}],\"policy\":{\"type\":\"never\"}}",
                          context->now, label, count);
    completion->complete(token, payload, (size_t)length);
}

static const char *const probe_families[] = {"systemSmall", "systemMedium"};

static const wk_widget_t probe_widget = {
    .struct_size = sizeof(wk_widget_t),
    .kind = "InstanceProbe",
    .display_name = "Probe",
    .description = "A configurable C fixture for instances",
    .supported_families = probe_families,
    .supported_family_count = 2,
    .placeholder = probe_entry,
    .snapshot = probe_entry,
    .timeline = probe_timeline,
    .configuration_schema_json = SCHEMA,
};

static const wk_widget_t *const probe_widgets[] = {&probe_widget};

static bool probe_init(const wk_bundle_t *bundle, const wk_host_services_t *services) {
    (void)bundle;
    (void)services;
    return true;
}

static const wk_bundle_t probe_bundle = {
    .struct_size = sizeof(wk_bundle_t),
    .abi_version = WK_ABI_VERSION_INIT,
    .name = "InstanceProbe",
    .version = "1.0.0",
    .init = probe_init,
    .widgets = probe_widgets,
    .widget_count = 1,
    .sdk_version = "widgethost C headers " WK_ABI_VERSION_STRING,
};

WK_EXPORT const wk_bundle_t *wk_bundle_entry(const wk_version_t *host_abi_version) {
    (void)host_abi_version;
    return &probe_bundle;
}
