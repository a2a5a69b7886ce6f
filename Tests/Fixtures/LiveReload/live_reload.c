/*
 * A bundle an author keeps rebuilding: compiled by the live-reload test with
 * -DLIVE_VERSION=1, then again with -DLIVE_VERSION=2 over the same file, while a daemon runs.
 * Its timeline says which build answered. Not in Tests/Fixtures/Bundles, whose bundles other
 * tests load all at once: two builds of one kind there would be duplicates.
 */
#include "fixture_support.h"

#ifndef LIVE_VERSION
#  define LIVE_VERSION 1
#endif
#define LIVE_STRING_(x) #x
#define LIVE_STRING(x) LIVE_STRING_(x)

static void timeline_live(FIXTURE_PROVIDER_PARAMETERS) {
    (void)widget;
    (void)context;
    fixture_complete(completion, request_token,
                     "{\"version\":1,\"entries\":[{\"date\":" FIXTURE_DATE_1 ",\"relevance\":null,"
                     "\"content\":{\"build\":" LIVE_STRING(LIVE_VERSION) "}}],\"policy\":{\"type\":\"never\"}}");
}

FIXTURE_FAMILIES(families, "systemSmall");
FIXTURE_WIDGET(live_reload, "LiveReload", families, fixture_placeholder_ok, fixture_snapshot_ok, timeline_live);
FIXTURE_BUNDLE("LiveReload", fixture_init_ok, &live_reload)
