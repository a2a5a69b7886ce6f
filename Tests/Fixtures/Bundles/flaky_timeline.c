/* The timeline succeeds on its first call and answers with garbage on every later one. */
#include "fixture_support.h"

#include <stdatomic.h>

static atomic_uint timeline_calls;

static void timeline_flaky(FIXTURE_PROVIDER_PARAMETERS) {
    (void)widget;
    (void)context;
    if (atomic_fetch_add(&timeline_calls, 1) == 0) {
        fixture_complete(completion, request_token, FIXTURE_VALID_TIMELINE);
    } else {
        fixture_complete(completion, request_token, "flaky: not JSON this time");
    }
}

FIXTURE_FAMILIES(families, "systemSmall");
FIXTURE_WIDGET(flaky_timeline, "FlakyTimeline", families,
               fixture_placeholder_ok, fixture_snapshot_ok, timeline_flaky);
FIXTURE_BUNDLE("FlakyTimeline", fixture_init_ok, &flaky_timeline)
