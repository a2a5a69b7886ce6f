/*
 * A bundle whose views are wrong in the ways a host must survive (ABI 1.2 views):
 *
 *   BadViews   timeline of three entries: a good view, a view whose text has no "text"
 *              (malformed at view.root.children.1), and a view naming an image the bundle
 *              does not ship ("missing-poster"); placeholder and snapshot answer with the good
 *              view.
 *
 * The timeline itself is valid: the host keeps every entry and records the bad view.
 */
#include "fixture_support.h"

#define GOOD_VIEW \
    "{\"version\":1,\"root\":{\"type\":\"vstack\",\"children\":[{\"type\":\"text\",\"text\":\"good\"}]}}"
#define MALFORMED_VIEW \
    "{\"version\":1,\"root\":{\"type\":\"vstack\",\"children\":[{\"type\":\"text\",\"text\":\"ok\"},{\"type\":\"text\"}]}}"
#define MISSING_ASSET_VIEW \
    "{\"version\":1,\"root\":{\"type\":\"image\",\"asset\":\"missing-poster\"}}"

#define ENTRY(date, view) \
    "{\"date\":" date ",\"relevance\":null,\"content\":{\"n\":1},\"view\":" view "}"

static void bad_views_entry(FIXTURE_PROVIDER_PARAMETERS) {
    FIXTURE_UNUSED_PROVIDER_PARAMETERS;
    fixture_complete(completion, request_token, "{\"version\":1,\"entry\":" ENTRY(FIXTURE_DATE_1, GOOD_VIEW) "}");
}

static void bad_views_timeline(FIXTURE_PROVIDER_PARAMETERS) {
    FIXTURE_UNUSED_PROVIDER_PARAMETERS;
    fixture_complete(completion, request_token,
                     "{\"version\":1,\"entries\":["
                     ENTRY(FIXTURE_DATE_1, GOOD_VIEW) ","
                     ENTRY(FIXTURE_DATE_2, MALFORMED_VIEW) ","
                     ENTRY("1767225720", MISSING_ASSET_VIEW)
                     "],\"policy\":{\"type\":\"never\"}}");
}

FIXTURE_FAMILIES(families, "systemSmall");
FIXTURE_WIDGET(bad_views, "BadViews", families, bad_views_entry, bad_views_entry, bad_views_timeline);
FIXTURE_BUNDLE("BadViews", fixture_init_ok, &bad_views)
