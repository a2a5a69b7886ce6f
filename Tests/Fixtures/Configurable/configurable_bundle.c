/*
 * A configurable kind written in C against the ABI 1.3 headers (docs/configuration.md): its
 * schema declares a spot (entity), a weather (enum) and a day count (int). The timeline echoes
 * the configuration it was given, so a test sees what reached the provider:
 *
 *   content {"configuration": <context->configuration_json, or null>}
 *
 * entity_options offers two spots, {"value":"lake","title":"Lake"} and {"value":"beach",
 * "title":"Beach"}, for the one entity parameter, "spot".
 *
 * Built against headers of ABI 1.7 or later, its entity_query is its query's search and lookup:
 * it knows a third spot, {"value":"cove","title":"Hidden Cove"}, that entity_options never
 * suggests. `matching` finds the spots whose title contains the text, ignoring ASCII case (so
 * "cove" finds only what a host matching the suggestions itself cannot); `identifiers` finds
 * the spots with those ids. Built against older headers (Tests/Fixtures/Headers/abi-1.6), it has
 * no entity_query, and a host searches its suggestions itself.
 *
 * Built with -DCONFIGURABLE_BAD_SCHEMA, the schema names a type no host knows, which the host
 * refuses at load. With -DCONFIGURABLE_HANGING_OPTIONS, entity_options never completes (the
 * other calls answer as usual). With -DCONFIGURABLE_WITHOUT_ENTITY_OPTIONS_FIELD, the widget's
 * struct_size ends before entity_options, as a bundle's that declares a schema but no options
 * function: the host must not read the field.
 *
 * With -DCONFIGURABLE_EDIT_SHEET, what Edit Widget reads: the schema's spot is searchable (an
 * EntityStringQuery's) and its summary is an SDK's recording of
 *
 *   When(\.$weather, .equalTo, .rainy) { Summary("Stay dry at \(\.$spot)") { \.$days } }
 *   otherwise: { Summary("Fish at \(\.$spot) for \(\.$days) days") { \.$weather } }
 *
 * and the spot "fading" is a value the query stops offering: the first timeline for it answers,
 * every later one fails as the SDK fails a configuration whose entity `entities(for:)` no longer
 * finds (payload.h's error with "unavailable": {"parameter": "spot", "value": "fading"}).
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "widgethost/widgethost.h"

#ifdef CONFIGURABLE_EDIT_SHEET
#define SPOT_SEARCHABLE ",\"searchable\":true"
#define SUMMARY                                                                                \
    ",\"summary\":{\"when\":\"weather\",\"comparison\":\"equalTo\",\"value\":\"rainy\","             \
    "\"then\":{\"summary\":[{\"text\":\"Stay dry at \"},{\"parameter\":\"spot\"}],\"parameters\":[\"days\"]}," \
    "\"otherwise\":{\"summary\":[{\"text\":\"Fish at \"},{\"parameter\":\"spot\"},{\"text\":\" for \"},"     \
    "{\"parameter\":\"days\"},{\"text\":\" days\"}],\"parameters\":[\"weather\"]}}"
#else
#define SPOT_SEARCHABLE ""
#define SUMMARY ""
#endif

#ifdef CONFIGURABLE_BAD_SCHEMA
#define SCHEMA "{\"title\":\"Spot\",\"parameters\":[{\"name\":\"spot\",\"type\":\"colour\"}]}"
#else
#define SCHEMA                                                                                 \
    "{\"title\":\"Spot\",\"description\":\"Pick a spot\",\"parameters\":["                    \
    "{\"name\":\"spot\",\"title\":\"Spot\",\"type\":\"entity\",\"required\":true" SPOT_SEARCHABLE "}," \
    "{\"name\":\"weather\",\"title\":\"Weather\",\"type\":\"enum\",\"default\":\"sunny\","   \
    "\"options\":[{\"value\":\"sunny\",\"title\":\"Sunny\"},{\"value\":\"rainy\",\"title\":\"Rainy\"}],"        \
    "\"required\":false},"                                                                    \
    "{\"name\":\"days\",\"title\":\"Days\",\"type\":\"int\",\"default\":3,\"required\":false}"  \
    "],\"recommendations\":[]" SUMMARY "}"
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
#ifdef CONFIGURABLE_EDIT_SHEET
    /* Atomic: the host may call from any thread. */
    static _Atomic int fading_calls = 0;
    if (strstr(configuration, "\"fading\"") != NULL && fading_calls++ > 0) {
        static const char gone[] =
            "{\"version\":1,\"error\":{\"message\":\"ConfigurableSpot: parameter 'spot' no entity has the id 'fading'\","
            "\"unavailable\":{\"parameter\":\"spot\",\"value\":\"fading\"}}}";
        completion->complete(token, gone, strlen(gone));
        return;
    }
#endif
    /* The entry is dated the call's now exactly (%.17g): rounded to a second, it could lie up to
     * half a second in the future, with no entry current meanwhile. */
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

static void configurable_entity_options(const wk_widget_t *widget, const char *parameter,
                                        const wk_completion_t *completion, wk_request_token_t token) {
    (void)widget;
#ifdef CONFIGURABLE_HANGING_OPTIONS
    /* Returns without completing, ever: the host's timeout is the only way this ends. */
    (void)parameter;
    (void)completion;
    (void)token;
#else
    static const char spots[] =
        "{\"version\":1,\"options\":[{\"value\":\"lake\",\"title\":\"Lake\"},"
        "{\"value\":\"beach\",\"title\":\"Beach\"}]}";
    static const char not_an_entity[] =
        "{\"version\":1,\"error\":{\"message\":\"only spot is an entity\"}}";
    const char *reply = strcmp(parameter, "spot") == 0 ? spots : not_an_entity;
    completion->complete(token, reply, strlen(reply));
#endif
}

#if WK_ABI_VERSION_MINOR >= 7
struct configurable_spot {
    const char *value;
    const char *title;
};

/* Every spot the query knows; entity_options suggests the first two. */
static const struct configurable_spot configurable_spots[] = {
    {"lake", "Lake"}, {"beach", "Beach"}, {"cove", "Hidden Cove"}};

static char configurable_lower(char c) { return (c >= 'A' && c <= 'Z') ? (char)(c - 'A' + 'a') : c; }

/* Whether `text` (of `length` bytes) occurs in `title`, ignoring ASCII case. */
static bool configurable_contains(const char *title, const char *text, size_t length) {
    for (const char *start = title; *start != '\0'; start++) {
        size_t matched = 0;
        while (matched < length && start[matched] != '\0' &&
               configurable_lower(start[matched]) == configurable_lower(text[matched])) {
            matched++;
        }
        if (matched == length) return true;
    }
    return length == 0;
}

/* The JSON string value of `"member":"..."` in `json` (no escapes: the tests type none), its
 * length in `length`; NULL when absent. */
static const char *configurable_member(const char *json, const char *member, size_t *length) {
    const char *found = strstr(json, member);
    if (found == NULL) return NULL;
    found = strchr(found + strlen(member), '"');
    if (found == NULL) return NULL;
    const char *end = strchr(found + 1, '"');
    if (end == NULL) return NULL;
    *length = (size_t)(end - found - 1);
    return found + 1;
}

static void configurable_entity_query(const wk_widget_t *widget, const char *request_json,
                                      const wk_completion_t *completion, wk_request_token_t token) {
    (void)widget;
    char reply[512] = "{\"version\":1,\"options\":[";
    size_t text_length = 0;
    const char *text = configurable_member(request_json, "\"matching\":", &text_length);
    const char *identifiers = strstr(request_json, "\"identifiers\"");
    if (strstr(request_json, "\"parameter\":\"spot\"") == NULL || (text == NULL && identifiers == NULL)) {
        static const char refused[] = "{\"version\":1,\"error\":{\"message\":\"only spot is an entity\"}}";
        completion->complete(token, refused, strlen(refused));
        return;
    }
    bool first = true;
    for (size_t index = 0; index < sizeof configurable_spots / sizeof configurable_spots[0]; index++) {
        const struct configurable_spot *spot = &configurable_spots[index];
        bool wanted;
        if (text != NULL) {
            wanted = configurable_contains(spot->title, text, text_length);
        } else {
            char quoted[32];
            snprintf(quoted, sizeof quoted, "\"%s\"", spot->value);
            wanted = strstr(identifiers, quoted) != NULL;
        }
        if (!wanted) continue;
        char option[96];
        snprintf(option, sizeof option, "%s{\"value\":\"%s\",\"title\":\"%s\"}", first ? "" : ",", spot->value,
                 spot->title);
        strncat(reply, option, sizeof reply - strlen(reply) - 1);
        first = false;
    }
    strncat(reply, "]}", sizeof reply - strlen(reply) - 1);
    completion->complete(token, reply, strlen(reply));
}
#endif

static const char *const configurable_families[] = {"systemSmall"};

static const wk_widget_t configurable_widget = {
#ifdef CONFIGURABLE_WITHOUT_ENTITY_OPTIONS_FIELD
    .struct_size = offsetof(wk_widget_t, entity_options),
#else
    .struct_size = sizeof(wk_widget_t),
#endif
    .kind = "ConfigurableSpot",
    .display_name = "Spot",
    .description = "A configurable C fixture",
    .supported_families = configurable_families,
    .supported_family_count = 1,
    .placeholder = configurable_entry,
    .snapshot = configurable_entry,
    .timeline = configurable_timeline,
    .configuration_schema_json = SCHEMA,
    /* Set even when struct_size ends before it: the host must not read past struct_size. */
    .entity_options = configurable_entity_options,
#if WK_ABI_VERSION_MINOR >= 7
    .entity_query = configurable_entity_query,
#endif
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
