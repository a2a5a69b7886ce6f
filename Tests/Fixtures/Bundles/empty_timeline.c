/* The timeline has one entry on its first call; every later one has none (what an extension
 * returns when its fetch failed: `Timeline(entries: [], policy: .after(…))`). */
#include "fixture_support.h"

#include <stdatomic.h>

static atomic_uint timeline_calls;

static void timeline_then_nothing_new(FIXTURE_PROVIDER_PARAMETERS) {
    (void)widget;
    (void)context;
    if (atomic_fetch_add(&timeline_calls, 1) == 0) {
        fixture_complete(completion, request_token, FIXTURE_VALID_TIMELINE);
    } else {
        fixture_complete(completion, request_token,
                         "{\"version\":1,\"entries\":[],\"policy\":{\"type\":\"after\",\"date\":1767229200}}");
    }
}

FIXTURE_FAMILIES(families, "systemSmall");
FIXTURE_WIDGET(empty_timeline, "EmptyTimeline", families,
               fixture_placeholder_ok, fixture_snapshot_ok, timeline_then_nothing_new);
FIXTURE_BUNDLE("EmptyTimeline", fixture_init_ok, &empty_timeline)
