/* The timeline's second entry is dated before its first. */
#include "fixture_support.h"

static void timeline_unsorted(FIXTURE_PROVIDER_PARAMETERS) {
    (void)widget;
    (void)context;
    fixture_complete(completion, request_token,
        "{\"version\":1,\"entries\":["
        "{\"date\":" FIXTURE_DATE_2 ",\"relevance\":null,\"content\":{\"n\":1}},"
        "{\"date\":" FIXTURE_DATE_1 ",\"relevance\":null,\"content\":{\"n\":2}}"
        "],\"policy\":{\"type\":\"atEnd\"}}");
}

FIXTURE_FAMILIES(families, "systemSmall");
FIXTURE_WIDGET(unsorted_entries, "UnsortedEntries", families,
               fixture_placeholder_ok, fixture_snapshot_ok, timeline_unsorted);
FIXTURE_BUNDLE("UnsortedEntries", fixture_init_ok, &unsorted_entries)
