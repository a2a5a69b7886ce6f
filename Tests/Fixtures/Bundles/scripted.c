/*
 * A well-behaved bundle whose timelines a test steers through its App Group
 * group.dev.widgethost.scripted, for the scheduler tests. Three kinds, systemSmall only:
 *
 *   ScriptedAtEnd   entries at now, now+600 and now+1200; policy atEnd
 *   ScriptedAfter   one entry at now; policy after now+3600
 *   ScriptedNever   one entry at now; policy never
 *
 * "now" is the context's `now`, the host's clock. Every timeline call counts the calls of its
 * kind and puts the count in its entries' content as {"n": <count>}. Before answering it reads,
 * through the host services:
 *
 *   <Kind>.delayMs  int: sleep that many milliseconds on the calling thread first. When set, the
 *                   call also writes int <Kind>.started = <count> before sleeping, so a test can
 *                   tell that the call is under way in the provider.
 *   <Kind>.hold     bool: after the delay, wait (polling every 5 ms, 10 min at most) until the
 *                   test sets it false, so the call stays under way for exactly as long as the
 *                   test needs, however loaded the machine.
 *   <Kind>.fail     bool: answer with an error payload ("scripted failure") instead.
 *
 * Placeholder and snapshot answer plainly.
 */
#include "fixture_support.h"

#include <errno.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <time.h>

#define SCRIPTED_GROUP "group.dev.widgethost.scripted"

enum scripted_kind { SCRIPTED_AT_END, SCRIPTED_AFTER, SCRIPTED_NEVER, SCRIPTED_KIND_COUNT };

static const char *const scripted_kind_names[SCRIPTED_KIND_COUNT] = {
    "ScriptedAtEnd", "ScriptedAfter", "ScriptedNever",
};

/* Set in init, before any provider call; read from provider threads. */
static _Atomic(const wk_host_services_t *) scripted_services;

/* Timeline calls per kind. */
static atomic_uint scripted_calls[SCRIPTED_KIND_COUNT];

static bool scripted_init(const wk_bundle_t *bundle, const wk_host_services_t *services) {
    (void)bundle;
    atomic_store(&scripted_services, services);
    return true;
}

/* The services table, if the host offers the shared defaults (ABI 1.1). */
static const wk_host_services_t *scripted_defaults(void) {
    const wk_host_services_t *services = atomic_load(&scripted_services);
    if (services == NULL || services->struct_size < sizeof(wk_host_services_t)) return NULL;
    return services;
}

/* A VALUE as the host sent it, NUL-terminated. */
typedef struct scripted_reply {
    bool received;
    char json[512];
} scripted_reply_t;

static void scripted_receive(void *context, const char *json, size_t length) {
    scripted_reply_t *reply = context;
    size_t kept = length < sizeof reply->json - 1 ? length : sizeof reply->json - 1;
    memcpy(reply->json, json, kept);
    reply->json[kept] = '\0';
    reply->received = true;
}

/* The text right after the "value" member's colon in the VALUE stored under <kind>.<name>, or
 * NULL when there is none (no services, no value, a failure). */
static const char *scripted_value(const char *kind, const char *name, scripted_reply_t *reply) {
    const wk_host_services_t *services = scripted_defaults();
    if (services == NULL) return NULL;
    char key[128];
    snprintf(key, sizeof key, "%s.%s", kind, name);
    memset(reply, 0, sizeof *reply);
    wk_reply_t sink = {.struct_size = sizeof(wk_reply_t), .context = reply, .receive = scripted_receive};
    if (services->defaults_get(SCRIPTED_GROUP, key, &sink) != WK_STATUS_OK || !reply->received) return NULL;
    const char *value = strstr(reply->json, "\"value\"");
    if (value == NULL) return NULL;
    value += strlen("\"value\"");
    while (*value == ' ' || *value == '\t' || *value == '\n' || *value == '\r' || *value == ':') value++;
    return value;
}

static bool scripted_bool(const char *kind, const char *name) {
    scripted_reply_t reply;
    const char *value = scripted_value(kind, name, &reply);
    return value != NULL && strncmp(value, "true", 4) == 0;
}

/* The number stored under <kind>.<name>, or 0. */
static long long scripted_int(const char *kind, const char *name) {
    scripted_reply_t reply;
    const char *value = scripted_value(kind, name, &reply);
    if (value == NULL) return 0;
    double number = strtod(value, NULL);
    return number > 0 && number < 1e9 ? (long long)number : 0;
}

static void scripted_set_int(const char *kind, const char *name, long long number) {
    const wk_host_services_t *services = scripted_defaults();
    if (services == NULL) return;
    char key[128];
    char value[64];
    snprintf(key, sizeof key, "%s.%s", kind, name);
    int length = snprintf(value, sizeof value, "{\"type\":\"int\",\"value\":%lld}", number);
    if (length > 0) services->defaults_set(SCRIPTED_GROUP, key, value, (size_t)length, NULL);
}

static void scripted_sleep(long long milliseconds) {
    struct timespec delay = {.tv_sec = (time_t)(milliseconds / 1000),
                             .tv_nsec = (long)(milliseconds % 1000) * 1000 * 1000};
    while (nanosleep(&delay, &delay) != 0 && errno == EINTR) {
        /* Interrupted by a signal: sleep the rest. */
    }
}

/* Appends one entry at `date` with content {"n": count}. */
static void scripted_entry(fixture_json_t *json, double date, unsigned count) {
    char number[64];
    snprintf(number, sizeof number, "%.17g", date);
    fixture_json_text(json, "{\"date\":");
    fixture_json_text(json, number);
    fixture_json_text(json, ",\"relevance\":null,\"content\":{\"n\":");
    fixture_json_int(json, count);
    fixture_json_text(json, "}}");
}

static void scripted_timeline(enum scripted_kind kind, const wk_context_t *context,
                              const wk_completion_t *completion, wk_request_token_t token) {
    const char *name = scripted_kind_names[kind];
    unsigned count = atomic_fetch_add(&scripted_calls[kind], 1) + 1;
    double now = context->now;

    long long delay = scripted_int(name, "delayMs");
    if (delay > 0) {
        scripted_set_int(name, "started", count);
        scripted_sleep(delay);
        for (int waited = 0; waited < 120000 && scripted_bool(name, "hold"); waited++) scripted_sleep(5);
    }
    if (scripted_bool(name, "fail")) {
        fixture_complete(completion, token, "{\"version\":1,\"error\":{\"message\":\"scripted failure\"}}");
        return;
    }

    char buffer[1024];
    fixture_json_t json = fixture_json_start(buffer, sizeof buffer);
    fixture_json_text(&json, "{\"version\":1,\"entries\":[");
    switch (kind) {
    case SCRIPTED_AT_END:
        scripted_entry(&json, now, count);
        fixture_json_text(&json, ",");
        scripted_entry(&json, now + 600, count);
        fixture_json_text(&json, ",");
        scripted_entry(&json, now + 1200, count);
        fixture_json_text(&json, "],\"policy\":{\"type\":\"atEnd\"}}");
        break;
    case SCRIPTED_AFTER: {
        char date[64];
        snprintf(date, sizeof date, "%.17g", now + 3600);
        scripted_entry(&json, now, count);
        fixture_json_text(&json, "],\"policy\":{\"type\":\"after\",\"date\":");
        fixture_json_text(&json, date);
        fixture_json_text(&json, "}}");
        break;
    }
    case SCRIPTED_NEVER:
    default:
        scripted_entry(&json, now, count);
        fixture_json_text(&json, "],\"policy\":{\"type\":\"never\"}}");
        break;
    }
    if (json.overflowed) {
        fixture_complete(completion, token, "{\"version\":1,\"error\":{\"message\":\"scripted: payload buffer too small\"}}");
        return;
    }
    completion->complete(token, json.text, json.length);
}

static void timeline_at_end(FIXTURE_PROVIDER_PARAMETERS) {
    (void)widget;
    scripted_timeline(SCRIPTED_AT_END, context, completion, request_token);
}

static void timeline_after(FIXTURE_PROVIDER_PARAMETERS) {
    (void)widget;
    scripted_timeline(SCRIPTED_AFTER, context, completion, request_token);
}

static void timeline_never(FIXTURE_PROVIDER_PARAMETERS) {
    (void)widget;
    scripted_timeline(SCRIPTED_NEVER, context, completion, request_token);
}

FIXTURE_FAMILIES(families, "systemSmall");
FIXTURE_GROUPS(groups, SCRIPTED_GROUP);
FIXTURE_WIDGET(scripted_at_end, "ScriptedAtEnd", families,
               fixture_placeholder_ok, fixture_snapshot_ok, timeline_at_end);
FIXTURE_WIDGET(scripted_after, "ScriptedAfter", families,
               fixture_placeholder_ok, fixture_snapshot_ok, timeline_after);
FIXTURE_WIDGET(scripted_never, "ScriptedNever", families,
               fixture_placeholder_ok, fixture_snapshot_ok, timeline_never);
FIXTURE_BUNDLE_WITH_GROUPS("Scripted", groups, scripted_init, &scripted_at_end, &scripted_after, &scripted_never)
