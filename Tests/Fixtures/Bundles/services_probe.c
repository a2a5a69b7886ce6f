/*
 * Exercises the host services from a timeline call: logs a line, asks to reload its own kind,
 * another bundle's kind and all its kinds, and reports the three status codes in its entry.
 */
#include "fixture_support.h"

#include <stdatomic.h>
#include <stdio.h>

/* Set once in init, before any provider call; read from provider threads. */
static _Atomic(const wk_host_services_t *) probe_services;

static bool probe_init(const wk_bundle_t *bundle, const wk_host_services_t *services) {
    (void)bundle;
    atomic_store(&probe_services, services);
    return true;
}

static void probe_timeline(FIXTURE_PROVIDER_PARAMETERS) {
    (void)widget;
    (void)context;
    const wk_host_services_t *services = atomic_load(&probe_services);
    if (services == NULL) {
        fixture_complete(completion, request_token,
                         "{\"version\":1,\"error\":{\"message\":\"no host services\"}}");
        return;
    }
    services->log(WK_LOG_INFO, "probe timeline");
    wk_status_t own = services->reload_timelines("ServicesProbe");
    wk_status_t foreign = services->reload_timelines("CounterWidget");
    wk_status_t all = services->reload_all_timelines();

    char payload[256];
    snprintf(payload, sizeof payload,
             "{\"version\":1,\"entries\":[{\"date\":" FIXTURE_DATE_1 ",\"relevance\":null,"
             "\"content\":{\"ownStatus\":%d,\"foreignStatus\":%d,\"allStatus\":%d}}],"
             "\"policy\":{\"type\":\"atEnd\"}}",
             (int)own, (int)foreign, (int)all);
    fixture_complete(completion, request_token, payload);
}

FIXTURE_FAMILIES(families, "systemSmall");
FIXTURE_WIDGET(services_probe, "ServicesProbe", families,
               fixture_placeholder_ok, fixture_snapshot_ok, probe_timeline);
FIXTURE_WIDGET(services_probe_two, "ServicesProbeTwo", families,
               fixture_placeholder_ok, fixture_snapshot_ok, fixture_timeline_ok);
FIXTURE_BUNDLE("ServicesProbe", probe_init, &services_probe, &services_probe_two)
