/* The timeline answers with bytes that are not JSON. */
#include "fixture_support.h"

static void timeline_garbage(FIXTURE_PROVIDER_PARAMETERS) {
    (void)widget;
    (void)context;
    fixture_complete(completion, request_token, "this is {not JSON at all");
}

FIXTURE_FAMILIES(families, "systemSmall");
FIXTURE_WIDGET(garbage_json, "GarbageJSON", families,
               fixture_placeholder_ok, fixture_snapshot_ok, timeline_garbage);
FIXTURE_BUNDLE("GarbageJSON", fixture_init_ok, &garbage_json)
