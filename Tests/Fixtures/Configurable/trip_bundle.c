/*
 * A kind with one date parameter, for the desktop checks' Edit Widget date steppers
 * (scripts/desktop_sheets.py): "TripWidget", systemSmall, whose schema declares an optional
 * "departure" date defaulting to 2026-01-01T09:00:00Z. Its timeline is one entry showing the
 * departure it was given (seconds since 1970, payload.h's dates), so a reload after a save shows
 * the new date:
 *
 *   content {"configuration": <context->configuration_json, or null>}
 *
 * Written against the ABI 1.3 headers' fields (docs/configuration.md); no dependencies.
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "widgethost/widgethost.h"

#define TRIP_SCHEMA                                                                            \
    "{\"title\":\"Trip\",\"description\":\"When you leave\",\"parameters\":["                 \
    "{\"name\":\"departure\",\"title\":\"Departure\",\"type\":\"date\",\"default\":1767258000," \
    "\"required\":false}],\"recommendations\":[]}"

static void trip_entry(const wk_widget_t *widget, const wk_context_t *context,
                       const wk_completion_t *completion, wk_request_token_t token) {
    (void)widget;
    (void)context;
    static const char entry[] = "{\"version\":1,\"entry\":{\"date\":1767225600,\"relevance\":null,\"content\":{}}}";
    completion->complete(token, entry, strlen(entry));
}

static void trip_timeline(const wk_widget_t *widget, const wk_context_t *context,
                          const wk_completion_t *completion, wk_request_token_t token) {
    (void)widget;
    const char *configuration = "null";
    if (WK_HAS_FIELD(context, wk_context_t, configuration_json) && context->configuration_json != NULL) {
        configuration = context->configuration_json;
    }
    size_t capacity = strlen(configuration) + 256;
    char *payload = malloc(capacity);
    if (payload == NULL) return;
    int length = snprintf(payload, capacity,
                          "{\"version\":1,\"entries\":[{\"date\":%.17g,\"relevance\":null,"
                          "\"content\":{\"configuration\":%s}}],\"policy\":{\"type\":\"never\"}}",
                          context->now, configuration);
    completion->complete(token, payload, (size_t)length);
    free(payload);
}

static const char *const trip_families[] = {"systemSmall"};

static const wk_widget_t trip_widget = {
    .struct_size = sizeof(wk_widget_t),
    .kind = "TripWidget",
    .display_name = "Trip",
    .description = "When you leave",
    .supported_families = trip_families,
    .supported_family_count = 1,
    .placeholder = trip_entry,
    .snapshot = trip_entry,
    .timeline = trip_timeline,
    .configuration_schema_json = TRIP_SCHEMA,
};

static const wk_widget_t *const trip_widgets[] = {&trip_widget};

static bool trip_init(const wk_bundle_t *bundle, const wk_host_services_t *services) {
    (void)bundle;
    (void)services;
    return true;
}

static const wk_bundle_t trip_bundle = {
    .struct_size = sizeof(wk_bundle_t),
    .abi_version = WK_ABI_VERSION_INIT,
    .name = "Trip",
    .version = "1.0.0",
    .init = trip_init,
    .widgets = trip_widgets,
    .widget_count = 1,
    .sdk_version = "widgethost C headers " WK_ABI_VERSION_STRING,
};

WK_EXPORT const wk_bundle_t *wk_bundle_entry(const wk_version_t *host_abi_version) {
    (void)host_abi_version;
    return &trip_bundle;
}
