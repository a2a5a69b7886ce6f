/*
 * A configurable kind written in C against the ABI 1.3 headers (docs/configuration.md): its
 * schema declares a spot (entity), a weather (enum) and a day count (int). The timeline echoes
 * the configuration it was given, so a test sees what reached the provider:
 *
 *   content {"configuration": <context->configuration_json, or null>}
 *
 * Built with -DCONFIGURABLE_BAD_SCHEMA, the schema names a type no host knows, which the host
 * refuses at load.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "widgethost/widgethost.h"

#ifdef CONFIGURABLE_BAD_SCHEMA
#define SCHEMA "{\"title\":\"Spot\",\"parameters\":[{\"name\":\"spot\",\"type\":\"colour\"}]}"
#else
#define SCHEMA                                                                                 \
    "{\"title\":\"Spot\",\"description\":\"Pick a spot\",\"parameters\":["                    \
    "{\"name\":\"spot\",\"title\":\"Spot\",\"type\":\"entity\",\"required\":true},"          \
    "{\"name\":\"weather\",\"title\":\"Weather\",\"type\":\"enum\",\"default\":\"sunny\","   \
    "\"options\":[{\"value\":\"sunny\",\"title\":\"Sunny\"},{\"value\":\"rainy\",\"title\":\"Rainy\"}],"        \
    "\"required\":false},"                                                                    \
    "{\"name\":\"days\",\"title\":\"Days\",\"type\":\"int\",\"default\":3,\"required\":false}"  \
    "],\"recommendations\":[]}"
#endif

static void configurable_entry(const wk_widget_t *widget, const wk_context_t *context,
                               const wk_completion_t *completion, wk_request_token_t token) {
    (void)widget;
    (void)context;
    static const char entry[] =
        "{\"version\":1,\"entry\":{\"date\":1767225600,\"relevance\":null,\"content\":{}}}";
    completion->complete(token, entry, strlen(entry));
}

static void configurable_timeline(const wk_widget_t *widget, const wk_context_t *context,
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
                          "{\"version\":1,\"entries\":[{\"date\":%.0f,\"relevance\":null,"
                          "\"content\":{\"configuration\":%s}}],\"policy\":{\"type\":\"never\"}}",
                          context->now, configuration);
    completion->complete(token, payload, (size_t)length);
    free(payload);
}

static const char *const configurable_families[] = {"systemSmall"};

static const wk_widget_t configurable_widget = {
    .struct_size = sizeof(wk_widget_t),
    .kind = "ConfigurableSpot",
    .display_name = "Spot",
    .description = "A configurable C fixture",
    .supported_families = configurable_families,
    .supported_family_count = 1,
    .placeholder = configurable_entry,
    .snapshot = configurable_entry,
    .timeline = configurable_timeline,
    .configuration_schema_json = SCHEMA,
};

static const wk_widget_t *const configurable_widgets[] = {&configurable_widget};

static bool configurable_init(const wk_bundle_t *bundle, const wk_host_services_t *services) {
    (void)bundle;
    (void)services;
    return true;
}

static const wk_bundle_t configurable_bundle = {
    .struct_size = sizeof(wk_bundle_t),
    .abi_version = WK_ABI_VERSION_INIT,
    .name = "Configurable",
    .version = "1.0.0",
    .init = configurable_init,
    .widgets = configurable_widgets,
    .widget_count = 1,
    .sdk_version = "widgethost C headers " WK_ABI_VERSION_STRING,
};

WK_EXPORT const wk_bundle_t *wk_bundle_entry(const wk_version_t *host_abi_version) {
    (void)host_abi_version;
    return &configurable_bundle;
}
