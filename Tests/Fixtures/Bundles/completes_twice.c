/* The timeline completes with a valid timeline twice in a row. */
#include "fixture_support.h"

static void timeline_twice(FIXTURE_PROVIDER_PARAMETERS) {
    (void)widget;
    (void)context;
    fixture_complete(completion, request_token, FIXTURE_VALID_TIMELINE);
    fixture_complete(completion, request_token, FIXTURE_VALID_TIMELINE);
}

FIXTURE_FAMILIES(families, "systemSmall");
FIXTURE_WIDGET(completes_twice, "CompletesTwice", families,
               fixture_placeholder_ok, fixture_snapshot_ok, timeline_twice);
FIXTURE_BUNDLE("CompletesTwice", fixture_init_ok, &completes_twice)
