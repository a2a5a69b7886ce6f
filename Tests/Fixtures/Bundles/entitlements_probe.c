/*
 * A bundle that declares no App Groups in its table, as one built with the SDK's @main entry:
 * its groups come from the entitlements file the tests write beside it. Its timeline sets and
 * reads a key in group.widgethost.entitled and reads group.widgethost.other, and reports each
 * status (0 = ok, 4 = WK_STATUS_UNDECLARED_GROUP).
 */
#include "fixture_support.h"

#include <stdatomic.h>

static _Atomic(const wk_host_services_t *) entitled_services;

static bool entitled_init(const wk_bundle_t *bundle, const wk_host_services_t *services) {
    (void)bundle;
    atomic_store(&entitled_services, services);
    return true;
}

static void entitled_timeline(FIXTURE_PROVIDER_PARAMETERS) {
    (void)widget;
    (void)context;
    const wk_host_services_t *services = atomic_load(&entitled_services);
    static const char answer[] = "{\"type\":\"int\",\"value\":7}";
    wk_status_t set = services->defaults_set("group.widgethost.entitled", "answer", answer, strlen(answer), NULL);
    wk_status_t get = services->defaults_get("group.widgethost.entitled", "answer", NULL);
    wk_status_t other = services->defaults_get("group.widgethost.other", "answer", NULL);

    char buffer[1024];
    fixture_json_t json = fixture_json_start(buffer, sizeof buffer);
    fixture_json_text(&json, "{\"version\":1,\"entries\":[{\"date\":" FIXTURE_DATE_1
                             ",\"relevance\":null,\"content\":{\"setStatus\":");
    fixture_json_int(&json, set);
    fixture_json_text(&json, ",\"getStatus\":");
    fixture_json_int(&json, get);
    fixture_json_text(&json, ",\"otherStatus\":");
    fixture_json_int(&json, other);
    fixture_json_text(&json, "}}],\"policy\":{\"type\":\"atEnd\"}}");
    completion->complete(request_token, json.text, json.length);
}

FIXTURE_FAMILIES(families, "systemSmall");
FIXTURE_WIDGET(entitlements_probe, "EntitlementsProbe", families,
               fixture_placeholder_ok, fixture_snapshot_ok, entitled_timeline);
FIXTURE_BUNDLE("EntitlementsProbe", entitled_init, &entitlements_probe)
