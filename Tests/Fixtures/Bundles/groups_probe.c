/*
 * Exercises the shared-defaults host services (ABI 1.1, defaults.h) from a timeline call, through
 * the services it got at init, and reports in its entry what each call returned:
 *
 *   setStatus, setReplyCalls          defaults_set of {"type":"int","value":42} under "answer"
 *   getStatus, getReply               defaults_get of "answer" (the VALUE, as a JSON string)
 *   nullReplyStatus                   defaults_get of "answer" with no wk_reply_t
 *   missingStatus, missingReplyCalls  defaults_get of a key that holds nothing
 *   undeclaredStatus, undeclaredReply defaults_get on group.widgethost.other (the FAILURE)
 *   containerStatus, containerReply   group_container_path of the declared group
 *   removeStatus, afterRemoveStatus   defaults_remove of "answer", then defaults_get of it again
 *   badKeyStatus, badKeyReply         defaults_set under a key that is not valid UTF-8
 *   nullGroupStatus, nullGroupReply   defaults_get with a NULL group
 *
 * Every reply is embedded as a JSON string, so the test decodes exactly what the host sent.
 */
#include "fixture_support.h"

#include <stdatomic.h>

#define PROBE_GROUP "group.widgethost.probe"
#define OTHER_GROUP "group.widgethost.other"

/* Set once in init, before any provider call; read from provider threads. */
static _Atomic(const wk_host_services_t *) probe_services;

static bool probe_init(const wk_bundle_t *bundle, const wk_host_services_t *services) {
    (void)bundle;
    atomic_store(&probe_services, services);
    return true;
}

/* What one wk_reply_t received: how often `receive` was called, and a copy of the last JSON. */
typedef struct captured_reply {
    int calls;
    size_t length;
    bool truncated;
    char json[2048];
} captured_reply_t;

static void capture(void *context, const char *json, size_t length) {
    captured_reply_t *captured = context;
    captured->calls += 1;
    captured->truncated = length > sizeof captured->json;
    captured->length = captured->truncated ? sizeof captured->json : length;
    memcpy(captured->json, json, captured->length);
}

static wk_reply_t reply_into(captured_reply_t *captured) {
    memset(captured, 0, sizeof *captured);
    return (wk_reply_t){.struct_size = sizeof(wk_reply_t), .context = captured, .receive = capture};
}

static void add_status(fixture_json_t *json, const char *key, wk_status_t status) {
    fixture_json_raw(json, ",", 1);
    fixture_json_key(json, key);
    fixture_json_int(json, status);
}

static void add_reply(fixture_json_t *json, const char *key, const captured_reply_t *captured) {
    fixture_json_raw(json, ",", 1);
    fixture_json_key(json, key);
    if (captured->calls == 0) {
        fixture_json_text(json, "null");
    } else {
        fixture_json_string(json, captured->json, captured->length);
    }
}

static void probe_timeline(FIXTURE_PROVIDER_PARAMETERS) {
    (void)widget;
    (void)context;
    const wk_host_services_t *services = atomic_load(&probe_services);
    if (services == NULL || services->struct_size < sizeof(wk_host_services_t)) {
        fixture_complete(completion, request_token,
                         "{\"version\":1,\"error\":{\"message\":\"no ABI 1.1 host services\"}}");
        return;
    }

    static const char answer[] = "{\"type\":\"int\",\"value\":42}";
    captured_reply_t set_reply, get_reply, missing_reply, undeclared_reply, container_reply, remove_reply;
    captured_reply_t bad_key_reply, null_group_reply;
    wk_reply_t reply;

    reply = reply_into(&set_reply);
    wk_status_t set = services->defaults_set(PROBE_GROUP, "answer", answer, strlen(answer), &reply);

    reply = reply_into(&get_reply);
    wk_status_t get = services->defaults_get(PROBE_GROUP, "answer", &reply);

    wk_status_t null_reply = services->defaults_get(PROBE_GROUP, "answer", NULL);

    reply = reply_into(&missing_reply);
    wk_status_t missing = services->defaults_get(PROBE_GROUP, "no-such-key", &reply);

    reply = reply_into(&undeclared_reply);
    wk_status_t undeclared = services->defaults_get(OTHER_GROUP, "answer", &reply);

    reply = reply_into(&container_reply);
    wk_status_t container = services->group_container_path(PROBE_GROUP, &reply);

    reply = reply_into(&remove_reply);
    wk_status_t removed = services->defaults_remove(PROBE_GROUP, "answer", &reply);

    wk_status_t after_remove = services->defaults_get(PROBE_GROUP, "answer", NULL);

    reply = reply_into(&bad_key_reply);
    wk_status_t bad_key = services->defaults_set(PROBE_GROUP, "answer\xff", answer, strlen(answer), &reply);

    reply = reply_into(&null_group_reply);
    wk_status_t null_group = services->defaults_get(NULL, "answer", &reply);

    char buffer[16384];
    fixture_json_t json = fixture_json_start(buffer, sizeof buffer);
    fixture_json_text(&json, "{\"version\":1,\"entries\":[{\"date\":" FIXTURE_DATE_1
                             ",\"relevance\":null,\"content\":{\"probe\":\"groups\"");
    add_status(&json, "setStatus", set);
    add_status(&json, "setReplyCalls", set_reply.calls);
    add_status(&json, "getStatus", get);
    add_reply(&json, "getReply", &get_reply);
    add_status(&json, "nullReplyStatus", null_reply);
    add_status(&json, "missingStatus", missing);
    add_status(&json, "missingReplyCalls", missing_reply.calls);
    add_status(&json, "undeclaredStatus", undeclared);
    add_reply(&json, "undeclaredReply", &undeclared_reply);
    add_status(&json, "containerStatus", container);
    add_reply(&json, "containerReply", &container_reply);
    add_status(&json, "removeStatus", removed);
    add_status(&json, "removeReplyCalls", remove_reply.calls);
    add_status(&json, "afterRemoveStatus", after_remove);
    add_status(&json, "badKeyStatus", bad_key);
    add_reply(&json, "badKeyReply", &bad_key_reply);
    add_status(&json, "nullGroupStatus", null_group);
    add_reply(&json, "nullGroupReply", &null_group_reply);
    bool truncated = get_reply.truncated || undeclared_reply.truncated || container_reply.truncated
                     || bad_key_reply.truncated || null_group_reply.truncated;
    add_status(&json, "truncatedReplies", truncated ? 1 : 0);
    fixture_json_text(&json, "}}],\"policy\":{\"type\":\"atEnd\"}}");

    if (json.overflowed) {
        fixture_complete(completion, request_token,
                         "{\"version\":1,\"error\":{\"message\":\"groups probe: payload buffer too small\"}}");
        return;
    }
    completion->complete(request_token, json.text, json.length);
}

FIXTURE_FAMILIES(families, "systemSmall");
FIXTURE_GROUPS(groups, PROBE_GROUP);
FIXTURE_WIDGET(groups_probe, "GroupsProbe", families,
               fixture_placeholder_ok, fixture_snapshot_ok, probe_timeline);
FIXTURE_BUNDLE_WITH_GROUPS("GroupsProbe", groups, probe_init, &groups_probe)
