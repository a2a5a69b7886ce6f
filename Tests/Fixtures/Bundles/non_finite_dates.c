/* The timeline's entry dates overflow a double: 1e999 and -1e999. JSON has no NaN or Infinity,
 * and 1e999 is the nearest a payload gets. The host's JSONReader (under ReplyDecoder) refuses
 * a number that does not fit a Double, so the host reports malformedPayload ("a number too
 * large for a Double at byte N") rather
 * than invalidTimeline(.nonFiniteDate): that check cannot be reached through JSON at all.
 * Placeholder and snapshot behave. */
#include "fixture_support.h"

static void timeline_non_finite(FIXTURE_PROVIDER_PARAMETERS) {
    (void)widget;
    (void)context;
    fixture_complete(completion, request_token,
        "{\"version\":1,\"entries\":["
        "{\"date\":1e999,\"relevance\":null,\"content\":{\"n\":1}},"
        "{\"date\":-1e999,\"relevance\":null,\"content\":{\"n\":2}}"
        "],\"policy\":{\"type\":\"atEnd\"}}");
}

FIXTURE_FAMILIES(families, "systemSmall");
FIXTURE_WIDGET(non_finite_dates, "NonFiniteDates", families,
               fixture_placeholder_ok, fixture_snapshot_ok, timeline_non_finite);
FIXTURE_BUNDLE("NonFiniteDates", fixture_init_ok, &non_finite_dates)
