/*
 * Calls every host service from inside each provider call, as host_services.h allows
 * ([thread-safe, callable during a provider call]): log, reload_timelines, defaults_set,
 * defaults_get and group_container_path.
 *
 *   placeholder  synchronously, on the host's calling thread, before it completes;
 *   snapshot     from a thread of the bundle's own, while the host waits for the answer;
 *   timeline     on the calling thread, before it completes.
 *
 * Each answers with the statuses it got: {"call": NAME, "reload": S, "set": S, "get": S,
 * "value": N (the int read back, or -1), "container": S, "path": bool}. A deadlock would show as
 * the host's timeout. Kept out of Tests/Fixtures/Bundles: it declares an App Group and writes to
 * the store, and its test compiles it into a folder of its own.
 */
#include "fixture_support.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>

#define GROUP "group.example.services"

FIXTURE_GROUPS(groups, GROUP);

/* Set once in init, before any provider call; read from provider threads. */
static _Atomic(const wk_host_services_t *) probe_services;

static bool probe_init(const wk_bundle_t *bundle, const wk_host_services_t *services) {
    (void)bundle;
    atomic_store(&probe_services, services);
    return WK_HAS_FIELD(services, wk_host_services_t, group_container_path);
}

/* What a wk_reply_t received: the JSON, NUL-terminated, cut to the buffer. */
typedef struct captured {
    char json[512];
    size_t length;
} captured_t;

static void capture(void *context, const char *json, size_t length) {
    captured_t *captured = context;
    size_t kept = length < sizeof captured->json - 1 ? length : sizeof captured->json - 1;
    memcpy(captured->json, json, kept);
    captured->json[kept] = '\0';
    captured->length = kept;
}

/* Makes every call; answers `token` with the statuses. */
static void exercise(const char *call, int value, const wk_completion_t *completion, wk_request_token_t token) {
    const wk_host_services_t *services = atomic_load(&probe_services);
    char line[64];
    snprintf(line, sizeof line, "during %s", call);
    services->log(WK_LOG_INFO, line);

    wk_status_t reload = services->reload_timelines("ServicesDuringCalls");

    char stored[64];
    snprintf(stored, sizeof stored, "{\"type\":\"int\",\"value\":%d}", value);
    wk_status_t set = services->defaults_set(GROUP, call, stored, strlen(stored), NULL);

    captured_t got = {{0}, 0};
    wk_reply_t get_reply = {.struct_size = sizeof(wk_reply_t), .context = &got, .receive = capture};
    wk_status_t get = services->defaults_get(GROUP, call, &get_reply);
    int read_back = -1;
    const char *number = strstr(got.json, "\"value\":");
    if (get == WK_STATUS_OK && number != NULL) read_back = atoi(number + strlen("\"value\":"));

    captured_t container = {{0}, 0};
    wk_reply_t path_reply = {.struct_size = sizeof(wk_reply_t), .context = &container, .receive = capture};
    wk_status_t path = services->group_container_path(GROUP, &path_reply);

    /* A non-empty path; JSON may write its slashes as "\/". */
    const char *path_value = strstr(container.json, "\"path\":\"");
    bool has_path = path_value != NULL && path_value[strlen("\"path\":\"")] != '"';

    char content[256];
    snprintf(content, sizeof content,
             "{\"call\":\"%s\",\"reload\":%d,\"set\":%d,\"get\":%d,\"value\":%d,\"container\":%d,\"path\":%s}",
             call, (int)reload, (int)set, (int)get, read_back, (int)path,
             has_path ? "true" : "false");
    char payload[512];
    if (strcmp(call, "timeline") == 0) {
        snprintf(payload, sizeof payload,
                 "{\"version\":1,\"entries\":[{\"date\":" FIXTURE_DATE_1 ",\"relevance\":null,\"content\":%s}],"
                 "\"policy\":{\"type\":\"atEnd\"}}", content);
    } else {
        snprintf(payload, sizeof payload,
                 "{\"version\":1,\"entry\":{\"date\":" FIXTURE_DATE_1 ",\"relevance\":null,\"content\":%s}}", content);
    }
    fixture_complete(completion, token, payload);
}

static void probe_placeholder(FIXTURE_PROVIDER_PARAMETERS) {
    (void)widget;
    (void)context;
    exercise("placeholder", 1, completion, request_token);
}

/* The snapshot's work, on a thread of the bundle's own. */
typedef struct snapshot_job {
    const wk_completion_t *completion;
    wk_request_token_t token;
} snapshot_job_t;

static void *snapshot_thread(void *argument) {
    snapshot_job_t *job = argument;
    exercise("snapshot", 2, job->completion, job->token);
    free(job);
    return NULL;
}

static void probe_snapshot(FIXTURE_PROVIDER_PARAMETERS) {
    (void)widget;
    (void)context;
    snapshot_job_t *job = malloc(sizeof *job);
    pthread_t thread;
    if (job == NULL) {
        fixture_complete(completion, request_token, "{\"version\":1,\"error\":{\"message\":\"out of memory\"}}");
        return;
    }
    job->completion = completion;
    job->token = request_token;
    if (pthread_create(&thread, NULL, snapshot_thread, job) != 0) {
        free(job);
        fixture_complete(completion, request_token, "{\"version\":1,\"error\":{\"message\":\"no thread\"}}");
        return;
    }
    pthread_detach(thread);
}

static void probe_timeline(FIXTURE_PROVIDER_PARAMETERS) {
    (void)widget;
    (void)context;
    exercise("timeline", 3, completion, request_token);
}

FIXTURE_FAMILIES(families, "systemSmall");
FIXTURE_WIDGET(services_during_calls, "ServicesDuringCalls", families,
               probe_placeholder, probe_snapshot, probe_timeline);
FIXTURE_BUNDLE_WITH_GROUPS("ServicesDuringCalls", groups, probe_init, &services_during_calls)
